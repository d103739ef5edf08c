package org.gridstack.dqp.entropy;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Calls one EntropyAnalyser copy over HTTP. Failures are IOExceptions naming the copy's URL.
 * Thread-safe.
 */
public final class EntropyClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final URI base;
    private final HttpClient http;
    private final Duration timeout;

    public EntropyClient(URI base, HttpClient http, Duration timeout) {
        this.base = requireNonNull(base, "base is null");
        this.http = requireNonNull(http, "http is null");
        this.timeout = requireNonNull(timeout, "timeout is null");
    }

    public URI base() {
        return base;
    }

    /** {@code calculateEntropy(sequence)} on the remote copy. */
    public double calculateEntropy(String sequence) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/entropy/v1/calculateEntropy")).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(Map.of("sequence", sequence)))).build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IOException("entropy service " + base + " unreachable: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while calling entropy service " + base);
        }
        JsonNode body;
        try {
            body = JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IOException("entropy service " + base + " answered HTTP " + response.statusCode() + " with no JSON", e);
        }
        if (response.statusCode() != 200 || !body.has("entropy")) {
            throw new IOException("entropy service " + base + " answered HTTP " + response.statusCode() + ": "
                    + body.path("error").asText(body.toString()));
        }
        return body.get("entropy").asDouble();
    }
}
