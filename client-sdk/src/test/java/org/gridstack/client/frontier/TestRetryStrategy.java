package org.gridstack.client.frontier;

import static org.gridstack.client.frontier.ScriptedHttpServer.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.gridstack.frontier.protocol.Ttl;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/**
 * The C client's retry order, against scripted servers and proxies that fail in specific ways:
 * the exact Cache-Control headers and request targets each one received are asserted.
 */
class TestRetryStrategy {
    private static final String SQL = "select * from T_TYPES order by id";
    private static final String NONE = "max-stale=1";
    private static final String SOFT = "max-stale=1,max-age=0";
    private static final String HARD = "max-stale=1,no-cache";

    private static byte[] good() throws Exception {
        return FrontierGoldenVectors.body("03-types-zip5");
    }

    private static byte[] corruptMd5() throws Exception {
        return FrontierGoldenVectors.bodyText("03-types-zip5").replaceFirst("md5=\"[0-9a-f]", "md5=\"x").getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void refusedProxyThen503CorruptGlobalErrorThenNextServerSucceeds() throws Exception {
        int refused = ScriptedHttpServer.refusingPort();
        try (ScriptedHttpServer proxy = new ScriptedHttpServer(answer(503, "<html>squid: service unavailable</html>"),
                answer(200, corruptMd5()), answer(500, FrontierGoldenVectors.body("27-dont-cache-errors-global-error")), answer(200, good()))) {
            FrontierClient client = new FrontierClient(FrontierClientConfig.builder()
                    .server("http://s1.example:8000/Frontier").server("http://s2.example:8000/Frontier")
                    .proxy("http://127.0.0.1:" + refused).proxy(proxy.url()).build());
            FrontierResult r = client.query(SQL);

            String path = FrontierGoldenVectors.url("03-types-zip5");
            assertEquals(List.of(NONE, SOFT, HARD, NONE), proxy.cacheControls());
            List<String> targets = proxy.received().stream().map(ScriptedHttpServer.Received::target).toList();
            assertEquals(List.of("http://s1.example:8000" + path, "http://s1.example:8000" + path, "http://s1.example:8000" + path,
                    "http://s2.example:8000" + path), targets, "absolute targets: proxy semantics; s1 three times, then s2");
            assertEquals("s2.example:8000", proxy.received().get(3).host());
            assertEquals(20, r.rowCount());
            assertEquals(URI.create(proxy.url()), r.origin().proxy());
            assertEquals(URI.create("http://s2.example:8000/Frontier"), r.origin().server());
            // refused proxy (s1), 503, md5, global_error, refused proxy (s2), ok
            assertEquals(6, r.origin().attempts());
        }
    }

    @Test
    void exhaustedListNamesEveryAttempt() throws Exception {
        int refused = ScriptedHttpServer.refusingPort();
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(503, "overloaded"))) {
            FrontierClient client = new FrontierClient(FrontierClientConfig.builder()
                    .server(server.url() + "/Frontier").proxy("http://127.0.0.1:" + refused).build());
            FrontierException e = assertThrows(FrontierException.class, () -> client.query(SQL));
            assertEquals(List.of(NONE, SOFT, HARD), server.cacheControls(), "direct fail-over after the proxy, with refreshes");
            assertEquals(4, e.attempts().size());
            assertEquals(Attempt.Outcome.UNREACHABLE, e.attempts().get(0).outcome());
            String m = e.getMessage();
            assertTrue(m.contains("proxy http://127.0.0.1:" + refused) && m.contains("server " + server.url() + "/Frontier")
                    && m.contains("UNREACHABLE") && m.contains("503") && m.contains("direct"), m);
        }
    }

    @Test
    void sqlErrorsAreFinalAfterTheHardRefresh() throws Exception {
        try (ScriptedHttpServer first = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("09-no-such-table")));
             ScriptedHttpServer second = new ScriptedHttpServer(answer(200, good()))) {
            FrontierClient client = new FrontierClient(FrontierClientConfig.builder()
                    .server(first.url() + "/Frontier").server(second.url() + "/Frontier").build());
            FrontierException e = assertThrows(FrontierException.class, () -> client.query("select * from T_NOSUCH"));
            assertEquals(List.of(NONE, SOFT, HARD), first.cacheControls());
            assertEquals(List.of(), second.received(), "a real SQL error is not retried elsewhere");
            assertTrue(e.getMessage().contains("t_nosuch"), e.getMessage());
        }
    }

    @Test
    void anOldCachedSqlErrorIsReplacedBySoftRefresh() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("09-no-such-table")), answer(200, good()))) {
            FrontierResult r = new FrontierClient(URI.create(server.url() + "/Frontier"), 5).query(SQL);
            assertEquals(List.of(NONE, SOFT), server.cacheControls());
            assertEquals(20, r.rowCount());
        }
    }

    @Test
    void truncatedBodyIsRetried() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(ScriptedHttpServer.truncated(good()), answer(200, good()))) {
            FrontierResult r = new FrontierClient(URI.create(server.url() + "/Frontier"), 5).query(SQL);
            assertEquals(List.of(NONE, SOFT), server.cacheControls());
            assertEquals(2, r.origin().attempts());
        }
    }

    @Test
    void expiredMaxAgeIsRefreshed() throws Exception {
        byte[] withMaxAge = FrontierGoldenVectors.bodyText("03-types-zip5").replace("<quality error=\"0\" ", "<quality error=\"0\" max_age=\"10\" ")
                .getBytes(StandardCharsets.ISO_8859_1);
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, withMaxAge, Map.of("Age", "100", "X-Cache", "HIT from squid")),
                answer(200, withMaxAge, Map.of("Age", "0", "X-Cache", "MISS from squid")))) {
            FrontierResult r = new FrontierClient(URI.create(server.url() + "/Frontier"), 5).query(SQL);
            assertEquals(List.of(NONE, SOFT), server.cacheControls());
            assertEquals("MISS", r.origin().cacheStatus());
            assertEquals(0L, r.origin().ageSeconds());
        }
    }

    @Test
    void startingRefreshComesFromQueryForceReloadAndTables() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, good()))) {
            FrontierClient client = new FrontierClient(FrontierClientConfig.builder().server(server.url() + "/Frontier")
                    .forceReload(ForceReload.parse("short")).refreshTable("t_types", RefreshPolicy.SOFT).build());
            client.query("select 1");
            client.query("select 1", QueryOptions.DEFAULT.withTtl(Ttl.SHORT));
            client.query(SQL);
            client.query("select 1", QueryOptions.DEFAULT.withRefresh(RefreshPolicy.HARD));
            assertEquals(List.of(NONE, HARD, SOFT, HARD), server.cacheControls());
            assertTrue(server.received().get(1).target().endsWith("&ttl=short"));
        }
    }
}
