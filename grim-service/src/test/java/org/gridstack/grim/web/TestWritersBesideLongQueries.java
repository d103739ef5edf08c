package org.gridstack.grim.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

/**
 * A provider's update is stored while anonymous clients keep the most long XQueries running that
 * the bounds allow (a fourth is refused 429), on every backend. Real HTTP.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"grim.scale=0.02", "grim.provider-tokens=test-token", "grim.native-queries.max-per-client=4",
                "grim.native-queries.timeout=8s"})
@DirtiesContext
class TestWritersBesideLongQueries {
    private static final String LONG_XQUERY = "count((1 to 100000000000)[. = -1])";
    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Test
    void updatesAreStoredWhileLongXQueriesRun() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> running = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            running.add(http.sendAsync(xquery(LONG_XQUERY), HttpResponse.BodyHandlers.ofString()));
        }
        for (String backend : List.of("basex", "all")) {
            HttpResponse<String> write = http.send(HttpRequest.newBuilder(uri("/api/v1/objects/host/host-000004?backend=" + backend))
                    .header("Content-Type", "application/json").header("Authorization", "Bearer test-token")
                    .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"load_last_15min\":11}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, write.statusCode(), backend + ": " + write.body());
        }
        List<Integer> statuses = new ArrayList<>();
        for (CompletableFuture<HttpResponse<String>> f : running) {
            HttpResponse<String> r = f.get();
            statuses.add(r.statusCode());
            if (r.statusCode() == 429) {
                assertContains("basex already runs 3", r.body());
                assertTrue(r.headers().firstValue("Retry-After").isPresent());
            } else {
                assertEquals(422, r.statusCode(), r.body());
            }
        }
        assertContains(429, statuses, "four long queries at once: the bound of 3 refuses one");
        assertContains(422, statuses, "four long queries at once: the bound of 3 refuses one");
    }

    private HttpRequest xquery(String q) {
        return HttpRequest.newBuilder(uri("/api/v1/native?backend=basex")).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(q)).build();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
