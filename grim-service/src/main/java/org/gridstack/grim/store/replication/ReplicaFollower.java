package org.gridstack.grim.store.replication;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.util.Locale;

/**
 * Keeps one copy (BaseX or LDAP) equal to the system of record by applying its change log in
 * position order, on a thread of its own. Each round reads the entries after the copy's position
 * and applies them as one all-or-nothing group; only then does the position advance. The position
 * is held in memory: a restarted service rebuilds its copies from a snapshot taken with its log
 * position, so across a crash no entry is applied twice or skipped.
 *
 * <ul>
 * <li>When the copy fails for its own reasons (5xx: down, busy, full), the entries stay in the log
 *     and the round is retried with growing pauses (up to {@link #MAX_PAUSE}); the lag grows and
 *     is reported, nothing is skipped.</li>
 * <li>When the copy refuses an entry the system of record accepted (4xx: the copy had been changed
 *     on its own by a single-backend write), the copy is rebuilt from a consistent snapshot of the
 *     system of record and follows on from that snapshot's position ({@code resync}).</li>
 * </ul>
 * Thread-safe.
 */
@ThreadSafe
final class ReplicaFollower implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ReplicaFollower.class);
    static final Duration MAX_PAUSE = Duration.ofSeconds(30);
    private static final int ENTRIES_PER_ROUND = 64;
    private static final int UPDATES_PER_ROUND = 200_000;

    enum State {
        FOLLOWING, RETRYING, RESYNCING, STOPPED
    }

    private final SystemOfRecord source;
    private final GrimBackend copy;
    private final Thread thread;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition newEntries = lock.newCondition();
    /** Waiters by the position they wait for. */
    @GuardedBy("lock")
    private final TreeMap<Long, List<CompletableFuture<Void>>> waiters = new TreeMap<>();
    @SuppressWarnings("ThreadSafe") // volatile: written under the lock by the follower thread, read without a lock
    private volatile long position;
    @SuppressWarnings("ThreadSafe") // volatile: written under the lock, read without a lock
    private volatile long latestKnown;
    @SuppressWarnings("ThreadSafe") // volatile: set when first behind, cleared when caught up; read without a lock
    private volatile Instant behindSince;
    @SuppressWarnings("ThreadSafe") // volatile: written by the follower thread and close(), read without a lock
    private volatile State state = State.FOLLOWING;
    @SuppressWarnings("ThreadSafe") // volatile: written by the follower thread alone, read without a lock
    private volatile String lastError;
    private final AtomicLong resyncs = new AtomicLong();
    @SuppressWarnings("ThreadSafe") // volatile: set once by close(), read without a lock
    private volatile boolean closed;

    ReplicaFollower(SystemOfRecord source, GrimBackend copy, long startPosition) {
        this.source = requireNonNull(source, "source is null");
        this.copy = requireNonNull(copy, "copy is null");
        this.position = startPosition;
        this.latestKnown = startPosition;
        this.thread = new Thread(this::run, "grim-replica-" + copy.name());
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    String name() {
        return copy.name();
    }

    long position() {
        return position;
    }

    /** Entries up to {@code latest} are committed: follow them now instead of at the next poll. */
    void committed(long latest) {
        lock.lock();
        try {
            if (latest > latestKnown) {
                latestKnown = latest;
            }
            if (behindSince == null && latest > position) {
                behindSince = Instant.now();
            }
            newEntries.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Completes when this copy has applied the entry at {@code target} (at once if it has). */
    CompletableFuture<Void> applied(long target) {
        lock.lock();
        try {
            if (position >= target) {
                return CompletableFuture.completedFuture(null);
            }
            CompletableFuture<Void> f = new CompletableFuture<>();
            waiters.computeIfAbsent(target, k -> new ArrayList<>()).add(f);
            return f;
        } finally {
            lock.unlock();
        }
    }

    /** Whether the copy keeps up now (not retrying after failures, not being rebuilt). */
    boolean following() {
        return state == State.FOLLOWING;
    }

    /** Drops the waiters for {@code target} that are done (ended by their own timeout), so a lagging copy holds no garbage. */
    void forgetDone(long target) {
        lock.lock();
        try {
            List<CompletableFuture<Void>> list = waiters.get(target);
            if (list != null) {
                list.removeIf(CompletableFuture::isDone);
                if (list.isEmpty()) {
                    waiters.remove(target);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    ReplicaStatus status() {
        long lag = Math.max(0, latestKnown - position);
        Instant since = behindSince;
        double lagSeconds = lag == 0 || since == null ? 0 : Duration.between(since, Instant.now()).toMillis() / 1000.0;
        return new ReplicaStatus(copy.name(), state.name().toLowerCase(Locale.ROOT), position, lag, lagSeconds,
                resyncs.get(), lastError);
    }

    private void run() {
        long pauseMillis = 100;
        while (!closed) {
            try {
                if (!followOnce()) {
                    awaitEntries();
                }
                pauseMillis = 100;
            } catch (GrimException e) {
                if (closed) {
                    return;
                }
                if (e.status() < 500) {
                    resync(e);
                    continue;
                }
                retryLater(e, pauseMillis);
                pauseMillis = Math.min(MAX_PAUSE.toMillis(), pauseMillis * 2);
            } catch (RuntimeException e) {
                if (closed) {
                    return;
                }
                retryLater(e, pauseMillis);
                pauseMillis = Math.min(MAX_PAUSE.toMillis(), pauseMillis * 2);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One round: applies the next entries; false when there were none. */
    private boolean followOnce() {
        List<Change> entries = source.changesAfter(position, ENTRIES_PER_ROUND);
        if (entries.isEmpty()) {
            return false;
        }
        List<Update> group = new ArrayList<>();
        long last = position;
        for (Change c : entries) {
            List<Update> updates = ChangeCodec.decode(c.updates());
            if (!group.isEmpty() && group.size() + updates.size() > UPDATES_PER_ROUND) {
                break;
            }
            if (behindSince == null) {
                behindSince = c.committedAt();
            }
            group.addAll(updates);
            last = c.seq();
        }
        copy.apply(group);
        advanceTo(last, entries.get(entries.size() - 1).seq() == last);
        if (state != State.FOLLOWING) {
            log.info("{} follows the change log again at position {}", copy.name(), last);
            state = State.FOLLOWING;
            lastError = null;
        }
        return true;
    }

    private void advanceTo(long newPosition, boolean readAll) {
        List<CompletableFuture<Void>> done = new ArrayList<>();
        lock.lock();
        try {
            position = newPosition;
            if (newPosition > latestKnown) {
                latestKnown = newPosition;
            }
            if (newPosition >= latestKnown && readAll) {
                behindSince = null;
            }
            Map<Long, List<CompletableFuture<Void>>> reached = waiters.headMap(newPosition, true);
            reached.values().forEach(done::addAll);
            reached.clear();
        } finally {
            lock.unlock();
        }
        done.forEach(f -> f.complete(null));
    }

    private void awaitEntries() throws InterruptedException {
        lock.lock();
        try {
            if (latestKnown <= position && !closed) {
                // the poll also picks up entries committed by another GRIM process on the same database
                newEntries.await(1, TimeUnit.SECONDS);
            }
        } finally {
            lock.unlock();
        }
    }

    private void resync(GrimException cause) {
        state = State.RESYNCING;
        lastError = cause.getMessage();
        log.warn("{} refused a change the system of record accepted ({}): it differs from the system of record, "
                + "rebuilding it from a snapshot", copy.name(), cause.getMessage());
        try {
            SystemOfRecord.Positioned snapshot = source.snapshotWithPosition();
            copy.load(snapshot.data());
            resyncs.incrementAndGet();
            log.info("{} rebuilt from the system of record at position {}", copy.name(), snapshot.position());
            advanceTo(Math.max(position, snapshot.position()), false);
            state = State.FOLLOWING;
        } catch (RuntimeException e) {
            retryLater(e, 1000);
        }
    }

    private void retryLater(RuntimeException e, long pauseMillis) {
        if (state != State.RETRYING) {
            log.warn("{} could not apply the change log after position {}; retrying (the copy lags until it can): {}",
                    copy.name(), position, e.getMessage());
        }
        state = State.RETRYING;
        lastError = e.getMessage();
        try {
            Thread.sleep(pauseMillis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    @Override
    public void close() {
        closed = true;
        state = State.STOPPED;
        thread.interrupt();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
