package org.gridstack.mds.ldap;

import com.google.errorprone.annotations.Immutable;

/**
 * The shape of the event-loop listener ({@link EventLoopListener}): how many selector threads read
 * and write every connection, how many worker threads run requests, how many bytes of answers
 * one connection may have waiting for its client to read them (a worker writing more waits up to
 * the listener's {@link ListenerSettings#writeTimeout()} for its client to read). Immutable;
 * thread-safe.
 *
 * @param selectorThreads threads that accept, read and write (each owns a share of the connections)
 * @param workerThreads   threads that run the handler chain, one request at a time each
 * @param maxUnsentBytes  answer bytes one connection may hold unsent; a worker writing more waits
 */
@Immutable
public record EventLoopSettings(int selectorThreads, int workerThreads, int maxUnsentBytes) {
    /** 256 KiB: four of the coalescing output's 64 KiB writes. */
    public static final int DEFAULT_MAX_UNSENT_BYTES = 256 * 1024;

    public EventLoopSettings {
        if (selectorThreads < 1 || workerThreads < 1) {
            throw new IllegalArgumentException("selectorThreads (" + selectorThreads + ") and workerThreads ("
                    + workerThreads + ") must be at least 1");
        }
        if (maxUnsentBytes < 1024) {
            throw new IllegalArgumentException("maxUnsentBytes " + maxUnsentBytes + " must be at least 1024");
        }
    }

    /**
     * Two selector threads (one per core of the machines this runs on; more only add wake-ups),
     * {@code workers} worker threads (the servers' concurrency limit), {@link #DEFAULT_MAX_UNSENT_BYTES}.
     */
    public static EventLoopSettings of(int workers) {
        return new EventLoopSettings(Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())), workers,
                DEFAULT_MAX_UNSENT_BYTES);
    }
}
