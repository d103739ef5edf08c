package org.gridstack.bench.kit;

import java.util.Arrays;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * A fixed number of runs of one query by one client, one after the other: {@code warmups} runs that
 * are not counted, then {@code repetitions} measured runs, each timed on its own. This is how the
 * seeds timed queries that take seconds ("each query ran three times and the average is
 * presented"), where {@link ClosedLoopDriver}'s time window would count too few or none. Each
 * run goes through {@link ClosedLoopDriver.Client#query}, which reads and checks the whole answer;
 * a failed run fails the measurement (a wrong answer must never look fast). Stateless.
 */
public final class RepeatedQuery {
    private RepeatedQuery() {
    }

    /**
     * The measured runs of one query.
     *
     * @param nanos the time of each measured run, in the order run
     * @param latency their summary (HdrHistogram)
     * @param wireBytes what the measured runs moved on the wire, in all ({@link ClosedLoopDriver.Tally})
     * @param payloadBytes their payload, in all
     */
    public record Result(long[] nanos, LatencySummary latency, long wireBytes, long payloadBytes) {
        public Result {
            Objects.requireNonNull(nanos, "nanos is null");
            Objects.requireNonNull(latency, "latency is null");
            nanos = nanos.clone();
        }

        @Override
        public long[] nanos() {
            return nanos.clone();
        }

        /** The exact median of the measured runs in milliseconds (mean of the two middle ones for an even count). */
        public double medianMillis() {
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            int n = sorted.length;
            return (n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0) / 1e6;
        }

        /** The fastest measured run in milliseconds. */
        public double minMillis() {
            return Arrays.stream(nanos).min().orElseThrow() / 1e6;
        }

        /** The slowest measured run in milliseconds. */
        public double maxMillis() {
            return Arrays.stream(nanos).max().orElseThrow() / 1e6;
        }

        /** Wire bytes of one measured run, on average. */
        public double wireBytesPerRun() {
            return (double) wireBytes / nanos.length;
        }
    }

    /**
     * Runs {@code client}'s query {@code warmups} times unmeasured, then {@code repetitions} times measured.
     *
     * @throws IllegalArgumentException when {@code warmups} is negative or {@code repetitions} is below 1
     * @throws Exception the first failed run
     */
    public static Result run(int warmups, int repetitions, ClosedLoopDriver.Client client) throws Exception {
        Objects.requireNonNull(client, "client is null");
        if (warmups < 0 || repetitions < 1) {
            throw new IllegalArgumentException("warmups must not be negative and repetitions must be at least 1, got "
                    + warmups + " and " + repetitions);
        }
        for (int i = 0; i < warmups; i++) {
            client.query(new ClosedLoopDriver.Tally());
        }
        long[] nanos = new long[repetitions];
        Histogram histogram = LatencySummary.newHistogram();
        long wire = 0;
        long payload = 0;
        for (int i = 0; i < repetitions; i++) {
            ClosedLoopDriver.Tally tally = new ClosedLoopDriver.Tally();
            long start = System.nanoTime();
            client.query(tally);
            nanos[i] = System.nanoTime() - start;
            LatencySummary.record(histogram, nanos[i]);
            wire += tally.wireBytes();
            payload += tally.payloadBytes();
        }
        return new Result(nanos, LatencySummary.of(histogram), wire, payload);
    }
}
