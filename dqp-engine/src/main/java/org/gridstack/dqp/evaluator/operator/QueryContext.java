package org.gridstack.dqp.evaluator.operator;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the operators of one query share: its deadline, its cancellation flag and the cost profile
 * counters (the seed's Figure 7 costs). Thread-safe.
 */
public final class QueryContext {
    private final long deadlineNanos;
    private final Duration timeout;
    private volatile String cancelled;
    /** Time the TABLE_SCANs spent getting blocks from data services (request to decoded rows). */
    public final AtomicLong dataServiceAccessNanos = new AtomicLong();
    /** Of that, the time from the response's first byte to decoded rows (transfer and unpacking). */
    public final AtomicLong unpackingNanos = new AtomicLong();
    /** Blocks received from data services. */
    public final AtomicLong blocksFromDataServices = new AtomicLong();
    /** Rows received from data services. */
    public final AtomicLong rowsFromDataServices = new AtomicLong();
    /** Time EXCHANGE producers spent pushing blocks to their consumer (HTTP round trips). */
    public final AtomicLong blockTransferNanos = new AtomicLong();
    /** Blocks EXCHANGE producers pushed. */
    public final AtomicLong exchangeBlocks = new AtomicLong();
    /** Encoded bytes EXCHANGE producers pushed. */
    public final AtomicLong exchangeBytes = new AtomicLong();
    /** Time EXCHANGE producers spent packing tuples into blocks (size estimates and encoding). */
    public final AtomicLong translationNanos = new AtomicLong();
    /** Time EXCHANGE consumers spent unpacking pushed blocks. */
    public final AtomicLong exchangeUnpackingNanos = new AtomicLong();
    /** Time spent in OPERATION_CALLs (summed over the parallel callers). */
    public final AtomicLong operationCallNanos = new AtomicLong();
    /** Web service calls made. */
    public final AtomicLong operationCalls = new AtomicLong();

    /** Rows all of a query's blocking operators (hash join build sides, groups, sorts) may hold by default. */
    public static final long DEFAULT_MAX_ROWS_HELD = 2_000_000;
    private final long maxRowsHeld;
    private final AtomicLong rowsHeld = new AtomicLong();

    public QueryContext(Duration timeout) {
        this(timeout, DEFAULT_MAX_ROWS_HELD);
    }

    /** A context whose blocking operators may hold at most {@code maxRowsHeld} rows together. */
    public QueryContext(Duration timeout, long maxRowsHeld) {
        this.timeout = java.util.Objects.requireNonNull(timeout, "timeout is null");
        this.deadlineNanos = System.nanoTime() + timeout.toNanos();
        if (maxRowsHeld < 1) {
            throw new IllegalArgumentException("maxRowsHeld must be at least 1, is " + maxRowsHeld);
        }
        this.maxRowsHeld = maxRowsHeld;
    }

    /**
     * Counts {@code rows} more rows held in memory by {@code operator}.
     *
     * @throws QueryTooLargeException when the query would hold more than its limit
     */
    public void hold(long rows, String operator) throws QueryTooLargeException {
        if (rowsHeld.addAndGet(rows) > maxRowsHeld) {
            throw new QueryTooLargeException(operator + " would hold more than " + maxRowsHeld
                    + " rows in memory, this query's limit; add filters or join the larger table on the probe (left) side");
        }
    }

    /** Nanoseconds left before the deadline (negative when passed). */
    public long remainingNanos() {
        return deadlineNanos - System.nanoTime();
    }

    public Duration timeout() {
        return timeout;
    }

    /** Marks the query cancelled (client gone, another part failed); operators stop at their next check. */
    public void cancel(String reason) {
        if (cancelled == null) {
            cancelled = reason;
        }
    }

    public boolean isCancelled() {
        return cancelled != null;
    }

    /** Throws when the query was cancelled or its deadline passed; {@code waitingFor} names what it waited for. */
    public void check(String waitingFor) throws IOException {
        if (cancelled != null) {
            throw new InterruptedIOException("query cancelled: " + cancelled);
        }
        if (remainingNanos() <= 0) {
            throw new QueryTimeoutException("query timed out after " + timeout.toMillis() + " ms waiting for " + waitingFor);
        }
    }
}
