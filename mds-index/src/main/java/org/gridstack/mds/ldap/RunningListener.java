package org.gridstack.mds.ldap;

/**
 * An LDAP listener that has started ({@link LdapFrontEnd#start}): the SDK's thread-per-connection
 * {@code LDAPListener} or the {@link EventLoopListener}. Implementations are thread-safe.
 */
public interface RunningListener extends AutoCloseable {
    /** The port listened on (the chosen one when configured with 0). */
    int port();

    /** Stops listening and closes every connection. Idempotent. */
    @Override
    void close();

    /** The SDK's listener, a thread per connection. */
    static RunningListener of(com.unboundid.ldap.listener.LDAPListener listener) {
        java.util.Objects.requireNonNull(listener, "listener is null");
        return new RunningListener() {
            @Override
            public int port() {
                return listener.getListenPort();
            }

            @Override
            public void close() {
                listener.shutDown(true);
            }
        };
    }
}
