package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.evaluator.operator.Operator;
import org.gridstack.dqp.evaluator.operator.QueryContext;
import java.util.ArrayList;
import org.gridstack.dqp.evaluator.operator.ProfiledOperator;

/**
 * A planned query ready to pull: its result columns (names as the query spelled them), the root
 * operator and the shared context. Closing stops every operator and thread of the query (also to
 * cancel it). Not thread-safe: one consumer pulls; {@link #cancel} may be called from any thread.
 */
public final class RunningQuery implements AutoCloseable {
    private final String id;
    private final BlockSchema schema;
    private final Operator root;
    private final QueryContext context;
    private final long startNanos;
    private long deliveryNanos;
    private long rows;

    /** {@code startNanos}: when the query arrived ({@link System#nanoTime}), the start of its wall time. */
    RunningQuery(String id, BlockSchema schema, Operator root, QueryContext context, long startNanos) {
        this.id = requireNonNull(id, "id is null");
        this.startNanos = startNanos;
        this.schema = requireNonNull(schema, "schema is null");
        this.root = requireNonNull(root, "root is null");
        this.context = requireNonNull(context, "context is null");
    }

    /** The query's id (in every answer; {@code DELETE /api/v1/query/{id}} cancels it). */
    public String id() {
        return id;
    }

    /** The result's columns. */
    public BlockSchema schema() {
        return schema;
    }

    /** The next block of result rows, or null at the end. */
    public List<Object[]> nextBlock() throws IOException {
        context.check("sending the answer");
        List<Object[]> block = root.nextBlock();
        if (block != null) {
            rows += block.size();
        }
        return block;
    }

    /**
     * The operator tree, one line per operator with what it returned ({@code rows blocks bytes time},
     * time including its inputs'), for a query started with profiling and pulled to its end
     * (EXPLAIN ANALYZE); operators without counters are shown plain.
     */
    public List<String> analyzedPlan() {
        List<String> lines = new ArrayList<>();
        analyzed(root, 0, lines);
        return lines;
    }

    private static void analyzed(Operator op, int depth, List<String> lines) {
        if (op instanceof ProfiledOperator profiled) {
            lines.add("  ".repeat(depth) + profiled.describe() + "  [" + profiled.counters() + "]");
            op = profiled.operator();
        } else {
            lines.add("  ".repeat(depth) + op.describe());
        }
        for (Operator input : op.inputs()) {
            analyzed(input, depth + 1, lines);
        }
    }

    /** Adds time the caller spent delivering rows to its client (encoding and writing). */
    public void addDeliveryNanos(long nanos) {
        deliveryNanos += nanos;
    }

    /** Marks the query cancelled; the consumer's next pull fails and it closes the query. */
    public void cancel(String reason) {
        context.cancel(reason);
    }

    /**
     * The seed's Figure 7 costs, in milliseconds: data-service access (TABLE_SCAN getting blocks,
     * with its unpacking part), EXCHANGE block transfer between evaluators (the producers' pushes),
     * translation (the producers' packing of tuples into blocks) and the consumer's unpacking,
     * delivery to the client, OPERATION_CALL time, wall time, and whether the parts overlapped
     * (their sum exceeds the wall time: pipelining). Costs of remote fragments arrive with their
     * EXCHANGE's end, so they are complete once every row was pulled.
     */
    public QueryProfile profile() {
        double wall = millis(System.nanoTime() - startNanos);
        double access = millis(context.dataServiceAccessNanos.get());
        double unpacking = millis(context.unpackingNanos.get());
        double delivery = millis(deliveryNanos);
        double calls = millis(context.operationCallNanos.get());
        double transfer = millis(context.blockTransferNanos.get());
        double translation = millis(context.translationNanos.get());
        double exchangeUnpacking = millis(context.exchangeUnpackingNanos.get());
        return new QueryProfile(access, unpacking, transfer, translation, exchangeUnpacking, delivery, calls, wall,
                access + transfer + translation + delivery + calls > wall, context.blocksFromDataServices.get(),
                context.rowsFromDataServices.get(), context.exchangeBlocks.get(), context.exchangeBytes.get(),
                context.operationCalls.get(), rows);
    }

    private static double millis(long nanos) {
        return Math.round(nanos / 10_000.0) / 100.0;
    }

    @Override
    public void close() {
        context.cancel("closed");
        root.close();
    }
}
