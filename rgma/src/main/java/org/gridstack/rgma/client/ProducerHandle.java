package org.gridstack.rgma.client;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.http.HttpRequest;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * What primary and secondary producers share on the client: the server, the producer's id and
 * token, renewing (keep alive within the termination interval) and closing. Thread-safe.
 */
@ThreadSafe
abstract class ProducerHandle implements AutoCloseable {
    final RgmaEndpoint endpoint;
    private final long id;
    private final String token;

    ProducerHandle(RgmaEndpoint endpoint, String type, ProducerOptions options) {
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", type);
        body.put("table", options.table());
        body.put("predicate", options.predicate());
        body.put("storage", options.storage());
        body.put("latestRetentionPeriod", options.latestRetentionPeriod());
        body.put("historyRetentionPeriod", options.historyRetentionPeriod());
        body.put("terminationInterval", options.terminationInterval());
        body.put("queryTypes", options.queryTypes());
        try {
            JsonNode created = endpoint.send(endpoint.request("/rgma/producers").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(endpoint.json().writeValueAsString(body))).build());
            this.id = created.get("id").asLong();
            this.token = created.get("token").asText();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The producer's id, as the registry lists it. */
    public long id() {
        return id;
    }

    HttpRequest.Builder authorised(String path) {
        return endpoint.request("/rgma/producers/" + id + path).header("Authorization", "Bearer " + token);
    }

    /** Tells the server the producer is alive (within its termination interval). */
    public void renew() {
        endpoint.send(authorised("/renew").POST(HttpRequest.BodyPublishers.noBody()).build());
    }

    /** Closes the producer: it leaves the registry; its tuples are purged after their retention. */
    @Override
    public void close() {
        endpoint.send(authorised("").DELETE().build());
    }
}
