package org.gridstack.mds.ldap;

import com.google.errorprone.annotations.Immutable;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Objects;

/**
 * What every LDAP front-end (GRIS, GIIS) shares: where it listens, how many connections it
 * takes, how many requests it processes at once and how long a request may wait for its turn,
 * whether it writes an access log, and how connections share the server when it is contended.
 * Immutable; thread-safe.
 *
 * @param port 0: any free port
 * @param listenAddress null: every address
 * @param fairShare how connections share a contended server ({@link FairShareRequestHandler});
 *                  null: no fair sharing beyond the concurrency limit's fair queue
 * @param connectionLimits idle and read timeouts, request nesting, connections per address
 * @param writeTimeout how long a client that does not read its answers holds its connection
 *                     (slapd's {@code writetimeout}): the event loop's bound on unsent bytes waits
 *                     this long, the SDK's listener has a {@link WriteTimeoutGuard}
 * @param eventLoop the event-loop listener's shape ({@link EventLoopListener}, the default); null: the
 *                  SDK's listener, a thread per connection
 */
@Immutable
public record ListenerSettings(int port, InetAddress listenAddress, int maxConnections, int maxConcurrentRequests,
        long requestQueueTimeoutMillis, boolean accessLog, FairShareRequestHandler.Settings fairShare,
        ConnectionLimits connectionLimits, Duration writeTimeout, EventLoopSettings eventLoop) {
    /** The write timeout when none is given: 30 s (slapd's writetimeout is off by default). */
    public static final Duration DEFAULT_WRITE_TIMEOUT = Duration.ofSeconds(30);

    /** Settings with the event-loop listener, its workers as many as {@code maxConcurrentRequests}. */
    public ListenerSettings(int port, InetAddress listenAddress, int maxConnections, int maxConcurrentRequests,
            long requestQueueTimeoutMillis, boolean accessLog, FairShareRequestHandler.Settings fairShare,
            ConnectionLimits connectionLimits) {
        this(port, listenAddress, maxConnections, maxConcurrentRequests, requestQueueTimeoutMillis, accessLog, fairShare,
                connectionLimits, DEFAULT_WRITE_TIMEOUT, EventLoopSettings.of(Math.max(1, maxConcurrentRequests)));
    }

    /** Settings with the default connection limits ({@link ConnectionLimits#defaults()}). */
    public ListenerSettings(int port, InetAddress listenAddress, int maxConnections, int maxConcurrentRequests,
            long requestQueueTimeoutMillis, boolean accessLog, FairShareRequestHandler.Settings fairShare) {
        this(port, listenAddress, maxConnections, maxConcurrentRequests, requestQueueTimeoutMillis, accessLog, fairShare,
                ConnectionLimits.defaults());
    }

    /** Settings with the default fair sharing ({@link FairShareRequestHandler.Settings#defaults()}). */
    public ListenerSettings(int port, InetAddress listenAddress, int maxConnections, int maxConcurrentRequests,
            long requestQueueTimeoutMillis, boolean accessLog) {
        this(port, listenAddress, maxConnections, maxConcurrentRequests, requestQueueTimeoutMillis, accessLog,
                FairShareRequestHandler.Settings.defaults());
    }

    public ListenerSettings {
        Objects.requireNonNull(connectionLimits, "connectionLimits is null");
        Objects.requireNonNull(writeTimeout, "writeTimeout is null");
        if (writeTimeout.isNegative() || writeTimeout.isZero()) {
            throw new IllegalArgumentException("writeTimeout must be positive");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not between 0 (any free port) and 65535");
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections " + maxConnections + " must be at least 1");
        }
        if (maxConcurrentRequests < 1) {
            throw new IllegalArgumentException("maxConcurrentRequests " + maxConcurrentRequests + " must be at least 1");
        }
        if (requestQueueTimeoutMillis < 0) {
            throw new IllegalArgumentException("requestQueueTimeoutMillis " + requestQueueTimeoutMillis + " is negative");
        }
    }
}
