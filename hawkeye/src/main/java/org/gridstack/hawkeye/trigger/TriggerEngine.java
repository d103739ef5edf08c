package org.gridstack.hawkeye.trigger;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.EvaluationBudget;
import org.gridstack.hawkeye.classad.EvaluationLimitException;
import org.gridstack.hawkeye.classad.EvaluationLimits;
import org.gridstack.hawkeye.classad.Evaluator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hawkeye's automated problem detection: for every new ad of a host, evaluates each trigger's
 * constraint and fires the trigger when the ad starts to match (the host's previous ad did not,
 * or there was none). Actions run on a small pool with a bounded queue, never on the caller's
 * thread: a slow, hanging or failing action never blocks the manager. A firing within a
 * trigger's {@code minInterval} of its previous one is suppressed (counted); a failed attempt is
 * logged, counted and retried after {@code retryDelay}, doubling, up to the trigger's
 * {@code maxRetries}. Thread-safe; {@link #close()} stops the pool.
 */
@ThreadSafe
public final class TriggerEngine implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(TriggerEngine.class);

    private final Clock clock;
    private final Duration retryDelay;
    private final ActionRunner runner;
    @SuppressWarnings("ThreadSafe") // a ThreadPoolExecutor is thread-safe (an ExecutorService)
    private final ThreadPoolExecutor pool;
    private final ScheduledExecutorService retries;
    // Registered: final fields only, holding concurrent sets, atomics and the Trigger record it was made with
    @SuppressWarnings("ThreadSafe")
    private final ConcurrentMap<String, Registered> triggers = new ConcurrentHashMap<>();

    private static final class Registered {
        final Trigger trigger;
        final Set<String> matching = ConcurrentHashMap.newKeySet();
        final AtomicReference<Instant> lastFired = new AtomicReference<>();
        final AtomicLong fired = new AtomicLong();
        final AtomicLong succeeded = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final AtomicLong rateLimited = new AtomicLong();
        final AtomicLong dropped = new AtomicLong();
        volatile String lastError;

        Registered(Trigger trigger) {
            this.trigger = trigger;
        }
    }

    /**
     * @param threads actions running at once
     * @param queueSize firings waiting for a thread; more are dropped (and counted)
     * @param retryDelay the wait before the first retry
     */
    public TriggerEngine(Clock clock, int threads, int queueSize, Duration retryDelay) {
        this.clock = requireNonNull(clock, "clock is null");
        this.retryDelay = requireNonNull(retryDelay, "retryDelay is null");
        if (threads < 1 || queueSize < 1) {
            throw new IllegalArgumentException("threads and queueSize must be at least 1");
        }
        this.runner = new ActionRunner(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build());
        this.pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queueSize),
                r -> daemon(r, "hawkeye-trigger"));
        this.pool.allowCoreThreadTimeOut(true);
        this.retries = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "hawkeye-trigger-retry"));
    }

    /** Two actions at once, 256 waiting, first retry after 1 s. */
    public static TriggerEngine standard(Clock clock) {
        return new TriggerEngine(clock, 2, 256, Duration.ofSeconds(1));
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** Adds or replaces a trigger (a replaced one forgets which hosts matched). */
    public void register(Trigger trigger) {
        triggers.put(trigger.name(), new Registered(requireNonNull(trigger, "trigger is null")));
    }

    /** Removes a trigger; returns whether it existed. */
    public boolean remove(String name) {
        return triggers.remove(name) != null;
    }

    public List<TriggerStatus> statuses() {
        List<TriggerStatus> out = new ArrayList<>();
        for (Registered r : triggers.values()) {
            out.add(new TriggerStatus(r.trigger.name(), r.trigger.constraintText(), r.fired.get(), r.succeeded.get(),
                    r.failed.get(), r.rateLimited.get(), r.dropped.get(), r.lastError));
        }
        out.sort((a, b) -> a.name().compareTo(b.name()));
        return out;
    }

    /** A host sent a new ad: fires the triggers it starts to match. Returns at once. */
    public void adUpdated(String host, ClassAd ad) {
        String key = host.toLowerCase(Locale.ROOT);
        for (Registered r : triggers.values()) {
            boolean matches;
            try {
                matches = Evaluator.matches(r.trigger.constraint(), ad, new EvaluationBudget(EvaluationLimits.QUERY), clock);
            } catch (EvaluationLimitException e) {
                r.lastError = "constraint over its limits on host " + host + ": " + e.getMessage();
                matches = false;
            }
            if (!matches) {
                r.matching.remove(key);
                continue;
            }
            if (!r.matching.add(key)) {
                continue; // already matched: fire only when an ad starts to match
            }
            fire(r, host, ad);
        }
    }

    /** A host expired: it no longer matches anything. */
    public void hostGone(String host) {
        String key = host.toLowerCase(Locale.ROOT);
        for (Registered r : triggers.values()) {
            r.matching.remove(key);
        }
    }

    private void fire(Registered r, String host, ClassAd ad) {
        Instant now = clock.instant();
        Instant last = r.lastFired.get();
        if (last != null && now.isBefore(last.plus(r.trigger.minInterval()))) {
            r.rateLimited.incrementAndGet();
            return;
        }
        if (!r.lastFired.compareAndSet(last, now)) {
            r.rateLimited.incrementAndGet();
            return;
        }
        r.fired.incrementAndGet();
        submit(r, host, ad, 0);
    }

    private void submit(Registered r, String host, ClassAd ad, int attempt) {
        try {
            pool.execute(() -> attempt(r, host, ad, attempt));
        } catch (RejectedExecutionException e) {
            r.dropped.incrementAndGet();
            r.lastError = "action queue full; firing for host " + host + " dropped";
            log.warn("trigger {}: {}", r.trigger.name(), r.lastError);
        }
    }

    private void attempt(Registered r, String host, ClassAd ad, int attempt) {
        try {
            runner.run(r.trigger, host, ad);
            r.succeeded.incrementAndGet();
        } catch (ActionRunner.ActionFailedException e) {
            r.failed.incrementAndGet();
            r.lastError = "host " + host + ", attempt " + (attempt + 1) + ": " + e.getMessage();
            log.warn("trigger {} failed: {}", r.trigger.name(), r.lastError);
            if (attempt < r.trigger.maxRetries() && !retries.isShutdown()) {
                long delay = retryDelay.toMillis() << Math.min(attempt, 10);
                try {
                    retries.schedule(() -> submit(r, host, ad, attempt + 1), delay, TimeUnit.MILLISECONDS);
                } catch (RejectedExecutionException closed) {
                    // shutting down
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            r.failed.incrementAndGet();
            r.lastError = "host " + host + ": " + e;
            log.warn("trigger {} failed", r.trigger.name(), e);
        }
    }

    @Override
    public void close() {
        retries.shutdownNow();
        pool.shutdownNow();
    }
}
