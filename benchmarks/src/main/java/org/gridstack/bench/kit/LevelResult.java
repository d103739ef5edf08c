package org.gridstack.bench.kit;

import java.util.Arrays;
import java.util.Objects;
import java.util.ArrayList;
import java.util.List;

/**
 * What one level of a {@link ClosedLoopDriver} run measured.
 *
 * @param clients concurrent clients
 * @param seconds length of the measured interval
 * @param queries successful queries that ended inside the measured interval
 * @param errors failed queries that ended inside the measured interval ({@link ClosedLoopDriver.OnError#COUNT})
 * @param warmupQueries queries that ended during the warm-up (not counted)
 * @param completedQueries every query that ended, warm-up and stragglers after the interval included
 * @param wireBytes bytes on the wire of the counted queries
 * @param payloadBytes payload bytes (rows, values) of the counted queries
 * @param perClientQueries counted queries per client, in client order
 * @param latency response times of the counted queries
 * @param firstError the first failure seen, or null
 * @param perClientMeanMillis mean response time of each client's counted queries (NaN for a client
 *        with none), in client order: with the counts, the per-client scatter where starvation shows
 * @param timeline queries ended per time slice over warm-up and measured interval (instant throughput)
 * @param latencyHistogram the counted queries' response times as an encoded HdrHistogram
 *        ({@link LatencySummary#encode}; empty when not kept): the raw distribution, and what lets
 *        the shares of several load processes be merged exactly ({@link #merge})
 */
