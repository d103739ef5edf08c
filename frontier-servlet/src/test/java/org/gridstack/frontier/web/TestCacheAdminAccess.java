package org.gridstack.frontier.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code /frontier-admin} over real HTTP: off without a configured token; with one, only a request
 * carrying it, sent by a tool rather than by a browser page of another origin, runs a command.
 */
class TestCacheAdminAccess {
    private static final String TOKEN = "s3cret-admin-token-for-the-test";
    private static FrontierTestServer withToken;

    @BeforeAll
    static void start() throws Exception {
        withToken = FrontierTestServer.start(FrontierGoldenVectors.schemaFile(), "--frontier.invalidation-enabled=true",
                "--frontier.admin-token=" + TOKEN);
    }

    @AfterAll
    static void stop() {
        if (withToken != null) {
            withToken.close();
        }
    }

    @Test
    void withoutConfiguredTokenTheEndpointIsOff() throws Exception {
        try (FrontierTestServer server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile(), "--frontier.invalidation-enabled=true")) {
            RawHttp.Response r = post(server, "Authorization: Bearer " + TOKEN);
            assertEquals(404, r.status(), r.bodyText());
            assertTrue(r.bodyText().contains("frontier.admin-token"), r.bodyText());
            // the attack of the issue: a page's cross-origin text/plain POST
            RawHttp.Response page = post(server, "Origin: http://evil.example", "Content-Type: text/plain");
            assertEquals(404, page.status(), page.bodyText());
        }
    }

    @Test
    void missingTokenIsUnauthorized() throws Exception {
        RawHttp.Response r = post(withToken);
        assertEquals(401, r.status(), r.bodyText());
        assertEquals("Bearer", r.header("WWW-Authenticate"));
        assertTrue(r.bodyText().contains("Authorization: Bearer"), r.bodyText());
    }

    @Test
    void wrongTokenIsForbidden() throws Exception {
        assertEquals(403, post(withToken, "Authorization: Bearer " + TOKEN + "x").status());
        assertEquals(403, post(withToken, "Authorization: Bearer " + TOKEN.substring(1)).status());
        assertEquals(403, post(withToken, "Authorization: Basic " + TOKEN).status());
    }

    @Test
    void crossOriginRequestsAreRefusedEvenWithTheToken() throws Exception {
        String auth = "Authorization: Bearer " + TOKEN;
        RawHttp.Response origin = post(withToken, auth, "Origin: http://evil.example");
        assertEquals(403, origin.status(), origin.bodyText());
        assertTrue(origin.bodyText().contains("Origin"), origin.bodyText());
        assertEquals(403, post(withToken, auth, "Origin: null").status());
        assertEquals(403, post(withToken, auth, "Sec-Fetch-Site: cross-site").status());
        assertEquals(403, post(withToken, auth, "Sec-Fetch-Site: same-site").status());
        RawHttp.Response text = post(withToken, auth, "Content-Type: text/plain");
        assertEquals(415, text.status(), text.bodyText());
        assertEquals(415, post(withToken, auth, "Content-Type: application/x-www-form-urlencoded").status());
        assertEquals(415, post(withToken, auth, "Content-Type: multipart/form-data; boundary=x").status());
    }

    @Test
    void theRightTokenRunsTheCommand() throws Exception {
        RawHttp.Response r = post(withToken, "Authorization: Bearer " + TOKEN);
        assertEquals(200, r.status(), r.bodyText());
        assertTrue(r.bodyText().startsWith("flushed 0 URL"), r.bodyText());
        RawHttp.Response json = post(withToken, "Authorization: Bearer " + TOKEN, "Content-Type: application/json");
        assertEquals(200, json.status(), json.bodyText());
        RawHttp.Response list = RawHttp.exchange("127.0.0.1", withToken.port(),
                RawHttp.get("/frontier-admin/caches", "HTTP/1.0", "Authorization: Bearer " + TOKEN));
        assertEquals(200, list.status(), list.bodyText());
        RawHttp.Response listWithout = RawHttp.exchange("127.0.0.1", withToken.port(), RawHttp.get("/frontier-admin/caches", "HTTP/1.0"));
        assertEquals(401, listWithout.status(), listWithout.bodyText());
    }

    private static RawHttp.Response post(FrontierTestServer server, String... headers) throws Exception {
        StringBuilder b = new StringBuilder("POST /frontier-admin/flush HTTP/1.0\r\nContent-Length: 0\r\n");
        for (String h : headers) {
            b.append(h).append("\r\n");
        }
        return RawHttp.exchange("127.0.0.1", server.port(), b.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
    }
}
