package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.evaluator.expression.ValueComparator;

/**
 * SORT with optional OFFSET/LIMIT (ORDER BY ... LIMIT n). With a sort key it reads its whole input
 * (held in memory, counted against the query's memory budget); with only a limit it streams and stops pulling its input once the limit is
 * reached. NULLs sort as PostgreSQL sorts them: last ascending, first descending. Not thread-safe.
 */
public final class SortOperator implements Operator {
    /** One sort key: column and direction. Immutable. */
    @Immutable
    public record Key(int column, boolean descending) {
    }

    private final Operator input;
    private final List<Key> keys;
    private final long offset;
    private final long limit;
    private final QueryContext context;
    private List<Object[]> sorted;
    private int position;
    private long skipped;
    private long returned;

    /** {@code limit} &lt; 0: no limit. */
    public SortOperator(Operator input, List<Key> keys, long offset, long limit, QueryContext context) {
        this.context = requireNonNull(context, "context is null");
        this.input = requireNonNull(input, "input is null");
        this.keys = List.copyOf(requireNonNull(keys, "keys is null"));
        this.offset = offset;
        this.limit = limit;
    }

    @Override
    public BlockSchema schema() {
        return input.schema();
    }

    @Override
    public List<Object[]> nextBlock() throws IOException {
        if (limit >= 0 && returned >= limit) {
            return null;
        }
        List<Object[]> block;
        if (keys.isEmpty()) {
            block = input.nextBlock();
            if (block == null) {
                return null;
            }
        } else {
            if (sorted == null) {
                sorted = new ArrayList<>();
                List<Object[]> b;
                while ((b = input.nextBlock()) != null) {
                    context.budget().reserve(MemoryBudget.blockBytes(b), "SORT");
                    sorted.addAll(b);
                }
                sorted.sort(comparator());
            }
            if (position >= sorted.size()) {
                return null;
            }
            int end = Math.min(sorted.size(), position + 1_000);
            block = sorted.subList(position, end);
            position = end;
        }
        List<Object[]> out = new ArrayList<>(block.size());
        for (Object[] row : block) {
            if (skipped < offset) {
                skipped++;
            } else if (limit < 0 || returned < limit) {
                out.add(row);
                returned++;
            }
        }
        return out;
    }

    private Comparator<Object[]> comparator() {
        return (a, b) -> {
            for (Key k : keys) {
                Object x = a[k.column()];
                Object y = b[k.column()];
                int c;
                if (x == null || y == null) {
                    c = x == null ? (y == null ? 0 : 1) : -1; // NULL is the largest value
                } else {
                    c = ValueComparator.compare(x, y);
                }
                if (c != 0) {
                    return k.descending() ? -c : c;
                }
            }
            return 0;
        };
    }

    @Override
    public String describe() {
        return "SORT(" + keys + (offset > 0 ? ", offset " + offset : "") + (limit >= 0 ? ", limit " + limit : "") + ")";
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
