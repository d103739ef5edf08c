package org.gridstack.bench.squid;

import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import org.gridstack.bench.kit.HttpGetConnection;

/**
 * The "plain HTTP client" of the comparison: a GET through a proxy, or straight to the servlet
 * (absolute URL either way, which Tomcat accepts; HTTP/1.1, the same headers the SDK sends so Squid
 * treats both alike) that reads the whole answer and checks
 * the status and the body length (on the benchmarks' raw {@link HttpGetConnection}). No FroNtier decoding: it shows what the Squid can serve when the
 * client costs next to nothing. Two ways of connecting: a fresh connection per query
 * ({@code Connection: close}, as the SDK did before connection reuse), or one persistent
 * connection per client (keep-alive), renewed only when Squid closes it. Not thread-safe: one per
 * client thread.
 */
final class PlainHttpGet implements Closeable {
    private final byte[] request;
    private final boolean keepAlive;
    private final HttpGetConnection connection;

    PlainHttpGet(URI url, String proxyHost, int proxyPort, boolean keepAlive) {
        Objects.requireNonNull(url, "url is null");
        this.keepAlive = keepAlive;
        this.connection = new HttpGetConnection(proxyHost, proxyPort, Duration.ofSeconds(5), Duration.ofSeconds(30));
        this.request = HttpGetConnection.getRequest(url.getHost(), url.getPort(), url.toASCIIString(), keepAlive,
                "X-Frontier-Id: squid-access-bench", "Cache-Control: max-stale=1");
    }

    /** One GET; returns the body length, or throws when the answer is not a complete 200. */
    long get() throws IOException {
        return connection.exchange(request, keepAlive, (head, reader) -> {
            long bodyBytes = reader.skipBody(head);
            if (head.status() != 200) {
                throw new IOException("not a 200 answer: status " + head.status() + " (" + bodyBytes + " body bytes)");
            }
            return bodyBytes;
        });
    }

    /** Connections opened so far (one per query without keep-alive; one per client with it, unless Squid closed some). */
    long connects() {
        return connection.connects();
    }

    @Override
    public void close() {
        connection.close();
    }
}
