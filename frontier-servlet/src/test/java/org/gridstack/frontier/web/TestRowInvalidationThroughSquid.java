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
 * Row-level invalidation (frontier.invalidation-granularity=row) through a real Squid: a change
 * purges the cached answers whose WHERE clause an old or new row image satisfies, and every answer
 * it cannot reason about, while other answers from the same table stay cache hits.
 */
class TestRowInvalidationThroughSquid {
    @TempDir
    Path dir;

    private SquidProcess squid;
    private String base;
    private int requests;

    @Test
    void purgesExactlyTheAnswersAChangedRowCanAffect() throws Exception {
        Path schema = dir.resolve("rows.sql");
        Files.writeString(schema, "CREATE TABLE t_rows (id integer PRIMARY KEY, v varchar(40), n integer);\n"
                + "INSERT INTO t_rows SELECT i, 'v' || i, i FROM generate_series(1, 30) AS g(i);\n", StandardCharsets.UTF_8);
        try (FrontierTestServer server = FrontierTestServer.start(schema, "--frontier.invalidation-enabled=true",
                "--frontier.invalidation-retries=1");
             SquidProcess proxy = SquidProcess.siteProxy("row-inv", null)) {
            squid = proxy;
            base = server.baseUrl();
            CacheInvalidator invalidator = server.bean(FrontierConfiguration.Invalidation.class).invalidator();
            invalidator.register(new CacheInvalidator.Cache("squid", "127.0.0.1", proxy.port(), base, 1));
            MeterRegistry meters = server.bean(MeterRegistry.class);

            String id1 = url("select v from t_rows where id = 1");
            String id2 = url("select v from t_rows where id = 2");
            String id9 = url("select v from t_rows where id = 9");
            String id12 = url("select v from t_rows where id = 12");
            String range = url("select count(*) from t_rows where n between 100 and 200");
            String inList = url("select count(*) from t_rows where id in (6, 7)");
            String or = url("select count(*) from t_rows where id = 3 or id = 4");
            String join = url("select count(*) from t_rows a join t_rows b on a.id = b.id where a.id = 5");
            String sub = url("select v from t_rows where id = (select min(id) from t_rows where id > 28)");
            String[] all = {id1, id2, id9, id12, range, inList, or, join, sub};
            String[] expected = {"v1", "v2", "v9", "v12", "0", "2", "2", "1", "v29"};
            for (int i = 0; i < all.length; i++) {
                assertEquals(expected[i], read(all[i]));
                assertEquals("TCP_MISS", lastCode());
                assertEquals(expected[i], read(all[i]));
                assertEquals("TCP_MEM_HIT", lastCode(), "cached: " + all[i]);
            }

            // (a) updating row 1 purges "id = 1" (new value seen through Squid) and not "id = 2";
            // (d) the OR, the join and the subquery cannot be reasoned about: purged too
            admin(server, "update t_rows set v = 'changed' where id = 1");
            await("the change never reached the client through the cache").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                    .until(() -> read(id1), "changed"::equals);
            invalidator.drain(30, TimeUnit.SECONDS);
            assertHit(id2, "v2");
            assertHit(range, "0");
            assertHit(inList, "2");
            assertMiss(or, "2");
            assertMiss(join, "1");
            assertMiss(sub, "v29");
            assertTrue(meters.get("frontier.invalidation.skipped").counter().count() >= 5, "kept: id2, id9, id12, range, in-list");

            // (b) an UPDATE moving a row into a range purges the range answer (its new image matches)
            admin(server, "update t_rows set n = 150 where id = 2");
            await("the change never reached the client through the cache").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                    .until(() -> read(range), "1"::equals);
            invalidator.drain(30, TimeUnit.SECONDS);
            assertMiss(id2, "v2"); // its old and new images match id = 2
            assertHit(id9, "v9");

            // (c) deleting a matching row purges
            admin(server, "delete from t_rows where id = 7");
            await("the change never reached the client through the cache").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                    .until(() -> read(inList), "1"::equals);
            invalidator.drain(30, TimeUnit.SECONDS);
            assertHit(id9, "v9");
            assertHit(id12, "v12");

            // (e) a statement changing more rows than the trigger's limit (10) purges every reader of the table
            admin(server, "update t_rows set v = v || 'x' where id > 10");
            await("the change never reached the client through the cache").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                    .until(() -> read(id12), "v12x"::equals);
            invalidator.drain(30, TimeUnit.SECONDS);
            assertMiss(id9, "v9");
            assertMiss(id2, "v2");
            assertEquals(0.0, meters.get("frontier.invalidation.failures").counter().count());
        }
    }

    private String url(String sql) {
        return base + "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOBzip5&p1=" + P1Codec.encode(sql);
    }

    private static void admin(FrontierTestServer server, String sql) throws Exception {
        try (Connection c = server.database().adminConnection(); Statement s = c.createStatement()) {
            s.executeUpdate(sql);
        }
    }

    private void assertHit(String url, String value) throws Exception {
        assertEquals(value, read(url));
        assertEquals("TCP_MEM_HIT", lastCode(), "must still be cached: " + url);
    }

    private void assertMiss(String url, String value) throws Exception {
        assertEquals(value, read(url));
        assertEquals("TCP_MISS", lastCode(), "must have been purged: " + url);
    }

    private String read(String url) throws Exception {
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", squid.port(), RawHttp.get(url, "HTTP/1.0",
                "X-Frontier-Id: row-invalidation-test", "Cache-Control: max-stale=1"));
        requests++;
        DecodedPayload p = ResponseParser.parse(r.bodyText()).payloads().get(0);
        assertEquals(0, p.error(), p.message());
        return p.decode().rows().get(0).get(0).text();
    }

    /** Squid's result code of the latest request (it logs each answer after sending it). */
    private String lastCode() throws Exception {
        var codes = squid.awaitResultCodes(requests);
        assertEquals(requests, codes.size());
        return codes.get(requests - 1);
    }
}
