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
 * UNION [ALL], INTERSECT [ALL] and EXCEPT [ALL] of inputs with the same columns, as PostgreSQL
 * computes them: rows compare by value with NULLs equal (not distinct); without ALL each row comes
 * once; with ALL a row comes as often as PostgreSQL's multiset rules say (INTERSECT ALL the least
 * count, EXCEPT ALL the first input's count less the others'). UNION ALL streams its inputs one after
 * the other; the others hold the distinct rows with their counts in memory, counted against the
 * query's memory budget. Not thread-safe.
 */
public final class SetOperationOperator implements Operator {
    /** The set operations. */
    public enum Kind { UNION, INTERSECT, EXCEPT }

    private static final int OUTPUT_BLOCK_ROWS = 1_000;
    private final List<Operator> inputs;
    private final Kind kind;
    private final boolean all;
    private final BlockSchema schema;
    private final QueryContext context;
    private int current;
    private List<Object[]> results;
    private int position;

    public SetOperationOperator(List<Operator> inputs, Kind kind, boolean all, BlockSchema schema, QueryContext context) {
        this.inputs = List.copyOf(requireNonNull(inputs, "inputs is null"));
        this.kind = requireNonNull(kind, "kind is null");
        this.all = all;
        this.schema = requireNonNull(schema, "schema is null");
        this.context = requireNonNull(context, "context is null");
        if (this.inputs.size() < 2) {
            throw new IllegalArgumentException("a set operation needs two inputs or more");
        }
    }

    @Override
    public BlockSchema schema() {
        return schema;
    }

    @Override
    public List<Object[]> nextBlock() throws IOException {
        if (kind == Kind.UNION && all) {
            while (current < inputs.size()) {
                List<Object[]> block = inputs.get(current).nextBlock();
                if (block != null) {
                    return block;
                }
                current++;
            }
            return null;
        }
        if (results == null) {
            results = compute();
        }
        if (position >= results.size()) {
            return null;
        }
        int end = Math.min(results.size(), position + OUTPUT_BLOCK_ROWS);
        List<Object[]> out = results.subList(position, end);
        position = end;
        return out;
    }

    private List<Object[]> compute() throws IOException {
        // per distinct row: its first occurrence and its count in each input
        Map<List<Object>, Object[]> first = new LinkedHashMap<>();
        Map<List<Object>, long[]> counts = new LinkedHashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            List<Object[]> block;
            while ((block = inputs.get(i).nextBlock()) != null) {
                for (Object[] row : block) {
                    List<Object> key = key(row);
                    long[] c = counts.get(key);
                    if (c == null) {
                        context.budget().reserve(MemoryBudget.rowBytes(row) + 64L + 16L * inputs.size(), kind + "'s rows");
                        c = new long[inputs.size()];
                        counts.put(key, c);
                        first.put(key, row);
                    }
                    c[i]++;
                }
            }
        }
        List<Object[]> out = new ArrayList<>();
        for (Map.Entry<List<Object>, long[]> e : counts.entrySet()) {
            long n = times(e.getValue());
            Object[] row = first.get(e.getKey());
            for (long k = 0; k < n; k++) {
                out.add(row);
            }
        }
        return out;
    }

    private long times(long[] c) {
        long n;
        switch (kind) {
            case UNION -> n = 1;
            case INTERSECT -> {
                n = c[0];
                for (int i = 1; i < c.length; i++) {
                    n = Math.min(n, c[i]);
                }
                n = all ? n : Math.min(n, 1);
            }
            default -> {
                // EXCEPT over several inputs is left-associative: (a EXCEPT b) EXCEPT c
                if (all) {
                    n = c[0];
                    for (int i = 1; i < c.length; i++) {
                        n -= c[i];
                    }
                    n = Math.max(n, 0);
                } else {
                    n = c[0] > 0 ? 1 : 0;
                    for (int i = 1; i < c.length; i++) {
                        if (c[i] > 0) {
                            n = 0;
                        }
                    }
                }
            }
        }
        return n;
    }

    private static List<Object> key(Object[] row) {
        Object[] key = new Object[row.length];
        for (int i = 0; i < row.length; i++) {
            key[i] = row[i] == null ? null : ValueComparator.key(row[i]);
        }
        return Arrays.asList(key);
    }

    @Override
    public String describe() {
        return kind + (all ? " ALL" : "");
    }

    @Override
    public List<Operator> inputs() {
        return inputs;
    }

    @Override
    public void close() {
        inputs.forEach(Operator::close);
    }
}
