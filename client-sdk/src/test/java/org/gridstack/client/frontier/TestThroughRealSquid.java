package org.gridstack.client.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.gridstack.testing.SquidProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The client against the real servlet (in-process, embedded PostgreSQL with the golden schema)
 * behind real Squid processes: an accelerator, a two-level site-proxy hierarchy, fail-over when a
 * proxy dies, and the JDBC driver through a Squid. Each test uses its own SQL text so that cache
 * hits and misses do not depend on test order.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestThroughRealSquid {
    private InProcessServlet servlet;
    private String serverUrl;

    @BeforeAll
    void start() throws Exception {
        servlet = InProcessServlet.start();
        serverUrl = servlet.serverUrl();
    }

    @AfterAll
    void stop() throws Exception {
        if (servlet != null) {
            servlet.close();
        }
    }

    private static void assertTypesRows(FrontierResult r) {
        assertEquals(20, r.rowCount());
        assertEquals(List.of("id", "i4", "i8", "f4", "f8", "s", "ts", "b"), r.columnNames());
        assertEquals(Long.MAX_VALUE, r.getLong(3, 2));
        assertEquals("O'Reilly", r.getString(2, 5));
        assertTrue(r.isNull(19, 0));
    }

    @Test
    void throughAnAcceleratorTheSecondReadIsAHit() throws Exception {
        try (SquidProcess accel = SquidProcess.accelerator("accel", "127.0.0.1", URI.create(serverUrl).getPort())) {
            FrontierClient client = new FrontierClient(FrontierClientConfig.builder()
                    .server("http://127.0.0.1:" + accel.port() + "/Frontier").build());
            String sql = "select * from T_TYPES order by id";
            assertTypesRows(client.query(sql));
            FrontierResult second = client.query(sql);
            assertTypesRows(second);
            List<String> codes = accel.awaitResultCodes(2);
            assertTrue(codes.get(0).contains("MISS"), codes.toString());
            assertTrue(codes.get(1).contains("HIT"), codes.toString());
            assertNull(second.origin().proxy());
        }
    }

    @Test
    void throughTwoLevelsOfSiteProxies() throws Exception {
        try (SquidProcess tier1 = SquidProcess.siteProxy("tier1", null);
             SquidProcess tier2 = SquidProcess.siteProxy("tier2", tier1)) {
            FrontierClient client = new FrontierClient(FrontierClientConfig.parse(
                    "(serverurl=" + serverUrl + ")(proxyurl=http://127.0.0.1:" + tier2.port() + ")"));
            String sql = "select * from T_TYPES order by id desc";
            FrontierResult first = client.query(sql);
            assertEquals(20, first.rowCount());
            FrontierResult second = client.query(sql);
            assertEquals(20, second.rowCount());
            assertEquals(URI.create("http://127.0.0.1:" + tier2.port()), second.origin().proxy());
            List<String> codes = tier2.awaitResultCodes(2);
            assertTrue(codes.get(0).contains("MISS"), codes.toString());
            assertTrue(codes.get(1).contains("HIT"), codes.toString());
            assertEquals(1, tier1.awaitResultCodes(1).size(), "the parent saw only the first (missed) request");
            // a hard refresh goes through both levels to the servlet
            client.query(sql, QueryOptions.DEFAULT.withRefresh(RefreshPolicy.HARD));
            assertEquals(2, tier1.awaitResultCodes(2).size());
        }
    }

    @Test
    void softRefreshRevalidatesThroughBothLevelsAndTheServletAnswers304() throws Exception {
        try (SquidProcess tier1 = SquidProcess.siteProxy("soft-tier1", null);
             SquidProcess tier2 = SquidProcess.siteProxy("soft-tier2", tier1)) {
            FrontierClient client = new FrontierClient(FrontierClientConfig.parse(
                    "(serverurl=" + serverUrl + ")(proxyurl=http://127.0.0.1:" + tier2.port() + ")"));
            String sql = "select * from T_TYPES order by id asc";
            assertTypesRows(client.query(sql));
            // soft refresh (max-age=0): each level revalidates with If-Modified-Since; the servlet,
            // whose table did not change, answers 304 from its tracked times and the cached body is served
            FrontierResult soft = client.query(sql, QueryOptions.DEFAULT.withRefresh(RefreshPolicy.SOFT));
            assertTypesRows(soft);
            List<String> codes2 = tier2.awaitResultCodes(2);
            List<String> codes1 = tier1.awaitResultCodes(2);
            assertTrue(codes2.get(1).contains("REFRESH_UNMODIFIED"), "tier 2: " + codes2);
            assertTrue(codes1.get(1).contains("REFRESH_UNMODIFIED"), "tier 1: " + codes1);
        }
    }

    @Test
    void failsOverWhenTheFirstProxyIsDown() throws Exception {
        try (SquidProcess dead = SquidProcess.siteProxy("dead", null);
             SquidProcess alive = SquidProcess.siteProxy("alive", null)) {
            dead.kill();
            FrontierClient client = new FrontierClient(FrontierClientConfig.builder().server(serverUrl)
                    .proxy("http://127.0.0.1:" + dead.port()).proxy("http://127.0.0.1:" + alive.port()).failoverToServer(false).build());
            FrontierResult r = client.query("select * from T_TYPES where id < 100 order by id");
            assertEquals(19, r.rowCount());
            assertEquals(URI.create("http://127.0.0.1:" + alive.port()), r.origin().proxy());
            assertEquals(2, r.origin().attempts());
        }
    }

    @Test
    void jdbcDriverThroughASquid() throws Exception {
        try (SquidProcess squid = SquidProcess.siteProxy("jdbc", null);
             Connection c = DriverManager.getConnection("jdbc:frontier:(serverurl=" + serverUrl + ")(proxyurl=http://127.0.0.1:" + squid.port() + ")")) {
            assertTrue(c.isValid(5));
            try (PreparedStatement p = c.prepareStatement("select id, s from T_TYPES where s = ?")) {
                p.setString(1, "hello");
                try (ResultSet rs = p.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(2, rs.getInt("id"));
                    assertEquals("hello", rs.getString(2));
                    assertTrue(!rs.next());
                }
            }
            try (ResultSet rs = c.createStatement().executeQuery("select i8, ts from T_TYPES where id = 4")) {
                assertTrue(rs.next());
                assertEquals(Long.MAX_VALUE, rs.getLong(1));
                assertEquals(java.sql.Timestamp.valueOf("2038-01-19 03:14:07"), rs.getTimestamp("ts"));
            }
            // Squid writes its access log after each answer: wait (bounded) for the lines
            assertTrue(squid.awaitResultCodes(3).size() >= 3, squid.resultCodes().toString());
        }
    }

    @Test
    void toolAndJdbcDriverThroughTwoLevels() throws Exception {
        String sql = "select string from T_STRING where string ~ '^A[A-H]' order by string";
        try (SquidProcess tier1 = SquidProcess.siteProxy("tool-tier1", null);
             SquidProcess tier2 = SquidProcess.siteProxy("tool-tier2", tier1)) {
            String[] args = {"--server", serverUrl, "--proxy", "http://127.0.0.1:" + tier2.port(), "--zip", "5", sql};
            for (int run = 1; run <= 2; run++) {
                java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
                int exit = org.gridstack.client.frontier.cli.FrontierQuery.run(args, java.util.Map.of(),
                        new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8),
                        new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
                assertEquals(0, exit, err.toString(java.nio.charset.StandardCharsets.UTF_8));
                String[] lines = out.toString(java.nio.charset.StandardCharsets.UTF_8).trim().split("\n");
                assertEquals("string", lines[0].trim(), "header line");
                assertEquals(18, lines.length, "header and 17 rows");
                assertTrue(lines[1].startsWith("A"), lines[1]);
            }
            assertEquals(java.util.List.of("TCP_MISS", "TCP_MEM_HIT"), tier2.awaitResultCodes(2));
            assertEquals(java.util.List.of("TCP_MISS"), tier1.awaitResultCodes(1), "the second run never left tier 2");

            // the JDBC driver, same URL as the tool's: a hit in the nearest cache
            try (Connection c = DriverManager.getConnection("jdbc:frontier:(serverurl=" + serverUrl + ")(proxyurl=http://127.0.0.1:"
                    + tier2.port() + ")(retrieve-ziplevel=5)");
                 ResultSet rs = c.createStatement().executeQuery(sql)) {
                int rows = 0;
                while (rs.next()) {
                    assertTrue(rs.getString("string").startsWith("A"));
                    rows++;
                }
                assertEquals(17, rows);
            }
            assertEquals("TCP_MEM_HIT", tier2.awaitResultCodes(3).get(2));
        }
    }
}
