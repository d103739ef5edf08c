package org.gridstack.client.frontier;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import org.gridstack.frontier.protocol.http.HttpResponseReader;
import org.gridstack.frontier.protocol.FrontierProtocolException;

/**
 * HTTP/1.1 GETs directly to a server (origin-form target) or through a proxy (absolute-form
 * target, as HTTP proxies expect), over kept-alive connections from a {@link ConnectionPool} or,
 * when persistent connections are off, one fresh connection per request with
 * {@code Connection: close}. The body is handed to a {@link BodyHandler} as a stream while it
 * arrives, so decoding overlaps with the transfer. A small client of its own rather than
 * java.net.http because the C client's semantics need a per-read timeout, exact headers, and a
 * truncated body to be an error. Thread-safe.
 */
@ThreadSafe
final class HttpGet implements AutoCloseable {
    /** Consumes one answer's body; must read it to its end (-1) for the connection to be reused. */
    interface BodyHandler<T> {
        T handle(HttpResponseReader.Head head, InputStream body) throws IOException, FrontierProtocolException;
    }

    /** The answer's head and what the handler made of its body. */
    record Exchange<T>(HttpResponseReader.Head head, T value) {
    }

    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final boolean persistent;
    private final ConnectionPool pool = new ConnectionPool();

    HttpGet(Duration connectTimeout, Duration readTimeout, boolean persistent) {
        this.connectTimeout = Objects.requireNonNull(connectTimeout, "connectTimeout is null");
        this.readTimeout = Objects.requireNonNull(readTimeout, "readTimeout is null");
        this.persistent = persistent;
    }

    /**
     * @param url the full URL of the resource
     * @param proxy the proxy to go through, null for direct
     * @throws HttpConnection.UnreachableException when the peer refuses, cannot be resolved or does not answer in time
     * @throws IOException when the answer is malformed or truncated
     * @throws FrontierProtocolException when the handler finds the body broken
     */
    <T> Exchange<T> get(URI url, URI proxy, Map<String, String> headers, BodyHandler<T> handler)
            throws IOException, FrontierProtocolException {
        URI peer = proxy != null ? proxy : url;
        String host = peer.getHost();
        int port = peer.getPort() > 0 ? peer.getPort() : 80;
        byte[] request = request(url, proxy != null, headers);
        String key = host + ":" + port;
        HttpConnection c = persistent ? pool.take(key) : null;
        boolean reused = c != null;
        if (c == null) {
            c = HttpConnection.open(host, port, connectTimeout, readTimeout);
        }
        boolean clean = false;
        try {
            HttpResponseReader.Head head;
            try {
                head = c.send(request, persistent);
            } catch (HttpConnection.ClosedBeforeAnswerException e) {
                if (!reused) {
                    throw e;
                }
                // the peer dropped the idle connection: once more on a fresh one, not a new attempt
                c.close();
                c = HttpConnection.open(host, port, connectTimeout, readTimeout);
                head = c.send(request, persistent);
            }
            T value = handler.handle(head, c.body(head));
            clean = true;
            return new Exchange<>(head, value);
        } finally {
            if (clean && persistent) {
                pool.release(c);
            } else {
                c.close();
            }
        }
    }

    private byte[] request(URI url, boolean viaProxy, Map<String, String> headers) {
        String target = viaProxy ? url.toASCIIString() : url.getRawPath() + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        StringBuilder req = new StringBuilder(target.length() + 256).append("GET ").append(target).append(" HTTP/1.1\r\n");
        req.append("Host: ").append(url.getHost()).append(url.getPort() > 0 ? ":" + url.getPort() : "").append("\r\n");
        headers.forEach((k, v) -> req.append(k).append(": ").append(v).append("\r\n"));
        // keep-alive spelled out as the C client does (HTTP/1.0 proxies need it)
        req.append(persistent ? "Connection: keep-alive\r\n" : "Connection: close\r\n");
        return req.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** Idle connections kept for reuse (tests). */
    int idleConnections() {
        return pool.idleCount();
    }

    /** Closes the idle connections; requests still work afterwards but nothing is kept. */
    @Override
    public void close() {
        pool.close();
    }
}
