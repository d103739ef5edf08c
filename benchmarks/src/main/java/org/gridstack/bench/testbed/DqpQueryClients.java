package org.gridstack.bench.testbed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gridstack.bench.kit.ClosedLoopDriver;
import java.nio.charset.StandardCharsets;

/**
 * Users of the DQP coordinator on a testbed client host, as a factory described by text so they
 * run in load agents on that host: {@code QUERY_URL ROWS SQL}. Each client posts {@code SQL} to the
 * coordinator's query endpoint (block size 100, binary codec, as the testbed's checks do) and waits
 * for the whole answer; it is right when the status is 200 and it holds {@code ROWS} rows. The
 * clients of one factory share an HTTP client. Thread-safe.
 */
public final class DqpQueryClients implements ClosedLoopDriver.ClientFactory {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI query;
    private final long rows;
    private final String body;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).version(HttpClient.Version.HTTP_1_1).build();

    public DqpQueryClients(String[] args) throws Exception {
        if (args.length != 3) {
            throw new IllegalArgumentException("expected QUERY_URL ROWS SQL, got " + List.of(args));
        }
        this.query = URI.create(args[0]);
        this.rows = Long.parseLong(args[1]);
        this.body = JSON.writeValueAsString(Map.of("sql", args[2], "blockSize", 100, "codec", "binary"));
    }

    static List<String> args(URI query, long rows, String sql) {
        return List.of(query.toString(), Long.toString(rows), sql);
    }

    @Override
    public ClosedLoopDriver.Client open(int index) {
        HttpRequest request = HttpRequest.newBuilder(query).timeout(Duration.ofSeconds(120)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return tally -> {
            HttpResponse<byte[]> r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() != 200) {
                throw new IllegalStateException("the coordinator answered " + r.statusCode() + ": "
                        + new String(r.body(), StandardCharsets.UTF_8));
            }
            JsonNode answer = JSON.readTree(r.body());
            if (answer.path("rows").size() != rows) {
                throw new IllegalStateException("wrong answer: " + answer.path("rows").size() + " rows, expected " + rows);
            }
            tally.add(r.body().length, r.body().length);
        };
    }
}
