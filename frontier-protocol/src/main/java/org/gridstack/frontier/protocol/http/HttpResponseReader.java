package org.gridstack.frontier.protocol.http;

import static java.util.Objects.requireNonNull;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The project's one reader of HTTP/1.x answers on a connection: status line and headers from its
 * own buffer, then the body as a stream that enforces the framing of RFC 9112 section 6.3
 * ({@code Transfer-Encoding: chunked}, else {@code Content-Length}, else the end of the
 * connection), so a truncated body is an error ({@link EOFException} or another IOException
 * saying what is missing) rather than a short answer. Interim 1xx answers before the final one
 * are skipped. Bytes past one answer stay buffered for the next, so a kept-alive connection stays
 * in step. Large body reads go straight from the stream into the caller's array (one copy).
 *
 * <p>Used by the FroNtier client ({@code HttpConnection}), the benchmarks' lean HTTP clients and the
 * servlet's byte-exact test client; {@link HttpResponseFeed} is the same parsing fed push-style
 * (heads by {@link HeadAssembler}, framing by {@link BodyFraming}).
 * it reads from any InputStream and leaves sockets, timeouts and retries to its owner: exceptions
 * of the underlying stream (e.g. {@link java.net.SocketTimeoutException}) pass through unchanged,
 * and {@link #answerStarted()} tells whether any byte of the current answer had arrived. Not
 * thread-safe: one per connection, one answer at a time.
 */
public final class HttpResponseReader {
    /** Status line and headers of a final answer; header names lower-case, repeated headers joined with ", ". */
    public record Head(int status, boolean http11, Map<String, String> headers) {
        public Head {
            headers = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(headers, "headers is null")));
        }

        /** The header's value (name in any case), or null. */
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        /** Whether the connection stays open after this answer: asked for, HTTP/1.1 keeps by default, and the peer did not say close. */
        public boolean keepsConnection(boolean keepAliveRequested) {
            String connection = headers.getOrDefault("connection", "").toLowerCase(Locale.ROOT);
            return keepAliveRequested && (http11 ? !connection.contains("close") : connection.contains("keep-alive"));
        }
    }

    /** Longest status line, header line, or all header lines together. */
    public static final int MAX_HEADER_BYTES = 64 * 1024;

    private final InputStream in;
    private final byte[] buffer;
    private final HeadAssembler heads = new HeadAssembler();
    private int pos;
    private int limit;
    private long received;
    private boolean answerStarted;
    private boolean keepAlive;
    private boolean bodyDone;

    /** {@code bufferSize}: bytes read from {@code in} at a time (small values exercise every boundary in tests). */
    public HttpResponseReader(InputStream in, int bufferSize) {
        this.in = requireNonNull(in, "in is null");
        if (bufferSize < 1) {
            throw new IllegalArgumentException("bufferSize must be at least 1, got " + bufferSize);
        }
        this.buffer = new byte[bufferSize];
    }

    /**
     * Reads the head of the next final answer.
     *
     * @param keepAliveRequested whether the request asked to keep the connection
     * @throws EOFException when the stream ends before or inside the head
     * @throws IOException when the head is malformed or too large
     */
    public Head readHead(boolean keepAliveRequested) throws IOException {
        answerStarted = pos < limit;
        received = limit - pos;
        keepAlive = false;
        bodyDone = false;
        heads.reset();
        while (true) {
            String line = line();
            if (line == null) {
                throw heads.endedEarly(answerStarted);
            }
            Head head = heads.line(line);
            if (head != null) {
                keepAlive = head.keepsConnection(keepAliveRequested);
                return head;
            }
        }
    }

    /**
     * The body of the answer whose head {@link #readHead} returned. Reading it to its end (-1)
     * is what makes the connection {@link #reusable()}; a body that ends early throws.
     */
    public InputStream body(Head head) throws IOException {
        requireNonNull(head, "head is null");
        BodyFraming framing = BodyFraming.of(head);
        return switch (framing.kind()) {
            case NONE -> {
                bodyDone = true; // no body by definition
                yield InputStream.nullInputStream();
            }
            case CHUNKED -> new ChunkedBody();
            case LENGTH -> new LengthBody(framing.length());
            case CLOSE -> {
                keepAlive = false; // the end of the body is the end of the connection
                yield new CloseDelimitedBody();
            }
        };
    }

    /** Reads the body of {@code head} to its end and returns its length (the bytes are dropped). */
    public long skipBody(Head head) throws IOException {
        InputStream body = body(head);
        if (scratch == null) {
            scratch = new byte[Math.max(8192, buffer.length)];
        }
        long n = 0;
        for (int r = body.read(scratch, 0, scratch.length); r >= 0; r = body.read(scratch, 0, scratch.length)) {
            n += r;
        }
        return n;
    }

    /** Where {@link #skipBody} drops bytes; allocated on first use. */
    private byte[] scratch;

    /** Whether the last answer was read to its end and both sides keep the connection. */
    public boolean reusable() {
        return keepAlive && bodyDone;
    }

    /** Whether any byte of the answer being read had arrived (a kept-alive connection closed while idle fails before that). */
    public boolean answerStarted() {
        return answerStarted;
    }

    /** Bytes of the current answer read from the stream so far (head and body as they came). */
    public long received() {
        return received;
    }

    private int fill() throws IOException {
        pos = 0;
        limit = 0;
        int n = in.read(buffer, 0, buffer.length);
        if (n > 0) {
            limit = n;
            received += n;
            answerStarted = true;
        }
        return n;
    }

    /** Up to {@code len} bytes from the buffer, or straight from the stream when the buffer is empty; -1 at end of stream. */
    private int readRaw(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (pos < limit) {
            int n = Math.min(len, limit - pos);
            System.arraycopy(buffer, pos, b, off, n);
            pos += n;
            return n;
        }
        if (len >= buffer.length) {
            int n = in.read(b, off, len);
            if (n > 0) {
                received += n;
                answerStarted = true;
            }
            return n;
        }
        if (fill() <= 0) {
            return -1;
        }
        return readRaw(b, off, len);
    }

    /** A CRLF- (or LF-) terminated ISO-8859-1 line without its terminator; null at end of stream, EOFException inside a line. */
    private String line() throws IOException {
        StringBuilder s = null;
        while (true) {
            if (pos >= limit && fill() <= 0) {
                if (s == null || s.length() == 0) {
                    return null;
                }
                throw new EOFException("connection closed inside a line of the answer: '" + HeadAssembler.cut(s.toString()) + "'");
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
            bodyDone = length == 0;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (remaining == 0) {
                bodyDone = true;
                return -1;
            }
            int n = readRaw(b, off, (int) Math.min(len, remaining));
            if (n < 0) {
                keepAlive = false;
                throw new EOFException("truncated body: Content-Length " + length + " but " + (length - remaining) + " bytes arrived");
            }
            remaining -= n;
            bodyDone = remaining == 0;
            return n;
        }
    }

    private final class CloseDelimitedBody extends Body {
        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = readRaw(b, off, len);
            if (n < 0) {
                bodyDone = true;
            }
            return n;
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
                try {
                    chunkLeft = BodyFraming.chunkSize(sizeLine);
                } catch (IOException e) {
                    keepAlive = false;
                    throw e;
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
                    keepAlive = false;
                    throw new IOException("chunk not followed by a line end");
                }
            }
            return n;
        }

        private IOException truncated(String what) {
            keepAlive = false;
            return new EOFException("truncated chunked body (" + what + ")");
        }
    }
}
