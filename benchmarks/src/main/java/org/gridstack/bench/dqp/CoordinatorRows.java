package org.gridstack.bench.dqp;

import static java.util.Objects.requireNonNull;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A query sent to the DQP coordinator as a client would send it ({@code POST /api/v1/query} over
 * real HTTP, JSON answer read whole), with the block size, codec and OPERATION_CALL parallelism
 * of the request. Keeps the cost profile of the last answer. An HTTP error or an answer ending in
 * {@code "error"} is an exception with the coordinator's message. Not thread-safe.
 */
final class CoordinatorRows implements RowSource {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http;
    private final URI query;
    private final byte[] body;
    private final Duration timeout;
    private Map<String, Object> lastProfile = Map.of();

    CoordinatorRows(HttpClient http, URI coordinator, String sql, int blockSize, String codec, Integer parallelism, Duration timeout) {
        this.http = requireNonNull(http, "http is null");
        this.query = requireNonNull(coordinator, "coordinator is null").resolve("/api/v1/query");
        this.timeout = requireNonNull(timeout, "timeout is null");
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("sql", requireNonNull(sql, "sql is null"));
        b.put("blockSize", blockSize);
        b.put("codec", requireNonNull(codec, "codec is null"));
        if (parallelism != null) {
            b.put("parallelism", parallelism);
        }
        try {
            this.body = JSON.writeValueAsBytes(b);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot encode the request: " + e.getMessage(), e);
        }
    }

    @Override
    public List<Object[]> fetch() throws Exception {
        HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(query).timeout(timeout).header("Content-Type", "application/json")
                .header("Accept", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        JsonNode answer;
        try (InputStream in = r.body()) {
            answer = JSON.readTree(in);
        }
        if (r.statusCode() != 200) {
            throw new IllegalStateException("coordinator " + query + " answered HTTP " + r.statusCode() + ": " + answer);
        }
        if (answer.has("error")) {
            throw new IllegalStateException("coordinator " + query + " failed mid-answer: " + answer.get("error"));
        }
        List<Object[]> rows = new ArrayList<>();
        for (JsonNode row : answer.path("rows")) {
            Object[] values = new Object[row.size()];
            for (int i = 0; i < values.length; i++) {
                JsonNode v = row.get(i);
                values[i] = v.isNull() ? null : v.isNumber() ? v.decimalValue() : v.isBoolean() ? (Object) v.booleanValue() : v.asText();
            }
            rows.add(values);
        }
        Map<String, Object> profile = new LinkedHashMap<>();
        answer.path("profile").fields().forEachRemaining(e -> profile.put(e.getKey(),
                e.getValue().isNumber() ? e.getValue().numberValue() : e.getValue().isBoolean() ? e.getValue().booleanValue() : e.getValue().asText()));
        lastProfile = profile;
        return rows;
    }

    /** The cost profile of the last answer ({@code dataServiceAccessMs}, ..., {@code exchangeBytes}); empty before the first. */
    Map<String, Object> lastProfile() {
        return lastProfile;
    }
}
