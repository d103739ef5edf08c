package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.evaluator.expression.RowExpression;

/** PROJECT: computes one output row of expressions per input row. Not thread-safe. */
public final class ProjectOperator implements Operator {
    private final Operator input;
    private final List<RowExpression> expressions;
    private final BlockSchema schema;

    public ProjectOperator(Operator input, List<RowExpression> expressions, BlockSchema schema) {
        this.input = requireNonNull(input, "input is null");
        this.expressions = List.copyOf(requireNonNull(expressions, "expressions is null"));
        this.schema = requireNonNull(schema, "schema is null");
        if (expressions.size() != schema.size()) {
            throw new IllegalArgumentException(expressions.size() + " expressions for " + schema.size() + " columns");
        }
    }

    @Override
    public BlockSchema schema() {
        return schema;
    }

    @Override
    public List<Object[]> nextBlock() throws IOException {
        List<Object[]> block = input.nextBlock();
        if (block == null) {
            return null;
        }
        List<Object[]> out = new ArrayList<>(block.size());
        for (Object[] row : block) {
            Object[] result = new Object[expressions.size()];
            for (int i = 0; i < result.length; i++) {
                result[i] = expressions.get(i).evaluate(row);
            }
            out.add(result);
        }
        return out;
    }

    @Override
    public String describe() {
        return "PROJECT(" + schema.names() + ")";
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
