package org.gridstack.frontier.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.FrontierGoldenVectors;
import org.gridstack.testing.SquidProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The servlet behind real Squid caches (Debian's squid, configured from docker/squid templates):
 * the cache semantics the servlet promises must hold through the caches FroNtier sites run.
 * "Reached the servlet" is read from the servlet's own request counter, Squid's view from its
 * access log.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestThroughSquid {
    private FrontierTestServer server;

    @BeforeAll
    void start() throws Exception {
        server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile());
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private double servletRequests() {
        return server.bean(MeterRegistry.class).get("frontier.requests").counter().count();
    }

    private double servletNotModified() {
        return server.bean(MeterRegistry.class).get("frontier.not.modified").counter().count();
    }

    private static String path(String sql, String encoding) {
        return "/Frontier/type=frontier_request:1:DEFAULT&encoding=" + encoding + "&p1=" + P1Codec.encode(sql);
    }

    private static RawHttp.Response get(int port, String target, String cacheControl, String... extra) throws Exception {
        String[] headers = new String[2 + extra.length];
        headers[0] = "X-Frontier-Id: squid-test 1.0";
        headers[1] = "Cache-Control: " + cacheControl;
        System.arraycopy(extra, 0, headers, 2, extra.length);
        return RawHttp.exchange("127.0.0.1", port, RawHttp.get(target, "HTTP/1.0", headers));
    }

    @Test
    void acceleratorServesHitsRevalidatesSoftRefreshesAndPassesHardOnes() throws Exception {
        try (SquidProcess squid = SquidProcess.accelerator("launchpad", "127.0.0.1", server.port())) {
            String target = path("select * from T_TYPES order by id", "BLOBzip5");
            double before = servletRequests();
            RawHttp.Response first = get(squid.port(), target, "max-stale=1");
            RawHttp.Response second = get(squid.port(), target, "max-stale=1");
            assertEquals(200, second.status());
            assertEquals(first.bodyText(), second.bodyText());
            assertEquals(20, ResponseParser.parse(second.bodyText()).payloads().get(0).records());
            assertEquals(before + 1, servletRequests(), "the second request must be a cache hit");
            assertEquals(List.of("TCP_MISS", "TCP_MEM_HIT"), squid.awaitResultCodes(2), squid.logs());

            // soft refresh: Squid revalidates with If-Modified-Since, the servlet answers 304
            double notModified = servletNotModified();
            RawHttp.Response soft = get(squid.port(), target, "max-stale=1,max-age=0");
            assertEquals(first.bodyText(), soft.bodyText());
            assertEquals(notModified + 1, servletNotModified(), "revalidation answered 304 by the servlet");
            assertEquals("TCP_REFRESH_UNMODIFIED", squid.awaitResultCodes(3).get(2));

            // hard refresh: the servlet runs the query again
            double beforeHard = servletRequests();
            get(squid.port(), target, "max-stale=1,no-cache");
            assertEquals(beforeHard + 1, servletRequests(), "a hard refresh reaches the servlet");
        }
    }

    @Test
    void errorsAreNotCachedWithDontCacheErrors() throws Exception {
        try (SquidProcess squid = SquidProcess.accelerator("launchpad-errors", "127.0.0.1", server.port())) {
            String target = path("select * from T_NOSUCH", "BLOBzip5");
            double before = servletRequests();
            for (int i = 0; i < 3; i++) {
                RawHttp.Response r = get(squid.port(), target, "max-stale=1", "X-Frontier-Opts: DontCacheErrors");
                assertEquals(1, ResponseParser.parse(r.bodyText()).payloads().get(0).error());
            }
            assertEquals(before + 3, servletRequests(), "every error request must reach the servlet");
            assertTrue(squid.awaitResultCodes(3).stream().noneMatch(c -> c.contains("HIT")), squid.resultCodes().toString());
        }
    }

    @Test
    void twoLevelHierarchyServesHitsFromTheNearestLevel() throws Exception {
        String url = "http://127.0.0.1:" + server.port() + path("select string from T_STRING where string ~ '^A[A-H]' order by string", "BLOBzip1");
        try (SquidProcess tier1 = SquidProcess.siteProxy("tier1", null);
             SquidProcess tier2 = SquidProcess.siteProxy("tier2", tier1)) {
            double before = servletRequests();
            RawHttp.Response miss = get(tier2.port(), url, "max-stale=1");
            assertEquals(17, ResponseParser.parse(miss.bodyText()).payloads().get(0).records());
            RawHttp.Response hit = get(tier2.port(), url, "max-stale=1");
            assertEquals(miss.bodyText(), hit.bodyText());
            assertEquals(before + 1, servletRequests());
            assertEquals(List.of("TCP_MISS", "TCP_MEM_HIT"), tier2.awaitResultCodes(2), tier2.logs());
            assertEquals(List.of("TCP_MISS"), tier1.awaitResultCodes(1), "the second request never left tier 2");

            // a new, empty site cache below the same parent: served by tier 1, not the servlet
            try (SquidProcess otherSite = SquidProcess.siteProxy("tier2-other", tier1)) {
                RawHttp.Response fromParent = get(otherSite.port(), url, "max-stale=1");
                assertEquals(miss.bodyText(), fromParent.bodyText());
                assertEquals(before + 1, servletRequests(), "the parent's copy served the other site");
                assertEquals(List.of("TCP_MISS", "TCP_MEM_HIT"), tier1.awaitResultCodes(2), tier1.logs());
            }
        }
    }
}
