package org.gridstack.frontier.db;

/** A result larger than the configured row or byte limit; the answer is an error, never a truncated result. */
public final class QueryLimitException extends Exception {
    private static final long serialVersionUID = 1L;

    public QueryLimitException(String message) {
        super(message);
    }
}
