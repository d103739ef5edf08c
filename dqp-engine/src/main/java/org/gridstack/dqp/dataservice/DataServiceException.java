package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import java.io.IOException;

/**
 * A call to a data service failed: it answered with an error, broke its stream or could not be
 * reached. The message names the service (its URL) and says what happened.
 */
public final class DataServiceException extends IOException {
    private final String service;
    private final int httpStatus;

    public DataServiceException(String service, int httpStatus, String message, Throwable cause) {
        super("data service " + requireNonNull(service, "service is null") + ": " + message, cause);
        this.service = service;
        this.httpStatus = httpStatus;
    }

    /** The service's base URL. */
    public String service() {
        return service;
    }

    /** The HTTP status it answered with, or 0 when it did not answer. */
    public int httpStatus() {
        return httpStatus;
    }
}
