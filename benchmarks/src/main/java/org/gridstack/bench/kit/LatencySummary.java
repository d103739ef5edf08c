package org.gridstack.bench.kit;

import java.util.Objects;
import org.HdrHistogram.Histogram;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;

/**
 * Response times of one measured level, summarised from an HdrHistogram (3 significant digits, so
 * every value is within 0.1 % of what was recorded). All in milliseconds; NaN when nothing was
 * recorded.
 *
 * @param count how many responses
 * @param meanMillis arithmetic mean
 * @param sdMillis standard deviation
 * @param p50Millis median
 * @param p90Millis 90th percentile
 * @param p95Millis 95th percentile
 * @param p99Millis 99th percentile
 * @param maxMillis the slowest
 */
public record LatencySummary(long count, double meanMillis, double sdMillis, double p50Millis, double p90Millis, double p95Millis,
                             double p99Millis, double maxMillis) {
    /** Nanoseconds as a histogram records them: from 1 µs to one hour, 3 significant digits. */
    public static Histogram newHistogram() {
        return new Histogram(1_000L, 3_600_000_000_000L, 3);
    }

    /** Records {@code nanos} into {@code histogram}, clamped to what it can track (at least 1 ns). */
    public static void record(Histogram histogram, long nanos) {
        histogram.recordValue(Math.min(Math.max(nanos, 1), histogram.getHighestTrackableValue()));
    }

    /**
     * The histogram in HdrHistogram's compressed encoding as Base64 text (what its histogram logs
     * hold): the whole distribution as raw data, a few kB, mergeable with others ({@link #decode}).
     */
    public static String encode(Histogram nanos) {
        ByteBuffer buffer = ByteBuffer.allocate(nanos.getNeededByteBufferCapacity());
        int length = nanos.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** A histogram from {@link #encode}; an empty text is an empty histogram. */
    public static Histogram decode(String base64) {
        Objects.requireNonNull(base64, "base64 is null");
        if (base64.isEmpty()) {
            return newHistogram();
        }
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 1_000L);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not an encoded latency histogram: " + e.getMessage(), e);
        }
    }

    /** The summary of a histogram of nanoseconds. */
    public static LatencySummary of(Histogram nanos) {
        Objects.requireNonNull(nanos, "nanos is null");
        if (nanos.getTotalCount() == 0) {
            return new LatencySummary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        return new LatencySummary(nanos.getTotalCount(), nanos.getMean() / 1e6, nanos.getStdDeviation() / 1e6,
                nanos.getValueAtPercentile(50) / 1e6, nanos.getValueAtPercentile(90) / 1e6, nanos.getValueAtPercentile(95) / 1e6,
                nanos.getValueAtPercentile(99) / 1e6, nanos.getMaxValue() / 1e6);
    }
}
