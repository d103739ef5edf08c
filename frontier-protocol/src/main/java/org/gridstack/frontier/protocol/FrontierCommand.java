package org.gridstack.frontier.protocol;

import java.util.List;
import java.util.Objects;

/**
 * A parsed FroNtier command string: its payloads in order, plus the request-level parameters.
 *
 * @param payloads at least one
 * @param ttl the cache class asked for ({@link Ttl#LONG} by default)
 * @param signed {@code sec=sig} was given (signed responses; answered with an error for now)
 */
public record FrontierCommand(List<PayloadRequest> payloads, Ttl ttl, boolean signed) {
    public FrontierCommand {
        payloads = List.copyOf(payloads);
        Objects.requireNonNull(ttl, "ttl is null");
        if (payloads.isEmpty()) {
            throw new IllegalArgumentException("a command has at least one payload");
        }
    }
}
