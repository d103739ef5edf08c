package org.gridstack.dqp.evaluator.operator;

import java.io.InterruptedIOException;

/** The query was cancelled (its client went away, {@code DELETE /api/v1/query/{id}}, another part failed); HTTP 409. */
public final class QueryCancelledException extends InterruptedIOException {
    private static final long serialVersionUID = 1L;

    public QueryCancelledException(String message) {
        super(message);
    }
}
