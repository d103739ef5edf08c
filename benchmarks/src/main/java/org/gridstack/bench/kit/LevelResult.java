package org.gridstack.bench.kit;

import java.util.Arrays;
import java.util.Objects;

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
 */
public record LevelResult(int clients, double seconds, long queries, long errors, long warmupQueries, long completedQueries,
                          long wireBytes, long payloadBytes, long[] perClientQueries, LatencySummary latency, String firstError) {
    private static final double MB = 1_000_000.0;

    public LevelResult {
        Objects.requireNonNull(perClientQueries, "perClientQueries is null");
        Objects.requireNonNull(latency, "latency is null");
        perClientQueries = perClientQueries.clone();
    }

    @Override
    public long[] perClientQueries() {
        return perClientQueries.clone();
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
