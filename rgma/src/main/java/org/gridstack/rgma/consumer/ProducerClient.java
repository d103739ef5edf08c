package org.gridstack.rgma.consumer;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.gridstack.rgma.registry.QueryType;
import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.rgma.storage.Tuples;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * How the ConsumerServlet asks a ProducerServlet for one producer's tuples: HTTP
 * {@code GET <endpoint>/rgma/producers/<id>/tuples}, with keep-alive connections reused across
 * queries (R-GMA 3.4 opened one per query). Thread-safe.
 */
@ThreadSafe
public final class ProducerClient {
    private final HttpClient http;
    private final ObjectMapper json;
    private final Duration timeout;

    public ProducerClient(ObjectMapper json, Duration timeout) {
        this.json = requireNonNull(json, "json is null");
        this.timeout = requireNonNull(timeout, "timeout is null");
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();
    }

    /** The producer's tuples; a 4xx/5xx answer of the producer becomes an {@link RgmaException} with its status. */
    public Tuples query(String endpoint, long producer, QueryType type, String select, long afterSeq, int maxRows)
            throws IOException, InterruptedException {
        URI uri = URI.create(endpoint + "/rgma/producers/" + producer + "/tuples?type=" + type.wireName() + "&select="
                + URLEncoder.encode(select, StandardCharsets.UTF_8) + "&after=" + afterSeq + "&maxRows=" + maxRows);
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Accept", "application/json").GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            String message = "producer " + producer + " answered " + response.statusCode();
            try {
                Map<String, Object> error = json.readValue(response.body(), new TypeReference<>() { });
                message = String.valueOf(error.get("message"));
            } catch (IOException notJson) {
                // keep the status-only message
            }
            throw new RgmaException(response.statusCode(), message);
        }
        Answer a = json.readValue(response.body(), Answer.class);
        return new Tuples(a.columns(), a.rows(), a.truncated(), a.lastSeq());
    }

    /** The JSON shape of a producer's answer. */
    record Answer(List<String> columns, List<List<Object>> rows, boolean truncated, long lastSeq) {
    }
}
