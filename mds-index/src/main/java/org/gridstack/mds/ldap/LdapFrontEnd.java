package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.util.concurrent.Semaphore;

import com.unboundid.ldap.listener.AccessLogRequestHandler;
import com.unboundid.ldap.listener.ConcurrentRequestLimiterRequestHandler;
import com.unboundid.ldap.listener.LDAPListener;
import com.unboundid.ldap.listener.LDAPListenerConfig;
import com.unboundid.ldap.listener.LDAPListenerRequestHandler;

/**
 * Wraps a server's own handler chain in the shared outer handlers and starts a listener: the
 * {@link EventLoopListener} (the default: a few selector threads and a bounded worker pool, whose
 * queue serves connections in turn) or, when {@link ListenerSettings#eventLoop()} is null, the SDK's
 * {@link LDAPListener}. Outermost the SDK's {@link AccessLogRequestHandler} (when enabled), then
 * {@link FairShareRequestHandler} (with the SDK's listener only, when configured, the default: a
 * connection ahead of its share of a contended server waits briefly; the event loop's queue is
 * fair by itself), then the SDK's {@link ConcurrentRequestLimiterRequestHandler}
 * (requests that wait longer than the queue timeout for a slot get {@code busy}); its semaphore
 * admits requests in arrival order only when fair sharing is off (then it is the only fairness). Requests over {@link #MAX_MESSAGE_BYTES} end their connection. With the
 * SDK's listener (one thread per connection) the sockets come from {@link ListenerSocketFactory}: a
 * long accept queue, each answer's entries written together with its result instead of one
 * write per entry, and a {@link WriteTimeoutGuard} on every write; the event loop does all three
 * itself. With the SDK's listener, {@link OpenConnections} is outermost, so that stopping sends each
 * connection a Notice of Disconnection ({@code unavailable}) as the event loop does. Stateless; thread-safe.
 */
@ThreadSafe
public final class LdapFrontEnd {
    /** The largest request accepted (the SDK's default is 20 MiB); larger ones end the connection. */
    public static final int MAX_MESSAGE_BYTES = 256 * 1024;

    private LdapFrontEnd() {
    }

    /** Starts listening; the returned listener is the caller's to shut down. */
    public static RunningListener start(ListenerSettings settings, LDAPListenerRequestHandler inner) throws IOException {
        requireNonNull(settings, "settings is null");
        // With fair sharing in front, the limiter's queue need not hand each freed slot to the longest waiter: that
        // hand-over wakes a parked thread which, with hundreds of runnable connection threads on a few cores, holds
        // the slot while it waits for a CPU (a convoy: at 512 and 800 clients the GIIS fell to a third of its
        // 256-client rate). Without fair sharing, the fair queue is the only fairness there is.
        boolean eventLoop = settings.eventLoop() != null;
        boolean fairQueue = settings.fairShare() == null || eventLoop;
        LDAPListenerRequestHandler handler = new ConcurrentRequestLimiterRequestHandler(requireNonNull(inner, "inner is null"),
                new Semaphore(settings.maxConcurrentRequests(), fairQueue), settings.requestQueueTimeoutMillis());
        if (settings.fairShare() != null && !eventLoop) {
            handler = new FairShareRequestHandler(handler, new FairShareRequestHandler.Shares(settings.fairShare()));
        }
        if (settings.accessLog()) {
            handler = new AccessLogRequestHandler(new Slf4jLogHandler("org.gridstack.mds.access"), handler);
        }
        if (eventLoop) {
            return EventLoopListener.start(settings, handler, MAX_MESSAGE_BYTES);
        }
        OpenConnections open = new OpenConnections(handler);
        LDAPListenerConfig lc = new LDAPListenerConfig(settings.port(), open);
        lc.setListenAddress(settings.listenAddress());
        lc.setMaxConnections(settings.maxConnections());
        lc.setUseTCPNoDelay(true);
        // the SDK's sockets block when writing: the guard bounds how long (the event loop bounds unsent bytes itself)
        WriteTimeoutGuard guard = new WriteTimeoutGuard(settings.writeTimeout());
        lc.setServerSocketFactory(new ListenerSocketFactory(settings.connectionLimits(), MAX_MESSAGE_BYTES, guard));
        // searches and registrations are small; a client must not make the server buffer megabytes
        lc.setMaxMessageSizeBytes(MAX_MESSAGE_BYTES);
        LDAPListener listener = new LDAPListener(lc);
        try {
            listener.startListening();
        } catch (IOException | RuntimeException e) {
            guard.close();
            throw e;
        }
        return new RunningListener() {
            @Override
            public int port() {
                return listener.getListenPort();
            }

            @Override
            public void close() {
                listener.shutDown(false);
                open.noticeAll("the server is shutting down");
                listener.closeAllConnections(false);
                guard.close();
            }
        };
    }
}
