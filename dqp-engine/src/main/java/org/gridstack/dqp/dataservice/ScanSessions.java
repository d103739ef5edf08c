package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.gridstack.dqp.block.BlockCodec;

/**
 * The open asynchronous scans of one data service (the seed's GDS sessions from which a client
 * pulls tuples or blocks), each a {@link ScanCursor} under a random id. At most {@code maxSessions}
 * are open; one more is refused. A session nobody pulled from for {@code idleTimeout} is closed by a
 * reaper thread, so a client that vanishes does not hold a connection. Thread-safe.
 */
@ThreadSafe
public final class ScanSessions implements AutoCloseable {
    private final int maxSessions;
    private final long idleTimeoutNanos;
    @SuppressWarnings("ThreadSafe") // Entry: a final Session (@ThreadSafe) and a volatile last-use time
    private final ConcurrentMap<String, Entry> sessions = new ConcurrentHashMap<>();
    private final ScheduledExecutorService reaper;

    /** An open session: its cursor and the codec its blocks are written in. Immutable. */
    @ThreadSafe
    public record Session(ScanCursor cursor, BlockCodec codec) {
    }

    private static final class Entry {
        final Session session;
        volatile long lastUsedNanos = System.nanoTime();

        Entry(Session session) {
            this.session = session;
        }
    }

    public ScanSessions(int maxSessions, Duration idleTimeout) {
        requireNonNull(idleTimeout, "idleTimeout is null");
        this.maxSessions = maxSessions;
        this.idleTimeoutNanos = idleTimeout.toNanos();
        this.reaper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dqp-session-reaper");
            t.setDaemon(true);
            return t;
        });
        long period = Math.max(100, idleTimeout.toMillis() / 4);
        reaper.scheduleWithFixedDelay(this::closeIdle, period, period, TimeUnit.MILLISECONDS);
    }

    /**
     * Registers {@code cursor} and returns its id.
     *
     * @throws TooManySessionsException when {@code maxSessions} are open (the cursor is closed)
     */
    public synchronized String add(ScanCursor cursor, BlockCodec codec) {
        requireNonNull(cursor, "cursor is null");
        requireNonNull(codec, "codec is null");
        if (sessions.size() >= maxSessions) {
            cursor.close();
            throw new TooManySessionsException("this data service has " + maxSessions
                    + " open scans, its limit; close finished ones or retry later");
        }
        String id = UUID.randomUUID().toString();
        sessions.put(id, new Entry(new Session(cursor, codec)));
        return id;
    }

    /**
     * Session {@code id}, marked as used now.
     *
     * @throws UnknownSessionException when there is no such session (never opened, finished, closed or expired)
     */
    public Session get(String id) {
        Entry e = sessions.get(id);
        if (e == null) {
            throw new UnknownSessionException("no open scan session " + id + " (finished, closed or idle too long)");
        }
        e.lastUsedNanos = System.nanoTime();
        return e.session;
    }

    /** Closes and forgets session {@code id}; no-op when there is none. */
    public void close(String id) {
        Entry e = sessions.remove(id);
        if (e != null) {
            e.session.cursor().cancel();
            e.session.cursor().close();
        }
    }

    /** Number of open sessions. */
    public int size() {
        return sessions.size();
    }

    private void closeIdle() {
        long now = System.nanoTime();
        sessions.forEach((id, e) -> {
            if (now - e.lastUsedNanos > idleTimeoutNanos) {
                close(id);
            }
        });
    }

    /** Closes every session and stops the reaper. */
    @Override
    public void close() {
        reaper.shutdownNow();
        sessions.keySet().forEach(this::close);
    }
}
