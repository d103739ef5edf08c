package org.gridstack.client.frontier;

/** The server answered, but with an error or a broken response; the message names the server and the cause. */
public final class FrontierException extends Exception {
    private static final long serialVersionUID = 1L;

    public FrontierException(String message) {
        super(message);
    }

    public FrontierException(String message, Throwable cause) {
        super(message, cause);
    }
}
