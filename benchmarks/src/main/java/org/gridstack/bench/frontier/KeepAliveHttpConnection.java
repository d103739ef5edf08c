package org.gridstack.bench.frontier;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

import org.gridstack.frontier.protocol.http.HttpResponseReader;

/**
 * A minimal HTTP/1.1 client on one keep-alive socket: sends a prepared GET and reads the answer
 * with the project's framing reader ({@link HttpResponseReader}: Content-Length, chunked or
 * close-delimited) into a reusable buffer. Large bodies go from the socket straight into that
 * buffer and nothing is allocated per body byte, so on a machine whose cores are shared with the
 * server it takes as little CPU as a client can. Reconnects when the server closes (Tomcat closes
 * after {@code maxKeepAliveRequests}); {@link #connects()} counts how often. Not thread-safe.
 */
final class KeepAliveHttpConnection implements Closeable {
    private static final int SOCKET_TIMEOUT_MILLIS = 120_000;

    private final String host;
    private final int port;
    private static final int READ_CHUNK = 64 * 1024;

    private Socket socket;
    private HttpResponseReader reader;
    private OutputStream out;
    private int connects;

    KeepAliveHttpConnection(String host, int port) {
        this.host = Objects.requireNonNull(host, "host is null");
        this.port = port;
    }

    /** A GET request for {@code target} with the given extra header lines (without CRLF). */
    static byte[] getRequest(String host, int port, String target, String... headers) {
        StringBuilder b = new StringBuilder(target.length() + 200)
                .append("GET ").append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append(':').append(port).append("\r\n");
        for (String h : headers) {
            b.append(h).append("\r\n");
        }
        b.append("Connection: keep-alive\r\n\r\n");
        return b.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * Sends {@code request} and reads the answer's body into {@code body} (cleared first).
     *
     * @return the HTTP status code
     */
    int exchange(byte[] request, GrowableBytes body) throws IOException {
        body.clear();
        boolean reused = socket != null;
        connectIfNeeded();
        try {
            return send(request, body);
        } catch (IOException e) {
            disconnect();
            // a kept-alive socket the server closed while idle: one attempt on a fresh one
            if (reused && !reader.answerStarted()) {
                connectIfNeeded();
                try {
                    return send(request, body);
                } catch (IOException again) {
                    disconnect();
                    throw again;
                }
            }
            throw e;
        }
    }

    private int send(byte[] request, GrowableBytes body) throws IOException {
        body.clear();
        out.write(request);
        out.flush();
        return readResponse(body);
    }

    /** Times a socket was opened. */
    int connects() {
        return connects;
    }

    private int readResponse(GrowableBytes body) throws IOException {
        HttpResponseReader.Head head = reader.readHead(true);
        InputStream stream = reader.body(head);
        while (true) {
            byte[] dst = body.reserve(READ_CHUNK);
            int r = stream.read(dst, body.length(), READ_CHUNK);
            if (r < 0) {
                break;
            }
            body.advance(r);
        }
        if (!reader.reusable()) {
            disconnect();
        }
        return head.status();
    }

    private void connectIfNeeded() throws IOException {
        if (socket != null) {
            return;
        }
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
            s.connect(new InetSocketAddress(host, port), 10_000);
        } catch (IOException e) {
            s.close();
            throw e;
        }
        socket = s;
        reader = new HttpResponseReader(s.getInputStream(), READ_CHUNK);
        out = s.getOutputStream();
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
                // nothing left to release
            }
        }
    }

    @Override
    public void close() {
        disconnect();
    }
}
