package org.gridstack.client.frontier;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.gridstack.frontier.protocol.BlobEncoding;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.protocol.RowStreamReader;
import org.gridstack.frontier.protocol.Ttl;

/**
 * A minimal FroNtier client: one server, one query per request, answers checked (md5, zlib,
 * full_size) before any row is returned. It speaks to this project's servlet and to the production
 * FroNtier servlet alike. Fail-over across servers and proxies, refresh policies and the JDBC
 * driver build on it. Thread-safe.
 */
public final class FrontierClient {
    /** A decoded answer. */
    public record Result(List<String> columnNames, List<String> typeNames, List<List<String>> rows, long fullSize) {
    }

    private final URI server;
    private final int zipLevel;
    private final String frontierId;
    private final HttpClient http;
    private final Duration readTimeout;

    /**
     * @param server the server URL as FroNtier clients are configured with it, e.g.
     *     {@code http://host:8000/Frontier} (requests go to {@code <server>/Frontier/type=...})
     * @param zipLevel retrieve zip level 0..9 (0 = plain BLOB), 5 in the C client
     */
    public FrontierClient(URI server, int zipLevel) {
        this.server = Objects.requireNonNull(server, "server is null");
        BlobEncoding.forClientZipLevel(zipLevel); // validates
        this.zipLevel = zipLevel;
        this.frontierId = "gridstack-java 0.1 " + ProcessHandle.current().pid() + " " + System.getProperty("user.name", "unknown");
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        this.readTimeout = Duration.ofSeconds(10 * 60);
    }

    /** The request URL for a query, in the slash form Squid caches. */
    public URI url(String sql, Ttl ttl) {
        String base = server.toString().replaceAll("/+$", "");
        String url = base + "/Frontier/type=frontier_request:1:DEFAULT&encoding=" + BlobEncoding.forClientZipLevel(zipLevel)
                + "&p1=" + P1Codec.encode(sql) + (ttl == Ttl.LONG ? "" : "&ttl=" + ttl.urlValue());
        return URI.create(url);
    }

    /** Runs a query; throws with the server's message when it answers with an error. */
    public Result query(String sql) throws IOException, FrontierException {
        HttpRequest request = HttpRequest.newBuilder(url(sql, Ttl.LONG)).timeout(readTimeout)
                .header("X-Frontier-Id", frontierId).header("Cache-Control", "max-stale=1").GET().build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + server, e);
        }
        try {
            ResponseParser.Response parsed = ResponseParser.parse(response.body());
            if (parsed.globalError() != null) {
                throw new FrontierException(server + " answered HTTP " + response.statusCode() + " with an error: " + parsed.globalError());
            }
            if (parsed.payloads().size() != 1) {
                throw new FrontierException(server + " answered " + parsed.payloads().size() + " payloads to one query");
            }
            ResponseParser.Payload p = parsed.payloads().get(0);
            if (p.error() != 0) {
                throw new FrontierException(server + " could not run the query: " + p.message());
            }
            RowStreamReader.Decoded d = p.decode();
            if (d.rows().size() != p.records()) {
                throw new FrontierException(server + " said records=" + p.records() + " but sent " + d.rows().size());
            }
            List<List<String>> rows = new ArrayList<>(d.rows().size());
            for (List<RowStreamReader.Field> row : d.rows()) {
                List<String> values = new ArrayList<>(row.size());
                for (RowStreamReader.Field f : row) {
                    values.add(f.isNull() ? null : f.type() == 6 ? f.text() : String.valueOf(f.value()));
                }
                rows.add(values);
            }
            return new Result(d.columnNames(), d.typeNames(), rows, p.fullSize());
        } catch (FrontierProtocolException e) {
            throw new FrontierException(server + " sent a broken answer: " + e.getMessage(), e);
        }
    }
}
