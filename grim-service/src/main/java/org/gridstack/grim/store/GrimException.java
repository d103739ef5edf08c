package org.gridstack.grim.store;

/**
 * An error a GRIM client can act on, with the HTTP status the API answers it with: 400 bad input,
 * 401 missing credentials, 404 unknown object, 409 conflict with the stored data, 422 a native
 * query the read-only guard refused or that exceeded its limits, 503 a backend that failed.
 * The message says what was wrong and, where it helps, what to do.
 */
public class GrimException extends RuntimeException {
    private final int status;

    public GrimException(int status, String message) {
        super(message);
        this.status = status;
    }

    public GrimException(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** {@code text} quoted for a message: in full up to 100 characters, else its start and its length. */
    public static String excerpt(String text) {
        if (text == null) {
            return "null";
        }
        return text.length() <= 100 ? "'" + text + "'" : "'" + text.substring(0, 100) + "...' (" + text.length() + " characters)";
    }

    public int status() {
        return status;
    }

    public static GrimException badRequest(String message) {
        return new GrimException(400, message);
    }

    public static GrimException notFound(String message) {
        return new GrimException(404, message);
    }

    public static GrimException conflict(String message) {
        return new GrimException(409, message);
    }

    public static GrimException refused(String message) {
        return new GrimException(422, message);
    }

    /**
     * 503 for a failure of the backend itself. The client's message names the backend and what
     * failed but not the cause's text (it may hold the server's directories, Java signatures or
     * schema names); the cause stays attached for the service log.
     */
    public static GrimException backendFailed(String backend, String what, Throwable cause) {
        return new GrimException(503, backend + ": " + what + " (the backend failed; the service log has its error); retry later", cause);
    }
}
