package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The optimised plans of recently run SQL texts, so a repeated query skips Calcite's parsing,
 * validation and rule phases (several milliseconds each time). Keyed by the exact SQL text; at most
 * {@code capacity} plans, the least recently used one goes first. A plan depends only on its SQL and
 * the catalog it was planned against, and a {@link QueryPlanner}'s catalog never changes, so the
 * cache belongs to its planner: a new catalog means a new planner with an empty cache. Only
 * successful plans are kept; a failing SQL text is planned (and fails) every time. The cached plans
 * are shared: translation only reads them. Thread-safe.
 */
@ThreadSafe
final class PlanCache {
    private final int capacity;
    @GuardedBy("plans")
    private final Map<String, QueryPlanner.Planned> plans;
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong misses = new AtomicLong();

    PlanCache(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must not be negative, is " + capacity);
        }
        this.capacity = capacity;
        this.plans = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, QueryPlanner.Planned> eldest) {
                return size() > PlanCache.this.capacity;
            }
        };
    }

    /** The cached plan of {@code sql}, or {@code planner}'s plan of it (kept when it succeeds). */
    QueryPlanner.Planned get(String sql, Function<String, QueryPlanner.Planned> planner) {
        requireNonNull(sql, "sql is null");
        requireNonNull(planner, "planner is null");
        synchronized (plans) {
            QueryPlanner.Planned cached = plans.get(sql);
            if (cached != null) {
                hits.incrementAndGet();
                return cached;
            }
        }
        misses.incrementAndGet();
        // planned outside the lock: two threads may plan the same new SQL once each, which is harmless
        QueryPlanner.Planned planned = planner.apply(sql);
        if (capacity > 0) {
            synchronized (plans) {
                plans.putIfAbsent(sql, planned);
            }
        }
        return planned;
    }

    /** Plans kept now. */
    int size() {
        synchronized (plans) {
            return plans.size();
        }
    }

    /** Lookups answered from the cache. */
    long hits() {
        return hits.get();
    }

    /** Lookups that had to plan. */
    long misses() {
        return misses.get();
    }
}
