package org.gridstack.rgma.web;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Plain HTTP requests to the server under test, answers as status + JSON. */
final class Http {
    record Answer(int status, String body, JsonNode json) {
    }

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final ObjectMapper mapper = new ObjectMapper();
    final String base;

    Http(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    Answer send(HttpRequest.Builder b) throws IOException, InterruptedException {
        HttpResponse<String> r = client.send(b.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode json = null;
        try {
            json = mapper.readTree(r.body());
        } catch (IOException notJson) {
            // XML or empty
        }
        return new Answer(r.statusCode(), r.body(), json);
    }

    Answer get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    Answer post(String path, String contentType, String body, String token, String forwardedFor)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (forwardedFor != null) {
            b.header("X-Forwarded-For", forwardedFor);
        }
        return send(b);
    }

    Answer createTable(String sql) throws IOException, InterruptedException {
        return post("/rgma/schema/tables", "text/plain", sql, null, null);
    }

    Answer createProducer(String json) throws IOException, InterruptedException {
        return post("/rgma/producers", "application/json", json, null, null);
    }

    Answer insert(JsonNode producer, String sql) throws IOException, InterruptedException {
        return post("/rgma/producers/" + producer.get("id").asLong() + "/insert", "text/plain", sql,
                producer.get("token").asText(), null);
    }

    Answer query(String type, String select) throws IOException, InterruptedException {
        return get("/rgma/consumer/query?type=" + type + "&select=" + enc(select));
    }
}
