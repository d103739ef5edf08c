package org.gridstack.bench.squid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * N client threads, each querying back to back (closed loop) for a warm-up and then a measured
 * interval on a shared clock; a query counts when it ends inside the interval. The first failure
 * stops the run and is rethrown: a wrong or missing answer must never look like a fast one.
 */
final class ClosedLoop {
    /** One query by one client thread; returns the response bytes it received. */
    @FunctionalInterface
    interface Query {
        long run() throws Exception;

        /** Releases what the client holds (its connection, its SDK client); called once when the thread ends. */
        default void close() throws Exception {
        }

        /** A query with a release step. */
        static Query closing(Query query, AutoCloseable resource) {
            return new Query() {
                @Override
                public long run() throws Exception {
                    return query.run();
                }

                @Override
                public void close() throws Exception {
                    resource.close();
                }
            };
        }
    }

    /** Makes the per-thread query (each thread may hold its own buffers or connection). */
    @FunctionalInterface
    interface QueryFactory {
        Query open() throws Exception;
    }

    /** Counted queries and bytes, and CPU seconds per party over the measured interval. */
    record Outcome(long queries, long bytes, double seconds, double jvmCpu, double squidCpu, double postgresCpu) {
    }

    private ClosedLoop() {
    }

    static Outcome run(int clients, QueryFactory factory, Duration warmup, Duration measure, Optional<ProcessHandle> postmaster)
            throws Exception {
        Objects.requireNonNull(factory, "factory is null");
        long start = System.nanoTime();
        long measureFrom = start + warmup.toNanos();
        long measureTo = measureFrom + measure.toNanos();
        long[] queries = new long[clients];
        long[] bytes = new long[clients];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        double[] cpuAtStart = new double[3];
        List<Thread> threads = new ArrayList<>();
        List<Query> opened = new ArrayList<>();
        try {
            for (int i = 0; i < clients; i++) {
                opened.add(factory.open());
            }
        } catch (Exception e) {
            for (Query q : opened) {
                closeQuietly(q, e);
            }
            throw e;
        }
        for (int i = 0; i < clients; i++) {
            Query q = opened.get(i);
            int index = i;
            Thread t = new Thread(() -> {
                try {
                    while (failure.get() == null) {
                        long b = q.run();
                        long now = System.nanoTime();
                        if (now > measureTo) {
                            return;
                        }
                        if (now >= measureFrom) {
                            queries[index]++;
                            bytes[index] += b;
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    try {
                        q.close();
                    } catch (Exception e) {
                        failure.compareAndSet(null, e);
                    }
                }
            }, "squid-bench-client-" + i);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        sleepUntil(measureFrom);
        cpuAtStart[0] = ProcessCpu.jvmSeconds();
        cpuAtStart[1] = ProcessCpu.squidSeconds();
        cpuAtStart[2] = ProcessCpu.postgresSeconds(postmaster);
        sleepUntil(measureTo);
        double jvm = ProcessCpu.jvmSeconds() - cpuAtStart[0];
        double squid = ProcessCpu.squidSeconds() - cpuAtStart[1];
        double pg = ProcessCpu.postgresSeconds(postmaster) - cpuAtStart[2];
        for (Thread t : threads) {
            t.join(60_000);
        }
        if (failure.get() != null) {
            throw new IllegalStateException("a client failed: " + failure.get(), failure.get());
        }
        long q = 0;
        long b = 0;
        for (int i = 0; i < clients; i++) {
            q += queries[i];
            b += bytes[i];
        }
        return new Outcome(q, b, measure.toNanos() / 1e9, jvm, squid, pg);
    }

    private static void closeQuietly(Query q, Exception cause) {
        try {
            q.close();
        } catch (Exception e) {
            cause.addSuppressed(e);
        }
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            Thread.sleep(Math.max(1, left / 1_000_000));
        }
    }
}
