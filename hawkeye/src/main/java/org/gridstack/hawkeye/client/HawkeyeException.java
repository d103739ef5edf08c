package org.gridstack.hawkeye.client;

/** A request a Hawkeye manager or agent refused or could not answer: HTTP status (0: no answer) and its message. */
public final class HawkeyeException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int status;

    public HawkeyeException(int status, String message) {
        super(message);
        this.status = status;
    }

    public HawkeyeException(String message, Throwable cause) {
        super(message, cause);
        this.status = 0;
    }

    /** The HTTP status, 0 when there was no answer. */
    public int status() {
        return status;
    }
}
