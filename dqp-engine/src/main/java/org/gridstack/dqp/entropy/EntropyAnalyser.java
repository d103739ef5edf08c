package org.gridstack.dqp.entropy;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.HashMap;
import java.util.Map;

/**
 * The seed's EntropyAnalyser web service's operation: {@code calculateEntropy(sequence)}, the
 * Shannon entropy in bits per symbol of the sequence's characters, {@code -sum p_i log2 p_i}
 * (0 for an empty sequence), with the configured extra cost ({@link EntropySettings}). Counts its
 * calls. Thread-safe.
 */
@ThreadSafe
public final class EntropyAnalyser {
    /** Longest sequence accepted (characters); a longer one is refused. */
    public static final int MAX_SEQUENCE_LENGTH = 1_000_000;
    private final EntropySettings settings;
    private final AtomicLong calls = new AtomicLong();

    public EntropyAnalyser(EntropySettings settings) {
        this.settings = requireNonNull(settings, "settings is null");
    }

    public EntropySettings settings() {
        return settings;
    }

    /** Shannon entropy of {@code sequence}, paying the configured cost. */
    public double calculateEntropy(String sequence) {
        requireNonNull(sequence, "sequence is null");
        if (sequence.length() > MAX_SEQUENCE_LENGTH) {
            throw new IllegalArgumentException("sequence of " + sequence.length() + " characters is longer than "
                    + MAX_SEQUENCE_LENGTH);
        }
        calls.incrementAndGet();
        double entropy = entropy(sequence);
        switch (settings.mode()) {
            case CPU -> {
                double sink = 0;
                for (int i = 1; i < settings.cpuRepetitions(); i++) {
                    sink += entropy(sequence);
                }
                if (sink < 0) {
                    throw new AssertionError("entropy is never negative");
                }
            }
            case LATENCY -> LockSupport.parkNanos(settings.latency().toNanos());
            case NONE -> { }
        }
        return entropy;
    }

    /** The entropy alone, without cost. */
    public static double entropy(String sequence) {
        if (sequence.isEmpty()) {
            return 0.0;
        }
        Map<Integer, Integer> counts = new HashMap<>();
        sequence.codePoints().forEach(c -> counts.merge(c, 1, Integer::sum));
        long n = sequence.codePointCount(0, sequence.length());
        double h = 0;
        for (int count : counts.values()) {
            double p = (double) count / n;
            h -= p * (Math.log(p) / Math.log(2));
        }
        return h == 0.0 ? 0.0 : h; // no -0.0
    }

    /** Calls served so far. */
    public long calls() {
        return calls.get();
    }
}
