package org.gridstack.rgma.client;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/** The registry and schema of an R-GMA server, as a client sees them. Thread-safe. */
@ThreadSafe
public final class Registry {
    private final RgmaEndpoint endpoint;

    public Registry(RgmaEndpoint endpoint) {
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
    }

    /** A live producer registration. */
    public record Producer(long id, String table, String predicate, String kind, List<String> queryTypes, String endpoint,
            double terminationInterval) {
    }

    /** Every live producer. */
    public List<Producer> producers() {
        return list(endpoint.send(endpoint.request("/rgma/registry/producers").GET().build()));
    }

    /** The producers mediation picks for {@code select} with query {@code type}. */
    public List<Producer> lookup(String select, String type) {
        return list(endpoint.send(endpoint.request("/rgma/registry/producers?type=" + RgmaEndpoint.encode(type) + "&select="
                + RgmaEndpoint.encode(select)).GET().build()));
    }

    private List<Producer> list(JsonNode array) {
        List<Producer> out = new ArrayList<>();
        for (JsonNode n : array) {
            out.add(endpoint.json().convertValue(n, Producer.class));
        }
        return out;
    }

    /** Declares a table in the schema ({@code CREATE TABLE ...}); declaring it again identically is fine. */
    public void createTable(String createTable) {
        endpoint.send(endpoint.request("/rgma/schema/tables").header("Content-Type", "text/plain; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(createTable)).build());
    }

    /** The schema's tables as the server describes them (JSON). */
    public JsonNode tables() {
        return endpoint.send(endpoint.request("/rgma/schema/tables").GET().build());
    }
}
