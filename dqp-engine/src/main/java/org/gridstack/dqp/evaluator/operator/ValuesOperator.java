package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import java.util.List;

import org.gridstack.dqp.block.BlockSchema;

/** VALUES: literal rows given by the plan (e.g. {@code select 1}). Not thread-safe. */
public final class ValuesOperator implements Operator {
    private final BlockSchema schema;
    private List<Object[]> rows;

    public ValuesOperator(BlockSchema schema, List<Object[]> rows) {
        this.schema = requireNonNull(schema, "schema is null");
        this.rows = List.copyOf(requireNonNull(rows, "rows is null"));
    }

    @Override
    public BlockSchema schema() {
        return schema;
    }

    @Override
    public List<Object[]> nextBlock() {
        List<Object[]> out = rows;
        rows = null;
        return out;
    }

    @Override
    public String describe() {
        return "VALUES(" + (rows == null ? 0 : rows.size()) + " rows)";
    }

    @Override
    public List<Operator> inputs() {
        return List.of();
    }

    @Override
    public void close() {
        rows = null;
    }
}
