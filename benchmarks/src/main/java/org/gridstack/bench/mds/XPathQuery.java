package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.gridstack.bench.kit.ClosedLoopDriver;

/**
 * One seed 002 client of the XML index: per query a GET of
 * {@code /index/query?xpath=//entry[date]}. An answer is right when it is 200 with
 * {@code count="N"} and N {@code <entry} elements; a 429 (the index's concurrency limit), any
 * other status or a wrong count throws, and the driver counts it as an error. The clients of a
 * run share one JDK {@link HttpClient} (HTTP/1.1): its pool gives each request in flight a
 * keep-alive connection of its own and reuses it, so a closed loop of C clients holds about C
 * connections, as seed 002's MDS4 clients kept theirs (a client of its own per thread would
 * leave a selector thread behind per client on Java 17, which cannot close one). One thread only.
 */
final class XPathQuery implements ClosedLoopDriver.Client {
    private final HttpClient http;
    private final HttpRequest request;
    private final int expected;
    private final String expectedCount;

    private XPathQuery(HttpClient http, HttpRequest request, int expected) {
        this.http = requireNonNull(http, "http is null");
        this.request = requireNonNull(request, "request is null");
        this.expected = expected;
        this.expectedCount = "count=\"" + expected + "\"";
    }

    /** A client of the shared {@code http} (see {@link #sharedHttpClient()}). */
    static XPathQuery open(HttpClient http, URI query, int expected) {
        HttpRequest request = HttpRequest.newBuilder(query).timeout(Duration.ofSeconds(LdapSubtreeQuery.TIME_LIMIT_SECONDS + 15)).GET().build();
        return new XPathQuery(http, request, expected);
    }

    @Override
    public void query(ClosedLoopDriver.Tally tally) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
        String body = r.body();
        if (r.statusCode() != 200) {
            throw new IllegalStateException("HTTP " + r.statusCode() + ": " + body.substring(0, Math.min(200, body.length())));
        }
        int head = body.indexOf('>');
        if (head < 0 || !body.substring(0, head).contains(expectedCount) || countEntries(body) != expected) {
            throw new IllegalStateException("wrong answer: expected " + expected + " entries, got "
                    + body.substring(0, Math.min(200, body.length())));
        }
        tally.add(body.length(), expected);
    }

    /** The HTTP client the clients of one run share. */
    static HttpClient sharedHttpClient() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(30)).build();
    }

    private static int countEntries(String body) {
        int n = 0;
        for (int i = body.indexOf("<entry "); i >= 0; i = body.indexOf("<entry ", i + 7)) {
            n++;
        }
        return n;
    }

    @Override
    public void close() {
        // the connection goes back to the shared client's pool
    }
}
