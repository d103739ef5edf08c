package org.gridstack.dqp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link PeerHttp} against a peer of our own (the JDK's HTTP server on a free port): JSON out and
 * in, the peer's JSON error (or plain body) turned into one {@link PeerException} naming the peer and
 * its status, an unreachable peer as status 0, and one keep-alive connection reused from call to call.
 */
class TestPeerHttp {
    private HttpServer server;
    private URI base;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final Set<InetSocketAddress> connections = ConcurrentHashMap.newKeySet();
    private final HttpClient http = PeerHttp.newSharedClient();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/echo", exchange -> {
            connections.add(exchange.getRemoteAddress());
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            answer(exchange, 200, "{\"ok\":true,\"method\":\"" + exchange.getRequestMethod() + "\"}");
        });
        server.createContext("/json-error", exchange -> answer(exchange, 400, "{\"error\":\"bad sequence\"}"));
        server.createContext("/text-error", exchange -> answer(exchange, 503, "busy"));
        server.start();
        base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private static void answer(com.sun.net.httpserver.HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private PeerHttp<IOException> peer() {
        return PeerHttp.named("test peer " + base, base, http, Duration.ofSeconds(10));
    }

    @Test
    void sendsJsonAndReadsJsonOnOneKeptConnection() throws IOException {
        PeerHttp<IOException> peer = peer();
        for (int i = 0; i < 3; i++) {
            JsonNode answer = peer.sendForJson(peer.postJson("/echo", Map.of("sequence", "ACGT" + i)));
            assertTrue(answer.path("ok").asBoolean(), answer.toString());
            assertEquals("POST", answer.path("method").asText());
        }
        assertEquals(List.of("{\"sequence\":\"ACGT0\"}", "{\"sequence\":\"ACGT1\"}", "{\"sequence\":\"ACGT2\"}"), bodies);
        assertEquals(1, connections.size(), "keep-alive: one connection for three calls, was " + connections);
    }

    @Test
    void thePeersJsonErrorNamesThePeerAndItsStatus() {
        PeerException e = assertThrows(PeerException.class, () -> peer().sendForJson(peer().request("/json-error").GET()));
        assertEquals(400, e.httpStatus());
        assertEquals("test peer " + base, e.peer());
        assertEquals("test peer " + base + ": HTTP 400: bad sequence", e.getMessage());
    }

    @Test
    void aPlainErrorBodyIsQuoted() {
        PeerException e = assertThrows(PeerException.class, () -> peer().sendForJson(peer().request("/text-error").GET()));
        assertEquals(503, e.httpStatus());
        assertEquals("test peer " + base + ": HTTP 503: busy", e.getMessage());
    }

    @Test
    void asynchronousCallsFailTheSameWay() {
        CompletionException e = assertThrows(CompletionException.class,
                () -> peer().sendAsync(peer().postJson("/json-error", Map.of())).join());
        PeerException cause = assertInstanceOf(PeerException.class, e.getCause());
        assertEquals(400, cause.httpStatus());
        assertEquals("test peer " + base + ": HTTP 400: bad sequence", cause.getMessage());
        peer().sendAsync(peer().postJson("/echo", Map.of("a", 1))).join();
    }

    @Test
    void anUnreachablePeerIsStatusZero() throws IOException {
        URI closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = URI.create("http://127.0.0.1:" + socket.getLocalPort());
        }
        PeerHttp<IOException> gone = PeerHttp.named("test peer " + closed, closed, http, Duration.ofSeconds(5));
        PeerException e = assertThrows(PeerException.class, () -> gone.send(gone.request("/echo").GET()));
        assertEquals(0, e.httpStatus());
        assertTrue(e.getMessage().startsWith("test peer " + closed + ": unreachable ("), e.getMessage());
        gone.sendQuietly(gone.request("/echo").DELETE()); // ignored
    }

    @Test
    void anInterruptedCallIsAnInterruptedIoExceptionAndKeepsTheFlag() {
        Thread.currentThread().interrupt();
        try {
            PeerHttp<IOException> peer = peer();
            InterruptedIOException e = assertThrows(InterruptedIOException.class, () -> peer.send(peer.request("/echo").GET()));
            assertTrue(e.getMessage().contains("test peer " + base), e.getMessage());
            assertTrue(Thread.currentThread().isInterrupted());
            peer.sendQuietly(peer.request("/echo").DELETE());
            assertTrue(Thread.currentThread().isInterrupted(), "sendQuietly keeps the interrupt flag");
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aTimeoutMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> PeerHttp.named("p", base, http, Duration.ZERO));
    }
}
