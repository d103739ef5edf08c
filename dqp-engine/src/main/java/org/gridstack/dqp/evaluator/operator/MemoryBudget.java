package org.gridstack.dqp.evaluator.operator;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.math.BigDecimal;

/**
 * One query's memory budget in bytes: every operator that holds rows (a hash join's build side and
 * the join output it is producing, a sort's input, an aggregate's groups) reserves their estimated
 * heap size here before it keeps them, and the reservation that would pass the limit fails with
 * {@link QueryTooLargeException} naming the limit. Sizes are estimates of the JVM heap a row takes
 * ({@link #rowBytes}): object headers, references and the values themselves. Thread-safe.
 */
@ThreadSafe
public final class MemoryBudget {
    /** The default limit of one query: 64 MiB (eight queries at once fit a 1 GiB heap with room to spare). */
    public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;
    private final long maxBytes;
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();

    /** A budget of {@code maxBytes} (at least 1). */
    public MemoryBudget(long maxBytes) {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("the memory budget must be at least 1 byte, is " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    /** The limit in bytes. */
    public long maxBytes() {
        return maxBytes;
    }

    /** Bytes reserved now. */
    public long held() {
        return held.get();
    }

    /** The most bytes reserved at once so far. */
    public long peak() {
        return peak.get();
    }

    /**
     * Reserves {@code bytes} more for {@code holder} (an operator name users can find in the plan).
     *
     * @throws QueryTooLargeException when the query would hold more than its limit; nothing is reserved then
     */
    public void reserve(long bytes, String holder) throws QueryTooLargeException {
        long now = held.addAndGet(bytes);
        if (now > maxBytes) {
            held.addAndGet(-bytes);
            throw new QueryTooLargeException(holder + " would hold more than " + mebibytes(maxBytes)
                    + " of rows in memory, this query's memory limit (maxQueryMemory); add filters, select fewer columns"
                    + " or join the larger table on the probe (left) side");
        }
        peak.accumulateAndGet(now, Math::max);
    }

    /** Gives back {@code bytes} reserved before (rows handed on or dropped). */
    public void release(long bytes) {
        held.addAndGet(-bytes);
    }

    /** The estimated heap size of {@code rows}, as {@link #rowBytes} summed plus the list's references. */
    public static long blockBytes(List<Object[]> rows) {
        long bytes = 16 + 8L * rows.size();
        for (Object[] row : rows) {
            bytes += rowBytes(row);
        }
        return bytes;
    }

    /**
     * The estimated heap size of one row: the array (header and references) and each value's object
     * (a String's header, its array and its characters; boxed numbers; shared Booleans cost nothing).
     */
    public static long rowBytes(Object[] row) {
        long bytes = 16 + 8L * row.length;
        for (Object v : row) {
            if (v == null || v instanceof Boolean) {
                continue;
            }
            if (v instanceof String s) {
                bytes += 56 + 2L * s.length();
            } else if (v instanceof byte[] b) {
                bytes += 16 + b.length;
            } else if (v instanceof BigDecimal d) {
                bytes += 40 + d.unscaledValue().bitLength() / 8;
            } else {
                bytes += 24;
            }
        }
        return bytes;
    }

    private static String mebibytes(long bytes) {
        return bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0 ? bytes / (1024 * 1024) + " MiB" : bytes + " bytes";
    }
}
