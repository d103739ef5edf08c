package org.gridstack.hawkeye.classad;

import static java.util.Objects.requireNonNull;

/**
 * What one query has left of its {@link EvaluationLimits}: the steps and the deadline span the
 * whole query, the allocation is per ad ({@link #startAd()} resets it). Not thread-safe: one
 * query, one thread.
 */
public final class EvaluationBudget {
    private final EvaluationLimits limits;
    private final long deadlineNanos;
    private long steps;
    private long allocated;

    public EvaluationBudget(EvaluationLimits limits) {
        this.limits = requireNonNull(limits, "limits is null");
        this.deadlineNanos = System.nanoTime() + limits.maxTime().toNanos();
    }

    public EvaluationLimits limits() {
        return limits;
    }

    /** Starts evaluating a new ad: the allocation count starts again from zero. */
    public void startAd() {
        allocated = 0;
    }

    /** One expression node evaluated. */
    void step() {
        if (++steps > limits.maxSteps()) {
            throw new EvaluationLimitException("the query needed more than " + limits.maxSteps()
                    + " evaluation steps; narrow the constraint");
        }
        if ((steps & 1023) == 0) {
            checkTime();
        }
    }

    /** Checks the deadline (also called from long-running built-ins such as regexp). */
    void checkTime() {
        if (System.nanoTime() - deadlineNanos > 0) {
            throw new EvaluationLimitException("the query ran longer than " + limits.maxTime().toMillis()
                    + " ms; narrow the constraint");
        }
    }

    /** {@code units} characters or list elements made. */
    void allocate(long units) {
        allocated += units;
        if (allocated > limits.maxAllocation()) {
            throw new EvaluationLimitException("evaluating one ad made more than " + limits.maxAllocation()
                    + " characters and list elements; the constraint builds too much");
        }
    }
}
