package org.gridstack.bench.grim;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Blocking calls to the GRIM API over persistent HTTP/1.1 connections (JDK HttpClient): the
 * baseline query, the bulk update path and read-back. Thread-safe.
 */
final class ServiceClient {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A parsed answer with the client-side round trip. */
    record Answer(int status, JsonNode body, long clientNanos, long bytes) {
    }

    private final URI base;
    private final String token;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    ServiceClient(URI base, String token) {
        this.base = requireNonNull(base, "base is null");
        this.token = requireNonNull(token, "token is null");
    }

    Answer operation(String name, String backend, Map<String, String> params) throws IOException, InterruptedException {
        StringBuilder q = new StringBuilder("/api/v1/operations/").append(name).append("?backend=").append(backend);
        params.forEach((k, v) -> q.append('&').append(k).append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return send(HttpRequest.newBuilder(base.resolve(q.toString())).timeout(Duration.ofSeconds(60)).GET().build());
    }

    /** {@code load_last_1min} of {@code host} as the backend holds it now. */
    long hostLoad(String backend, String host) throws IOException, InterruptedException {
        Answer a = operation("hostLookup", backend, Map.of("host", host));
        if (a.status() != 200 || a.body().path("data").size() != 1) {
            throw new IOException("hostLookup of " + host + " answered " + a.status() + ": " + a.body());
        }
        return a.body().path("data").get(0).path("load_last_1min").asLong();
    }

    /** Objects of {@code collection} in {@code backend}, from GET /api/v1/collections. */
    long count(String backend, String collection) throws IOException, InterruptedException {
        Answer a = send(HttpRequest.newBuilder(base.resolve("/api/v1/collections")).GET().build());
        for (JsonNode c : a.body().path("collections")) {
            if (c.path("name").asText().equals(collection)) {
                return c.path("objects").path(backend).asLong();
            }
        }
        throw new IOException("no collection " + collection + " in " + a.body());
    }

    /**
     * The service's group-commit meters summed over backends from /actuator/prometheus:
     * {groups committed, provider requests in them, commit seconds}.
     */
    double[] groupCommitMeters() throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/actuator/prometheus")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        double[] m = new double[3];
        for (String line : r.body().split("\n")) {
            if (line.startsWith("#")) {
                continue;
            }
            String name = line.contains("{") ? line.substring(0, line.indexOf('{')) : line.substring(0, line.indexOf(' '));
            double v;
            try {
                v = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            } catch (RuntimeException e) {
                continue;
            }
            switch (name) {
                case "grim_updates_group_requests_count" -> m[0] += v;
                case "grim_updates_group_requests_sum" -> m[1] += v;
                case "grim_updates_commit_seconds_sum" -> m[2] += v;
                default -> {
                }
            }
        }
        return m;
    }

    Answer postUpdates(String backend, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve("/api/v1/updates?backend=" + backend)).timeout(Duration.ofSeconds(120))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    private Answer send(HttpRequest r) throws IOException, InterruptedException {
        long t = System.nanoTime();
        HttpResponse<byte[]> resp = http.send(r, HttpResponse.BodyHandlers.ofByteArray());
        long nanos = System.nanoTime() - t;
        JsonNode body = resp.body().length == 0 ? JSON.nullNode() : JSON.readTree(resp.body());
        return new Answer(resp.statusCode(), body, nanos, resp.body().length);
    }
}
