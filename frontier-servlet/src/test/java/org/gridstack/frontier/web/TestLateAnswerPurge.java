package org.gridstack.frontier.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gridstack.frontier.cache.CacheInvalidator;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.SquidProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The race automatic invalidation must survive: a query starts, a change to its table commits and
 * is purged while the query still runs (the URL is not cached yet, so that purge finds nothing),
 * then the old answer is sent and the cache stores it. The servlet notices that a change was seen
 * while the answer was computed and purges the URL again once the cache holds it, so the next read
 * through Squid gets the new value without any client-side refresh.
 */
class TestLateAnswerPurge {
    @TempDir
    Path dir;

    private SquidProcess squid;

    @Test
    void anAnswerComputedWhileItsTableChangedIsPurgedAgainOnceCached() throws Exception {
        Path schema = dir.resolve("late.sql");
        Files.writeString(schema, "CREATE TABLE t_late (id integer PRIMARY KEY, v varchar(40));\n"
                + "INSERT INTO t_late VALUES (1, 'old');\n"
                + "CREATE TABLE t_filler (n integer);\n"
                + "INSERT INTO t_filler SELECT g FROM generate_series(1, 6000) AS g;\n", StandardCharsets.UTF_8);
        try (FrontierTestServer server = FrontierTestServer.start(schema, "--frontier.invalidation-enabled=true",
                "--frontier.invalidation-retries=1");
             SquidProcess proxy = SquidProcess.siteProxy("late-purge", null)) {
            squid = proxy;
            CacheInvalidator invalidator = server.bean(FrontierConfiguration.Invalidation.class).invalidator();
            invalidator.register(new CacheInvalidator.Cache("squid", "127.0.0.1", proxy.port(), server.baseUrl(), 1));
            MeterRegistry meters = server.bean(MeterRegistry.class);
            // a slow query (a 36-million-row cross join) whose tables the servlet knows; its
            // snapshot is taken when it starts, so it answers with the value before the update
            String slow = server.baseUrl() + "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOBzip5&p1="
                    + P1Codec.encode("select v from t_late, (select count(*) as c from t_filler a, t_filler b) x where id = 1");

            CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> read(slow));
            try (Connection c = server.database().adminConnection(); Statement s = c.createStatement()) {
                // the update commits while the query runs: wait until PostgreSQL shows it active
                await("the slow query shows up in pg_stat_activity").atMost(Duration.ofSeconds(6)).pollInterval(Duration.ofMillis(20))
                        .until(() -> {
                            try (var rs = s.executeQuery("select count(*) from pg_stat_activity where state = 'active' and query like '%t_filler a, t_filler b%'"
                                    + " and pid <> pg_backend_pid()")) {
                                return rs.next() && rs.getLong(1) > 0;
                            }
                        });
                s.executeUpdate("update t_late set v = 'new' where id = 1");
            }
            assertEquals("old", first.get(30, TimeUnit.SECONDS), "the race did not happen: the first answer already had the new value");

            await("Squid kept the answer computed before the change").atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(250))
                    .until(() -> read(slow), "new"::equals);
            assertTrue(meters.get("frontier.invalidation.late.purges").counter().count() >= 1, "a late purge was made");
        }
    }

    private String read(String url) {
        try {
            RawHttp.Response r = RawHttp.exchange("127.0.0.1", squid.port(), RawHttp.get(url, "HTTP/1.0",
                    "X-Frontier-Id: late-purge-test", "Cache-Control: max-stale=1"));
            DecodedPayload p = ResponseParser.parse(r.bodyText()).payloads().get(0);
            assertEquals(0, p.error(), p.message());
            return p.decode().rows().get(0).get(0).text();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
