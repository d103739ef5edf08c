package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * The shape of the event-loop listener ({@link EventLoopListener}): how many selector threads read
 * and write every connection, how many worker threads run requests, how many bytes of answers
 * one connection may have waiting for its client to read them, and how long a worker waits for a
 * client over that bound to read before its connection is closed (slapd's {@code writetimeout}).
 * Immutable; thread-safe.
 *
 * @param selectorThreads threads that accept, read and write (each owns a share of the connections)
 * @param workerThreads   threads that run the handler chain, one request at a time each
 * @param maxUnsentBytes  answer bytes one connection may hold unsent; a worker writing more waits
 * @param writeTimeout    how long that wait lasts before the connection is closed with a Notice of
 *                        Disconnection
 */
public record EventLoopSettings(int selectorThreads, int workerThreads, int maxUnsentBytes, Duration writeTimeout) {
    /** 256 KiB: four of the coalescing output's 64 KiB writes. */
    public static final int DEFAULT_MAX_UNSENT_BYTES = 256 * 1024;

    public EventLoopSettings {
        requireNonNull(writeTimeout, "writeTimeout is null");
        if (selectorThreads < 1 || workerThreads < 1) {
            throw new IllegalArgumentException("selectorThreads (" + selectorThreads + ") and workerThreads ("
                    + workerThreads + ") must be at least 1");
        }
        if (maxUnsentBytes < 1024) {
            throw new IllegalArgumentException("maxUnsentBytes " + maxUnsentBytes + " must be at least 1024");
        }
        if (writeTimeout.isNegative() || writeTimeout.isZero()) {
            throw new IllegalArgumentException("writeTimeout must be positive");
        }
    }

    /**
     * Two selector threads (one per core of the machines this runs on; more only add wake-ups),
     * {@code workers} worker threads (the servers' concurrency limit), {@link #DEFAULT_MAX_UNSENT_BYTES}.
     */
    public static EventLoopSettings of(int workers, Duration writeTimeout) {
        return new EventLoopSettings(Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())), workers,
                DEFAULT_MAX_UNSENT_BYTES, writeTimeout);
    }
}
