package org.gridstack.bench.frontier;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.bench.kit.HttpGetConnection;
import org.gridstack.frontier.protocol.BlobEncoding;
import org.gridstack.frontier.protocol.P1Codec;


/**
 * One FroNtier client: its own keep-alive connection, one prepared request (the query at one zip
 * level), every answer read in full and verified. Not thread-safe: one per load thread.
 */
final class FrontierHttpClient implements ClosedLoopDriver.Client {
    static final String HOST = "127.0.0.1";
    private static final int READ_CHUNK = 64 * 1024;
    static final String FRONTIER_ID = "X-Frontier-Id: gridstack-benchmarks FrontierThroughputBenchmark";

    private final HttpGetConnection connection;
    private final byte[] request;
    private final GrowableBytes body = new GrowableBytes(2 << 20);
    private final AnswerVerifier verifier;

    FrontierHttpClient(ServletAddress servlet, byte[] request, AnswerVerifier verifier) {
        this.connection = open(servlet);
        this.request = Objects.requireNonNull(request, "request is null");
        this.verifier = Objects.requireNonNull(verifier, "verifier is null");
    }

    /** The request for {@code sql} at {@code zipLevel} (0 sends plain BLOB, as the C client does). */
    static byte[] request(ServletAddress servlet, String sql, int zipLevel) {
        return HttpGetConnection.getRequest(servlet.host(), servlet.port(), target(servlet, sql, zipLevel), true, FRONTIER_ID);
    }

    static String target(ServletAddress servlet, String sql, int zipLevel) {
        return servlet.path() + "/type=frontier_request:1:DEFAULT&encoding=" + BlobEncoding.forClientZipLevel(zipLevel)
                + "&p1=" + P1Codec.encode(sql);
    }

    /** Fetches one answer without checking it beyond the HTTP status (for building the reference). */
    static byte[] fetchOnce(ServletAddress servlet, String sql, int zipLevel) throws IOException {
        try (HttpGetConnection c = open(servlet)) {
            GrowableBytes b = new GrowableBytes(2 << 20);
            int status = c.exchange(request(servlet, sql, zipLevel), true, bodyInto(b));
            if (status != 200) {
                throw new IOException("HTTP " + status + " for zip level " + zipLevel + ": "
                        + new String(b.data(), 0, Math.min(b.length(), 500), StandardCharsets.ISO_8859_1));
            }
            return b.toArray();
        }
    }

    @Override
    public void query(ClosedLoopDriver.Tally tally) throws IOException, AnswerMismatchException {
        int status = connection.exchange(request, true, bodyInto(body));
        if (status != 200) {
            throw new IOException("HTTP " + status + ": " + new String(body.data(), 0, Math.min(body.length(), 500), StandardCharsets.ISO_8859_1));
        }
        tally.add(body.length(), verifier.verify(body.data(), body.length()));
    }

    AnswerVerifier verifier() {
        return verifier;
    }

    long connects() {
        return connection.connects();
    }

    /** A connection to the servlet: answers of large queries may take a while under load. */
    static HttpGetConnection open(ServletAddress servlet) {
        return new HttpGetConnection(servlet.host(), servlet.port(), Duration.ofSeconds(10), Duration.ofSeconds(120));
    }

    /** Reads an answer's whole body into {@code body} (cleared first) and gives its status. */
    static HttpGetConnection.AnswerReader<Integer> bodyInto(GrowableBytes body) {
        return (head, reader) -> {
            body.clear();
            InputStream stream = reader.body(head);
            while (true) {
                byte[] dst = body.reserve(READ_CHUNK);
                int r = stream.read(dst, body.length(), READ_CHUNK);
                if (r < 0) {
                    return head.status();
                }
                body.advance(r);
            }
        };
    }

    @Override
    public void close() {
        connection.close();
        verifier.close();
    }
}
