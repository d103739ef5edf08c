package org.gridstack.bench.squid;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The "plain HTTP client" of the comparison: a GET through a proxy (absolute URL, HTTP/1.1, the
 * same headers the SDK sends so Squid treats both alike) that reads the whole answer and checks
 * the status and the body length (framing parsed by {@link HttpAnswerReader}: Content-Length,
 * chunked or close-delimited). No FroNtier decoding: it shows what the Squid can serve when the
 * client costs next to nothing. Two ways of connecting: a fresh connection per query
 * ({@code Connection: close}, as the SDK did before connection reuse), or one persistent
 * connection per client (keep-alive), renewed only when Squid closes it. Not thread-safe: one per
 * client thread.
 */
final class PlainHttpGet implements Closeable {
    private final byte[] request;
    private final String proxyHost;
    private final int proxyPort;
    private final boolean keepAlive;
    private final byte[] buffer = new byte[64 * 1024];
    private Socket socket;
    private OutputStream out;
    private HttpAnswerReader reader;
    private long connects;

    PlainHttpGet(URI url, String proxyHost, int proxyPort, boolean keepAlive) {
        Objects.requireNonNull(url, "url is null");
        this.proxyHost = Objects.requireNonNull(proxyHost, "proxyHost is null");
        this.proxyPort = proxyPort;
        this.keepAlive = keepAlive;
        this.request = ("GET " + url.toASCIIString() + " HTTP/1.1\r\nHost: " + url.getHost() + ":" + url.getPort()
                + "\r\nX-Frontier-Id: squid-access-bench\r\nCache-Control: max-stale=1\r\n"
                + (keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n") + "\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    /** One GET; returns the body length, or throws when the answer is not a complete 200. */
    long get() throws IOException {
        boolean reused = socket != null;
        try {
            return exchange();
        } catch (IOException e) {
            boolean retry = reused && !reader.answerStarted();
            disconnect();
            if (!retry) {
                throw e;
            }
            // a kept-alive connection Squid closed while it was idle: once more on a new one
            try {
                return exchange();
            } catch (IOException again) {
                disconnect();
                again.addSuppressed(e);
                throw again;
            }
        }
    }

    private long exchange() throws IOException {
        if (socket == null) {
            connect();
        }
        out.write(request);
        out.flush();
        HttpAnswerReader.Answer a = reader.read();
        if (a.status() != 200) {
            throw new IOException("not a 200 answer: status " + a.status() + " (" + a.bodyBytes() + " body bytes)");
        }
        if (!keepAlive || a.connectionEnds()) {
            disconnect();
        }
        return a.bodyBytes();
    }

    private void connect() throws IOException {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(proxyHost, proxyPort), 5_000);
            s.setSoTimeout(30_000);
            out = s.getOutputStream();
            reader = new HttpAnswerReader(s.getInputStream(), buffer);
        } catch (IOException e) {
            s.close();
            throw e;
        }
        socket = s;
        connects++;
    }

    private void disconnect() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing is best effort; the next query opens a new connection
            }
            socket = null;
        }
    }

    /** Connections opened so far (one per query without keep-alive; one per client with it, unless Squid closed some). */
    long connects() {
        return connects;
    }

    @Override
    public void close() {
        disconnect();
    }
}
