package org.gridstack.service.http;

import java.io.IOException;

/**
 * A request body went past its limit while it was read (a chunked body, or one longer than its
 * {@code Content-Length} said). Services map it to HTTP 413 in their own error shape;
 * {@link #findIn(Throwable)} finds it under the wrappers a framework puts around it (a JSON
 * reader's "could not read" exception).
 */
public final class BodyTooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long limit;

    public BodyTooLargeException(long limit) {
        super("request body is larger than the limit of " + limit + " bytes");
        this.limit = limit;
    }

    /** The limit, in bytes. */
    public long limit() {
        return limit;
    }

    /** This exception in {@code t}'s cause chain, or {@code null}. */
    public static BodyTooLargeException findIn(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof BodyTooLargeException b) {
                return b;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }
}
