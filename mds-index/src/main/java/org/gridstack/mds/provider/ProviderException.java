package org.gridstack.mds.provider;

/** A provider run that failed as a whole; the message says which provider and why. */
public final class ProviderException extends Exception {
    private static final long serialVersionUID = 1L;

    public ProviderException(String message) {
        super(message);
    }

    public ProviderException(String message, Throwable cause) {
        super(message, cause);
    }
}
