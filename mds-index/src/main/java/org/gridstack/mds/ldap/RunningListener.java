package org.gridstack.mds.ldap;

import com.google.errorprone.annotations.ThreadSafe;

/**
 * An LDAP listener that has started ({@link LdapFrontEnd#start}): the SDK's thread-per-connection
 * {@code LDAPListener} or the {@link EventLoopListener}. Implementations are thread-safe.
 */
@ThreadSafe
public interface RunningListener extends AutoCloseable {
    /** The port listened on (the chosen one when configured with 0). */
    int port();

    /** Stops listening and closes every connection, each after a Notice of Disconnection ({@code unavailable}). Idempotent. */
    @Override
    void close();
}
