package org.gridstack.dqp.coordinator;

/**
 * The SQL text cannot run: a syntax error, an unknown table or column, a write, or an unsupported
 * construct. Carries the position (1-based line and column, 0 when unknown) and a message that says
 * what was wrong and what exists (HTTP 400).
 */
public final class SqlQueryException extends RuntimeException {
    private final int line;
    private final int column;

    public SqlQueryException(String message, int line, int column, Throwable cause) {
        super(message, cause);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
