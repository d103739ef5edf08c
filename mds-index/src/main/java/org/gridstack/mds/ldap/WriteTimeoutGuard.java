package org.gridstack.mds.ldap;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes connections whose client stopped reading (slapd's {@code writetimeout}) for the SDK's
 * listener, whose sockets block when writing: Java sockets have no write timeout, so a client
 * that sends a search and never reads the answer would keep its request, and its slot of the
 * concurrency limit, forever. Each socket ({@link ListenerSocketFactory}) registers a
 * {@link Writer} and marks when each write starts and ends; once a second the guard closes every
 * socket stuck in one write longer than the timeout, which makes the blocked write fail and frees
 * the request. (The socket, not the SDK's connection object: its {@code close()} waits for the
 * monitor the blocked write holds.) The event-loop listener needs none: it bounds each
 * connection's unsent bytes itself. Thread-safe; {@link #close()} stops it.
 */
@ThreadSafe
public final class WriteTimeoutGuard implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(WriteTimeoutGuard.class);

    /** One connection's writing state. */
    public static final class Writer {
        private final Closeable connection;
        private volatile long writingSince; // System.nanoTime() when the current write began; 0: not writing

        Writer(Closeable connection) {
            this.connection = connection;
        }

        /** Marks the start of a write. */
        public void begin() {
            long now = System.nanoTime();
            writingSince = now == 0 ? 1 : now;
        }

        /** Marks its end. */
        public void end() {
            writingSince = 0;
        }
    }

    private final long timeoutNanos;
    @SuppressWarnings("ThreadSafe") // a concurrent key set (ConcurrentHashMap.newKeySet)
    private final Set<Writer> writers = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService timer;

    public WriteTimeoutGuard(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the write timeout must be positive");
        }
        this.timeoutNanos = timeout.toNanos();
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ldap-write-timeout");
            t.setDaemon(true);
            return t;
        });
        long period = Math.max(10, Math.min(1000, timeout.toMillis() / 2));
        timer.scheduleWithFixedDelay(this::check, period, period, TimeUnit.MILLISECONDS);
    }

    public Writer register(Closeable connection) {
        Writer w = new Writer(connection);
        writers.add(w);
        return w;
    }

    public void unregister(Writer w) {
        if (w != null) {
            writers.remove(w);
        }
    }

    private void check() {
        long now = System.nanoTime();
        for (Writer w : writers) {
            long since = w.writingSince;
            if (since != 0 && now - since > timeoutNanos) {
                writers.remove(w);
                log.info("closing a connection whose client has not read its answer for {} ms", timeoutNanos / 1_000_000);
                try {
                    w.connection.close();
                } catch (IOException | RuntimeException e) {
                    log.debug("closing a stuck connection failed", e);
                }
            }
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
