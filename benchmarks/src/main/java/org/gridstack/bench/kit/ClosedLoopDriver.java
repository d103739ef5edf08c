package org.gridstack.bench.kit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * The load driver of every benchmark (the thesis's load driver, DiPerF's testers): N clients, each
 * in a thread of its own with its own connection, query back to back (closed loop), optionally
 * pausing a think time between queries. All threads share one clock: a warm-up, whose queries are
 * not counted, then the measured interval; a query counts when it ends inside the interval.
 *
 * <p>Response times are taken from when a query was due (the end of the previous one plus the
 * think time), not from when its thread got round to sending it, so a stalled client (GC, an
 * overloaded machine) shows up in the latency instead of being silently left out (no coordinated
 * omission within what a closed loop can know). They go into an HdrHistogram.
 *
 * <p>A failed query (an exception, which is also how clients report a wrong answer) either stops
 * every client and fails the run ({@link OnError#FAIL_RUN}: a wrong answer must never look like a
 * fast one) or is counted as an error and the client goes on ({@link OnError#COUNT}, for
 * experiments that measure the error rate).
 *
 * <p>Besides the totals, each level keeps the queries ended per time slice (about 100 slices over
 * warm-up and measured interval: instant throughput, where stalls show) and each client's count and
 * mean response time (the per-client scatter, where starvation shows). With
 * {@code -Dgridstack.bench.progress=S} the driving thread prints a line every S seconds: the level,
 * elapsed and remaining time, and the throughput of the last S seconds (the suite sets it).
 *
 * <p>Each {@link #run} call is independent; the class keeps no state.
 */
public final class ClosedLoopDriver {
    /** Slices of the timeline per level (warm-up and measured interval together). */
    private static final int SLICES = 100;
    private static final long MIN_SLICE_NANOS = 10_000_000L;

    private ClosedLoopDriver() {
    }

    /** One client with its own connection; called by one thread only. */
    public interface Client extends AutoCloseable {
        /** Runs one query, reads and checks the whole answer, and adds what it moved to {@code tally}. */
        void query(Tally tally) throws Exception;

        @Override
        default void close() throws Exception {
        }
    }

    /** Opens client number {@code index} (0-based) of a level. */
    @FunctionalInterface
    public interface ClientFactory {
        Client open(int index) throws Exception;
    }

    /** What one query moved: bytes on the wire and payload bytes (rows, values). Reset before every query. */
    public static final class Tally {
        private long wireBytes;
        private long payloadBytes;

        public void add(long wire, long payload) {
            wireBytes += wire;
            payloadBytes += payload;
        }

        public long wireBytes() {
            return wireBytes;
        }

        public long payloadBytes() {
            return payloadBytes;
        }
    }

    /** Called on the driving thread at the edges of the measured interval (e.g. to sample CPU counters). */
    public interface Window {
        Window NONE = new Window() {
        };

        default void measureStarted() {
        }

        default void measureEnded() {
        }
    }

    /** A step that may fail. */
    @FunctionalInterface
    public interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** What a failed query does to the run. */
    public enum OnError { FAIL_RUN, COUNT }

    /**
     * One level of load.
     *
     * @param clients concurrent clients, at least 1
     * @param warmup not counted
     * @param measure the measured interval, positive
     * @param thinkTime pause between a client's queries (zero: back to back)
     * @param onError what a failed query does
     */
    public record Level(int clients, Duration warmup, Duration measure, Duration thinkTime, OnError onError) {
        public Level {
            if (clients < 1) {
                throw new IllegalArgumentException("clients must be at least 1, got " + clients);
            }
            Objects.requireNonNull(warmup, "warmup is null");
            Objects.requireNonNull(measure, "measure is null");
            Objects.requireNonNull(thinkTime, "thinkTime is null");
            Objects.requireNonNull(onError, "onError is null");
            if (warmup.isNegative() || thinkTime.isNegative() || measure.isNegative() || measure.isZero()) {
                throw new IllegalArgumentException("warmup and thinkTime must not be negative and measure must be positive: "
                        + warmup + ", " + thinkTime + ", " + measure);
            }
        }

        /** Back to back, failing on the first error. */
        public static Level of(int clients, Duration warmup, Duration measure) {
            return new Level(clients, warmup, measure, Duration.ZERO, OnError.FAIL_RUN);
        }
    }

    /**
     * Opens the clients, drives them for the level's warm-up and measured interval, closes them.
     *
     * @throws Exception the first failure, with {@link OnError#FAIL_RUN} (or of opening a client)
     */
    public static LevelResult run(Level level, ClientFactory factory, Window window) throws Exception {
        return run(level, factory, 0, () -> { }, window);
    }

    /**
     * As {@link #run(Level, ClientFactory, Window)}, for one share of a level driven by several
     * processes ({@link MultiProcessDriver}): the clients are numbered from {@code firstClient},
     * and {@code whenOpen} runs after every client is open and before the warm-up starts (where a
     * load agent reports that it is ready and waits for the common start).
     */
    public static LevelResult run(Level level, ClientFactory factory, int firstClient, ThrowingRunnable whenOpen, Window window) throws Exception {
        Objects.requireNonNull(level, "level is null");
        Objects.requireNonNull(factory, "factory is null");
        Objects.requireNonNull(whenOpen, "whenOpen is null");
        Objects.requireNonNull(window, "window is null");
        List<Client> opened = new ArrayList<>();
        try {
            for (int i = 0; i < level.clients(); i++) {
                opened.add(factory.open(firstClient + i));
            }
            whenOpen.run();
            return drive(level, opened, window);
        } finally {
            Exception closing = null;
            for (Client c : opened) {
                try {
                    c.close();
                } catch (Exception e) {
                    closing = closing == null ? e : closing;
                }
            }
            if (closing != null && level.onError() == OnError.FAIL_RUN) {
                throw new IllegalStateException("closing a client failed: " + closing, closing);
            }
        }
    }

    /**
     * Runs {@code levels} one after the other with the same client factory and window (a step
     * through client counts, as DiPerF stepped its testers), handing each result to
     * {@code afterEach} as soon as it is measured (progress output). Each level opens and closes
     * its own clients.
     *
     * @return the results, in the order of {@code levels}
     * @throws Exception the first failure, as {@link #run} throws it; later levels are not run
     */
    public static List<LevelResult> runEach(List<Level> levels, ClientFactory factory, Window window,
                                            Consumer<LevelResult> afterEach) throws Exception {
        Objects.requireNonNull(levels, "levels is null");
        Objects.requireNonNull(afterEach, "afterEach is null");
        List<LevelResult> results = new ArrayList<>(levels.size());
        for (Level level : levels) {
            LevelResult r = run(level, factory, window);
            afterEach.accept(r);
            results.add(r);
        }
        return List.copyOf(results);
    }

    private static LevelResult drive(Level level, List<Client> clients, Window window) throws Exception {
        int n = clients.size();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch go = new CountDownLatch(1);
        Worker[] workers = new Worker[n];
        Thread[] threads = new Thread[n];
        long start = System.nanoTime();
        long measureFrom = start + level.warmup().toNanos();
        long measureTo = measureFrom + level.measure().toNanos();
        long sliceNanos = Math.max(MIN_SLICE_NANOS, (measureTo - start + SLICES - 1) / SLICES);
        int slices = (int) ((measureTo - start + sliceNanos - 1) / sliceNanos);
        LongAdder ended = new LongAdder();
        for (int i = 0; i < n; i++) {
            workers[i] = new Worker(clients.get(i), level, start, measureFrom, measureTo, sliceNanos, slices, ended, go, failure);
            threads[i] = new Thread(workers[i], "load-client-" + i);
            threads[i].setDaemon(true);
            threads[i].start();
        }
        go.countDown();
        Progress progress = new Progress(level, start, measureTo, ended);
        if (sleepUntil(measureFrom, failure, progress)) {
            window.measureStarted();
            if (sleepUntil(measureTo, failure, progress)) {
                window.measureEnded();
            }
        }
        long joinDeadline = measureTo + Duration.ofMinutes(3).toNanos();
        for (Thread t : threads) {
            t.join(Math.max(1, (joinDeadline - System.nanoTime()) / 1_000_000));
            if (t.isAlive()) {
                failure.compareAndSet(null, new IllegalStateException(t.getName() + " was still busy 3 minutes after the measurement ended"));
                t.interrupt();
            }
        }
        Throwable t = failure.get();
        if (t != null) {
            if (t instanceof Exception e) {
                throw e;
            }
            throw new IllegalStateException(t);
        }
        List<LevelResult.Part> parts = new ArrayList<>(n);
        double seconds = level.measure().toNanos() / 1e9;
        for (Worker w : workers) {
            parts.add(new LevelResult.Part(seconds, w.queries, w.errors, w.warmupQueries, w.completed, w.wireBytes, w.payloadBytes,
                    new long[] {w.queries}, new double[] {w.queries == 0 ? Double.NaN : w.latency.getMean() / 1e6}, w.latency, w.firstError,
                    w.endedPerSlice));
        }
        return LevelResult.combine(parts, sliceNanos / 1e9, (measureFrom - start) / 1e9);
    }

    /** The optional progress line of a level ({@code -Dgridstack.bench.progress=S}). Used by the driving thread only. */
    private static final class Progress {
        private final long everyNanos = Math.max(0, Long.getLong("gridstack.bench.progress", 0)) * 1_000_000_000L;
        private final ClosedLoopDriver.Level level;
        private final long start;
        private final long end;
        private final LongAdder ended;
        private long lastAt;
        private long lastCount;

        Progress(ClosedLoopDriver.Level level, long start, long end, LongAdder ended) {
            this.level = level;
            this.start = start;
            this.end = end;
            this.ended = ended;
            this.lastAt = start;
        }

        void tick() {
            long now = System.nanoTime();
            if (everyNanos == 0 || now - lastAt < everyNanos) {
                return;
            }
            long count = ended.sum();
            System.out.printf(Locale.ROOT, "[driver] %d client(s): %.0f s done, %.0f s to go, %.1f queries/s now%n", level.clients(),
                    (now - start) / 1e9, Math.max(0, end - now) / 1e9, (count - lastCount) / ((now - lastAt) / 1e9));
            lastAt = now;
            lastCount = count;
        }
    }

    /** Sleeps until {@code nanoTime}; false when a failure ended the run first. */
    private static boolean sleepUntil(long nanoTime, AtomicReference<Throwable> failure, Progress progress) throws InterruptedException {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            if (failure.get() != null) {
                return false;
            }
            progress.tick();
            Thread.sleep(Math.max(1, Math.min(100, left / 1_000_000)));
        }
        return failure.get() == null;
    }

    private static final class Worker implements Runnable {
        private final Client client;
        private final Level level;
        private final long start;
        private final long measureFrom;
        private final long measureTo;
        private final long sliceNanos;
        private final LongAdder ended;
        final long[] endedPerSlice;
        private final CountDownLatch go;
        private final AtomicReference<Throwable> failure;
        private final Tally tally = new Tally();
        final Histogram latency = LatencySummary.newHistogram();
        long queries;
        long errors;
        long warmupQueries;
        long completed;
        long wireBytes;
        long payloadBytes;
        String firstError;

        Worker(Client client, Level level, long start, long measureFrom, long measureTo, long sliceNanos, int slices,
               LongAdder ended, CountDownLatch go, AtomicReference<Throwable> failure) {
            this.client = client;
            this.level = level;
            this.start = start;
            this.sliceNanos = sliceNanos;
            this.endedPerSlice = new long[slices];
            this.ended = ended;
            this.measureFrom = measureFrom;
            this.measureTo = measureTo;
            this.go = go;
            this.failure = failure;
        }

        @Override
        public void run() {
            try {
                go.await();
                long think = level.thinkTime().toNanos();
                long due = System.nanoTime();
                while (failure.get() == null && due < measureTo) {
                    pauseUntil(due);
                    tally.wireBytes = 0;
                    tally.payloadBytes = 0;
                    boolean ok = true;
                    try {
                        client.query(tally);
                    } catch (Exception e) {
                        if (level.onError() == OnError.FAIL_RUN) {
                            throw e;
                        }
                        ok = false;
                        if (firstError == null) {
                            firstError = e.toString();
                        }
                    }
                    long end = System.nanoTime();
                    completed++;
                    ended.increment();
                    long slice = (end - start) / sliceNanos;
                    if (slice < endedPerSlice.length) {
                        endedPerSlice[(int) slice]++;
                    }
                    if (end <= measureFrom) {
                        warmupQueries++;
                    } else if (end <= measureTo) {
                        if (ok) {
                            queries++;
                            wireBytes += tally.wireBytes;
                            payloadBytes += tally.payloadBytes;
                            LatencySummary.record(latency, end - due);
                        } else {
                            errors++;
                        }
                    }
                    due = end + think;
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }

        private static void pauseUntil(long due) throws InterruptedException {
            long left = due - System.nanoTime();
            if (left > 0) {
                Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            }
        }
    }
}
