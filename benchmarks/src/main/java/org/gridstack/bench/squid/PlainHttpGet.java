package org.gridstack.bench.squid;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

import org.gridstack.frontier.protocol.http.HttpResponseReader;

/**
 * The "plain HTTP client" of the comparison: a GET through a proxy, or straight to the servlet
 * (absolute URL either way, which Tomcat accepts; HTTP/1.1, the same headers the SDK sends so Squid
 * treats both alike) that reads the whole answer and checks
 * the status and the body length (framing parsed by the project's {@link HttpResponseReader}: Content-Length,
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
    private Socket socket;
    private OutputStream out;
    private HttpResponseReader reader;
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
        HttpResponseReader.Head head = reader.readHead(keepAlive);
        long bodyBytes = reader.skipBody(head);
        if (head.status() != 200) {
            throw new IOException("not a 200 answer: status " + head.status() + " (" + bodyBytes + " body bytes)");
        }
        if (!reader.reusable()) {
            disconnect();
        }
        return bodyBytes;
    }

    private void connect() throws IOException {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(proxyHost, proxyPort), 5_000);
            s.setSoTimeout(30_000);
            out = s.getOutputStream();
            reader = new HttpResponseReader(s.getInputStream(), 64 * 1024);
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
