package org.gridstack.testing;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.time.Duration;
import java.util.Objects;

/**
 * When a chunk of bytes that entered an emulated wide-area link leaves it: the arithmetic of
 * {@link WanLink}, kept apart from sockets and clocks so that it can be checked exactly.
 *
 * <p>The model is the usual one for a path with one bottleneck: bytes are serialised at a rate,
 * one after the other, and then travel for a fixed one-way delay. Two rates apply: the
 * connection's own ({@code connectionBytesPerSecond}, what a single TCP stream reached on the
 * thesis's transatlantic link) and the link's ({@code linkBytesPerSecond}, shared by every
 * connection in the same direction, taken from a {@link Shared} object). A chunk that arrives at
 * {@code a} finishes its serialisation on the connection at {@code c = max(a, connectionFree) +
 * n / connectionRate} and on the link at {@code l = max(a, linkFree) + n / linkRate}; it leaves at
 * {@code max(c, l) + delay}. A rate of 0 means unlimited. Times are nanoseconds on any monotonic
 * clock the caller chooses.
 *
 * <p>One instance per direction of one connection; not thread-safe (one thread uses it). The
 * {@link Shared} link state is thread-safe.
 */
public final class LinkSchedule {
    private final long delayNanos;
    private final long connectionBytesPerSecond;
    private final Shared link;
    private long connectionFree = Long.MIN_VALUE;

    /**
     * @param oneWayDelay the propagation delay every byte sees (zero or more)
     * @param connectionBytesPerSecond this connection's rate in this direction; 0 = unlimited
     * @param link the rate shared with the other connections in the same direction
     */
    public LinkSchedule(Duration oneWayDelay, long connectionBytesPerSecond, Shared link) {
        Objects.requireNonNull(oneWayDelay, "oneWayDelay is null");
        this.link = Objects.requireNonNull(link, "link is null");
        if (oneWayDelay.isNegative()) {
            throw new IllegalArgumentException("the one-way delay must not be negative, got " + oneWayDelay);
        }
        if (connectionBytesPerSecond < 0) {
            throw new IllegalArgumentException("the connection rate must be 0 (unlimited) or positive, got " + connectionBytesPerSecond);
        }
        this.delayNanos = oneWayDelay.toNanos();
        this.connectionBytesPerSecond = connectionBytesPerSecond;
    }

    /** The time at which {@code bytes} that arrived at {@code arrivalNanos} leave the link. */
    public long departure(long arrivalNanos, int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative, got " + bytes);
        }
        long serialised = arrivalNanos;
        if (connectionBytesPerSecond > 0) {
            connectionFree = Math.max(arrivalNanos, connectionFree) + transmission(bytes, connectionBytesPerSecond);
            serialised = connectionFree;
        }
        serialised = Math.max(serialised, link.serialise(arrivalNanos, bytes));
        return serialised + delayNanos;
    }

    static long transmission(int bytes, long bytesPerSecond) {
        return (long) Math.ceil(bytes * 1e9 / bytesPerSecond);
    }

    /** The bottleneck all connections of one direction share. Thread-safe. */
    @ThreadSafe
    public static final class Shared {
        private final long bytesPerSecond;
        @GuardedBy("this")
        private long free = Long.MIN_VALUE;

        /** @param bytesPerSecond the link's rate; 0 = unlimited */
        public Shared(long bytesPerSecond) {
            if (bytesPerSecond < 0) {
                throw new IllegalArgumentException("the link rate must be 0 (unlimited) or positive, got " + bytesPerSecond);
            }
            this.bytesPerSecond = bytesPerSecond;
        }

        /** Reserves the link for {@code bytes} arriving at {@code arrivalNanos}; returns when their serialisation ends. */
        synchronized long serialise(long arrivalNanos, int bytes) {
            if (bytesPerSecond == 0) {
                return arrivalNanos;
            }
            free = Math.max(arrivalNanos, free) + transmission(bytes, bytesPerSecond);
            return free;
        }
    }
}
