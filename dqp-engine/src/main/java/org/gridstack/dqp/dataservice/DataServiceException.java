package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import org.gridstack.dqp.http.PeerException;

/**
 * A call to a data service failed: it answered with an error, broke its stream or could not be
 * reached. The message names the service ({@code "data service <URL>: ..."}) and says what happened.
 * Immutable.
 */
public final class DataServiceException extends PeerException {
    private static final long serialVersionUID = 1L;
    private final String service;

    public DataServiceException(String service, int httpStatus, String message, Throwable cause) {
        super("data service " + requireNonNull(service, "service is null"), httpStatus, message, cause);
        this.service = service;
    }

    /** The service's base URL. */
    public String service() {
        return service;
    }
}
