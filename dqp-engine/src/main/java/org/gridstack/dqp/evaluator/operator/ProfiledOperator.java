package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;

/**
 * Wraps an operator for {@code EXPLAIN ANALYZE}: counts the rows and blocks it returned, their
 * estimated heap bytes ({@link MemoryBudget#blockBytes}) and the time spent in its
 * {@link #nextBlock} (its inputs' time included). Its only input is the wrapped operator, so tree
 * walks reach everything below. Not thread-safe (one consumer, as every operator).
 */
public final class ProfiledOperator implements Operator {
    private final Operator operator;
    private long rows;
    private long blocks;
    private long bytes;
    private long nanos;

    public ProfiledOperator(Operator operator) {
        this.operator = requireNonNull(operator, "operator is null");
    }

    /** The wrapped operator. */
    public Operator operator() {
        return operator;
    }

    @Override
    public BlockSchema schema() {
        return operator.schema();
    }

    @Override
    public List<Object[]> nextBlock() throws IOException {
        long start = System.nanoTime();
        try {
            List<Object[]> block = operator.nextBlock();
            if (block != null) {
                rows += block.size();
                blocks++;
                bytes += MemoryBudget.blockBytes(block);
            }
            return block;
        } finally {
            nanos += System.nanoTime() - start;
        }
    }

    /** What it returned and how long it took, e.g. {@code rows=5888 blocks=59 bytes=1203456 time=12.3 ms}. */
    public String counters() {
        return "rows=" + rows + " blocks=" + blocks + " bytes=" + bytes + " time=" + Math.round(nanos / 100_000.0) / 10.0 + " ms";
    }

    @Override
    public String describe() {
        return operator.describe();
    }

    @Override
    public List<Operator> inputs() {
        return List.of(operator);
    }

    @Override
    public void close() {
        operator.close();
    }
}
