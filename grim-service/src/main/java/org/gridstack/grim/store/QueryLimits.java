package org.gridstack.grim.store;

import java.time.Duration;

/** Safety limits of native pass-through queries (the servlet's read-only guard limits, per backend). */
public record QueryLimits(Duration timeout, int maxRows, long maxBytes) {
    public static final QueryLimits DEFAULT = new QueryLimits(Duration.ofSeconds(10), 10_000, 16L << 20);

    public QueryLimits {
        if (timeout.isNegative() || timeout.isZero() || maxRows < 1 || maxBytes < 1) {
            throw new IllegalArgumentException("limits must be positive");
        }
    }
}
