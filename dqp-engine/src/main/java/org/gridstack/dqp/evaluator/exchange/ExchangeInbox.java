package org.gridstack.dqp.evaluator.exchange;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.evaluator.operator.QueryContext;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The consumer's end of one EXCHANGE: a bounded queue of unpacked blocks filled by the producers'
 * HTTP pushes and drained by the consumer operator. A push waits while the queue is full, so a slow
 * consumer holds back its producers (back-pressure: the push stops reading the producer's stream,
 * and TCP stops the producer). Ends when every producer said it finished; fails when
 * one reports an error. Thread-safe.
 */
@ThreadSafe
public final class ExchangeInbox {
    private static final Object END = new Object();
    private final String id;
    private final BlockSchema schema;
    @SuppressWarnings("ThreadSafe") // an ArrayBlockingQueue of blocks (each handed over whole), Stats, failures and the END marker
    private final BlockingQueue<Object> queue;
    private final AtomicInteger producersLeft;
    @SuppressWarnings("ThreadSafe") // volatile: set once by close(), read without a lock
    private volatile boolean closed;
    private final AtomicLong unpackingNanos = new AtomicLong();

    public ExchangeInbox(String id, BlockSchema schema, int producers, int capacityBlocks) {
        this.id = requireNonNull(id, "id is null");
        this.schema = requireNonNull(schema, "schema is null");
        if (producers < 1 || capacityBlocks < 1) {
            throw new IllegalArgumentException("producers and capacity must be at least 1");
        }
        this.producersLeft = new AtomicInteger(producers);
        this.queue = new ArrayBlockingQueue<>(capacityBlocks);
    }

    public String id() {
        return id;
    }

    public BlockSchema schema() {
        return schema;
    }

    /**
     * A producer's block; waits up to {@code maxWaitMillis} for room.
     *
     * @return false when the inbox was closed (the consumer is gone) or stayed full too long
     */
    public boolean deliver(List<Object[]> rows, long maxWaitMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxWaitMillis);
        while (!closed) {
            if (queue.offer(rows, 100, TimeUnit.MILLISECONDS)) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
        }
        return false;
    }

    /** Adds time the receiving side spent unpacking a pushed block. */
    public void addUnpackingNanos(long nanos) {
        unpackingNanos.addAndGet(nanos);
    }

    /** A producer finished; {@code stats} are its cost counters (summed by the consumer). */
    public void finish(Map<String, Object> stats) throws InterruptedException {
        // the counters go in before the end marker, so the consumer has them all when it sees the end
        putStats(stats);
        if (producersLeft.decrementAndGet() == 0) {
            put(END);
        }
    }

    private void putStats(Map<String, Object> stats) throws InterruptedException {
        if (stats != null && !stats.isEmpty()) {
            put(new Stats(stats));
        }
    }

    /** A producer failed with {@code message}: the consumer's next take throws it. */
    public void fail(String message) throws InterruptedException {
        queue.clear();
        put(new IOException(message));
    }

    /**
     * A producer's stream broke before its end ({@code detail} says how): the consumer's next take
     * fails naming the exchange's producers. Does not wait: called from the broken request's thread.
     */
    public void producerLost(String detail) {
        ProducerLost lost = new ProducerLost(String.valueOf(detail));
        while (!closed && !queue.offer(lost)) {
            queue.clear(); // blocks other producers still push are moot now
        }
    }

    /** A producer's stream that broke before its end. */
    private record ProducerLost(String detail) {
    }

    private void put(Object item) throws InterruptedException {
        while (!closed && !queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
            // wait for the consumer
        }
    }

    /** Cost counters a producer sent with its end. Immutable. */
    @ThreadSafe
    // values: the producer's request map, handed over through the queue and never changed afterwards
    record Stats(@SuppressWarnings("ThreadSafe") Map<String, Object> values) {
    }

    /**
     * The next block, or null when every producer finished. Waits, checking the query's deadline and
     * cancellation; {@code producerNames} say whom it waited for in a timeout.
     */
    public List<Object[]> take(QueryContext context, String producerNames) throws IOException {
        return take(context, producerNames, () -> { });
    }

    /**
     * What the consumer checks while it waits for a block and none came for a while (every 100 ms at
     * most): it throws to fail the wait, say because the producer's process no longer answers.
     */
    @FunctionalInterface
    public interface IdleCheck {
        void whileIdle() throws IOException;
    }

    /**
     * As {@link #take(QueryContext, String)}, calling {@code idle} each time 100 ms passed without an
     * item; what it throws ends the wait.
     */
    public List<Object[]> take(QueryContext context, String producerNames, IdleCheck idle) throws IOException {
        requireNonNull(idle, "idle is null");
        while (true) {
            Object item;
            try {
                context.check("waiting for EXCHANGE " + id + " from " + producerNames);
                item = queue.poll(Math.min(100_000_000L, Math.max(1, context.remainingNanos())), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for EXCHANGE " + id);
            }
            if (item == null) {
                idle.whileIdle();
                continue;
            }
            if (item == END) {
                context.exchangeUnpackingNanos.addAndGet(unpackingNanos.getAndSet(0));
                return null;
            }
            if (item instanceof Stats s) {
                addStats(context, s.values());
                continue;
            }
            if (item instanceof IOException e) {
                throw new IOException(e.getMessage(), e);
            }
            if (item instanceof ProducerLost lost) {
                throw new IOException("EXCHANGE " + id + " from " + producerNames + " broke off before its end (" + lost.detail()
                        + "): the producing evaluator stopped or lost its connection");
            }
            @SuppressWarnings("unchecked")
            List<Object[]> rows = (List<Object[]>) item;
            return rows;
        }
    }

    private static void addStats(QueryContext context, Map<String, Object> stats) {
        context.dataServiceAccessNanos.addAndGet(number(stats, "dataServiceAccessNanos"));
        context.unpackingNanos.addAndGet(number(stats, "unpackingNanos"));
        context.blocksFromDataServices.addAndGet(number(stats, "blocksFromDataServices"));
        context.rowsFromDataServices.addAndGet(number(stats, "rowsFromDataServices"));
        context.blockTransferNanos.addAndGet(number(stats, "blockTransferNanos"));
        context.exchangeBlocks.addAndGet(number(stats, "exchangeBlocks"));
        context.exchangeBytes.addAndGet(number(stats, "exchangeBytes"));
        context.translationNanos.addAndGet(number(stats, "translationNanos"));
        context.operationCallNanos.addAndGet(number(stats, "operationCallNanos"));
        context.operationCalls.addAndGet(number(stats, "operationCalls"));
    }

    private static long number(Map<String, Object> stats, String key) {
        return stats.get(key) instanceof Number n ? n.longValue() : 0;
    }

    /** Stops accepting blocks and releases waiting producers. */
    public void close() {
        closed = true;
        queue.clear();
    }

    public boolean isClosed() {
        return closed;
    }
}
