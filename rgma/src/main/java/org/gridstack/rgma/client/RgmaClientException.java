package org.gridstack.rgma.client;

/** An R-GMA server refused a request (status and its message) or could not be reached (status 0). */
public final class RgmaClientException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    public RgmaClientException(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** The HTTP status, or 0 when no answer came. */
    public int status() {
        return status;
    }
}
