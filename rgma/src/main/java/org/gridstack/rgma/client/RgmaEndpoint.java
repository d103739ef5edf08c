package org.gridstack.rgma.client;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One R-GMA server as the Java API talks to it: its base URL, an HTTP client that keeps
 * connections alive, and JSON. Every refusal becomes an {@link RgmaClientException} carrying the
 * server's status and message. Thread-safe; share one per server.
 */
@ThreadSafe
public final class RgmaEndpoint {
    private final URI base;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();
    private final Duration timeout;

    /** @param base the server's base URL, e.g. {@code http://127.0.0.1:8095} */
    public RgmaEndpoint(URI base, Duration timeout) {
        String b = requireNonNull(base, "base is null").toString().replaceAll("/+$", "");
        this.base = URI.create(b);
        this.timeout = requireNonNull(timeout, "timeout is null");
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    }

    public RgmaEndpoint(String base) {
        this(URI.create(base), Duration.ofSeconds(60));
    }

    /** The server's base URL. */
    public URI base() {
        return base;
    }

    ObjectMapper json() {
        return json;
    }

    static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    HttpRequest.Builder request(String pathAndQuery) {
        return HttpRequest.newBuilder(URI.create(base + pathAndQuery)).timeout(timeout).header("Accept", "application/json");
    }

    /** Sends a request and reads the JSON answer; non-2xx answers throw. */
    JsonNode send(HttpRequest request) {
        try {
            HttpResponse<byte[]> r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            JsonNode body = r.body().length == 0 ? json.nullNode() : readOrText(r.body());
            if (r.statusCode() / 100 != 2) {
                throw new RgmaClientException(r.statusCode(), body.has("message") ? body.get("message").asText()
                        : "HTTP " + r.statusCode(), null);
            }
            return body;
        } catch (IOException e) {
            throw new RgmaClientException(0, "R-GMA server " + base + " could not be reached: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RgmaClientException(0, "interrupted", e);
        }
    }

    private JsonNode readOrText(byte[] body) {
        try {
            return json.readTree(body);
        } catch (IOException e) {
            return json.getNodeFactory().textNode(new String(body, StandardCharsets.UTF_8));
        }
    }

    /** Opens a streaming answer (a continuous query); non-2xx answers throw. */
    InputStream open(HttpRequest request) {
        try {
            HttpResponse<InputStream> r = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            if (r.statusCode() / 100 != 2) {
                try (InputStream in = r.body()) {
                    JsonNode body = readOrText(in.readAllBytes());
                    throw new RgmaClientException(r.statusCode(), body.has("message") ? body.get("message").asText()
                            : "HTTP " + r.statusCode(), null);
                }
            }
            return r.body();
        } catch (IOException e) {
            throw new RgmaClientException(0, "R-GMA server " + base + " could not be reached: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RgmaClientException(0, "interrupted", e);
        }
    }
}
