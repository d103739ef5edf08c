package org.gridstack.client.frontier;

import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Objects;

import org.gridstack.frontier.protocol.http.HttpResponseReader;

/**
 * One HTTP/1.1 connection to a proxy or server: sends a request and reads the answer with the
 * project's one HTTP/1.x framing reader ({@link HttpResponseReader}), which hands out the body as
 * a stream that enforces the framing (Content-Length, chunked, or close-delimited), so a
 * truncated body is an error rather than a short answer. Every read has the read timeout (a
 * stalled answer fails even after the headers arrived, like the C client), reported as
 * {@link UnreachableException}; a connection found closed before any byte of the answer is a
 * {@link ClosedBeforeAnswerException} (the caller may send again on a new one). Reusable for the
 * next request when the last body was read to its end, both sides keep the connection, and the
 * framing was not close-delimited. Not thread-safe: one request at a time.
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

    private final String peer;
    private final Socket socket;
    private final OutputStream out;
    private final int readTimeoutMillis;
    private final HttpResponseReader reader;
    private boolean broken;
    private long idleSince;
    private int requests;

    private HttpConnection(String peer, Socket socket, int readTimeoutMillis) throws IOException {
        this.peer = peer;
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.readTimeoutMillis = readTimeoutMillis;
        this.reader = new HttpResponseReader(new TimeoutReporting(socket.getInputStream()), 16 * 1024);
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
        return !broken && reader.reusable() && !socket.isClosed();
    }

    /**
     * Sends a request and reads the answer's head.
     *
     * @throws ClosedBeforeAnswerException when the connection turned out to be closed before any byte of the answer
     * @throws UnreachableException on a read timeout
     * @throws IOException when the head is malformed
     */
    HttpResponseReader.Head send(byte[] request, boolean keepAlive) throws IOException {
        broken = false;
        requests++;
        try {
            out.write(request);
            out.flush();
        } catch (IOException e) {
            broken = true;
            throw new ClosedBeforeAnswerException("sending to " + peer + " failed: " + e, e);
        }
        try {
            return reader.readHead(keepAlive);
        } catch (UnreachableException e) {
            broken = true;
            throw e;
        } catch (IOException e) {
            broken = true;
            if (!reader.answerStarted()) {
                throw new ClosedBeforeAnswerException("connection to " + peer + " closed before the status line: " + e.getMessage(), e);
            }
            throw e;
        }
    }

    /**
     * The body of the answer whose head {@link #send} returned. Reading it to its end (-1) is what
     * makes the connection reusable; a body that ends early throws an IOException saying so.
     */
    InputStream body(HttpResponseReader.Head head) throws IOException {
        InputStream body = reader.body(head);
        return new FilterInputStream(body) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                try {
                    return super.read(b, off, len);
                } catch (IOException e) {
                    broken = true;
                    throw e;
                }
            }
        };
    }

    /** Bytes of the answer read so far (head and body as they came over the wire). */
    long received() {
        return reader.received();
    }

    @Override
    public void close() {
        broken = true;
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing to do: the connection is gone either way
        }
    }

    /** The socket's stream, reporting a read timeout as the peer being unreachable. */
    private final class TimeoutReporting extends FilterInputStream {
        TimeoutReporting(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (SocketTimeoutException e) {
                broken = true;
                throw new UnreachableException("no data from " + peer + " for " + readTimeoutMillis / 1000.0 + " s", e);
            }
        }
    }
}
