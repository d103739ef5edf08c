package org.gridstack.service.http;

import com.google.errorprone.annotations.ThreadSafe;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Limits every request body before it is read. A request whose {@code Content-Length} is over the
 * limit is refused before the application sees it, by the service's own {@link Refusal} (HTTP 413
 * in the service's error shape). A body without a length (chunked) or longer than it said is
 * counted as the application reads it: the read that would pass the limit throws
 * {@link BodyTooLargeException}, which the service maps to 413. So at most {@code maxBytes} of a
 * body are ever buffered by the application, whatever the client sends.
 *
 * <p>Thread-safe (it holds only its settings); each request gets its own counting stream.
 */
@ThreadSafe
public final class BodyLimitFilter implements Filter {

    /** Writes the service's answer to a body declared over the limit (normally a 413). */
    @FunctionalInterface
    public interface Refusal {
        void refuse(HttpServletRequest request, HttpServletResponse response, long limit) throws IOException;
    }

    /** A refusal for services without an error shape of their own: 413 with a plain-text message. */
    public static final Refusal PLAIN_TEXT = (request, response, limit) ->
            response.sendError(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                    "request body is larger than the limit of " + limit + " bytes");

    private final long maxBytes;
    // Refusal is each service's answer writer (PLAIN_TEXT, or a lambda writing the service's error
    // shape: GRIM, R-GMA, Hawkeye, DQP), stateless in each; the interface is not annotated, which would
    // bind every service's lambda to the check
    @SuppressWarnings("ThreadSafe")
    private final Refusal refusal;

    /**
     * @param maxBytes the largest body accepted, at least 0
     * @param refusal writes the answer to a body declared over the limit
     */
    public BodyLimitFilter(long maxBytes, Refusal refusal) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must be at least 0, got " + maxBytes);
        }
        this.maxBytes = maxBytes;
        this.refusal = Objects.requireNonNull(refusal, "refusal is null");
    }

    /** The largest body accepted, in bytes. */
    public long maxBytes() {
        return maxBytes;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        if (!(req instanceof HttpServletRequest request) || !(res instanceof HttpServletResponse response)) {
            chain.doFilter(req, res);
            return;
        }
        if (request.getContentLengthLong() > maxBytes) {
            // the client will not be read: tell it, and let the container close the connection
            response.setHeader("Connection", "close");
            refusal.refuse(request, response, maxBytes);
            return;
        }
        chain.doFilter(new LimitedRequest(request, maxBytes), response);
    }

    /** A request whose body stream stops at the limit. */
    private static final class LimitedRequest extends HttpServletRequestWrapper {
        private final long limit;
        private ServletInputStream stream;
        private BufferedReader reader;

        LimitedRequest(HttpServletRequest request, long limit) {
            super(request);
            this.limit = limit;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (reader != null) {
                throw new IllegalStateException("getReader() was already called");
            }
            if (stream == null) {
                stream = new LimitedInputStream(super.getInputStream(), limit);
            }
            return stream;
        }

        @Override
        public BufferedReader getReader() throws IOException {
            if (reader == null) {
                if (stream != null) {
                    throw new IllegalStateException("getInputStream() was already called");
                }
                String encoding = getCharacterEncoding();
                Charset charset = encoding == null ? StandardCharsets.ISO_8859_1 : Charset.forName(encoding);
                reader = new BufferedReader(new InputStreamReader(
                        new LimitedInputStream(super.getInputStream(), limit), charset));
            }
            return reader;
        }
    }

    /** Counts what is read; the read that would pass the limit fails. */
    private static final class LimitedInputStream extends ServletInputStream {
        private final ServletInputStream in;
        private final long limit;
        private long read;

        LimitedInputStream(ServletInputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            // ask for at most one byte past the limit, so a body of exactly the limit passes
            long room = limit - read + 1;
            int n = in.read(buffer, offset, (int) Math.min(length, Math.max(1, room)));
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws BodyTooLargeException {
            read += n;
            if (read > limit) {
                throw new BodyTooLargeException(limit);
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
