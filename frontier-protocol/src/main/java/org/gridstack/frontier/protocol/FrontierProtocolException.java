package org.gridstack.frontier.protocol;

/**
 * A request or response that does not follow the FroNtier protocol. The message is meant for the
 * client: it says what was wrong with the input.
 */
public class FrontierProtocolException extends Exception {
    private static final long serialVersionUID = 1L;

    public FrontierProtocolException(String message) {
        super(message);
    }

    public FrontierProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
