package org.gridstack.dqp.block;

import java.io.IOException;

/** The bytes read are not a valid block stream of the codec that reads them; the message says what was wrong. */
public final class MalformedBlockException extends IOException {
    public MalformedBlockException(String message) {
        super(message);
    }

    public MalformedBlockException(String message, Throwable cause) {
        super(message, cause);
    }
}
