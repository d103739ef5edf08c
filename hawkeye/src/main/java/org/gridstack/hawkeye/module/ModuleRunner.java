package org.gridstack.hawkeye.module;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.gridstack.hawkeye.classad.ClassAd;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Runs an agent's modules, each every its period (the first run at once), each run bounded by
 * the module's time limit: a run that does not finish in time is abandoned (its thread
 * interrupted; external programs kill themselves at the limit), and the module's last good ad
 * is kept, flagged stale. Runs of one module never overlap. Thread-safe; {@link #close()} stops
 * the schedule and the runs.
 */
@ThreadSafe
public final class ModuleRunner implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ModuleRunner.class);

    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf); each Module is run by one thread at a time (running)
    private final List<Module> modules;
    private final Clock clock;
    private final Timer collectTimer;
    private final ConcurrentMap<String, ModuleState> states = new ConcurrentHashMap<>();
    private final ConcurrentHashMap.KeySetView<String, Boolean> running = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService scheduler;
    private final ExecutorService workers;

    public ModuleRunner(List<Module> modules, Clock clock, MeterRegistry meters) {
        this.modules = List.copyOf(requireNonNull(modules, "modules is null"));
        this.clock = requireNonNull(clock, "clock is null");
        Set<String> names = new HashSet<>();
        for (Module m : this.modules) {
            if (!names.add(m.name())) {
                throw new IllegalArgumentException("two modules are named " + m.name());
            }
            states.put(m.name(), ModuleState.initial(m.name()));
        }
        this.collectTimer = Timer.builder("hawkeye.step").tag("step", "Agent-CollectModule")
                .description("one module run").register(requireNonNull(meters, "meters is null"));
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "hawkeye-module-schedule"));
        this.workers = Executors.newCachedThreadPool(r -> daemon(r, "hawkeye-module"));
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** Starts the periodic runs (the first one now). */
    public void start() {
        for (Module m : modules) {
            scheduler.scheduleWithFixedDelay(() -> workers.execute(() -> runGuarded(m)), 0,
                    m.period().toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Runs every module once now, waiting for all (each within its time limit). */
    public void runAllOnce() throws InterruptedException {
        List<Future<?>> runs = new ArrayList<>();
        for (Module m : modules) {
            runs.add(workers.submit(() -> runGuarded(m)));
        }
        for (Future<?> f : runs) {
            try {
                f.get();
            } catch (ExecutionException e) {
                log.warn("module run failed", e.getCause());
            }
        }
    }

    private void runGuarded(Module m) {
        if (!running.add(m.name())) {
            return; // the previous run is still going; skip this one
        }
        try {
            run(m);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            running.remove(m.name());
        }
    }

    private void run(Module m) throws InterruptedException {
        Timer.Sample sample = Timer.start();
        Future<ClassAd> run = workers.submit(m::collect);
        ModuleState before = states.get(m.name());
        try {
            ClassAd ad = run.get(m.timeLimit().toNanos() + TimeUnit.MILLISECONDS.toNanos(250), TimeUnit.NANOSECONDS);
            states.put(m.name(), before.succeeded(ad, clock.instant()));
        } catch (TimeoutException e) {
            run.cancel(true);
            fail(m, before, "module " + m.name() + ": no answer within its time limit of " + m.timeLimit().toMillis() + " ms");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            fail(m, before, cause instanceof ModuleException ? cause.getMessage() : "module " + m.name() + ": " + cause);
        } finally {
            sample.stop(collectTimer);
        }
    }

    private void fail(Module m, ModuleState before, String why) {
        log.warn("{}; serving its last ad as stale", why);
        states.put(m.name(), before.failed(why));
    }

    /** The state of every module, in the order given. */
    public Map<String, ModuleState> states() {
        Map<String, ModuleState> out = new LinkedHashMap<>();
        for (Module m : modules) {
            out.put(m.name(), states.get(m.name()));
        }
        return out;
    }

    public List<Module> modules() {
        return modules;
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        workers.shutdownNow();
    }
}
