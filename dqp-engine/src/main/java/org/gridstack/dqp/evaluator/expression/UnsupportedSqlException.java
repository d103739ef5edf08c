package org.gridstack.dqp.evaluator.expression;

/** The query uses a construct the engine does not run; the message names it (HTTP 400). */
public final class UnsupportedSqlException extends RuntimeException {
    public UnsupportedSqlException(String message, Throwable cause) {
        super(message, cause);
    }

    public UnsupportedSqlException(String message) {
        super(message);
    }
}
