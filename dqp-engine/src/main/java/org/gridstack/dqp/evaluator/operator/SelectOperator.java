package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.evaluator.expression.RowExpression;

/** SELECT: passes the rows for which the predicate is TRUE (not FALSE, not UNKNOWN). Not thread-safe. */
public final class SelectOperator implements Operator {
    private final Operator input;
    private final RowExpression predicate;
    private final String text;

    public SelectOperator(Operator input, RowExpression predicate, String text) {
        this.input = requireNonNull(input, "input is null");
        this.predicate = requireNonNull(predicate, "predicate is null");
        this.text = requireNonNull(text, "text is null");
    }

    @Override
    public BlockSchema schema() {
        return input.schema();
    }

    @Override
    public List<Object[]> nextBlock() throws IOException {
        List<Object[]> block = input.nextBlock();
        if (block == null) {
            return null;
        }
        List<Object[]> out = new ArrayList<>(block.size());
        for (Object[] row : block) {
            if (Boolean.TRUE.equals(predicate.evaluate(row))) {
                out.add(row);
            }
        }
        return out;
    }

    @Override
    public String describe() {
        return "SELECT(" + text + ")";
    }

    @Override
    public List<Operator> inputs() {
        return List.of(input);
    }

    @Override
    public void close() {
        input.close();
    }
}
