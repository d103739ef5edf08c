package org.gridstack.bench.kit;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import org.gridstack.frontier.protocol.http.HttpResponseReader;

/**
 * The benchmarks' raw HTTP/1.1 client: prepared GET requests written to one socket, answers framed
 * by the project's {@link HttpResponseReader} (Content-Length, chunked or close-delimited) and read
 * by the caller's {@link AnswerReader}, so a load loop allocates nothing per answer and costs as
 * little CPU as a client can on cores shared with the server. The socket is kept while the answers
 * allow it ({@link HttpResponseReader#reusable()}) and opened again when the server or proxy closed
 * it; a request on a kept socket that fails before any answer arrived (closed while idle) is sent
 * once more on a new one. {@link #connects()} counts the sockets opened. The socket goes to
 * {@code host:port} whatever the request names, so an absolute-URL request through a proxy works
 * too. Not thread-safe: one per client thread.
 */
public final class HttpGetConnection implements Closeable {
    private static final int BUFFER_BYTES = 64 * 1024;

    /** Reads one answer's body after its head; the connection checks reuse afterwards. */
    @FunctionalInterface
    public interface AnswerReader<T> {
        T read(HttpResponseReader.Head head, HttpResponseReader reader) throws IOException;
    }

    private final String host;
    private final int port;
    private final int connectTimeoutMillis;
    private final int readTimeoutMillis;
    private Socket socket;
    private HttpResponseReader reader;
    private OutputStream out;
    private long connects;

    /**
     * @param host the host (server or proxy) every socket connects to
     * @param connectTimeout bound on opening a socket
     * @param readTimeout bound on each read of an answer
     */
    public HttpGetConnection(String host, int port, Duration connectTimeout, Duration readTimeout) {
        this.host = Objects.requireNonNull(host, "host is null");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not 1..65535");
        }
        this.port = port;
        this.connectTimeoutMillis = Math.toIntExact(Objects.requireNonNull(connectTimeout, "connectTimeout is null").toMillis());
        this.readTimeoutMillis = Math.toIntExact(Objects.requireNonNull(readTimeout, "readTimeout is null").toMillis());
    }

    /**
     * A GET of {@code target} (a path, or an absolute URL for a proxy) from {@code host:port}, with
     * the given extra header lines (without CRLF) and {@code Connection: keep-alive} or {@code close}.
     */
    public static byte[] getRequest(String host, int port, String target, boolean keepAlive, String... headers) {
        StringBuilder b = new StringBuilder(target.length() + 200)
                .append("GET ").append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append(':').append(port).append("\r\n");
        for (String h : headers) {
            b.append(h).append("\r\n");
        }
        b.append(keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n");
        return b.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * Sends {@code request} and reads its answer with {@code answer}.
     *
     * @param keepAliveRequested whether {@code request} asked to keep the connection
     * @return what {@code answer} returned
     * @throws IOException when no complete answer came (the socket is then closed), or what
     *     {@code answer} threw
     */
    public <T> T exchange(byte[] request, boolean keepAliveRequested, AnswerReader<T> answer) throws IOException {
        boolean reused = socket != null;
        try {
            return send(request, keepAliveRequested, answer);
        } catch (IOException e) {
            boolean retry = reused && reader != null && !reader.answerStarted();
            disconnect();
            if (!retry) {
                throw e;
            }
            // a kept socket the server or proxy closed while it was idle: once more on a new one
            try {
                return send(request, keepAliveRequested, answer);
            } catch (IOException again) {
                disconnect();
                again.addSuppressed(e);
                throw again;
            }
        }
    }

    /** Sockets opened so far (one per answer without keep-alive). */
    public long connects() {
        return connects;
    }

    private <T> T send(byte[] request, boolean keepAliveRequested, AnswerReader<T> answer) throws IOException {
        if (socket == null) {
            connect();
        }
        out.write(request);
        out.flush();
        HttpResponseReader.Head head = reader.readHead(keepAliveRequested);
        T result = answer.read(head, reader);
        if (!reader.reusable()) {
            disconnect();
        }
        return result;
    }

    private void connect() throws IOException {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.setSoTimeout(readTimeoutMillis);
            s.connect(new InetSocketAddress(host, port), connectTimeoutMillis);
            out = s.getOutputStream();
            reader = new HttpResponseReader(s.getInputStream(), BUFFER_BYTES);
        } catch (IOException e) {
            s.close();
            throw e;
        }
        socket = s;
        connects++;
    }

    private void disconnect() {
        Socket s = socket;
        socket = null;
        out = null;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing is best effort; the next request opens a new socket
            }
        }
    }

    @Override
    public void close() {
        disconnect();
    }
}
