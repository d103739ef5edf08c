package org.gridstack.client.frontier;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One HTTP/1.1 GET over a fresh socket, directly to the server (origin-form target) or through a
 * proxy (absolute-form target, as HTTP proxies expect). A small client of its own rather than
 * java.net.http because the C client's semantics need a per-read timeout (a stalled answer must
 * fail even after headers arrived), exact headers, and a truncated body to be an error rather
 * than a short answer. {@code Connection: close}: one request per connection keeps it simple;
 * FroNtier answers are few and large. Thread-safe (stateless).
 */
final class HttpGet {
    /** An HTTP answer; header names lower-case. */
    record Response(int status, Map<String, String> headers, byte[] body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** Connecting failed or timed out: the peer is unreachable. */
    static final class UnreachableException extends IOException {
        private static final long serialVersionUID = 1L;

        UnreachableException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final int MAX_HEADER_BYTES = 64 * 1024;

    private final Duration connectTimeout;
    private final Duration readTimeout;

    HttpGet(Duration connectTimeout, Duration readTimeout) {
        this.connectTimeout = Objects.requireNonNull(connectTimeout, "connectTimeout is null");
        this.readTimeout = Objects.requireNonNull(readTimeout, "readTimeout is null");
    }

    /**
     * @param url the full URL of the resource
     * @param proxy the proxy to go through, null for direct
     * @throws UnreachableException when the peer refuses, cannot be resolved or does not answer in time
     * @throws IOException when the answer is malformed or truncated
     */
    Response get(URI url, URI proxy, Map<String, String> headers) throws IOException {
        URI peer = proxy != null ? proxy : url;
        String target = proxy != null ? url.toASCIIString() : url.getRawPath() + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        StringBuilder req = new StringBuilder("GET ").append(target).append(" HTTP/1.1\r\n");
        req.append("Host: ").append(url.getHost()).append(url.getPort() > 0 ? ":" + url.getPort() : "").append("\r\n");
        headers.forEach((k, v) -> req.append(k).append(": ").append(v).append("\r\n"));
        req.append("Connection: close\r\n\r\n");
        try (Socket socket = new Socket()) {
            try {
                socket.connect(new InetSocketAddress(peer.getHost(), peer.getPort() > 0 ? peer.getPort() : 80), (int) connectTimeout.toMillis());
            } catch (IOException e) {
                throw new UnreachableException("cannot connect to " + peer.getHost() + ":" + peer.getPort() + ": " + e, e);
            }
            socket.setSoTimeout((int) readTimeout.toMillis());
            try {
                OutputStream out = socket.getOutputStream();
                out.write(req.toString().getBytes(StandardCharsets.US_ASCII));
                out.flush();
                return read(new BufferedInputStream(socket.getInputStream()));
            } catch (SocketTimeoutException e) {
                throw new UnreachableException("no data from " + peer.getHost() + ":" + peer.getPort() + " for " + readTimeout.toSeconds() + " s", e);
            }
        }
    }

    private static Response read(InputStream in) throws IOException {
        String statusLine = line(in);
        if (statusLine == null) {
            throw new IOException("connection closed before the status line");
        }
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            throw new IOException("not an HTTP status line: " + statusLine);
        }
        int status;
        try {
            status = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IOException("bad status in: " + statusLine, e);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        int total = 0;
        for (String h = line(in); ; h = line(in)) {
            if (h == null) {
                throw new IOException("connection closed inside the response headers");
            }
            if (h.isEmpty()) {
                break;
            }
            total += h.length();
            if (total > MAX_HEADER_BYTES) {
                throw new IOException("response headers larger than " + MAX_HEADER_BYTES + " bytes");
            }
            int colon = h.indexOf(':');
            if (colon > 0) {
                headers.merge(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim(), (a, b) -> a + ", " + b);
            }
        }
        byte[] body;
        String te = headers.get("transfer-encoding");
        String cl = headers.get("content-length");
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            body = chunked(in);
        } else if (cl != null) {
            long length = Long.parseLong(cl.trim());
            body = in.readNBytes((int) Math.min(length, Integer.MAX_VALUE - 8));
            if (body.length != length) {
                throw new IOException("truncated body: Content-Length " + length + " but " + body.length + " bytes arrived");
            }
        } else {
            body = in.readAllBytes();
        }
        return new Response(status, headers, body);
    }

    private static byte[] chunked(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = line(in);
            if (sizeLine == null) {
                throw new IOException("truncated chunked body (no final chunk)");
            }
            int semi = sizeLine.indexOf(';');
            int size;
            try {
                size = Integer.parseInt((semi >= 0 ? sizeLine.substring(0, semi) : sizeLine).trim(), 16);
            } catch (NumberFormatException e) {
                throw new IOException("bad chunk size line: " + sizeLine, e);
            }
            if (size == 0) {
                for (String trailer = line(in); trailer != null && !trailer.isEmpty(); trailer = line(in)) {
                    // trailers carry nothing FroNtier needs
                }
                return out.toByteArray();
            }
            byte[] chunk = in.readNBytes(size);
            if (chunk.length != size) {
                throw new IOException("truncated chunk: " + size + " bytes announced, " + chunk.length + " arrived");
            }
            out.write(chunk);
            if (line(in) == null) {
                throw new IOException("truncated chunked body");
            }
        }
    }

    /** A CRLF- (or LF-) terminated ASCII line without its terminator; null at end of stream. */
    private static String line(InputStream in) throws IOException {
        StringBuilder s = new StringBuilder();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                int n = s.length();
                return n > 0 && s.charAt(n - 1) == '\r' ? s.substring(0, n - 1) : s.toString();
            }
            s.append((char) c);
            if (s.length() > MAX_HEADER_BYTES) {
                throw new IOException("line longer than " + MAX_HEADER_BYTES + " bytes");
            }
        }
        return s.length() == 0 ? null : s.toString();
    }
}
