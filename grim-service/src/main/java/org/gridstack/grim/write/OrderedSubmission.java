package org.gridstack.grim.write;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;

/**
 * Hands provider requests to the backends' group-commit writers so that every copy applies them
 * in ONE order. Requests are queued on all their target backends in one step, under one lock, so
 * two requests always stand in the same order in every backend's queues; each backend's queue for
 * an object (its writers' queues are chosen by the same key hash on every backend) is drained by
 * one writer in queue order, so concurrent {@code backend=all} writers to one object leave the
 * same last value on every copy. A request is queued on every target or on none: when a target's
 * queue is full, nothing is queued and the answer is 503. Used only when PostgreSQL is not started
 * (otherwise {@link UpdateRouter} derives the copies from its change log). Thread-safe.
 */
@ThreadSafe
final class OrderedSubmission {
    @SuppressWarnings("ThreadSafe") // a plain lock object, only synchronized on
    private final Object lock = new Object();

    /**
     * Queues {@code updates} on every batcher of {@code targets} (by backend name) in one step;
     * the future completes with the number stored per backend once all stored them, or fails with
     * the first backend's GrimException.
     */
    CompletableFuture<Map<String, Integer>> submit(Map<String, UpdateBatcher> targets, List<Update> updates) {
        Map<String, CompletableFuture<UpdateBatcher.Stored>> each = new LinkedHashMap<>();
        synchronized (lock) {
            for (Map.Entry<String, UpdateBatcher> t : targets.entrySet()) {
                if (!t.getValue().hasRoomFor(updates)) {
                    return CompletableFuture.failedFuture(new GrimException(503, t.getKey()
                            + ": update queue full; nothing of this request was stored anywhere; slow down and retry"));
                }
            }
            for (Map.Entry<String, UpdateBatcher> t : targets.entrySet()) {
                each.put(t.getKey(), t.getValue().submitAsync(updates));
            }
        }
        List<CompletableFuture<UpdateBatcher.Stored>> futures = new ArrayList<>(each.values());
        return CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
            Map<String, Integer> stored = new LinkedHashMap<>();
            each.forEach((name, f) -> stored.put(name, f.join().updates()));
            return stored;
        });
    }
}
