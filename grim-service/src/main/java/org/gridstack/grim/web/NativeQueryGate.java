package org.gridstack.grim.web;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.concurrent.ConcurrentHashMap;

import org.gridstack.grim.store.GrimException;

/**
 * Bounds the anonymous native queries running at once, so no client can take a backend's reader
 * connections or the service's threads: at most {@code perClient} per client address and at most
 * {@code perBackend} per backend (keep it below the backend's reader pool so operations and other
 * clients keep a connection). A query over a bound is answered 429 at once (with
 * {@code Retry-After}), never queued. Thread-safe.
 */
@ThreadSafe
final class NativeQueryGate {
    private final int perClient;
    private final int perBackend;
    private final ConcurrentHashMap<String, Integer> clients = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Integer> backends = new ConcurrentHashMap<>();

    NativeQueryGate(int perClient, int perBackend) {
        if (perClient < 1 || perBackend < 1) {
            throw new IllegalArgumentException("grim.native-queries.max-per-client and .max-per-backend must be at least 1");
        }
        this.perClient = perClient;
        this.perBackend = perBackend;
    }

    /** A running query's place; closing it frees the place. */
    interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    /** Takes a place for a query of {@code client} on {@code backend}, or throws 429 saying which bound was hit. */
    Permit enter(String client, String backend) {
        if (take(clients, client) > perClient) {
            give(clients, client);
            throw new GrimException(429, "you already run " + perClient + " native quer" + (perClient == 1 ? "y" : "ies")
                    + " at once (grim.native-queries.max-per-client); wait for an answer, then retry");
        }
        if (take(backends, backend) > perBackend) {
            give(backends, backend);
            give(clients, client);
            throw new GrimException(429, backend + " already runs " + perBackend + " native queries at once"
                    + " (grim.native-queries.max-per-backend); retry shortly");
        }
        return () -> {
            give(backends, backend);
            give(clients, client);
        };
    }

    private static int take(ConcurrentHashMap<String, Integer> counts, String key) {
        return counts.merge(key, 1, Integer::sum);
    }

    private static void give(ConcurrentHashMap<String, Integer> counts, String key) {
        counts.computeIfPresent(key, (k, n) -> n <= 1 ? null : n - 1);
    }
}
