package org.gridstack.rgma.sql;

/**
 * A request R-GMA refuses or cannot answer, with the HTTP status it maps to and a message that
 * names what was wrong in the user's terms (the table, the column, the SQL). 4xx statuses are the
 * caller's mistakes; 5xx are faults of the service.
 */
public class RgmaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    public RgmaException(int status, String message) {
        super(message);
        this.status = status;
    }

    public RgmaException(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** A 400: the request (usually its SQL) is wrong. */
    public static RgmaException badRequest(String message) {
        return new RgmaException(400, message);
    }

    /** A 404: the named table or producer does not exist. */
    public static RgmaException notFound(String message) {
        return new RgmaException(404, message);
    }

    /** The HTTP status this maps to. */
    public int status() {
        return status;
    }
}
