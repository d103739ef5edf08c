package org.gridstack.hawkeye.classad;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * How much one query may spend evaluating: {@code maxSteps} expression nodes in all (over every
 * ad it looks at), {@code maxAllocation} characters and list elements made while evaluating
 * one ad (strings built by {@code strcat}, lists read from attributes, ...), and
 * {@code maxTime} wall-clock time. Exceeding any of them ends the query with an
 * {@link EvaluationLimitException}, never an {@link OutOfMemoryError}. Immutable.
 */
public record EvaluationLimits(long maxSteps, long maxAllocation, Duration maxTime) {
    /** For the operator's own expressions (module ads, triggers): generous, but still finite. */
    public static final EvaluationLimits TRUSTED = new EvaluationLimits(1_000_000_000L, 256L << 20, Duration.ofMinutes(5));
    /** The defaults for queries from the network. */
    public static final EvaluationLimits QUERY = new EvaluationLimits(50_000_000L, 8L << 20, Duration.ofSeconds(5));

    public EvaluationLimits {
        requireNonNull(maxTime, "maxTime is null");
        if (maxSteps <= 0 || maxAllocation <= 0 || maxTime.isNegative() || maxTime.isZero()) {
            throw new IllegalArgumentException("evaluation limits must be positive: steps " + maxSteps
                    + ", allocation " + maxAllocation + ", time " + maxTime);
        }
    }
}