public record LevelResult(int clients, double seconds, long queries, long errors, long warmupQueries, long completedQueries,
                          long wireBytes, long payloadBytes, long[] perClientQueries, LatencySummary latency, String firstError,
                          double[] perClientMeanMillis, Timeline timeline, String latencyHistogram) {
    private static final double MB = 1_000_000.0;

    public LevelResult {
        Objects.requireNonNull(perClientQueries, "perClientQueries is null");
        Objects.requireNonNull(latency, "latency is null");
        Objects.requireNonNull(perClientMeanMillis, "perClientMeanMillis is null");
        Objects.requireNonNull(timeline, "timeline is null");
        Objects.requireNonNull(latencyHistogram, "latencyHistogram is null");
        perClientQueries = perClientQueries.clone();
        perClientMeanMillis = perClientMeanMillis.clone();
    }

    /** A result without per-client means or timeline (made by hand, e.g. in tests). */
    public LevelResult(int clients, double seconds, long queries, long errors, long warmupQueries, long completedQueries, long wireBytes,
                       long payloadBytes, long[] perClientQueries, LatencySummary latency, String firstError) {
        this(clients, seconds, queries, errors, warmupQueries, completedQueries, wireBytes, payloadBytes, perClientQueries, latency, firstError,
                new double[0], Timeline.EMPTY, "");
    }

    /**
     * One level driven by several processes at once, as one result: counts and bytes added, the
     * clients of each share one after the other (in the order given), response times merged from
     * the shares' histograms (exact, not averaged percentiles), timelines added slice by slice
     * (the shares start together, so their slices line up), the longest interval, the first error.
     */
    public static LevelResult merge(List<LevelResult> shares) {
        Objects.requireNonNull(shares, "shares is null");
        if (shares.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        List<Part> parts = new ArrayList<>();
        for (LevelResult r : shares) {
            if (r.latencyHistogram.isEmpty() && r.queries > 0) {
                throw new IllegalArgumentException("a share without its latency histogram cannot be merged exactly");
            }
            parts.add(new Part(r.seconds, r.queries, r.errors, r.warmupQueries, r.completedQueries, r.wireBytes, r.payloadBytes,
                    r.perClientQueries, r.perClientMeanMillis, LatencySummary.decode(r.latencyHistogram), r.firstError, r.timeline.endedPerSlice));
        }
        Timeline first = shares.get(0).timeline();
        return combine(parts, first.sliceSeconds, first.measureStartSeconds);
    }

    /** What one client (in the driver) or one process (in a merge) measured, before the level's totals are made. */
    record Part(double seconds, long queries, long errors, long warmupQueries, long completedQueries, long wireBytes, long payloadBytes,
                long[] perClientQueries, double[] perClientMeanMillis, org.HdrHistogram.Histogram latency, String firstError, long[] endedPerSlice) {
    }

    /** The level made of its parts, in order: the one place where per-client and per-process numbers are added up. */
    static LevelResult combine(List<Part> parts, double sliceSeconds, double measureStartSeconds) {
        org.HdrHistogram.Histogram latency = LatencySummary.newHistogram();
        double seconds = 0;
        long queries = 0;
        long errors = 0;
        long warmup = 0;
        long completed = 0;
        long wire = 0;
        long payload = 0;
        String firstError = null;
        int clients = parts.stream().mapToInt(p -> p.perClientQueries().length).sum();
        long[] perClient = new long[clients];
        double[] means = new double[clients];
        long[] slices = new long[parts.isEmpty() ? 0 : parts.get(0).endedPerSlice().length];
        int at = 0;
        for (Part p : parts) {
            latency.add(p.latency());
            seconds = Math.max(seconds, p.seconds());
            queries += p.queries();
            errors += p.errors();
            warmup += p.warmupQueries();
            completed += p.completedQueries();
            wire += p.wireBytes();
            payload += p.payloadBytes();
            firstError = firstError == null ? p.firstError() : firstError;
            System.arraycopy(p.perClientQueries(), 0, perClient, at, p.perClientQueries().length);
            System.arraycopy(p.perClientMeanMillis(), 0, means, at, p.perClientMeanMillis().length);
            at += p.perClientQueries().length;
            for (int i = 0; i < Math.min(slices.length, p.endedPerSlice().length); i++) {
                slices[i] += p.endedPerSlice()[i];
            }
        }
        return new LevelResult(clients, seconds, queries, errors, warmup, completed, wire, payload, perClient, LatencySummary.of(latency),
                firstError, means, new Timeline(sliceSeconds, measureStartSeconds, slices), LatencySummary.encode(latency));
    }

    /**
     * Queries ended (successful or not) per slice of {@code sliceSeconds}, from the start of the
     * warm-up; the measured interval starts at {@code measureStartSeconds}.
     */
    public record Timeline(double sliceSeconds, double measureStartSeconds, long[] endedPerSlice) {
        public static final Timeline EMPTY = new Timeline(1, 0, new long[0]);

        public Timeline {
            Objects.requireNonNull(endedPerSlice, "endedPerSlice is null");
            if (!(sliceSeconds > 0)) {
                throw new IllegalArgumentException("sliceSeconds must be positive, got " + sliceSeconds);
            }
            endedPerSlice = endedPerSlice.clone();
        }

        @Override
        public long[] endedPerSlice() {
            return endedPerSlice.clone();
        }

        /** Points (seconds since the start of the measured interval at the slice's middle, queries/s). */
        public List<double[]> queriesPerSecond() {
            List<double[]> points = new ArrayList<>(endedPerSlice.length);
            for (int i = 0; i < endedPerSlice.length; i++) {
                points.add(new double[] {(i + 0.5) * sliceSeconds - measureStartSeconds, endedPerSlice[i] / sliceSeconds});
            }
            return points;
        }
    }

    @Override
    public long[] perClientQueries() {
        return perClientQueries.clone();
    }

    @Override
    public double[] perClientMeanMillis() {
        return perClientMeanMillis.clone();
    }

    public double queriesPerSecond() {
        return queries / seconds;
    }

    public double queriesPerMinute() {
        return queriesPerSecond() * 60;
    }

    public double wireMegabytesPerSecond() {
        return wireBytes / MB / seconds;
    }

    public double payloadMegabytesPerSecond() {
        return payloadBytes / MB / seconds;
    }

    /** Failed among all queries that ended in the interval; 0 when none ended. */
    public double errorRate() {
        long all = queries + errors;
        return all == 0 ? 0 : (double) errors / all;
    }

    /**
     * Jain's fairness index of the per-client counts, {@code (sum x)^2 / (n * sum x^2)}: 1 when every
     * client got the same share, 1/n when one got everything; 1 when nothing was counted.
     */
    public double jainFairness() {
        double sum = 0;
        double squares = 0;
        for (long x : perClientQueries) {
            sum += x;
            squares += (double) x * x;
        }
        return squares == 0 ? 1 : sum * sum / (perClientQueries.length * squares);
    }

    /** The busiest client's count over the least busy one's; infinite when one client got nothing while others did. */
    public double maxMinRatio() {
        long max = Arrays.stream(perClientQueries).max().orElse(0);
        long min = Arrays.stream(perClientQueries).min().orElse(0);
        if (max == 0) {
            return 1;
        }
        return min == 0 ? Double.POSITIVE_INFINITY : (double) max / min;
    }
}
