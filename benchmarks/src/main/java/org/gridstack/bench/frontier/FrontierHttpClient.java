package org.gridstack.bench.frontier;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.frontier.protocol.BlobEncoding;
import org.gridstack.frontier.protocol.P1Codec;

/**
 * One FroNtier client: its own keep-alive connection, one prepared request (the query at one zip
 * level), every answer read in full and verified. Not thread-safe: one per load thread.
 */
final class FrontierHttpClient implements ClosedLoopDriver.Client {
    static final String HOST = "127.0.0.1";
    static final String FRONTIER_ID = "X-Frontier-Id: gridstack-benchmarks FrontierThroughputBenchmark";

    private final KeepAliveHttpConnection connection;
    private final byte[] request;
    private final GrowableBytes body = new GrowableBytes(2 << 20);
    private final AnswerVerifier verifier;

    FrontierHttpClient(ServletAddress servlet, byte[] request, AnswerVerifier verifier) {
        this.connection = new KeepAliveHttpConnection(servlet.host(), servlet.port());
        this.request = Objects.requireNonNull(request, "request is null");
        this.verifier = Objects.requireNonNull(verifier, "verifier is null");
    }

    /** The request for {@code sql} at {@code zipLevel} (0 sends plain BLOB, as the C client does). */
    static byte[] request(ServletAddress servlet, String sql, int zipLevel) {
        return KeepAliveHttpConnection.getRequest(servlet.host(), servlet.port(), target(servlet, sql, zipLevel), FRONTIER_ID);
    }

    static String target(ServletAddress servlet, String sql, int zipLevel) {
        return servlet.path() + "/type=frontier_request:1:DEFAULT&encoding=" + BlobEncoding.forClientZipLevel(zipLevel)
                + "&p1=" + P1Codec.encode(sql);
    }

    /** Fetches one answer without checking it beyond the HTTP status (for building the reference). */
    static byte[] fetchOnce(ServletAddress servlet, String sql, int zipLevel) throws IOException {
        try (KeepAliveHttpConnection c = new KeepAliveHttpConnection(servlet.host(), servlet.port())) {
            GrowableBytes b = new GrowableBytes(2 << 20);
            int status = c.exchange(request(servlet, sql, zipLevel), b);
            if (status != 200) {
                throw new IOException("HTTP " + status + " for zip level " + zipLevel + ": "
                        + new String(b.data(), 0, Math.min(b.length(), 500), StandardCharsets.ISO_8859_1));
            }
            return b.toArray();
        }
    }

    @Override
    public void query(ClosedLoopDriver.Tally tally) throws IOException, AnswerMismatchException {
        int status = connection.exchange(request, body);
        if (status != 200) {
            throw new IOException("HTTP " + status + ": " + new String(body.data(), 0, Math.min(body.length(), 500), StandardCharsets.ISO_8859_1));
        }
        tally.add(body.length(), verifier.verify(body.data(), body.length()));
    }

    AnswerVerifier verifier() {
        return verifier;
    }

    int connects() {
        return connection.connects();
    }

    @Override
    public void close() {
        connection.close();
        verifier.close();
    }
}
