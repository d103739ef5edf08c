package org.gridstack.frontier.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.SquidProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A query that fails after its answer has started (headers and ~1 MB of rows sent under a good
 * answer's {@code Cache-Control}) must never be kept by a cache: the servlet then ends the answer
 * without its end (no last chunk, no closing envelope), Squid does not store it, the next request
 * reaches the servlet, and once the cause is gone the answer is right. Each table below has one bad
 * row ({@code d = 0}, so {@code 100 / d} fails) at row 15000 of 20000; an admin connection fixes it
 * between requests. An error found before the headers go out keeps its clean shape.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestErrorsAfterCommit {
    private static final int ROWS = 20000;
    private static final int BAD_ROW = 15000;
    private FrontierTestServer server;
    private Path schema;

    @BeforeAll
    void start() throws Exception {
        StringBuilder sql = new StringBuilder();
        for (String t : List.of("late_direct", "late_accel", "late_tiers", "late_early")) {
            sql.append("CREATE TABLE ").append(t).append(" (g integer PRIMARY KEY, d integer NOT NULL);\n")
                    .append("INSERT INTO ").append(t).append(" SELECT g, CASE WHEN g = ").append(BAD_ROW)
                    .append(" THEN 0 ELSE 1 END FROM generate_series(1, ").append(ROWS).append(") g;\n");
        }
        schema = Files.createTempFile("late-errors-", ".sql");
        Files.writeString(schema, sql, StandardCharsets.UTF_8);
        // answers past 256 KiB are sent as they are produced, not spooled (the default holds back 8 MiB, which
        // would give these errors clean error headers instead: TestSlowClients checks that)
        server = FrontierTestServer.start(schema, "--frontier.response-buffer-bytes=262144", "--frontier.spool-client-bytes=0");
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        Files.deleteIfExists(schema);
    }

    private static String path(String table) {
        return "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1="
                + P1Codec.encode("select g, md5(g::text) h, 100 / d x from " + table + " order by g");
    }

    private double servletRequests() {
        return server.bean(MeterRegistry.class).get("frontier.requests").counter().count();
    }

    private static RawHttp.Received get(int port, String target, String version) throws Exception {
        return RawHttp.receive("127.0.0.1", port, RawHttp.get(target, version, "Host: 127.0.0.1:" + port,
                "X-Frontier-Id: late-error-test 1.0", "Cache-Control: max-stale=1", "Connection: close"));
    }

    private void fix(String table) throws Exception {
        try (Connection c = server.database().adminConnection(); Statement s = c.createStatement()) {
            assertEquals(1, s.executeUpdate("update " + table + " set d = 1 where d = 0"));
        }
    }

    private static void assertAbandoned(RawHttp.Received r, String who) {
        assertEquals(200, r.status(), who);
        assertFalse(r.completeAnswer(), who + ": an answer that failed after its start must not look complete; Cache-Control "
                + r.header("Cache-Control") + ", ends with: " + tail(r));
    }

    private static void assertRight(RawHttp.Received r, String who) throws Exception {
        assertTrue(r.completeAnswer(), who + ": ends with " + tail(r));
        DecodedPayload p = ResponseParser.parse(r.body()).payloads().get(0);
        assertEquals(0, p.error(), who + ": " + p.message());
        assertEquals(ROWS, p.records(), who);
    }

    private static String tail(RawHttp.Received r) {
        String t = r.bodyText();
        return t.substring(Math.max(0, t.length() - 300));
    }

    @Test
    void directClientsSeeAnIncompleteAnswerWithTheReason() throws Exception {
        RawHttp.Received http11 = get(server.port(), "/Frontier" + path("late_direct"), "HTTP/1.1");
        assertTrue(http11.chunked(), "an answer of unknown length to HTTP/1.1 is chunked");
        assertFalse(http11.framed(), "no last chunk: the chunked body is cut, so no cache can store it");
        assertTrue(http11.bodyText().contains("division by zero"), "the reason is sent before the cut: " + tail(http11));
        assertAbandoned(http11, "HTTP/1.1");

        RawHttp.Received http10 = get(server.port(), "/Frontier" + path("late_direct"), "HTTP/1.0");
        assertFalse(http10.chunked());
        assertTrue(http10.bodyText().contains("division by zero"), tail(http10));
        assertAbandoned(http10, "HTTP/1.0 (close-delimited: the envelope is not closed)");
        assertTrue(server.bean(MeterRegistry.class).get("frontier.aborted").counter().count() >= 2);

        fix("late_direct");
        assertRight(get(server.port(), "/Frontier" + path("late_direct"), "HTTP/1.1"), "after the fix");
    }

    @Test
    void errorsBeforeTheHeadersKeepTheirCleanShape() throws Exception {
        // the bad row among the first rows: found while the answer is still held back
        String target = "/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1="
                + P1Codec.encode("select g, 100 / d x from late_early where g >= " + (BAD_ROW - 10) + " order by g");
        RawHttp.Received r = get(server.port(), target, "HTTP/1.1");
        assertTrue(r.completeAnswer(), tail(r));
        assertEquals(String.valueOf(r.body().length), r.header("Content-Length"));
        assertEquals("Thu, 01 Jan 1970 00:00:00 GMT", r.header("Last-Modified"));
        DecodedPayload p = ResponseParser.parse(r.body()).payloads().get(0);
        assertEquals(1, p.error());
        assertTrue(p.message().contains("division by zero"), p.message());
    }

    @Test
    void acceleratorNeverServesTheErrorAsAHit() throws Exception {
        try (SquidProcess squid = SquidProcess.accelerator("late-error", "127.0.0.1", server.port())) {
            String target = path("late_accel");
            double before = servletRequests();
            assertAbandoned(get(squid.port(), target, "HTTP/1.1"), "first request through Squid");
            assertAbandoned(get(squid.port(), target, "HTTP/1.0"), "second request through Squid");
            assertEquals(before + 2, servletRequests(), "the failed answer was not cached: the next request reached the servlet");

            fix("late_accel");
            assertRight(get(squid.port(), target, "HTTP/1.1"), "after the fix");
            assertEquals(before + 3, servletRequests());
            assertRight(get(squid.port(), target, "HTTP/1.0"), "the good answer, from the cache");
            assertEquals(before + 3, servletRequests(), "the good answer is cached");
            List<String> codes = squid.awaitResultCodes(4);
            assertTrue(codes.subList(0, 3).stream().noneMatch(c -> c.contains("HIT")), codes + "\n" + squid.logs());
            assertTrue(codes.get(3).contains("HIT"), codes.toString());
        }
    }

    @Test
    void twoLevelsNeverServeTheErrorAsAHit() throws Exception {
        String url = "http://127.0.0.1:" + server.port() + path("late_tiers");
        try (SquidProcess tier1 = SquidProcess.siteProxy("late-tier1", null);
             SquidProcess tier2 = SquidProcess.siteProxy("late-tier2", tier1)) {
            double before = servletRequests();
            assertAbandoned(get(tier2.port(), url, "HTTP/1.1"), "first request through two levels");
            assertAbandoned(get(tier2.port(), url, "HTTP/1.0"), "second request through two levels");
            assertEquals(before + 2, servletRequests(), "neither level kept the failed answer");

            fix("late_tiers");
            assertRight(get(tier2.port(), url, "HTTP/1.1"), "after the fix");
            assertRight(get(tier2.port(), url, "HTTP/1.1"), "the good answer, from tier 2");
            assertEquals(before + 3, servletRequests(), "the good answer is cached");
            List<String> codes2 = tier2.awaitResultCodes(4);
            List<String> codes1 = tier1.awaitResultCodes(3);
            assertTrue(codes2.subList(0, 3).stream().noneMatch(c -> c.contains("HIT")), codes2 + "\n" + tier2.logs());
            assertTrue(codes1.stream().noneMatch(c -> c.contains("HIT")), codes1 + "\n" + tier1.logs());
            assertTrue(codes2.get(3).contains("HIT"), codes2.toString());
        }
    }
}
