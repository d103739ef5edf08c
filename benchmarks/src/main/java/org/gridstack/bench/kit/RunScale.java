package org.gridstack.bench.kit;

import java.util.Locale;
import java.util.Optional;

/**
 * The scale a benchmark JVM runs at, as the suite states it with the system property
 * {@value #PROPERTY} ({@code tiny}, {@code quick} or {@code full}; the build's tests set
 * {@code tiny}), and what follows for its pages: a tiny run (seconds per cell, to see that the
 * chain works) is too small to judge, so its pages show the numbers and say so instead of a
 * verdict. A main started by hand without the property is judged as before. Stateless; reads the
 * property on every call, so it is thread-safe.
 */
public final class RunScale {
    /** The system property the suite sets for every experiment's JVM. */
    public static final String PROPERTY = "gridstack.bench.scale";
    /** What a tiny run shows where a verdict would be. */
    public static final String NOT_JUDGED = "not judged (tiny scale)";
    /** The sentence at the top of a tiny run's pages. */
    public static final String TOO_SMALL = "Tiny scale: seconds per cell, to see that the chain works. These numbers are too small"
            + " to compare with the seeds or the peers, so no target is judged here; run the quick or full scale for that.";

    private RunScale() {
    }

    /** The scale named by the property, in lower case, or empty when it is not set. */
    public static Optional<String> current() {
        String v = System.getProperty(PROPERTY);
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.strip().toLowerCase(Locale.ROOT));
    }

    /** Whether this run is big enough to judge targets: every run but a tiny one. */
    public static boolean judges() {
        return !current().filter("tiny"::equals).isPresent();
    }

    /** {@code verdict} when this run is judged, else {@link #NOT_JUDGED}. */
    public static String verdict(String verdict) {
        return judges() ? verdict : NOT_JUDGED;
    }
}
