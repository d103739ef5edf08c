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
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A query sent to the DQP coordinator as a client would send it ({@code POST /api/v1/query} over
 * real HTTP, the JSON answer read whole as a token stream, with no tree of it), with the block size, codec and OPERATION_CALL parallelism
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
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot encode the request: " + e.getMessage(), e);
        }
    }

    @Override
    public List<Object[]> fetch() throws Exception {
        HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(query).timeout(timeout).header("Content-Type", "application/json")
                .header("Accept", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        if (r.statusCode() != 200) {
            String error;
            try (InputStream in = r.body()) {
                error = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            throw new IllegalStateException("coordinator " + query + " answered HTTP " + r.statusCode() + ": " + error);
        }
        List<Object[]> rows = new ArrayList<>();
        Map<String, Object> profile = new LinkedHashMap<>();
        String error = null;
        // read as a stream, token by token, as a client of a large answer would (no tree of the whole answer)
        try (InputStream in = r.body(); JsonParser json = JSON.getFactory().createParser(in)) {
            expect(json.nextToken(), JsonToken.START_OBJECT);
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.getCurrentName();
                JsonToken value = json.nextToken();
                switch (field) {
                    case "rows" -> readRows(json, rows);
                    case "profile" -> {
                        expect(value, JsonToken.START_OBJECT);
                        while (json.nextToken() == JsonToken.FIELD_NAME) {
                            String key = json.getCurrentName();
                            JsonToken t = json.nextToken();
                            profile.put(key, t.isNumeric() ? json.getNumberValue() : t.isBoolean() ? (Object) json.getBooleanValue() : json.getText());
                        }
                    }
                    case "error" -> error = json.getText();
                    default -> json.skipChildren();
                }
            }
        }
        if (error != null) {
            throw new IllegalStateException("coordinator " + query + " failed mid-answer: " + error);
        }
        lastProfile = profile;
        return rows;
    }

    private static void readRows(JsonParser json, List<Object[]> rows) throws IOException {
        expect(json.currentToken(), JsonToken.START_ARRAY);
        List<Object> values = new ArrayList<>();
        while (json.nextToken() == JsonToken.START_ARRAY) {
            values.clear();
            JsonToken t;
            while ((t = json.nextToken()) != JsonToken.END_ARRAY) {
                values.add(switch (t) {
                    case VALUE_NULL -> null;
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> json.getDecimalValue();
                    case VALUE_TRUE -> Boolean.TRUE;
                    case VALUE_FALSE -> Boolean.FALSE;
                    default -> json.getText();
                });
            }
            rows.add(values.toArray());
        }
    }

    private static void expect(JsonToken actual, JsonToken expected) throws IOException {
        if (actual != expected) {
            throw new IOException("unexpected JSON in the coordinator's answer: " + actual + " where " + expected + " belongs");
        }
    }

    /** The cost profile of the last answer ({@code dataServiceAccessMs}, ..., {@code exchangeBytes}); empty before the first. */
    Map<String, Object> lastProfile() {
        return lastProfile;
    }
}
