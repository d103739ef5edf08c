package org.gridstack.grim.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Request bodies are limited before they are read (413 naming the limit), errors keep the API's
 * shape whatever the client accepts, Spring's error path is no page of its own, and the update
 * WebSocket takes its token from headers or a subprotocol, never the URL, and refuses foreign
 * browser origins. Real HTTP, the PostgreSQL backend.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"grim.scale=0.01", "grim.backends=postgres", "grim.provider-tokens=test-token",
                "grim.native-queries.max-query-bytes=65536", "grim.updates.max-body-bytes=1048576",
                "grim.postgres.temp-file-limit=2MB"})
@DirtiesContext
class TestRequestLimits {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static String nativeQueryOf(int bytes) {
        StringBuilder b = new StringBuilder("select 1 -- ");
        while (b.length() < bytes) {
            b.append('x');
        }
        return b.toString();
    }

    private HttpResponse<String> send(HttpRequest r) throws Exception {
        return http.send(r, HttpResponse.BodyHandlers.ofString());
    }

    private static void assertApiError(HttpResponse<String> r, int status, String messagePart) throws Exception {
        assertEquals(status, r.statusCode(), r.body());
        assertContains("application/json", r.headers().firstValue("Content-Type").orElse(""), r.body());
        JsonNode error = JSON.readTree(r.body());
        assertEquals(status, error.get("status").asInt());
        assertContains(messagePart, error.get("message").asText());
    }

    @Test
    void nativeQueryBodyOverTheLimitIsRefusedBeforeItIsRead() throws Exception {
        HttpResponse<String> declared = send(HttpRequest.newBuilder(uri("/api/v1/native?backend=postgres"))
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString(nativeQueryOf(200_000))).build());
        assertApiError(declared, 413, "65536 bytes (grim.native-queries.max-query-bytes)");

        // no Content-Length (chunked): cut where it passes the limit
        byte[] big = nativeQueryOf(200_000).getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> chunked = send(HttpRequest.newBuilder(uri("/api/v1/native?backend=postgres"))
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build());
        assertApiError(chunked, 413, "65536 bytes");

        HttpResponse<String> small = send(HttpRequest.newBuilder(uri("/api/v1/native?backend=postgres"))
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString(nativeQueryOf(1_000))).build());
        assertEquals(200, small.statusCode(), small.body());
    }

    /** generate_series materialises its rows: ~35 MB of temporary files without the limit. */
    @Test
    void nativeQueryNeedingMoreTemporaryDiskThanTheLimitIsRefused() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(uri("/api/v1/native?backend=postgres"))
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("select count(*) from generate_series(1, 1000000)")).build());
        assertApiError(r, 422, "temp-file-limit");
    }

    @Test
    void updateBodyOverTheLimitIsRefused() throws Exception {
        StringBuilder b = new StringBuilder("{\"collection\":\"host\",\"key\":\"host-000001\",\"values\":{\"x\":\"");
        while (b.length() < 2_000_000) {
            b.append('y');
        }
        b.append("\"}}");
        HttpResponse<String> r = send(HttpRequest.newBuilder(uri("/api/v1/updates?backend=postgres"))
                .header("Content-Type", "application/json").header("Authorization", "Bearer test-token")
                .POST(HttpRequest.BodyPublishers.ofString(b.toString())).build());
        assertApiError(r, 413, "1048576 bytes (grim.updates.max-body-bytes)");
    }

    @Test
    void errorPathAskedDirectlyIsNotFound() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(uri("/error")).GET().build());
        assertEquals(404, r.statusCode(), r.body());
    }

    @Test
    void errorsKeepTheApiShapeWhateverTheClientAccepts() throws Exception {
        HttpResponse<String> missing = send(HttpRequest.newBuilder(uri("/api/v1/operations/no-such-operation"))
                .header("Accept", "text/html").GET().build());
        assertTrue(missing.statusCode() >= 400 && missing.statusCode() <= 499, () -> missing.body() + ": " + "expected between 400 and 499 but was " + missing.statusCode());
        assertContains("application/json", missing.headers().firstValue("Content-Type").orElse(""));
        assertEquals(missing.statusCode(), JSON.readTree(missing.body()).get("status").asInt());

        HttpResponse<String> html = send(HttpRequest.newBuilder(uri("/api/v1/collections")).header("Accept", "text/html").GET().build());
        assertApiError(html, 406, "application/json or application/xml");

        HttpResponse<String> xml = send(HttpRequest.newBuilder(uri("/api/v1/operations/no-such-operation"))
                .header("Accept", "application/xml").GET().build());
        assertContains("xml", xml.headers().firstValue("Content-Type").orElse(""));
    }

    private WebSocket.Listener quiet() {
        return new WebSocket.Listener() {
        };
    }

    private int handshakeStatus(WebSocket.Builder builder, String path) {
        CompletionException e = assertThrows(CompletionException.class,
                () -> builder.buildAsync(URI.create("ws://127.0.0.1:" + port + path), quiet()).join());
        assertInstanceOf(WebSocketHandshakeException.class, e.getCause());
        return ((WebSocketHandshakeException) e.getCause()).getResponse().statusCode();
    }

    @Test
    void webSocketTokenNeverFromTheUrlAndForeignOriginsRefused() throws Exception {
        assertEquals(400, handshakeStatus(http.newWebSocketBuilder(), "/api/v1/updates/ws?backend=postgres&token=test-token"));
        // a browser's way: the token as a subprotocol beside grim.v1
        WebSocket ws = http.newWebSocketBuilder().subprotocols("grim.v1", "grim.token.test-token")
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/api/v1/updates/ws?backend=postgres"), quiet()).join();
        assertEquals("grim.v1", ws.getSubprotocol());
        ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
        assertEquals(403, handshakeStatus(http.newWebSocketBuilder().subprotocols("grim.v1", "grim.token.wrong"),
                "/api/v1/updates/ws?backend=postgres"));
        // a page of another site, even with the right token
        assertEquals(403, handshakeStatus(http.newWebSocketBuilder().header("Authorization", "Bearer test-token")
                .header("Origin", "http://evil.example"), "/api/v1/updates/ws?backend=postgres"));
    }
}
