package org.gridstack.dqp.dataservice;

/** A data service already has as many open scans as it allows (HTTP 503). */
public final class TooManySessionsException extends RuntimeException {
    public TooManySessionsException(String message) {
        super(message);
    }
}
