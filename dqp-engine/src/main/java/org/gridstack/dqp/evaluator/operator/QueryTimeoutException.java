package org.gridstack.dqp.evaluator.operator;

import java.io.IOException;

/** A query ran past its deadline; the message names what it was waiting for. */
public final class QueryTimeoutException extends IOException {
    public QueryTimeoutException(String message) {
        super(message);
    }
}
