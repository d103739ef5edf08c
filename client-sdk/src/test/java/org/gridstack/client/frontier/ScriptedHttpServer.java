package org.gridstack.client.frontier;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A JDK HttpServer on a free port that answers from a script (one step per request; the last
 * step repeats) and records what it received. Plays a FroNtier server or, receiving absolute
 * request targets, an HTTP proxy. Thread-safe.
 */
public final class ScriptedHttpServer implements AutoCloseable {
    /** What one request received. */
    public record Received(String target, String cacheControl, String host, String frontierId) {
    }

    /** One scripted answer. */
    public interface Step {
        void answer(HttpExchange exchange) throws IOException;
    }

    private final HttpServer server;
    private final Deque<Step> script = new ArrayDeque<>();
    private final List<Received> received = new ArrayList<>();

    public ScriptedHttpServer(Step... steps) throws IOException {
        script.addAll(List.of(steps));
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    private void handle(HttpExchange exchange) throws IOException {
        Step step;
        synchronized (this) {
            received.add(new Received(exchange.getRequestURI().toString(), exchange.getRequestHeaders().getFirst("Cache-Control"),
                    exchange.getRequestHeaders().getFirst("Host"), exchange.getRequestHeaders().getFirst("X-Frontier-Id")));
            step = script.size() > 1 ? script.poll() : script.peek();
        }
        try {
            step.answer(exchange);
        } finally {
            exchange.close();
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String url() {
        return "http://127.0.0.1:" + port();
    }

    public synchronized List<Received> received() {
        return List.copyOf(received);
    }

    public synchronized List<String> cacheControls() {
        return received.stream().map(Received::cacheControl).toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    public static Step answer(int status, byte[] body) {
        return answer(status, body, Map.of());
    }

    public static Step answer(int status, byte[] body, Map<String, String> headers) {
        return exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/xml;charset=US-ASCII");
            headers.forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        };
    }

    public static Step answer(int status, String body) {
        return answer(status, body.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Announces the whole body but sends half of it, then closes: a truncated answer. */
    public static Step truncated(byte[] body) {
        return exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/xml;charset=US-ASCII");
            exchange.sendResponseHeaders(200, body.length);
            OutputStream out = exchange.getResponseBody();
            out.write(body, 0, body.length / 2);
            out.flush();
            // closing the exchange with the body incomplete makes the JDK server drop the connection
        };
    }

    /** A port on which nothing listens: connecting is refused. */
    public static int refusingPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
