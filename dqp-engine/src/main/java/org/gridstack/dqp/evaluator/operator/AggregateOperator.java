package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.evaluator.expression.ValueComparator;

/**
 * AGGREGATE (hash grouping): reads its whole input, keeps one accumulator set per group, and
 * returns the group columns followed by the aggregates. Without group columns it returns exactly one
 * row, also for empty input (COUNT 0, others NULL), as SQL does. NULL inputs are skipped by every
 * function but COUNT(*). Groups are held in memory, counted against the query's memory budget. Not thread-safe.
 */
public final class AggregateOperator implements Operator {
    /** The aggregate functions run. */
    public enum Function { COUNT_STAR, COUNT, SUM, MIN, MAX, AVG }

    /** One aggregate: function and argument column (ignored for COUNT_STAR). Immutable. */
    public record Call(Function function, int argument) {
        public Call {
            requireNonNull(function, "function is null");
        }
    }

    private static final int OUTPUT_BLOCK_ROWS = 1_000;
    private final Operator input;
    private final int[] groupColumns;
    private final List<Call> calls;
    private final BlockSchema schema;
    private final QueryContext context;
    private List<Object[]> results;
    private int position;

    public AggregateOperator(Operator input, int[] groupColumns, List<Call> calls, BlockSchema schema, QueryContext context) {
        this.context = requireNonNull(context, "context is null");
        this.input = requireNonNull(input, "input is null");
        this.groupColumns = requireNonNull(groupColumns, "groupColumns is null").clone();
        this.calls = List.copyOf(requireNonNull(calls, "calls is null"));
        this.schema = requireNonNull(schema, "schema is null");
    }

    @Override
    public BlockSchema schema() {
        return schema;
    }

    @Override
    public List<Object[]> nextBlock() throws IOException {
        if (results == null) {
            results = aggregate();
        }
        if (position >= results.size()) {
            return null;
        }
        int end = Math.min(results.size(), position + OUTPUT_BLOCK_ROWS);
        List<Object[]> out = results.subList(position, end);
        position = end;
        return out;
    }

    private List<Object[]> aggregate() throws IOException {
        Map<List<Object>, Object[][]> groups = new LinkedHashMap<>();
        List<Object[]> block;
        while ((block = input.nextBlock()) != null) {
            for (Object[] row : block) {
                Object[] key = new Object[groupColumns.length];
                for (int i = 0; i < key.length; i++) {
                    key[i] = row[groupColumns[i]];
                }
                List<Object> groupKey = Arrays.asList(key);
                Object[][] state = groups.get(groupKey);
                if (state == null) {
                    context.budget().reserve(MemoryBudget.rowBytes(key) + 64L + 48L * calls.size(), "AGGREGATE's groups");
                    state = newState();
                    groups.put(groupKey, state);
                }
                for (int i = 0; i < calls.size(); i++) {
                    accumulate(calls.get(i), state[i], row);
                }
            }
        }
        if (groups.isEmpty() && groupColumns.length == 0) {
            groups.put(List.of(), newState());
        }
        List<Object[]> out = new ArrayList<>(groups.size());
        int offset = groupColumns.length;
        for (Map.Entry<List<Object>, Object[][]> e : groups.entrySet()) {
            Object[] row = new Object[offset + calls.size()];
            for (int i = 0; i < offset; i++) {
                row[i] = e.getKey().get(i);
            }
            for (int i = 0; i < calls.size(); i++) {
                row[offset + i] = org.gridstack.dqp.evaluator.expression.Values.coerce(result(calls.get(i), e.getValue()[i]),
                        sqlType(schema.column(offset + i).type()));
            }
            out.add(row);
        }
        return out;
    }

    private Object[][] newState() {
        Object[][] state = new Object[calls.size()][];
        for (int i = 0; i < state.length; i++) {
            state[i] = new Object[] {0L, null}; // count, value
        }
        return state;
    }

    private static void accumulate(Call call, Object[] state, Object[] row) {
        if (call.function() == Function.COUNT_STAR) {
            state[0] = (Long) state[0] + 1;
            return;
        }
        Object v = row[call.argument()];
        if (v == null) {
            return;
        }
        state[0] = (Long) state[0] + 1;
        switch (call.function()) {
            case SUM, AVG -> state[1] = state[1] == null ? v : add((Number) state[1], (Number) v);
            case MIN -> state[1] = state[1] == null || ValueComparator.compare(v, state[1]) < 0 ? v : state[1];
            case MAX -> state[1] = state[1] == null || ValueComparator.compare(v, state[1]) > 0 ? v : state[1];
            default -> { }
        }
    }

    private static Number add(Number a, Number b) {
        if (a instanceof Double || b instanceof Double || a instanceof Float || b instanceof Float) {
            return a.doubleValue() + b.doubleValue();
        }
        return Math.addExact(a.longValue(), b.longValue());
    }

    private static Object result(Call call, Object[] state) {
        long count = (Long) state[0];
        return switch (call.function()) {
            case COUNT_STAR, COUNT -> count;
            case AVG -> count == 0 ? null : ((Number) state[1]).doubleValue() / count;
            default -> state[1];
        };
    }

    private static org.apache.calcite.sql.type.SqlTypeName sqlType(org.gridstack.dqp.block.ColumnType type) {
        return switch (type) {
            case VARCHAR -> org.apache.calcite.sql.type.SqlTypeName.VARCHAR;
            case INTEGER -> org.apache.calcite.sql.type.SqlTypeName.INTEGER;
            case BIGINT -> org.apache.calcite.sql.type.SqlTypeName.BIGINT;
            case DOUBLE -> org.apache.calcite.sql.type.SqlTypeName.DOUBLE;
            case BOOLEAN -> org.apache.calcite.sql.type.SqlTypeName.BOOLEAN;
        };
    }

    @Override
    public String describe() {
        return "AGGREGATE(group by " + Arrays.toString(groupColumns) + ", " + calls + ")";
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
