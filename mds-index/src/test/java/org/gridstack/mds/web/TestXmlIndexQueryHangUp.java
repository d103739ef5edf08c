package org.gridstack.mds.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * An expensive XPath whose client hangs up is stopped and frees its query slot, over real HTTP:
 * two raw-socket clients take this address's two slots with a query that would run to its 60 s
 * time limit, then close their connections; the address gets slots again well before the time
 * limit (the bound below is half of it; no timing beyond that).
 */
@SpringBootTest(classes = IndexApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.main.banner-mode=off", "mds.index.query-time-limit-seconds=60",
            "mds.index.max-concurrent-queries=8", "mds.index.queries-per-address=2"})
class TestXmlIndexQueryHangUp {
    private static final String EXPENSIVE = "count((1 to 2000000000)[string(.) = 'x'])";

    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newHttpClient();

    private int cheapQueryStatus() throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/index/query?xpath="
                + URLEncoder.encode("1 + 1", StandardCharsets.UTF_8))).GET().build(), HttpResponse.BodyHandlers.ofString())
                .statusCode();
    }

    @Test
    void aQueryWhoseClientHangsUpFreesItsSlotBeforeItsTimeLimit() throws Exception {
        List<Socket> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                Socket s = new Socket("127.0.0.1", port);
                clients.add(s);
                OutputStream out = s.getOutputStream();
                out.write(("GET /index/query?xpath=" + URLEncoder.encode(EXPENSIVE, StandardCharsets.UTF_8)
                        + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
            // both of this address's slots are taken by the expensive queries
            await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200))
                    .until(() -> cheapQueryStatus() == 429);
        } finally {
            for (Socket s : clients) {
                s.close();
            }
        }
        // the clients are gone: their queries are stopped and the slots come back long before the 60 s limit
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .until(() -> cheapQueryStatus() == 200);
        assertEquals(200, cheapQueryStatus());
    }
}
