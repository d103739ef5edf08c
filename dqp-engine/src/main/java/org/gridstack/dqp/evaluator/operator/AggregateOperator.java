package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.util.ArrayList;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.calcite.sql.type.SqlTypeName;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.evaluator.expression.Arithmetic;
import org.gridstack.dqp.evaluator.expression.ValueComparator;
import org.gridstack.dqp.evaluator.expression.Values;

/**
 * AGGREGATE (hash grouping): reads its whole input, keeps one accumulator set per group, and
 * returns the group columns followed by the aggregates. Without group columns it returns exactly one
 * row, also for empty input (COUNT 0, others NULL), as SQL does. NULL inputs are skipped by every
 * function but COUNT(*); a DISTINCT aggregate sees each distinct value of its group once. Results
 * follow PostgreSQL: sums never overflow (bigint widens to numeric), avg of exact numbers is numeric. Groups are held in
 * memory, counted against the query's memory budget. Not thread-safe.
 */
public final class AggregateOperator implements Operator {
    /** The aggregate functions run. */
    public enum Function { COUNT_STAR, COUNT, SUM, MIN, MAX, AVG,
        /** The one value of a scalar sub-query: an error when there are more. */
        SINGLE_VALUE,
        /** A constant per group (Calcite's LITERAL_AGG, from sub-query rewriting). */
        LITERAL }

    /**
     * One aggregate: function, argument column (ignored for COUNT_STAR), whether it aggregates the
     * distinct values only, and its result's SQL type (PostgreSQL's: sum of integer is bigint, sum
     * of bigint and avg of exact numbers numeric). Immutable.
     */
    @ThreadSafe
    // literal is a RexLiteral's value as RexCompiler.literalValue gives it (String, Number, Boolean, java.time, ByteString), immutable
    public record Call(Function function, int argument, boolean distinct, SqlTypeName resultType,
            @SuppressWarnings("ThreadSafe") Object literal) {
        public Call {
            requireNonNull(function, "function is null");
            requireNonNull(resultType, "resultType is null");
        }

        /** A call of a function other than LITERAL. */
        public Call(Function function, int argument, boolean distinct, SqlTypeName resultType) {
            this(function, argument, distinct, resultType, null);
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
        Map<List<Object>, Object[]> firstRows = new HashMap<>();
        List<Object[]> block;
        while ((block = input.nextBlock()) != null) {
            for (Object[] row : block) {
                Object[] key = new Object[groupColumns.length];
                for (int i = 0; i < key.length; i++) {
                    key[i] = ValueComparator.key(row[groupColumns[i]]);
                }
                List<Object> groupKey = Arrays.asList(key);
                Object[][] state = groups.get(groupKey);
                if (state == null) {
                    context.budget().reserve(MemoryBudget.rowBytes(key) + 64L + 48L * calls.size(), "AGGREGATE's groups");
                    state = newState();
                    groups.put(groupKey, state);
                    // the group shows its first row's values (1.50 and 1.5 are one group)
                    firstRows.put(groupKey, row);
                }
                for (int i = 0; i < calls.size(); i++) {
                    accumulate(calls.get(i), state[i], row);
                }
            }
        }
        if (groups.isEmpty() && groupColumns.length == 0) {
            groups.put(List.of(), newState());
            firstRows.put(List.of(), new Object[0]);
        }
        List<Object[]> out = new ArrayList<>(groups.size());
        int offset = groupColumns.length;
        for (Map.Entry<List<Object>, Object[][]> e : groups.entrySet()) {
            Object[] row = new Object[offset + calls.size()];
            Object[] first = firstRows.get(e.getKey());
            for (int i = 0; i < offset; i++) {
                row[i] = first[groupColumns[i]];
            }
            for (int i = 0; i < calls.size(); i++) {
                row[offset + i] = Values.coerce(result(calls.get(i), e.getValue()[i]), calls.get(i).resultType());
            }
            out.add(row);
        }
        return out;
    }

    private Object[][] newState() {
        Object[][] state = new Object[calls.size()][];
        for (int i = 0; i < state.length; i++) {
            state[i] = new Object[] {0L, null, calls.get(i).distinct() ? new HashSet<Object>() : null}; // count, value, seen
        }
        return state;
    }

    @SuppressWarnings("unchecked")
    private static void accumulate(Call call, Object[] state, Object[] row) {
        if (call.function() == Function.COUNT_STAR || call.function() == Function.LITERAL) {
            state[0] = (Long) state[0] + 1;
            return;
        }
        if (call.function() == Function.SINGLE_VALUE) {
            state[0] = (Long) state[0] + 1;
            if ((Long) state[0] > 1) {
                throw new IllegalArgumentException("more than one row returned by a sub-query used as an expression");
            }
            state[1] = row[call.argument()];
            return;
        }
        Object v = row[call.argument()];
        if (v == null) {
            return;
        }
        if (state[2] != null && !((Set<Object>) state[2]).add(ValueComparator.key(v))) {
            return;
        }
        if (call.function() == Function.AVG && v instanceof Float f) {
            // PostgreSQL averages real in double precision
            v = f.doubleValue();
        }
        state[0] = (Long) state[0] + 1;
        switch (call.function()) {
            case SUM, AVG -> state[1] = state[1] == null ? start(v) : add((Number) state[1], (Number) v);
            case MIN -> state[1] = state[1] == null || ValueComparator.compare(v, state[1]) < 0 ? v : state[1];
            case MAX -> state[1] = state[1] == null || ValueComparator.compare(v, state[1]) > 0 ? v : state[1];
            default -> { }
        }
    }

    // sums are exact: integers in a long while they fit, then numeric (PostgreSQL's sum of bigint)
    private static Number start(Object v) {
        return v instanceof Integer || v instanceof Short ? (Number) ((Number) v).longValue() : (Number) v;
    }

    private static Number add(Number a, Number b) {
        if (a instanceof Float x && b instanceof Float y) {
            return x + y;
        }
        if (a instanceof Double || b instanceof Double || a instanceof Float || b instanceof Float) {
            return a.doubleValue() + b.doubleValue();
        }
        if (a instanceof Long x && !(b instanceof BigDecimal)) {
            long y = b.longValue();
            long sum = x + y;
            if (((x ^ sum) & (y ^ sum)) >= 0) {
                return sum;
            }
        }
        return exact(a).add(exact(b));
    }

    private static BigDecimal exact(Number n) {
        return n instanceof BigDecimal d ? d : BigDecimal.valueOf(n.longValue());
    }

    private static Object result(Call call, Object[] state) {
        long count = (Long) state[0];
        return switch (call.function()) {
            case COUNT_STAR, COUNT -> count;
            case LITERAL -> call.literal();
            case AVG -> {
                if (count == 0) {
                    yield null;
                }
                Number sum = (Number) state[1];
                if (sum instanceof Double || sum instanceof Float) {
                    yield sum.doubleValue() / count;
                }
                yield Arithmetic.divide(exact(sum), BigDecimal.valueOf(count));
            }
            default -> state[1];
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
