package org.gridstack.sqlguard;

import java.util.Objects;

/**
 * Thrown when a statement is not a single read-only query, or cannot be read safely.
 *
 * <p>{@link #getMessage()} is one English sentence meant for the client that sent the SQL: it says what
 * was wrong, where (a character offset into the original text) and what would be accepted instead.
 */
public final class StatementRejectedException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int offset;

    /**
     * @param message one-line explanation for the client
     * @param offset character offset into the original SQL the message refers to, or -1 if none
     */
    public StatementRejectedException(String message, int offset) {
        super(Objects.requireNonNull(message, "message is null"));
        if (offset < -1) {
            throw new IllegalArgumentException("offset must be >= -1 but was " + offset);
        }
        this.offset = offset;
    }

    /** Character offset into the original SQL where the problem was found, or -1 if it has no position. */
    public int offset() {
        return offset;
    }
}
