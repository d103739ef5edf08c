package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.ldap.listener.LDAPListenerClientConnection;
import com.unboundid.ldap.listener.LDAPListenerRequestHandler;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;

/**
 * The open connections of the SDK's listener (which keeps its own list to itself), so that a
 * stopping server can send each a Notice of Disconnection with {@code unavailable} before it
 * closes them ({@link #noticeAll}), as the event-loop listener does; the SDK's own shutdown sends
 * none. The outermost handler of the chain: its {@code newInstance} keeps the connection, its
 * {@code closeInstance} forgets it; every request passes on unchanged. Thread-safe.
 */
@ThreadSafe
final class OpenConnections extends ForwardingRequestHandler {
    private static final Logger log = LoggerFactory.getLogger(OpenConnections.class);

    @SuppressWarnings("ThreadSafe") // a concurrent key set (ConcurrentHashMap.newKeySet) the instances share
    private final Set<LDAPListenerClientConnection> open;
    @SuppressWarnings("ThreadSafe") // the SDK documents its client connection as completely thread-safe
    private final LDAPListenerClientConnection connection; // null in the listener's shared instance

    OpenConnections(LDAPListenerRequestHandler next) {
        this(next, ConcurrentHashMap.newKeySet(), null);
    }

    private OpenConnections(LDAPListenerRequestHandler next, Set<LDAPListenerClientConnection> open,
            LDAPListenerClientConnection connection) {
        super(next);
        this.open = open;
        this.connection = connection;
    }

    @Override
    public LDAPListenerRequestHandler newInstance(LDAPListenerClientConnection c) throws LDAPException {
        LDAPListenerRequestHandler instance = next.newInstance(requireNonNull(c, "connection is null"));
        open.add(c);
        return new OpenConnections(instance, open, c);
    }

    @Override
    public void closeInstance() {
        if (connection != null) {
            open.remove(connection);
        }
        super.closeInstance();
    }

    /**
     * Sends every open connection a Notice of Disconnection with {@code unavailable} and
     * {@code why}, through the SDK's send (so it never lands inside another message); a connection
     * whose send fails is skipped (it is closed anyway).
     */
    void noticeAll(String why) {
        for (LDAPListenerClientConnection c : List.copyOf(open)) {
            try {
                c.sendUnsolicitedNotification(RequestAdmission.noticeOp(ResultCode.UNAVAILABLE, why));
            } catch (LDAPException | RuntimeException e) {
                log.debug("a Notice of Disconnection could not be sent to {}: {}", c.getSocket().getInetAddress(), e.toString());
            }
        }
    }
}
