package org.gridstack.dqp.entropy;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.gridstack.dqp.http.PeerHttp;

/**
 * Calls one EntropyAnalyser copy over HTTP, through {@link PeerHttp}. Failures are
 * {@link org.gridstack.dqp.http.PeerException}s naming the copy ({@code "entropy service <URL>"})
 * and the status it answered. Thread-safe.
 */
@ThreadSafe
public final class EntropyClient {
    private final URI base;
    private final PeerHttp<IOException> peer;

    /** A client of the copy at {@code base} over {@code http} whose calls time out after {@code timeout}. */
    public EntropyClient(URI base, HttpClient http, Duration timeout) {
        this.base = requireNonNull(base, "base is null");
        this.peer = PeerHttp.named("entropy service " + base, base, http, timeout);
    }

    public URI base() {
        return base;
    }

    /** {@code calculateEntropy(sequence)} on the remote copy. */
    public double calculateEntropy(String sequence) throws IOException {
        HttpResponse<InputStream> response = peer.send(peer.postJson("/entropy/v1/calculateEntropy", Map.of("sequence", sequence)));
        JsonNode body = peer.json(response);
        if (!body.has("entropy")) {
            throw peer.failure(response.statusCode(), "HTTP " + response.statusCode() + " without an entropy: " + body, null);
        }
        return body.get("entropy").asDouble();
    }
}
