package org.gridstack.bench.grim;

import org.HdrHistogram.Histogram;
import org.gridstack.bench.kit.LatencySummary;

/**
 * Median and spread of repeated QRTs, in milliseconds, from an HdrHistogram as every benchmark's
 * response times ({@link LatencySummary}: 3 significant digits); NaN when nothing was recorded.
 */
public record QrtSummary(int count, double medianMs, double p10Ms, double p90Ms, double p99Ms, double minMs, double maxMs, double meanMs) {
    public static QrtSummary ofNanos(long[] nanos) {
        if (nanos.length == 0) {
            return new QrtSummary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        Histogram h = LatencySummary.newHistogram();
        for (long v : nanos) {
            LatencySummary.record(h, v);
        }
        return new QrtSummary(nanos.length, h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(10) / 1e6, h.getValueAtPercentile(90) / 1e6,
                h.getValueAtPercentile(99) / 1e6, h.getMinValue() / 1e6, h.getMaxValue() / 1e6, h.getMean() / 1e6);
    }
}
