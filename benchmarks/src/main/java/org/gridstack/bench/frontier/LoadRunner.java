package org.gridstack.bench.frontier;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Drives N clients in N threads for a warm-up and then a measured interval, all threads sharing the
 * same clock: a query counts when it completes inside the measured interval. Any failure (an
 * exception or a wrong answer) stops every thread and fails the run.
 */
final class LoadRunner {
    /** One client with its own connection; called by one thread only. */
    interface Client extends AutoCloseable {
        /** Runs the query once, reads and checks the whole answer, and fills in {@code tally}. */
        void query(QueryTally tally) throws Exception;

        @Override
        void close() throws Exception;
    }

    @FunctionalInterface
    interface ClientFactory {
        Client open(int index) throws Exception;
    }

    /** What one query moved: bytes on the wire (response body) and payload bytes (row stream, values). */
    static final class QueryTally {
        long wireBytes;
        long payloadBytes;

        void clear() {
            wireBytes = 0;
            payloadBytes = 0;
        }
    }

    private LoadRunner() {
    }

    static LoadStats run(int clients, ClientFactory factory, Duration warmup, Duration measure, CpuSampler cpu) throws Exception {
        Objects.requireNonNull(factory, "factory is null");
        Objects.requireNonNull(cpu, "cpu is null");
        if (clients < 1) {
            throw new IllegalArgumentException("clients must be at least 1: " + clients);
        }
        List<Client> opened = new ArrayList<>();
        try {
            for (int i = 0; i < clients; i++) {
                opened.add(factory.open(i));
            }
            return drive(opened, warmup, measure, cpu);
        } finally {
            for (Client c : opened) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // closing a finished client cannot change the result
                }
            }
        }
    }

    private static LoadStats drive(List<Client> clients, Duration warmup, Duration measure, CpuSampler cpu) throws Exception {
        int n = clients.size();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch go = new CountDownLatch(1);
        Worker[] workers = new Worker[n];
        Thread[] threads = new Thread[n];
        long[] window = new long[2]; // measure start, measure end (nanoTime), published by the latch
        for (int i = 0; i < n; i++) {
            workers[i] = new Worker(clients.get(i), go, window, failure);
            threads[i] = new Thread(workers[i], "bench-client-" + i);
            threads[i].setDaemon(true);
            threads[i].start();
        }
        long start = System.nanoTime();
        window[0] = start + warmup.toNanos();
        window[1] = window[0] + measure.toNanos();
        go.countDown();
        CpuSampler.Usage usage = sampleCpu(cpu, window, failure);
        long joinDeadline = window[1] + Duration.ofMinutes(3).toNanos();
        for (Thread t : threads) {
            long left = Math.max(1, (joinDeadline - System.nanoTime()) / 1_000_000);
            t.join(left);
            if (t.isAlive()) {
                failure.compareAndSet(null, new IllegalStateException(t.getName() + " still busy 3 minutes after the measurement ended"));
            }
        }
        Throwable t = failure.get();
        if (t != null) {
            for (Thread th : threads) {
                th.interrupt();
            }
            if (t instanceof Exception e) {
                throw e;
            }
            throw new IllegalStateException(t);
        }
        long queries = 0;
        long wire = 0;
        long payload = 0;
        long warmupQueries = 0;
        long completed = 0;
        long[] latencies = new long[0];
        for (Worker w : workers) {
            queries += w.queries;
            wire += w.wireBytes;
            payload += w.payloadBytes;
            warmupQueries += w.warmupQueries;
            completed += w.completedQueries;
            latencies = concat(latencies, w.latencies, w.latencyCount);
        }
        Arrays.sort(latencies);
        return new LoadStats(n, completed, warmupQueries, queries, measure.toNanos() / 1e9, wire, payload,
                percentileMillis(latencies, 0.50), percentileMillis(latencies, 0.99), usage);
    }

    /** CPU use over the measured interval, sampled by the calling thread while the workers run. */
    private static CpuSampler.Usage sampleCpu(CpuSampler cpu, long[] window, AtomicReference<Throwable> failure)
            throws InterruptedException {
        if (!sleepUntil(window[0], failure)) {
            return CpuSampler.Usage.NONE;
        }
        CpuSampler.Snapshot a = cpu.snapshot();
        if (!sleepUntil(window[1], failure)) {
            return CpuSampler.Usage.NONE;
        }
        return CpuSampler.between(a, cpu.snapshot());
    }

    private static boolean sleepUntil(long nanoTime, AtomicReference<Throwable> failure) throws InterruptedException {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            if (failure.get() != null) {
                return false;
            }
            Thread.sleep(Math.max(1, Math.min(100, left / 1_000_000)));
        }
        return failure.get() == null;
    }

    private static long[] concat(long[] a, long[] b, int bLen) {
        long[] r = Arrays.copyOf(a, a.length + bLen);
        System.arraycopy(b, 0, r, a.length, bLen);
        return r;
    }

    private static double percentileMillis(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int i = (int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
        return sorted[Math.max(0, i)] / 1e6;
    }

    private static final class Worker implements Runnable {
        private final Client client;
        private final CountDownLatch go;
        private final long[] window;
        private final AtomicReference<Throwable> failure;
        private final QueryTally tally = new QueryTally();
        long queries;
        long warmupQueries;
        long completedQueries;
        long wireBytes;
        long payloadBytes;
        long[] latencies = new long[1024];
        int latencyCount;

        Worker(Client client, CountDownLatch go, long[] window, AtomicReference<Throwable> failure) {
            this.client = client;
            this.go = go;
            this.window = window;
            this.failure = failure;
        }

        @Override
        public void run() {
            try {
                go.await();
                long measureStart = window[0];
                long measureEnd = window[1];
                while (failure.get() == null) {
                    long t0 = System.nanoTime();
                    if (t0 >= measureEnd) {
                        return;
                    }
                    tally.clear();
                    client.query(tally);
                    long t1 = System.nanoTime();
                    completedQueries++;
                    if (t1 <= measureStart) {
                        warmupQueries++;
                    } else if (t1 <= measureEnd) {
                        queries++;
                        wireBytes += tally.wireBytes;
                        payloadBytes += tally.payloadBytes;
                        if (latencyCount == latencies.length) {
                            latencies = Arrays.copyOf(latencies, latencyCount * 2);
                        }
                        latencies[latencyCount++] = t1 - t0;
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }
    }
}
