package org.gridstack.mds.ldap;

import java.net.InetAddress;

/**
 * What every LDAP front-end (GRIS, GIIS) shares: where it listens, how many connections it
 * takes, how many requests it processes at once and how long a request may wait for its turn,
 * and whether it writes an access log. Immutable; thread-safe.
 *
 * @param port 0: any free port
 * @param listenAddress null: every address
 */
public record ListenerSettings(int port, InetAddress listenAddress, int maxConnections, int maxConcurrentRequests,
        long requestQueueTimeoutMillis, boolean accessLog) {
    public ListenerSettings {
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
