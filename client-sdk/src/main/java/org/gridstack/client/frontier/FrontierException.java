package org.gridstack.client.frontier;

import java.util.List;

/**
 * No usable answer: the server reported an error, or every server/proxy combination failed. The
 * message names the server and the cause of each attempt; {@link #attempts()} has them as data.
 */
public final class FrontierException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient List<Attempt> attempts;

    public FrontierException(String message) {
        this(message, List.of(), null);
    }

    public FrontierException(String message, Throwable cause) {
        this(message, List.of(), cause);
    }

    public FrontierException(String message, List<Attempt> attempts, Throwable cause) {
        super(message, cause);
        this.attempts = List.copyOf(attempts);
    }

    /** The attempts made, in order (empty when the failure happened before any request). */
    public List<Attempt> attempts() {
        return attempts;
    }
}
