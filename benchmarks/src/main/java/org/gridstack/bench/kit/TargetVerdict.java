package org.gridstack.bench.kit;

import static java.util.Objects.requireNonNull;

/**
 * One issue target judged on a run: what it asks, what was measured, and the verdict
 * ({@code met}, {@code missed} or {@code not measured}), as every experiment's page and summary
 * state it (reported, never asserted). Immutable.
 */
public record TargetVerdict(String target, String measured, String verdict) {
    public TargetVerdict {
        requireNonNull(target, "target is null");
        requireNonNull(measured, "measured is null");
        requireNonNull(verdict, "verdict is null");
    }

    public boolean met() {
        return verdict.equals("met");
    }
}
