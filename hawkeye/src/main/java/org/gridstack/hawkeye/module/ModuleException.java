package org.gridstack.hawkeye.module;

/** A module run that failed as a whole; the message says why (and where, for bad output). */
public final class ModuleException extends Exception {
    private static final long serialVersionUID = 1L;

    public ModuleException(String message) {
        super(message);
    }

    public ModuleException(String message, Throwable cause) {
        super(message, cause);
    }
}
