package org.gridstack.dqp.evaluator.operator;

import java.io.IOException;

/** A query would hold more rows in memory than its memory budget (HTTP 400 with the message). */
public final class QueryTooLargeException extends IOException {
    public QueryTooLargeException(String message) {
        super(message);
    }
}
