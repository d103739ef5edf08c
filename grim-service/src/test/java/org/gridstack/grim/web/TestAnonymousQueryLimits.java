package org.gridstack.grim.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

/**
 * An anonymous client cannot hold more native queries than its bound: while its long query runs,
 * its next one is answered 429 with Retry-After at once, and a provider's update is stored
 * meanwhile. Real HTTP, all three embedded backends.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        // a time limit far above what the memory limit needs, so that on a loaded machine the memory
        // limit, not the clock, is what stops the heap-filling query
        properties = {"grim.scale=0.02", "grim.provider-tokens=test-token", "grim.native-queries.max-per-client=1",
                "grim.native-queries.timeout=300s"})
@DirtiesContext
class TestAnonymousQueryLimits {
    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Test
    void aSecondQueryWhileTheFirstRunsIsRefusedAndWritesGoOn() throws Exception {
        // the long query must hold the client's one place before the probes start; if a probe got
        // there first (the long query was answered 429 itself), start it again
        CompletableFuture<HttpResponse<String>> running = null;
        HttpResponse<String> refused = null;
        for (int attempt = 0; attempt < 20 && refused == null; attempt++) {
            running = http.sendAsync(nativeQuery("select pg_sleep(4), 1 as n"), HttpResponse.BodyHandlers.ofString());
            Thread.sleep(200);
            while (refused == null && !running.isDone()) {
                HttpResponse<String> r = http.send(nativeQuery("select 2 as n"), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 429) {
                    refused = r;
                } else {
                    assertEquals(200, r.statusCode(), r.body()); // the long query had not started yet
                    Thread.sleep(10);
                }
            }
            if (refused == null) {
                assertTrue(Set.of(200, 429).contains(running.get().statusCode()),
                        "the long query was refused only because a probe held the place: expected 200 or 429 but was "
                        + running.get().statusCode() + " " + running.get().body());
            }
        }
        assertNotNull(refused, "a second query of the same client while the first runs; the first answered "
                + (running.isDone() ? running.get().statusCode() + " " + running.get().body() : "nothing yet"));
        assertTrue(refused.headers().firstValue("Retry-After").isPresent());
        assertContains("max-per-client", refused.body());
        HttpResponse<String> write = http.send(HttpRequest.newBuilder(uri("/api/v1/objects/host/host-000003?backend=all"))
                .header("Content-Type", "application/json").header("Authorization", "Bearer test-token")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"load_last_15min\":9}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, write.statusCode(), write.body());
        assertEquals(200, running.get().statusCode(), running.get().body());
        HttpResponse<String> after = http.send(nativeQuery("select 3 as n"), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, after.statusCode(), "the place comes back: " + after.body());
    }

    @Test
    void anXQueryThatWouldFillTheHeapIsStoppedAtItsMemoryLimit() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri("/api/v1/native?backend=basex")).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("string-length(string-join((1 to 150000000) ! 'xxxxxxxxxx'))")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(422, r.statusCode(), r.body());
        assertContains("memory limit", r.body());
    }

    private HttpRequest nativeQuery(String sql) {
        return HttpRequest.newBuilder(uri("/api/v1/native?backend=postgres")).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(sql)).build();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
