package org.gridstack.frontier.web;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How many requests of one client may do database work at once
 * ({@code frontier.client-pool-share} of the pool, at least one), so that one client cannot hold
 * the whole pool and make everybody else wait for {@code MaxDbAcquireSeconds}. A client is its
 * {@code X-Frontier-Id} together with the address it connects from (behind a Squid every client
 * shares the Squid's address but keeps its own id). A request over its client's share is refused
 * at once (the servlet answers 503). Thread-safe.
 */
final class ClientShare {
    /** One request's place in its client's share; closing it (more than once is fine) gives it back. */
    interface Slot extends AutoCloseable {
        @Override
        void close();
    }

    /** The slot of a request that does no database work. */
    static final Slot NONE = () -> { };

    private final int perClient;
    private final ConcurrentHashMap<String, Integer> running = new ConcurrentHashMap<>();

    ClientShare(int poolSize, double share) {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("share must be in (0, 1], got " + share);
        }
        this.perClient = Math.max(1, (int) Math.floor(poolSize * share));
    }

    /** Requests of one client that may do database work at once. */
    int perClient() {
        return perClient;
    }

    /** A slot for one more request of {@code client}, or null when the client already uses its share. */
    Slot tryEnter(String client) {
        boolean[] entered = new boolean[1];
        running.compute(client, (k, n) -> {
            int now = n == null ? 0 : n;
            if (now >= perClient) {
                return n;
            }
            entered[0] = true;
            return now + 1;
        });
        if (!entered[0]) {
            return null;
        }
        AtomicBoolean closed = new AtomicBoolean();
        return () -> {
            if (closed.compareAndSet(false, true)) {
                running.computeIfPresent(client, (k, n) -> n <= 1 ? null : n - 1);
            }
        };
    }
}
