package org.gridstack.dqp.evaluator.operator;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.Objects;

/**
 * What the operators of one query share: its deadline, its cancellation flag and the cost profile
 * counters (the seed's Figure 7 costs). Thread-safe.
 */
@ThreadSafe
public final class QueryContext {
    private final long deadlineNanos;
    private final Duration timeout;
    /** Why the query was cancelled (the first reason given), null while it was not. */
    private final AtomicReference<String> cancelled = new AtomicReference<>();
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

    private final MemoryBudget budget;

    /** A context with the default memory budget ({@link MemoryBudget#DEFAULT_MAX_BYTES}). */
    public QueryContext(Duration timeout) {
        this(timeout, MemoryBudget.DEFAULT_MAX_BYTES);
    }

    /** A context whose operators may hold at most {@code maxBytes} (estimated) of rows together. */
    public QueryContext(Duration timeout, long maxBytes) {
        this.timeout = Objects.requireNonNull(timeout, "timeout is null");
        this.deadlineNanos = System.nanoTime() + timeout.toNanos();
        this.budget = new MemoryBudget(maxBytes);
    }

    @SuppressWarnings("ThreadSafe") // volatile: set by analyze() before the plan is translated, read without a lock
    private volatile boolean analyzing;

    /** Asks the plan translator to wrap every operator in a {@link ProfiledOperator} (EXPLAIN ANALYZE). */
    public void analyze() {
        analyzing = true;
    }

    /** Whether operators are to be profiled one by one (EXPLAIN ANALYZE). */
    public boolean analyzing() {
        return analyzing;
    }

    /** The query's memory budget, shared by every operator of it that holds rows. */
    public MemoryBudget budget() {
        return budget;
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
        cancelled.compareAndSet(null, reason);
    }

    public boolean isCancelled() {
        return cancelled.get() != null;
    }

    /**
     * Throws when the query was cancelled or its deadline passed; {@code waitingFor} says what the
     * query was doing ("waiting for EXCHANGE ...", "HASH_JOIN producing rows"), so a timeout names
     * what used the time. Operators that work without waiting call it between output blocks.
     */
    public void check(String waitingFor) throws IOException {
        String reason = cancelled.get();
        if (reason != null) {
            throw new QueryCancelledException("the query was cancelled: " + reason);
        }
        if (remainingNanos() <= 0) {
            throw new QueryTimeoutException("the query ran out of its time (queryTimeout, " + timeout.toMillis()
                    + " ms) while " + waitingFor);
        }
    }
}
