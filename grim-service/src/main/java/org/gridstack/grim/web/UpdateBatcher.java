package org.gridstack.grim.web;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Group commit for provider updates: requests from many connections queue here, a few writer
 * threads per backend each take everything queued for them (up to a limit) and store it in one
 * transaction, then answer every request. While one commit is in flight the next group collects, so the
 * batch grows with the load and the commit cost is shared. Each request stays all or nothing:
 * when a group fails on a request's bad input, the writer re-applies the group request by
 * request, so only the bad request fails. Readers never wait for the writer (MVCC on
 * PostgreSQL). Thread-safe.
 */
public final class UpdateBatcher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(UpdateBatcher.class);
    private static final Pending POISON = new Pending(List.of());

    private final GrimBackend backend;
    private final List<BlockingQueue<Pending>> queues = new ArrayList<>();
    private final int maxBatchRequests;
    private final List<Thread> writers = new ArrayList<>();
    private final Timer commitTimer;
    private final DistributionSummary batchSize;
    private final Counter stored;
    private volatile boolean closed;

    private static final class Pending {
        final List<Update> updates;
        final CompletableFuture<Integer> done = new CompletableFuture<>();

        Pending(List<Update> updates) {
            this.updates = updates;
        }
    }

    /**
     * @param writers writer threads (each its own connection and queue); a request goes to the
     *                writer its first object's key hashes to, so updates of one object stay in
     *                order and concurrent transactions rarely touch the same rows
     */
    public UpdateBatcher(GrimBackend backend, int writers, int maxBatchRequests, MeterRegistry meters) {
        this.backend = requireNonNull(backend, "backend is null");
        if (writers < 1 || maxBatchRequests < 1) {
            throw new IllegalArgumentException("writers and maxBatchRequests must be at least 1");
        }
        this.maxBatchRequests = maxBatchRequests;
        this.commitTimer = Timer.builder("grim.updates.commit").tag("backend", backend.name())
                .description("time to store one group of provider requests").register(meters);
        this.batchSize = DistributionSummary.builder("grim.updates.group.requests").tag("backend", backend.name())
                .description("provider requests per group commit").register(meters);
        this.stored = Counter.builder("grim.updates.stored").tag("backend", backend.name())
                .description("updates durably stored").register(meters);
        for (int i = 0; i < writers; i++) {
            BlockingQueue<Pending> q = new ArrayBlockingQueue<>(Math.max(1024, maxBatchRequests * 2));
            queues.add(q);
            Thread t = new Thread(() -> run(q), "grim-update-writer-" + backend.name() + "-" + i);
            t.setDaemon(true);
            this.writers.add(t);
            t.start();
        }
    }

    /**
     * Queues {@code updates} (validated) without blocking; the future completes when they are
     * stored (with their number) or fails with a GrimException (503 when the queue is full).
     */
    public CompletableFuture<Integer> submitAsync(List<Update> updates) {
        if (closed) {
            return CompletableFuture.failedFuture(new GrimException(503, backend.name() + ": the service is shutting down; retry elsewhere"));
        }
        Pending p = new Pending(updates);
        if (!queueFor(updates).offer(p)) {
            return CompletableFuture.failedFuture(new GrimException(503, backend.name() + ": update queue full; slow down and retry"));
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

    /** Stores {@code updates} (validated) all or nothing; blocks until stored or failed. Returns the number stored. */
    public int submit(List<Update> updates, Duration timeout) {
        if (closed) {
            throw new GrimException(503, backend.name() + ": the service is shutting down; retry elsewhere");
        }
        Pending p = new Pending(updates);
        BlockingQueue<Pending> queue = queueFor(updates);
        try {
            if (!queue.offer(p, timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new GrimException(503, backend.name() + ": update queue full for " + timeout.toMillis() + " ms; retry later");
            }
            return p.done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GrimException(503, "interrupted while waiting for the update to be stored");
        } catch (TimeoutException e) {
            throw new GrimException(503, backend.name() + ": the update was not confirmed within " + timeout.toMillis()
                    + " ms; it may still be stored");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GrimException g) {
                throw new GrimException(g.status(), g.getMessage(), g);
            }
            throw GrimException.backendFailed(backend.name(), "storing updates failed", e.getCause());
        }
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
                log.error("update writer for {} failed", backend.name(), e);
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
            backend.apply(all);
            commitTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
            batchSize.record(group.size());
            stored.increment(all.size());
            for (Pending p : group) {
                p.done.complete(p.updates.size());
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
                    backend.apply(p.updates);
                    stored.increment(p.updates.size());
                    p.done.complete(p.updates.size());
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
    }
}
