package org.gridstack.grim.write;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.gridstack.grim.store.replication.SystemOfRecord;

/**
 * Group commit for provider updates: requests from many connections queue here, a few writer
 * threads per backend each take everything queued for them (up to a limit) and store it in one
 * transaction, then answer every request. While one commit is in flight the next group collects, so the
 * batch grows with the load and the commit cost is shared. Each request stays all or nothing:
 * when a group fails on a request's bad input, the writer re-applies the group request by
 * request, so only the bad request fails. Readers never wait for the writer (MVCC on
 * PostgreSQL). A batcher stores either into a backend ({@link #forBackend}) or into the system of
 * record together with a change-log entry per group ({@link #forSystemOfRecord}); then each request
 * learns the position of the entry that holds it. Thread-safe.
 */
@ThreadSafe
public final class UpdateBatcher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(UpdateBatcher.class);
    private static final Pending POISON = new Pending(List.of());

    private final String name;
    @SuppressWarnings("ThreadSafe") // a lambda over a @ThreadSafe GrimBackend, or SystemOfRecord::applyAndLog (@ThreadSafe)
    private final GroupStore target;
    @SuppressWarnings("ThreadSafe") // filled by the constructor alone, only read after; the queues are BlockingQueues
    private final List<BlockingQueue<Pending>> queues = new ArrayList<>();
    private final int maxBatchRequests;
    @SuppressWarnings("ThreadSafe") // filled by the constructor alone, read by close()
    private final List<Thread> writers = new ArrayList<>();
    private final Timer commitTimer;
    private final DistributionSummary batchSize;
    private final Counter stored;
    @SuppressWarnings("ThreadSafe") // volatile: set once by close(), read without a lock
    private volatile boolean closed;

    private static final class Pending {
        final List<Update> updates;
        final CompletableFuture<Stored> done = new CompletableFuture<>();

        Pending(List<Update> updates) {
            this.updates = updates;
        }
    }

    /** Stores one group all or nothing; returns its change-log position, or 0 when nothing is logged. */
    @FunctionalInterface
    public interface GroupStore {
        long store(List<Update> group);
    }

    /**
     * A request's updates are stored.
     *
     * @param updates  how many
     * @param position the change-log entry that holds them (0 when the batcher does not log)
     */
    public record Stored(int updates, long position) {
    }

    /** Group commit into {@code backend} (no change log: the write changes that copy only). */
    public static UpdateBatcher forBackend(GrimBackend backend, int writers, int maxBatchRequests, MeterRegistry meters) {
        requireNonNull(backend, "backend is null");
        return new UpdateBatcher(backend.name(), group -> {
            backend.apply(group);
            return 0;
        }, writers, maxBatchRequests, meters);
    }

    /** Group commit into the system of record {@code name}, each group with its change-log entry. */
    public static UpdateBatcher forSystemOfRecord(String name, SystemOfRecord source, int writers,
            int maxBatchRequests, MeterRegistry meters) {
        requireNonNull(source, "source is null");
        return new UpdateBatcher(name, source::applyAndLog, writers, maxBatchRequests, meters);
    }

    /**
     * @param writers writer threads (each its own connection and queue); a request goes to the
     *                writer its first object's key hashes to, so updates of one object stay in
     *                order and concurrent transactions rarely touch the same rows
     */
    private UpdateBatcher(String name, GroupStore target, int writers, int maxBatchRequests, MeterRegistry meters) {
        this.name = requireNonNull(name, "name is null");
        this.target = requireNonNull(target, "target is null");
        if (writers < 1 || maxBatchRequests < 1) {
            throw new IllegalArgumentException("writers and maxBatchRequests must be at least 1");
        }
        this.maxBatchRequests = maxBatchRequests;
        this.commitTimer = Timer.builder("grim.updates.commit").tag("backend", name)
                .description("time to store one group of provider requests").register(meters);
        this.batchSize = DistributionSummary.builder("grim.updates.group.requests").tag("backend", name)
                .description("provider requests per group commit").register(meters);
        this.stored = Counter.builder("grim.updates.stored").tag("backend", name)
                .description("updates durably stored").register(meters);
        for (int i = 0; i < writers; i++) {
            BlockingQueue<Pending> q = new ArrayBlockingQueue<>(Math.max(1024, maxBatchRequests * 2));
            queues.add(q);
            Thread t = new Thread(() -> run(q), "grim-update-writer-" + name + "-" + i);
            t.setDaemon(true);
            this.writers.add(t);
            t.start();
        }
    }

    /**
     * Queues {@code updates} (validated) without blocking; the future completes when they are
     * stored (with their number) or fails with a GrimException (503 when the queue is full).
     */
    public CompletableFuture<Stored> submitAsync(List<Update> updates) {
        if (closed) {
            return CompletableFuture.failedFuture(new GrimException(503, name + ": the service is shutting down; retry elsewhere"));
        }
        Pending p = new Pending(updates);
        if (!queueFor(updates).offer(p)) {
            return CompletableFuture.failedFuture(new GrimException(503, name + ": update queue full; slow down and retry"));
        }
        return p.done;
    }

    /** Whether the queue {@code updates} would go to has room now (for queuing on several backends all or none). */
    boolean hasRoomFor(List<Update> updates) {
        return !closed && queueFor(updates).remainingCapacity() > 0;
    }

    private BlockingQueue<Pending> queueFor(List<Update> updates) {
        Update first = updates.get(0);
        return queues.get(Math.floorMod(first.collection().hashCode() * 31 + first.key().hashCode(), queues.size()));
    }

    private void run(BlockingQueue<Pending> queue) {
        List<Pending> group = new ArrayList<>();
        while (true) {
            try {
                Pending first = queue.take();
                if (first == POISON) {
                    return;
                }
                group.add(first);
                queue.drainTo(group, maxBatchRequests - 1);
                boolean stop = group.remove(POISON);
                store(group);
                group.clear();
                if (stop) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.error("update writer for {} failed", name, e);
                for (Pending p : group) {
                    p.done.completeExceptionally(e);
                }
                group.clear();
            }
        }
    }

    private void store(List<Pending> group) {
        List<Update> all;
        if (group.size() == 1) {
            all = group.get(0).updates;
        } else {
            all = new ArrayList<>();
            for (Pending p : group) {
                all.addAll(p.updates);
            }
        }
        long start = System.nanoTime();
        try {
            long position = target.store(all);
            commitTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
            batchSize.record(group.size());
            stored.increment(all.size());
            for (Pending p : group) {
                p.done.complete(new Stored(p.updates.size(), position));
            }
        } catch (GrimException e) {
            if (group.size() == 1 || e.status() >= 500) {
                for (Pending p : group) {
                    p.done.completeExceptionally(e);
                }
                return;
            }
            // one request's bad input must not fail the others: store them one by one
            for (Pending p : group) {
                try {
                    long position = target.store(p.updates);
                    stored.increment(p.updates.size());
                    p.done.complete(new Stored(p.updates.size(), position));
                } catch (RuntimeException each) {
                    p.done.completeExceptionally(each);
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        for (BlockingQueue<Pending> q : queues) {
            q.offer(POISON);
        }
        try {
            for (Thread t : writers) {
                t.join(10_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // an update queued after its queue's stop marker (submitAsync passed the closed check just before close()
        // set it) is never stored: say so now rather than leave its caller waiting for an answer that cannot come
        List<Pending> left = new ArrayList<>();
        for (BlockingQueue<Pending> q : queues) {
            q.drainTo(left);
        }
        for (Pending p : left) {
            if (p != POISON) {
                p.done.completeExceptionally(new GrimException(503, name + ": the service is shutting down; not stored, retry elsewhere"));
            }
        }
    }
}
