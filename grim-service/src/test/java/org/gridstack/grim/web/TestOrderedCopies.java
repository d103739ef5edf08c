package org.gridstack.grim.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertDoesNotContain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.gridstack.grim.backends.GrimStore;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.store.GrimBackend;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Concurrent {@code backend=all} writers to one object leave the same final value on every copy:
 * 20 clients send 5 PATCHes each to one attribute of one host, over real HTTP, five times over;
 * afterwards PostgreSQL, BaseX and LDAP hold the same value (and equal objects overall).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"grim.scale=0.02", "grim.provider-tokens=test-token"})
@DirtiesContext
class TestOrderedCopies {
    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    GrimStore store;

    @Test
    void aSingleBackendWriteIsCountedOnTheReplicationStatusAndTheCheckSeesTheDifference() throws Exception {
        HttpResponse<String> before = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/replication")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, before.statusCode());
        assertContains("\"systemOfRecord\":\"postgres\"", before.body());
        assertDoesNotContain("\"ldap\":1", before.body());
        HttpResponse<String> write = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/api/v1/objects/host/host-000040?backend=ldap")).header("Content-Type", "application/json")
                .header("Authorization", "Bearer test-token")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"load_last_1min\":424242}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, write.statusCode(), write.body());
        HttpResponse<String> after = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/replication")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertContains("\"singleBackendUpdates\":{\"ldap\":1}", after.body());
        HttpResponse<String> check = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/replication/check"))
                .header("Authorization", "Bearer test-token").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, check.statusCode(), check.body());
        assertContains("\"equal\":false", check.body());
        // a backend=all write to the same object brings the copies together again
        HttpResponse<String> all = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/api/v1/objects/host/host-000040?backend=all")).header("Content-Type", "application/json")
                .header("Authorization", "Bearer test-token")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"load_last_1min\":7}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, all.statusCode(), all.body());
        HttpResponse<String> again = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/replication/check"))
                .header("Authorization", "Bearer test-token").build(), HttpResponse.BodyHandlers.ofString());
        assertContains("\"equal\":true", again.body());
    }

    @Test
    void concurrentWritersToOneObjectLeaveEveryCopyWithTheSameValue() throws Exception {
        int column = GlueModel.collection("host").indexOf("load_last_1min");
        ExecutorService clients = Executors.newFixedThreadPool(20);
        try {
            for (int trial = 0; trial < 5; trial++) {
                String host = String.format("host-%06d", 10 + trial);
                List<Future<Integer>> sent = new ArrayList<>();
                for (int c = 0; c < 20; c++) {
                    int client = c;
                    int t = trial;
                    sent.add(clients.submit(() -> {
                        for (int i = 0; i < 5; i++) {
                            int value = 100_000 * (t + 1) + client * 10 + i;
                            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                                    + "/api/v1/objects/host/" + host + "?backend=all")).header("Content-Type", "application/json")
                                    .header("Authorization", "Bearer test-token")
                                    .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"load_last_1min\":" + value + "}")).build(),
                                    HttpResponse.BodyHandlers.ofString());
                            if (r.statusCode() != 200) {
                                throw new AssertionError(r.statusCode() + " " + r.body());
                            }
                        }
                        return 5;
                    }));
                }
                for (Future<Integer> f : sent) {
                    assertEquals(5, f.get());
                }
                Map<String, Object> finals = new LinkedHashMap<>();
                for (GrimBackend b : store.backends().values()) {
                    finals.put(b.name(), b.snapshot().rows("host").stream().filter(r -> host.equals(r[0])).findFirst().orElseThrow()[column]);
                }
                assertEquals(1, finals.values().stream().distinct().count(), "trial " + trial + ": final values " + finals);
            }
        } finally {
            clients.shutdownNow();
        }
        Map<String, org.gridstack.grim.model.Dataset> all = new LinkedHashMap<>();
        for (GrimBackend b : store.backends().values()) {
            all.put(b.name(), b.snapshot());
        }
        for (String b : all.keySet()) {
            assertTrue(GrimStore.sameObjects(all.get(b), all.get("postgres")), b + " equals postgres");
        }
    }
}
