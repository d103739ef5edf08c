package org.gridstack.grim.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridstack.grim.store.postgres.EmbeddedPostgres;
import org.gridstack.testing.SpringBootJarProcess;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A crash in the middle of {@code backend=all} batches: GRIM runs as a child JVM on an external
 * PostgreSQL (which survives it) with {@code grim.postgres.keep-data}; a provider keeps sending
 * batches that set one attribute of 200 hosts to the batch's number; the JVM is killed (SIGKILL)
 * while batches are in flight, then started again on the same database. Afterwards every copy is
 * equal ({@code /api/v1/replication/check}), each batch is all or nothing (the 200 hosts hold one
 * number), and no acknowledged batch is lost (that number is at least the last acknowledged one).
 */
class TestCrashConvergence {
    private static final String TOKEN = "crash-test-token";
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void copiesConvergeAfterAKillInTheMiddleOfBatches() throws Exception {
        try (EmbeddedPostgres postgres = EmbeddedPostgres.start()) {
            List<String> args = List.of("--grim.scale=0.02", "--grim.provider-tokens=" + TOKEN,
                    "--grim.postgres.url=" + postgres.jdbcUrl(), "--grim.postgres.user=" + postgres.adminUser(),
                    "--grim.postgres.password=" + postgres.adminPassword(), "--grim.postgres.reader-user=" + EmbeddedPostgres.READER,
                    "--grim.postgres.reader-password=" + postgres.readerPassword(), "--grim.postgres.keep-data=true");
            int acknowledged;
            List<String> hosts;
            try (SpringBootJarProcess first = start(args, "first")) {
                hosts = firstHosts(first.baseUri(), 200);
                AtomicInteger lastAcknowledged = new AtomicInteger();
                Thread provider = new Thread(() -> sendBatches(first.baseUri(), hosts, lastAcknowledged), "provider");
                provider.start();
                await().forever().pollInterval(Duration.ofMillis(20)).until(() -> lastAcknowledged.get() >= 15 || !provider.isAlive());
                first.kill();
                provider.join(60_000);
                acknowledged = lastAcknowledged.get();
                assertTrue(acknowledged >= 15, () -> "batches acknowledged before the kill: expected >= 15 but was " + acknowledged);
            }
            try (SpringBootJarProcess second = start(args, "second")) {
                JsonNode check = json.readTree(get(second.baseUri(), "/api/v1/replication/check", true));
                assertTrue(check.path("equal").asBoolean(), "copies after the restart: " + check);
                JsonNode values = json.readTree(get(second.baseUri(), "/api/v1/native?backend=postgres&q=" + URLEncoder.encode(
                        "SELECT min(load_last_1min), max(load_last_1min) FROM host WHERE host_id IN ('" + String.join("','", hosts) + "')",
                        StandardCharsets.UTF_8), false)).path("data").get(0);
                long min = values.get(0).asLong();
                long max = values.get(1).asLong();
                assertEquals(max, min, "every host holds the same batch number (no batch half-stored)");
                assertTrue(max >= acknowledged, () -> "no acknowledged batch is lost: expected >= " + acknowledged + " but was " + max);
                // and the restarted service keeps the copies together for new writes
                post(second.baseUri(), batch(hosts, 1_000_000));
                JsonNode after = json.readTree(get(second.baseUri(), "/api/v1/replication/check", true));
                assertTrue(after.path("equal").asBoolean(), "copies after a new write: " + after);
            }
        }
    }

    private SpringBootJarProcess start(List<String> args, String which) throws IOException, InterruptedException {
        return SpringBootJarProcess.fromTestClassPath("GRIM (" + which + " start)", GrimApplication.class.getName())
                .jvmArgs(List.of("-Xmx512m")).args(args).log(Path.of("target", "crash-test", which + ".log"))
                .redaction(a -> a.startsWith("--grim.postgres.password=") || a.startsWith("--grim.postgres.reader-password=")
                        ? a.substring(0, a.indexOf('=') + 1) + "***" : a)
                .start();
    }

    private void sendBatches(URI base, List<String> hosts, AtomicInteger lastAcknowledged) {
        for (int b = 1;; b++) {
            try {
                post(base, batch(hosts, b));
                lastAcknowledged.set(b);
            } catch (IOException | InterruptedException | AssertionError e) {
                return; // the service was killed
            }
        }
    }

    private String batch(List<String> hosts, long number) {
        StringBuilder sb = new StringBuilder("{\"updates\":[");
        for (int i = 0; i < hosts.size(); i++) {
            sb.append(i == 0 ? "" : ",").append("{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"").append(hosts.get(i))
                    .append("\",\"values\":{\"load_last_1min\":").append(number).append("}}");
        }
        return sb.append("]}").toString();
    }

    private void post(URI base, String body) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/api/v1/updates?backend=all"))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + TOKEN)
                .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new AssertionError(r.statusCode() + " " + r.body());
        }
    }

    private String get(URI base, String path, boolean token) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(120));
        if (token) {
            b.header("Authorization", "Bearer " + TOKEN);
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return r.body();
    }

    private List<String> firstHosts(URI base, int n) throws IOException, InterruptedException {
        JsonNode data = json.readTree(get(base, "/api/v1/native?backend=postgres&q="
                + URLEncoder.encode("SELECT host_id FROM host ORDER BY host_id LIMIT " + n, StandardCharsets.UTF_8), false)).path("data");
        List<String> hosts = new ArrayList<>();
        data.forEach(row -> hosts.add(row.get(0).asText()));
        assertEquals(n, hosts.size(), () -> "size of " + hosts);
        return hosts;
    }
}
