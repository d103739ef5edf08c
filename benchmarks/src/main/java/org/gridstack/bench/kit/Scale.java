package org.gridstack.bench.kit;

import java.util.Arrays;
import java.util.Locale;

/**
 * How big a run of the experiments is: {@code tiny} (seconds, to see that the chain works; what
 * {@code .ci/run} exercises), {@code quick} (a few minutes per experiment on 2 cores, the default of
 * {@code ./mvnw verify -Pbench}) and {@code full} (the seeds' grids and durations).
 */
public enum Scale {
    TINY, QUICK, FULL;

    /** The scale named by {@code text} (any case); a blank text is {@code quick}. */
    public static Scale parse(String text) {
        if (text == null || text.isBlank()) {
            return QUICK;
        }
        try {
            return valueOf(text.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown scale '" + text.strip() + "': use one of " + Arrays.toString(names()));
        }
    }

    /** The name used in experiment files and on command lines. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    private static String[] names() {
        return Arrays.stream(values()).map(Scale::label).toArray(String[]::new);
    }
}
