package org.gridstack.frontier.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/**
 * All FroNtier clients share one database role, so PostgreSQL would show each of them the SQL the others
 * are running. While one client's query carrying a secret runs, another client's reads of the session
 * views and functions are refused and the secret appears in no answer.
 */
class TestOtherClientsQueriesHidden {
    private static final String SECRET = "TOKEN" + 123;
    private static final List<String> PROBES = List.of(
            "select query from pg_stat_activity",
            "select query from pg_catalog.pg_stat_activity",
            "select query from \"pg_stat_activity\"",
            "select query from pg_stat_get_activity(null)",
            "select pg_stat_get_backend_activity(s) from pg_stat_get_backend_idset() s",
            "select statement from pg_prepared_statements",
            "select table_to_xml('pg_stat_activity', true, false, '')");

    @Test
    void anotherClientsRunningSqlIsNotShown() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (FrontierTestServer server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile());
             Connection admin = server.database().adminConnection()) {
            admin.setAutoCommit(true);
            Future<RawHttp.Response> sleeper = pool.submit(() -> get(server, "select pg_sleep(60), '" + SECRET + "' as s"));
            await("the other client's query started").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                    .until(() -> running(admin));
            for (String probe : PROBES) {
                RawHttp.Response r = get(server, probe);
                assertFalse(r.bodyText().contains(SECRET), probe + " showed the other client's SQL");
                DecodedPayload p = ResponseParser.parse(r.bodyText()).payloads().get(0);
                assertEquals(1, p.error(), probe + " was answered");
                assertTrue(p.message().contains("is not allowed"), p.message());
                String shown = new String(p.data(), java.nio.charset.StandardCharsets.ISO_8859_1);
                assertFalse(shown.contains(SECRET), probe);
            }
            assertTrue(running(admin), "the other client's query ran during every probe");
            try (Statement s = admin.createStatement()) {
                s.execute("select pg_cancel_backend(pid) from pg_stat_activity where query like '%" + "TOKEN' || '123" + "%'"
                        + " and pid <> pg_backend_pid()");
            }
            sleeper.get();
        } finally {
            pool.shutdownNow();
        }
    }


    private static boolean running(Connection admin) throws Exception {
        try (Statement s = admin.createStatement();
             ResultSet rs = s.executeQuery("select count(*) from pg_stat_activity where state = 'active'"
                     + " and query like '%pg_sleep(60)%' and pid <> pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1) > 0;
        }
    }

    private static RawHttp.Response get(FrontierTestServer server, String sql) throws Exception {
        return RawHttp.exchange("127.0.0.1", server.port(), RawHttp.get(
                "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode(sql), "HTTP/1.0",
                "X-Frontier-Id: session-view-test"));
    }
}
