package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.evaluator.expression.RowExpression;
import org.gridstack.dqp.evaluator.expression.ValueComparator;

/**
 * HASH_JOIN: builds a hash table of the right (build) input on its key columns, then streams the
 * left (probe) input through it. Output rows are left columns followed by right columns. Keys with
 * NULL never match (SQL equality). INNER, LEFT, FULL, SEMI or ANTI ({@link Type}); a residual
 * non-equi condition, when given, must be TRUE for a pair to match. Without keys it is a nested-loop
 * cross product over the built side. The build side is held in memory, counted against the query's
 * memory budget ({@link QueryContext#budget}); output comes in blocks of at most
 * {@value #MAX_OUTPUT_ROWS} rows (one more for a padded row), each counted while it is built and
 * given back when the next is asked for, and the query's timeout and cancellation are checked after
 * each. Not thread-safe.
 */
public final class HashJoinOperator implements Operator {
    /**
     * Join types the operator runs: INNER, LEFT (unmatched probe rows padded), FULL (and unmatched
     * build rows padded, after the probe side ended), SEMI and ANTI (probe rows with at least one /
     * no match, probe columns only).
     */
    public enum Type { INNER, LEFT, FULL, SEMI, ANTI }

    /** Rows of one output block at most (several probe rows may go into one block, one probe row into many). */
    static final int MAX_OUTPUT_ROWS = 4_096;

    private final Operator probe;
    private final Operator build;
    private final int[] probeKeys;
    private final int[] buildKeys;
    private final Type type;
    private final RowExpression residual;
    private final BlockSchema schema;
    private final QueryContext context;
    private Map<List<Object>, List<Object[]>> table;
    // where the probe side stands between calls
    private List<Object[]> probeBlock;
    private int probeIndex;
    private int matchIndex;
    private boolean matched;
    private boolean probeEnded;
    private long outputBytes;
    // FULL only: every build row, those that matched, and how far the unmatched ones were sent
    private final List<Object[]> buildRows = new ArrayList<>();
    private final Set<Object[]> matchedBuildRows = Collections.newSetFromMap(new IdentityHashMap<>());
    private int unmatchedIndex;

    public HashJoinOperator(Operator probe, Operator build, int[] probeKeys, int[] buildKeys, Type type, RowExpression residual,
            QueryContext context) {
        this.context = requireNonNull(context, "context is null");
        this.probe = requireNonNull(probe, "probe is null");
        this.build = requireNonNull(build, "build is null");
        this.probeKeys = requireNonNull(probeKeys, "probeKeys is null").clone();
        this.buildKeys = requireNonNull(buildKeys, "buildKeys is null").clone();
        this.type = requireNonNull(type, "type is null");
        this.residual = residual;
        if (probeKeys.length != buildKeys.length) {
            throw new IllegalArgumentException("key counts differ: " + probeKeys.length + " and " + buildKeys.length);
        }
        List<Column> columns = new ArrayList<>();
        for (Column c : probe.schema().columns()) {
            columns.add(type == Type.FULL ? new Column(c.name(), c.type(), true) : c);
        }
        if (type != Type.SEMI && type != Type.ANTI) {
            for (Column c : build.schema().columns()) {
                columns.add(type == Type.LEFT || type == Type.FULL ? new Column(c.name(), c.type(), true) : c);
            }
        }
        this.schema = new BlockSchema(columns);
    }

    @Override
    public BlockSchema schema() {
        return schema;
    }

    @Override
    public List<Object[]> nextBlock() throws IOException {
        if (table == null) {
            buildTable();
        }
        // output blocks are bounded (a cross product of one probe block is the whole build side per row):
        // the probe position is kept between calls, and each output block is counted while it is built
        context.budget().release(outputBytes);
        outputBytes = 0;
        List<Object[]> out = new ArrayList<>();
        int probeWidth = probe.schema().size();
        int buildWidth = build.schema().size();
        boolean oneMatchIsEnough = type == Type.SEMI || type == Type.ANTI;
        while (out.size() < MAX_OUTPUT_ROWS) {
            if (probeEnded) {
                if (type != Type.FULL || unmatchedIndex >= buildRows.size()) {
                    break;
                }
                Object[] right = buildRows.get(unmatchedIndex++);
                if (!matchedBuildRows.contains(right)) {
                    Object[] joined = new Object[probeWidth + buildWidth];
                    System.arraycopy(right, 0, joined, probeWidth, buildWidth);
                    add(out, joined);
                }
                continue;
            }
            if (probeBlock == null || probeIndex >= probeBlock.size()) {
                if (!out.isEmpty()) {
                    break; // hand on what is there before waiting for the probe side
                }
                probeBlock = probe.nextBlock();
                probeIndex = 0;
                matchIndex = 0;
                matched = false;
                probeEnded = probeBlock == null;
                continue;
            }
            Object[] left = probeBlock.get(probeIndex);
            List<Object> key = key(left, probeKeys);
            List<Object[]> matches = key == null ? List.of() : table.getOrDefault(key, List.of());
            while (matchIndex < matches.size() && out.size() < MAX_OUTPUT_ROWS && !(oneMatchIsEnough && matched)) {
                Object[] right = matches.get(matchIndex++);
                Object[] joined = Arrays.copyOf(left, left.length + buildWidth);
                System.arraycopy(right, 0, joined, left.length, buildWidth);
                if (residual == null || Boolean.TRUE.equals(residual.evaluate(joined))) {
                    matched = true;
                    if (!oneMatchIsEnough) {
                        add(out, joined);
                        if (type == Type.FULL) {
                            matchedBuildRows.add(right);
                        }
                    }
                }
            }
            if (matchIndex >= matches.size() || (oneMatchIsEnough && matched)) {
                if (matched ? type == Type.SEMI : type == Type.ANTI) {
                    add(out, left);
                } else if (!matched && (type == Type.LEFT || type == Type.FULL)) {
                    add(out, Arrays.copyOf(left, left.length + buildWidth));
                }
                probeIndex++;
                matchIndex = 0;
                matched = false;
            }
        }
        if (out.isEmpty() && probeEnded) {
            return null;
        }
        context.check("HASH_JOIN was producing rows");
        return out;
    }

    private void buildTable() throws IOException {
        table = new HashMap<>();
        List<Object[]> block;
        while ((block = build.nextBlock()) != null) {
            context.budget().reserve(MemoryBudget.blockBytes(block), "the build side of HASH_JOIN");
            for (Object[] row : block) {
                if (type == Type.FULL) {
                    buildRows.add(row);
                }
                List<Object> key = key(row, buildKeys);
                if (key != null) {
                    table.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
                }
            }
        }
    }

    private void add(List<Object[]> out, Object[] row) throws QueryTooLargeException {
        long bytes = MemoryBudget.rowBytes(row) + 8;
        context.budget().reserve(bytes, "HASH_JOIN's output");
        outputBytes += bytes;
        out.add(row);
    }

    // numbers of different classes that are equal must hash alike
    private static List<Object> key(Object[] row, int[] columns) {
        Object[] key = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
            Object v = row[columns[i]];
            if (v == null) {
                return null;
            }
            key[i] = ValueComparator.key(v);
        }
        return Arrays.asList(key);
    }

    @Override
    public String describe() {
        return "HASH_JOIN(" + type + ", probe keys " + Arrays.toString(probeKeys) + " = build keys "
                + Arrays.toString(buildKeys) + (residual == null ? "" : ", with a residual condition") + ")";
    }

    @Override
    public List<Operator> inputs() {
        return List.of(probe, build);
    }

    @Override
    public void close() {
        try {
            probe.close();
        } finally {
            build.close();
        }
    }
}
