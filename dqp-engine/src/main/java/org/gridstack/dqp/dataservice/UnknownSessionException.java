package org.gridstack.dqp.dataservice;

/** A request names a scan session the data service does not have (HTTP 404). */
public final class UnknownSessionException extends RuntimeException {
    public UnknownSessionException(String message) {
        super(message);
    }
}
