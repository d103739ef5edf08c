package org.gridstack.bench.grim;

import java.util.Arrays;

/**
 * Median and spread of repeated QRTs, in milliseconds. Percentiles are nearest-rank; the median of
 * an even count is the mean of the two middle values.
 */
public record QrtSummary(int count, double medianMs, double p10Ms, double p90Ms, double minMs, double maxMs, double meanMs) {
    public static QrtSummary ofNanos(long[] nanos) {
        if (nanos.length == 0) {
            return new QrtSummary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        long[] s = nanos.clone();
        Arrays.sort(s);
        int n = s.length;
        double median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
        double sum = 0;
        for (long v : s) {
            sum += v;
        }
        return new QrtSummary(n, median / 1e6, rank(s, 0.10) / 1e6, rank(s, 0.90) / 1e6, s[0] / 1e6, s[n - 1] / 1e6, sum / n / 1e6);
    }

    /** Nearest-rank percentile of sorted values. */
    static double rank(long[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
