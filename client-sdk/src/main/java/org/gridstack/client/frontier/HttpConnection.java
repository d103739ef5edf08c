package org.gridstack.client.frontier;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One HTTP/1.1 connection to a proxy or server: sends a request, reads the status line and
 * headers from its own buffer, and hands out the body as a stream that enforces the framing
 * (Content-Length, chunked, or close-delimited), so a truncated body is an error rather than a
 * short answer. Every read has the read timeout (a stalled answer fails even after the headers
 * arrived, like the C client). Reusable for the next request when the last body was read to its
 * end, both sides keep the connection, and the framing was not close-delimited. Not thread-safe:
 * one request at a time.
 */
final class HttpConnection implements Closeable {
    /** Connecting failed or a read timed out: the peer is unreachable. */
    static final class UnreachableException extends IOException {
        private static final long serialVersionUID = 1L;

        UnreachableException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The connection was closed before a single byte of the answer arrived (an idle keep-alive connection the peer dropped). */
    static final class ClosedBeforeAnswerException extends IOException {
        private static final long serialVersionUID = 1L;

        ClosedBeforeAnswerException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Status line and headers; header names lower-case, repeated headers joined with ", ". */
    record Head(int status, boolean http11, Map<String, String> headers) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private static final int MAX_HEADER_BYTES = 64 * 1024;

    private final String peer;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final int readTimeoutMillis;
    private final byte[] buffer = new byte[16 * 1024];
    private int pos;
    private int limit;
    private long received;
    private boolean reusable;
    private boolean bodyDone;
    private long idleSince;
    private int requests;

    private HttpConnection(String peer, Socket socket, int readTimeoutMillis) throws IOException {
        this.peer = peer;
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        this.readTimeoutMillis = readTimeoutMillis;
    }

