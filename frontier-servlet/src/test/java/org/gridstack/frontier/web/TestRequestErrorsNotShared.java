package org.gridstack.frontier.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.gridstack.frontier.cache.CachePolicy;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.DecodedAnswer;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.FrontierGoldenVectors;
import org.gridstack.testing.SquidProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Errors that depend on the request rather than on its URL are not cached, so one bad request cannot
 * make a shared Squid serve an error to every client of that URL; a query cannot change the pooled
 * session ({@code setseed}); an error inside a server-side function does not quote the function's body.
 */
class TestRequestErrorsNotShared {
    private static FrontierTestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aRequestWithoutFrontierIdDoesNotPoisonASharedSquid() throws Exception {
        try (SquidProcess squid = SquidProcess.siteProxy("missing-id", null)) {
            String url = "http://127.0.0.1:" + server.port() + "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1="
                    + P1Codec.encode("select count(*) from T_STRING");
            RawHttp.Response anonymous = RawHttp.exchange("127.0.0.1", squid.port(), RawHttp.get(url, "HTTP/1.0"));
            assertTrue(anonymous.bodyText().contains("X-Frontier-Id header missing"), anonymous.bodyText());

            RawHttp.Response client = RawHttp.exchange("127.0.0.1", squid.port(), RawHttp.get(url, "HTTP/1.0",
                    "X-Frontier-Id: squid-test"));
            DecodedAnswer parsed = ResponseParser.parse(client.bodyText());
            assertNull(parsed.globalError(), "the next client got the cached error: " + client.bodyText());
            assertEquals("10000", parsed.payloads().get(0).decode().rows().get(0).get(0).text());
            assertEquals(CachePolicy.UNCACHEABLE, anonymous.header("Cache-Control"));
        }
    }

    @Test
    void headIsRefusedWithoutCaching() throws Exception {
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", server.port(), ("HEAD /Frontier/type=frontier_request:1:DEFAULT"
                + "&encoding=BLOB&p1=" + P1Codec.encode("select 1") + " HTTP/1.0\r\nX-Frontier-Id: head-test\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(405, r.status());
        assertEquals("GET", r.header("Allow"));
        assertEquals(CachePolicy.UNCACHEABLE, r.header("Cache-Control"));
    }

    @Test
    void setseedIsRefused() throws Exception {
        DecodedPayload p = query("select setseed(0.5)");
        assertEquals(1, p.error());
        assertTrue(p.message().contains("function setseed at offset 7 is not allowed"), p.message());
    }

    @Test
    void anErrorInsideAServerFunctionDoesNotQuoteItsBody() throws Exception {
        // the tracking function runs DROP TRIGGER, which the read-only transaction refuses
        DecodedPayload p = query("select gridstack_frontier.track_table('t_types')");
        assertEquals(1, p.error());
        assertTrue(p.message().contains("read-only transaction"), p.message());
        assertFalse(p.message().contains("IF EXISTS gridstack_frontier_modification"), p.message()); // the body's statement
        assertFalse(p.message().contains("PL/pgSQL"), p.message());
        assertFalse(p.message().contains("Where:"), p.message());
    }

    private static DecodedPayload query(String sql) throws Exception {
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", server.port(), RawHttp.get(
                "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode(sql), "HTTP/1.0",
                "X-Frontier-Id: minor-test"));
        return ResponseParser.parse(r.bodyText()).payloads().get(0);
    }
}
