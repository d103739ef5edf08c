package org.gridstack.rgma.producer;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

import org.gridstack.rgma.sql.Equalities;
import org.gridstack.rgma.sql.TableDefinition;

/**
 * One producer as its ProducerServlet holds it: id, the secret token its owner proves itself
 * with, what it was asked to be, its table and parsed predicate, and when it was last heard
 * from. Inserts of one producer are serialised on {@link #insertLock} so its sequence numbers are
 * committed in order (continuous readers rely on that). Thread-safe.
 */
@ThreadSafe
final class HostedProducer {
    final long id;
    @SuppressWarnings("ThreadSafe") // made by the constructor, never written again nor handed out
    private final byte[] token;
    @SuppressWarnings("ThreadSafe") // a record of immutable values and an unmodifiable set (Set.copyOf)
    final ProducerSpec spec;
    final TableDefinition table;
    @SuppressWarnings("ThreadSafe") // Equalities holds an unmodifiable copy (Map.copyOf)
    final Equalities predicate;
    final boolean serviceOwned;
    @SuppressWarnings("ThreadSafe") // a plain lock object, only synchronized on
    final Object insertLock = new Object();
    @SuppressWarnings("ThreadSafe") // volatile: the newest contact, written and read without a lock
    volatile long lastContactNanos;
    @SuppressWarnings("ThreadSafe") // volatile: set once when the producer is closed
    volatile boolean closed;

    HostedProducer(long id, String token, ProducerSpec spec, TableDefinition table, Equalities predicate, boolean serviceOwned) {
        this.id = id;
        this.token = requireNonNull(token, "token is null").getBytes(StandardCharsets.UTF_8);
        this.spec = requireNonNull(spec, "spec is null");
        this.table = requireNonNull(table, "table is null");
        this.predicate = requireNonNull(predicate, "predicate is null");
        this.serviceOwned = serviceOwned;
        this.lastContactNanos = System.nanoTime();
    }

    /** Whether {@code presented} is this producer's token (constant time). */
    boolean tokenMatches(String presented) {
        return presented != null && MessageDigest.isEqual(token, presented.getBytes(StandardCharsets.UTF_8));
    }

    void touch() {
        lastContactNanos = System.nanoTime();
    }
}
