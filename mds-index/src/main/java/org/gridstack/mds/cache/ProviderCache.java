package org.gridstack.mds.cache;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.ProviderException;
import org.gridstack.mds.provider.ProviderOutput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.util.function.Predicate;

/**
 * Keeps each information provider's latest output for its {@code cachetime} and runs providers
 * concurrently on its own threads when their data expires ({@link CacheMode}). A reader never
 * waits for a provider longer than that provider's {@code timelimit}: when the run is late or
 * fails, the reader gets the last data the provider delivered, flagged stale with the reason.
 * Providers are independent: one slow provider delays no other's data. Free of any server code,
 * so LDAP, R-GMA- or Hawkeye-style front-ends can share it.
 *
 * <p>Thread-safe and lock-free for readers: each provider's state is an atomically replaced
 * immutable value, and at most one run per provider is in flight (in mode OFF readers join the
 * run in flight instead of starting another).
 * {@link #close()} stops the refresh threads.
 */
@ThreadSafe
public final class ProviderCache implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ProviderCache.class);

    /** The shortest pause before a failed provider is run again. */
    static final Duration MIN_RETRY_PAUSE = Duration.ofSeconds(1);

    /** Copy-on-write: readers take the current list without a lock; changes replace it atomically. */
    @SuppressWarnings("ThreadSafe") // each list is an unmodifiable copy (List.copyOf), replaced whole, never changed
    private final AtomicReference<List<Slot>> slots;
    private final CacheMode mode;
    private final Clock clock;
    private final ExecutorService runs;

    public ProviderCache(List<InformationProvider> providers, CacheMode mode, Clock clock) {
        requireNonNull(providers, "providers is null");
        this.mode = requireNonNull(mode, "mode is null");
        this.clock = requireNonNull(clock, "clock is null");
        List<Slot> s = new ArrayList<>();
        for (InformationProvider p : providers) {
            s.add(new Slot(requireNonNull(p, "a provider is null")));
        }
        this.slots = new AtomicReference<>(List.copyOf(s));
        AtomicInteger n = new AtomicInteger();
        this.runs = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "provider-run-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public CacheMode mode() {
        return mode;
    }

    /** The providers, in the order given. */
    public List<InformationProvider> providers() {
        return slots.get().stream().map(s -> s.provider).toList();
    }

    /**
     * Every provider's data, refreshed as the mode requires; blocks at most the largest
     * timelimit among the providers that need a run.
     */
    public List<ProviderView> read() throws InterruptedException {
        return read(Long.MAX_VALUE);
    }

    /**
     * Every provider's data as {@link #read()}, but a reader waits for runs in flight only until
     * {@code waitUntilNanos} ({@link System#nanoTime()} scale) as well as each provider's
     * timelimit, whichever comes first; a provider that has not answered by then is served with
     * its last data flagged stale, and its run goes on in the background for the next reader.
     * The waits overlap, so one slow provider delays no other's data: the whole read takes at
     * most the earliest of the deadline and the largest timelimit.
     */
    public List<ProviderView> read(long waitUntilNanos) throws InterruptedException {
        return read(waitUntilNanos, output -> true);
    }

    /**
     * As {@link #read(long)}, but a reader waits only for providers being refreshed whose last
     * output {@code worthWaitingFor} accepts (it gets null for a provider that never delivered
     * any); the others are served their last data at once, flagged stale while their refresh runs.
     * A search uses it to wait only for providers whose entries it can match.
     */
    public List<ProviderView> read(long waitUntilNanos, Predicate<ProviderOutput> worthWaitingFor)
            throws InterruptedException {
        requireNonNull(worthWaitingFor, "worthWaitingFor is null");
        Instant now = clock.instant();
        List<Slot> slots = this.slots.get();
        List<Object> decisions = new ArrayList<>(slots.size());
        for (Slot slot : slots) {
            decisions.add(slot.decide(now));
        }
        List<ProviderView> views = new ArrayList<>(slots.size());
        for (int i = 0; i < slots.size(); i++) {
            Object d = decisions.get(i);
            if (d instanceof ProviderView v) {
                views.add(v);
            } else {
                Slot slot = slots.get(i);
                boolean wait = worthWaitingFor.test(slot.state.get().output);
                views.add(slot.await((Run) d, wait ? waitUntilNanos : System.nanoTime()));
            }
        }
        return views;
    }

    /**
     * Adds a provider, or replaces the one of the same name (its cached data is dropped when the
     * provider object differs). Used for providers that come and go, such as a GIIS's registrants.
     */
    public void put(InformationProvider provider) {
        requireNonNull(provider, "provider is null");
        String name = provider.settings().name();
        slots.updateAndGet(current -> {
            List<Slot> next = new ArrayList<>(current.size() + 1);
            boolean replaced = false;
            for (Slot s : current) {
                if (s.provider.settings().name().equals(name)) {
                    next.add(s.provider == provider ? s : new Slot(provider));
                    replaced = true;
                } else {
                    next.add(s);
                }
            }
            if (!replaced) {
                next.add(new Slot(provider));
            }
            return List.copyOf(next);
        });
    }

    /**
     * Starts a run of the provider of this name in the background when its data is missing or
     * expired (and it is not failing), without waiting for it: a GIIS fetches a new registrant
     * this way so the first search finds its data. False when there is no such provider.
     */
    public boolean prefetch(String name) {
        requireNonNull(name, "name is null");
        if (mode == CacheMode.OFF) {
            return false;
        }
        for (Slot s : slots.get()) {
            if (s.provider.settings().name().equals(name)) {
                s.decide(clock.instant());
                return true;
            }
        }
        return false;
    }

    /** Removes the provider of this name and its data; true when there was one. */
    public boolean remove(String name) {
        requireNonNull(name, "name is null");
        List<Slot> before = slots.getAndUpdate(current -> current.stream()
                .filter(s -> !s.provider.settings().name().equals(name)).toList());
        return before.stream().anyMatch(s -> s.provider.settings().name().equals(name));
    }

    @Override
    public void close() {
        runs.shutdownNow();
    }

    /** A provider run: its result and the moment after which nobody waits for it (start + timelimit). */
    @ThreadSafe
    private record Run(CompletableFuture<ProviderOutput> result, long deadlineNanos) {
    }

    /**
     * One provider's immutable state: its last good output (null before the first) and when it
     * expires, the run in flight (null: none), and the last failure with the time before which
     * the provider is not run again (a dead provider must not cost every search its timelimit).
     */
    @ThreadSafe
    private record State(ProviderOutput output, Instant expires, Run inFlight, String failure, Instant retryAt) {
        State withRun(Run run) {
            return new State(output, expires, run, failure, retryAt);
        }
    }

    private final class Slot {
        final InformationProvider provider;
        final AtomicReference<State> state = new AtomicReference<>(new State(null, Instant.MIN, null, null, Instant.MIN));
        /** Mode OFF: the run in flight, which readers join instead of starting another. */
        final AtomicReference<Run> uncached = new AtomicReference<>();

        Slot(InformationProvider provider) {
            this.provider = provider;
        }

        /** A {@link ProviderView} to serve as it is, or the {@link Run} to wait for. */
        Object decide(Instant now) {
            if (mode == CacheMode.OFF) {
                // every read runs the provider itself, but joins a run still in flight rather than starting
                // another: a hung source (a wedged registrant) then holds one thread, not one per search
                while (true) {
                    Run current = uncached.get();
                    if (current != null && !current.result.isDone()) {
                        return current;
                    }
                    Run run = newRun();
                    if (uncached.compareAndSet(current, run)) {
                        execute(run);
                        return run;
                    }
                }
            }
            while (true) {
                State s = state.get();
                boolean expired = s.output == null || !now.isBefore(s.expires);
                if (!expired) {
                    return ProviderView.fresh(provider.settings(), s.output);
                }
                if (s.failure != null && now.isBefore(s.retryAt)) {
                    return view(s, s.failure);
                }
                if (s.inFlight != null) {
                    if (mode == CacheMode.ON && s.output != null) {
                        return ProviderView.fresh(provider.settings(), s.output);
                    }
                    return s.inFlight;
                }
                Run run = newRun();
                if (state.compareAndSet(s, s.withRun(run))) {
                    execute(run);
                    if (mode == CacheMode.ON && s.output != null) {
                        return ProviderView.fresh(provider.settings(), s.output);
                    }
                    return run;
                }
            }
        }

        private Run newRun() {
            return new Run(new CompletableFuture<>(), System.nanoTime() + provider.settings().timelimit().toNanos());
        }


        private void execute(Run run) {
            try {
                runs.execute(() -> collect(run));
            } catch (RejectedExecutionException e) {
                fail(run, new ProviderException("provider " + provider.settings().name() + ": the cache is closed"));
            }
        }

        private void collect(Run run) {
            String name = provider.settings().name();
            try {
                ProviderOutput out = provider.collect();
                succeed(run, out);
            } catch (InterruptedException e) {
                fail(run, new ProviderException("provider " + name + ": interrupted"));
                Thread.currentThread().interrupt();
            } catch (ProviderException e) {
                log.warn("{}", e.getMessage());
                fail(run, e);
            } catch (RuntimeException | Error e) {
                log.warn("provider {} failed", name, e);
                fail(run, new ProviderException("provider " + name + ": " + e, e));
            }
        }

        private void succeed(Run run, ProviderOutput out) {
            Instant expires = clock.instant().plus(provider.settings().cachetime());
            while (true) {
                State s = state.get();
                Run inFlight = s.inFlight == run ? null : s.inFlight;
                if (state.compareAndSet(s, new State(out, expires, inFlight, null, Instant.MIN))) {
                    break;
                }
            }
            run.result.complete(out);
        }

        private void fail(Run run, ProviderException e) {
            // retry after the cachetime (at least a second): a failure is cached like data
            Duration pause = provider.settings().cachetime();
            if (pause.compareTo(MIN_RETRY_PAUSE) < 0) {
                pause = MIN_RETRY_PAUSE;
            }
            Instant retryAt = clock.instant().plus(pause);
            while (true) {
                State s = state.get();
                if (s.inFlight != run) {
                    break; // an uncached run: nothing to record
                }
                if (state.compareAndSet(s, new State(s.output, s.expires, null, e.getMessage(), retryAt))) {
                    break;
                }
            }
            run.result.completeExceptionally(e);
        }

        ProviderView await(Run run, long waitUntilNanos) throws InterruptedException {
            String name = provider.settings().name();
            boolean searchFirst = waitUntilNanos != Long.MAX_VALUE && waitUntilNanos - run.deadlineNanos < 0;
            long until = searchFirst ? waitUntilNanos : run.deadlineNanos;
            try {
                ProviderOutput out = run.result.get(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
                return ProviderView.fresh(provider.settings(), out);
            } catch (TimeoutException e) {
                return view(state.get(), searchFirst
                        ? "provider " + name + " is being refreshed and did not answer within this search's time budget"
                        : "provider " + name + " did not answer within its timelimit of "
                                + provider.settings().timelimit().toMillis() + " ms");
            } catch (ExecutionException e) {
                return view(state.get(), e.getCause() == null ? "provider " + name + " failed" : e.getCause().getMessage());
            }
        }

        private ProviderView view(State s, String staleReason) {
            return new ProviderView(provider.settings(), Optional.ofNullable(s.output), true, staleReason);
        }
    }
}
