package org.gridstack.dqp.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;

/**
 * The JSON body of every error the engine's services return: the service that answered and a
 * message saying what was wrong and what to do. Immutable.
 */
@Immutable
public record ErrorBody(String service, String error) {
    public ErrorBody {
        requireNonNull(service, "service is null");
        requireNonNull(error, "error is null");
    }
}