    /**
     * Connects to {@code host:port}.
     *
     * @throws UnreachableException when the peer refuses, cannot be resolved or does not accept in time
     */
    static HttpConnection open(String host, int port, Duration connectTimeout, Duration readTimeout) throws IOException {
        Objects.requireNonNull(host, "host is null");
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), (int) connectTimeout.toMillis());
            socket.setSoTimeout((int) readTimeout.toMillis());
            socket.setTcpNoDelay(true);
            return new HttpConnection(host + ":" + port, socket, (int) readTimeout.toMillis());
        } catch (IOException e) {
            socket.close();
            throw new UnreachableException("cannot connect to " + host + ":" + port + ": " + e, e);
        }
    }

    /** {@code host:port} of the peer. */
    String peer() {
        return peer;
    }

    /** Requests sent over this connection so far. */
    int requests() {
        return requests;
    }

    /** Since when the connection has been idle (System.nanoTime), after {@link #markIdle}. */
    long idleSince() {
        return idleSince;
    }

    void markIdle() {
        idleSince = System.nanoTime();
    }

    /** Whether the last answer ended cleanly and both sides keep the connection open. */
    boolean reusable() {
        return reusable && bodyDone && !socket.isClosed();
    }

    /**
     * Sends a request and reads the answer's head.
     *
     * @throws ClosedBeforeAnswerException when the connection turned out to be closed before any byte of the answer
     * @throws UnreachableException on a read timeout
     * @throws IOException when the head is malformed
     */
    Head send(byte[] request, boolean keepAlive) throws IOException {
        reusable = false;
        bodyDone = false;
        requests++;
        received = 0;
        try {
            out.write(request);
            out.flush();
        } catch (IOException e) {
            throw new ClosedBeforeAnswerException("sending to " + peer + " failed: " + e, e);
        }
        String statusLine = line();
        if (statusLine == null) {
            throw received == 0 ? new ClosedBeforeAnswerException("connection to " + peer + " closed before the status line", null)
                    : new IOException("connection closed before the status line");
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
        for (String h = line(); ; h = line()) {
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
        boolean http11 = parts[0].equals("HTTP/1.1");
        String connection = headers.getOrDefault("connection", "").toLowerCase(Locale.ROOT);
        // kept only if we asked for it, HTTP/1.1 keeps by default, and the peer did not say close
        reusable = keepAlive && (http11 ? !connection.contains("close") : connection.contains("keep-alive"));
        return new Head(status, http11, headers);
    }

    /**
     * The body of the answer whose head {@link #send} returned. Reading it to its end (-1) is what
     * makes the connection reusable; a body that ends early throws an IOException saying so.
     */
    InputStream body(Head head) throws IOException {
        if (head.status() == 204 || head.status() == 304 || head.status() / 100 == 1) {
            bodyDone = true; // no body by definition
            return InputStream.nullInputStream();
        }
        String te = head.header("transfer-encoding");
        String cl = head.header("content-length");
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            return new ChunkedBody();
        }
        if (cl != null) {
            try {
                return new LengthBody(Long.parseLong(cl.trim()));
            } catch (NumberFormatException e) {
                throw new IOException("bad Content-Length: " + cl, e);
            }
        }
        reusable = false; // the end of the body is the end of the connection
        return new CloseDelimitedBody();
    }

    /** Bytes of the answer read so far (head and body as they came over the wire). */
    long received() {
        return received;
    }

    @Override
    public void close() {
        reusable = false;
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing to do: the connection is gone either way
        }
    }

    /** Reads into the buffer; -1 at end of stream. */
    private int fill() throws IOException {
        pos = 0;
        limit = 0;
        int n = readSocket(buffer, 0, buffer.length);
        if (n > 0) {
            limit = n;
        }
        return n;
    }

    private int readSocket(byte[] b, int off, int len) throws IOException {
        int n;
        try {
            n = in.read(b, off, len);
        } catch (SocketTimeoutException e) {
            reusable = false;
            throw new UnreachableException("no data from " + peer + " for " + readTimeoutMillis / 1000.0 + " s", e);
        } catch (IOException e) {
            reusable = false;
            if (received == 0) {
                throw new ClosedBeforeAnswerException("reading from " + peer + " failed before any answer: " + e, e);
            }
            throw e;
        }
        if (n > 0) {
            received += n;
        }
        return n;
    }

    /** Up to {@code len} bytes from the buffer, or straight from the socket when the buffer is empty; -1 at end of stream. */
    private int readRaw(byte[] b, int off, int len) throws IOException {
        if (pos < limit) {
            int n = Math.min(len, limit - pos);
            System.arraycopy(buffer, pos, b, off, n);
            pos += n;
            return n;
        }
        if (len >= buffer.length) {
            return readSocket(b, off, len);
        }
        if (fill() <= 0) {
            return -1;
        }
        return readRaw(b, off, len);
    }

    /** A CRLF- (or LF-) terminated ASCII line without its terminator; null at end of stream. */
    private String line() throws IOException {
        StringBuilder s = null;
        while (true) {
            if (pos >= limit && fill() <= 0) {
                return s == null || s.length() == 0 ? null : s.toString();
            }
            int start = pos;
            while (pos < limit && buffer[pos] != '\n') {
                pos++;
            }
            boolean found = pos < limit;
            int end = pos;
            if (found) {
                pos++; // the line feed
            }
            String part = new String(buffer, start, end - start, StandardCharsets.ISO_8859_1);
            s = s == null ? new StringBuilder(part) : s.append(part);
            if (s.length() > MAX_HEADER_BYTES) {
                throw new IOException("line longer than " + MAX_HEADER_BYTES + " bytes");
            }
            if (found) {
                int n = s.length();
                return n > 0 && s.charAt(n - 1) == '\r' ? s.substring(0, n - 1) : s.toString();
            }
        }
    }

    private abstract class Body extends InputStream {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }
    }

    private final class LengthBody extends Body {
        private final long length;
        private long remaining;

        LengthBody(long length) {
            this.length = length;
            this.remaining = length;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (remaining == 0) {
                bodyDone = true;
                return -1;
            }
            int n = readRaw(b, off, (int) Math.min(len, remaining));
            if (n < 0) {
                reusable = false;
                throw new IOException("truncated body: Content-Length " + length + " but " + (length - remaining) + " bytes arrived");
            }
            remaining -= n;
            bodyDone = remaining == 0;
            return n;
        }
    }

    private final class CloseDelimitedBody extends Body {
        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return readRaw(b, off, len);
        }
    }

    private final class ChunkedBody extends Body {
        private long chunkLeft;
        private boolean done;

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (done) {
                return -1;
            }
            if (chunkLeft == 0) {
                String sizeLine = line();
                if (sizeLine == null) {
                    throw truncated("no final chunk");
                }
                int semi = sizeLine.indexOf(';');
                try {
                    chunkLeft = Long.parseLong((semi >= 0 ? sizeLine.substring(0, semi) : sizeLine).trim(), 16);
                } catch (NumberFormatException e) {
                    reusable = false;
                    throw new IOException("bad chunk size line: " + sizeLine, e);
                }
                if (chunkLeft == 0) {
                    for (String trailer = line(); ; trailer = line()) {
                        if (trailer == null) {
                            throw truncated("no end of the trailers");
                        }
                        if (trailer.isEmpty()) {
                            break;
                        }
                    }
                    done = true;
                    bodyDone = true;
                    return -1;
                }
            }
            int n = readRaw(b, off, (int) Math.min(len, chunkLeft));
            if (n < 0) {
                throw truncated(chunkLeft + " bytes of a chunk missing");
            }
            chunkLeft -= n;
            if (chunkLeft == 0) {
                String end = line();
                if (end == null || !end.isEmpty()) {
                    throw truncated("no line end after a chunk");
                }
            }
            return n;
        }

        private IOException truncated(String what) {
            reusable = false;
            return new IOException("truncated chunked body (" + what + ")");
        }
    }
}
