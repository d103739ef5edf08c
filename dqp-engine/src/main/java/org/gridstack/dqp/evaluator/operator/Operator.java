package org.gridstack.dqp.evaluator.operator;

import java.io.IOException;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;

/**
 * A pull-based physical operator (the seed's iterator model, a block of tuples per call): the
 * consumer calls {@link #nextBlock} until it returns null, then (or earlier, to cancel) closes it;
 * closing an operator closes its inputs and stops any thread it started. Not thread-safe: one
 * consumer thread pulls.
 */
public interface Operator extends AutoCloseable {
    /** The columns of the rows this operator returns. */
    BlockSchema schema();

    /** The next block of rows (maybe empty), or null at the end. */
    List<Object[]> nextBlock() throws IOException;

    /** One line for the plan display, e.g. {@code HASH_JOIN(keys 0=1)}. */
    String describe();

    /** The operator's inputs, for plan display and profiles. */
    List<Operator> inputs();

    @Override
    void close();
}
