package org.gridstack.grim.store;

import java.time.Duration;

/**
 * Safety limits of native pass-through queries (the servlet's read-only guard limits, per backend).
 *
 * @param maxMemoryMb heap one query may take while it runs, in MiB (enforced for XQuery, which
 *                    embedded BaseX evaluates in the service's own heap)
 */
public record QueryLimits(Duration timeout, int maxRows, long maxBytes, int maxMemoryMb) {
    /** Heap an XQuery may take unless configured otherwise. */
    public static final int DEFAULT_MEMORY_MB = 256;
    public static final QueryLimits DEFAULT = new QueryLimits(Duration.ofSeconds(10), 10_000, 16L << 20);

    public QueryLimits {
        if (timeout.isNegative() || timeout.isZero() || maxRows < 1 || maxBytes < 1 || maxMemoryMb < 1) {
            throw new IllegalArgumentException("limits must be positive");
        }
    }

    public QueryLimits(Duration timeout, int maxRows, long maxBytes) {
        this(timeout, maxRows, maxBytes, DEFAULT_MEMORY_MB);
    }
}
