package org.gridstack.dqp.http;

import static java.util.Objects.requireNonNull;

import java.io.IOException;

/**
 * A call to a peer service (evaluator, EntropyAnalyser copy, data service, EXCHANGE consumer)
 * failed: it answered with an error status, answered something unreadable, or could not be
 * reached. The message is {@code "<peer>: <what happened>"}; {@link #httpStatus} is the status it
 * answered with, 0 when it did not answer. Immutable.
 */
public class PeerException extends IOException {
    private static final long serialVersionUID = 1L;
    private final String peer;
    private final int httpStatus;

    /** A failure of {@code peer} (e.g. {@code "evaluator http://127.0.0.1:8091"}). */
    public PeerException(String peer, int httpStatus, String message, Throwable cause) {
        super(requireNonNull(peer, "peer is null") + ": " + message, cause);
        this.peer = peer;
        this.httpStatus = httpStatus;
    }

    /** The peer, as named in the message. */
    public String peer() {
        return peer;
    }

    /** The HTTP status it answered with, or 0 when it did not answer. */
    public int httpStatus() {
        return httpStatus;
    }
}
