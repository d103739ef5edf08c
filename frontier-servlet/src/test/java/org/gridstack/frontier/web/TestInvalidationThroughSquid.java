package org.gridstack.frontier.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.gridstack.frontier.cache.CacheInvalidator;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.FrontierGoldenVectors;
import org.gridstack.testing.SquidProcess;
import org.junit.jupiter.api.Test;

/**
 * Automatic invalidation (thesis 3.2.2, proposed and never built): a committed UPDATE reaches a
 * client reading through two Squid levels with no client-side refresh, because the servlet purges
 * exactly the URLs that read the table, parent before child.
 */
class TestInvalidationThroughSquid {
    private static final String ADMIN_TOKEN = "flush-test-token";

    @Test
    void anUpdateIsSeenThroughTwoSquidLevelsWithoutRefresh() throws Exception {
        try (FrontierTestServer server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile(), "--frontier.invalidation-enabled=true",
                "--frontier.invalidation-retries=1");
             SquidProcess tier1 = SquidProcess.siteProxy("inv-tier1", null);
             SquidProcess tier2 = SquidProcess.siteProxy("inv-tier2", tier1)) {
            String base = "http://127.0.0.1:" + server.port();
            CacheInvalidator invalidator = server.bean(FrontierConfiguration.Invalidation.class).invalidator();
            // registered children first on purpose: the invalidator must still purge the parent first
            invalidator.register(new CacheInvalidator.Cache("tier2", "127.0.0.1", tier2.port(), base, 2));
            invalidator.register(new CacheInvalidator.Cache("tier1", "127.0.0.1", tier1.port(), base, 1));
            // and a registered cache that is down: reported, and the others are still purged
            invalidator.register(new CacheInvalidator.Cache("down", "127.0.0.1", SquidProcess.freePort(), base, 3));
            assertEquals(List.of("tier1", "tier2", "down"), invalidator.caches().stream().map(CacheInvalidator.Cache::name).toList());

            String url = base + "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOBzip5&p1=" + P1Codec.encode("select s from T_TYPES where id = 2");
            String other = base + "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOBzip5&p1=" + P1Codec.encode("select count(*) from T_STRING");
            assertEquals("hello", value(tier2, url));
            assertEquals("hello", value(tier2, url));
            assertEquals("10000", value(tier2, other));
            assertEquals(List.of("TCP_MISS", "TCP_MEM_HIT", "TCP_MISS"), tier2.awaitResultCodes(3));

            try (Connection c = server.database().adminConnection(); Statement s = c.createStatement()) {
                s.executeUpdate("update T_TYPES set s = 'changed' where id = 2");
            }
            // no refresh from the client: the new value must arrive (bounded wait, no timing claim)
            AtomicInteger sent = new AtomicInteger(3); // through tier 2 so far
            await("the update never reached the client through the caches").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        sent.incrementAndGet();
                        return value(tier2, url);
                    }, "changed"::equals);
            int requests = sent.get();
            MeterRegistry meters = server.bean(MeterRegistry.class);
            assertTrue(meters.get("frontier.invalidation.purged").counter().count() >= 2, "purged from both levels");
            invalidator.drain(30, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(1.0, meters.get("frontier.invalidation.failures").counter().count(), "the cache that is down is reported");

            // exactly the readers of T_TYPES were purged: the T_STRING answer is still a hit
            // (Squid logs each answer after sending it: wait until every earlier request is logged)
            assertEquals(requests, tier2.awaitResultCodes(requests).size());
            assertEquals("10000", value(tier2, other));
            assertEquals("TCP_MEM_HIT", tier2.awaitResultCodes(requests + 1).get(requests));
        }
    }

    private static String value(SquidProcess proxy, String url) throws Exception {
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", proxy.port(), RawHttp.get(url, "HTTP/1.0",
                "X-Frontier-Id: invalidation-test", "Cache-Control: max-stale=1"));
        DecodedPayload p = ResponseParser.parse(r.bodyText()).payloads().get(0);
        assertEquals(0, p.error(), p.message());
        return p.decode().rows().get(0).get(0).text();
    }

    @Test
    void flushCommandEmptiesOneOrAllRegisteredCaches() throws Exception {
        try (FrontierTestServer server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile(), "--frontier.invalidation-enabled=true",
                "--frontier.admin-token=" + ADMIN_TOKEN);
             SquidProcess tier1 = SquidProcess.siteProxy("flush-tier1", null);
             SquidProcess tier2 = SquidProcess.siteProxy("flush-tier2", tier1)) {
            String base = "http://127.0.0.1:" + server.port();
            CacheInvalidator invalidator = server.bean(FrontierConfiguration.Invalidation.class).invalidator();
            invalidator.register(new CacheInvalidator.Cache("tier1", "127.0.0.1", tier1.port(), base, 1));
            invalidator.register(new CacheInvalidator.Cache("tier2", "127.0.0.1", tier2.port(), base, 2));
            String url = base + "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode("select count(*) from T_STRING");
            assertEquals("10000", value(tier2, url));
            assertEquals("10000", value(tier2, url));
            assertEquals(List.of("TCP_MISS", "TCP_MEM_HIT"), tier2.awaitResultCodes(2));

            RawHttp.Response list = RawHttp.exchange("127.0.0.1", server.port(), RawHttp.get("/frontier-admin/caches", "HTTP/1.0",
                    "Authorization: Bearer " + ADMIN_TOKEN));
            assertTrue(list.bodyText().contains("tier1 127.0.0.1:" + tier1.port()) && list.bodyText().contains("tier 2"), list.bodyText());
            RawHttp.Response unknown = RawHttp.exchange("127.0.0.1", server.port(), post("/frontier-admin/flush?cache=nosuch"));
            assertEquals(404, unknown.status(), unknown.bodyText());
            RawHttp.Response flushed = RawHttp.exchange("127.0.0.1", server.port(), post("/frontier-admin/flush"));
            assertEquals(200, flushed.status(), flushed.bodyText());
            assertTrue(flushed.bodyText().startsWith("flushed 1 URL"), flushed.bodyText());

            // both levels lost the answer: the next read goes all the way to the servlet
            assertEquals("10000", value(tier2, url));
            assertEquals("TCP_MISS", tier2.awaitResultCodes(3).get(2));
            assertEquals("TCP_MISS", tier1.awaitResultCodes(2).get(1));
        }
    }

    private static byte[] post(String target) {
        return ("POST " + target + " HTTP/1.0\r\nContent-Length: 0\r\nAuthorization: Bearer " + ADMIN_TOKEN + "\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
