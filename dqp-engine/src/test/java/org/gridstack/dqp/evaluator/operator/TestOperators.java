package org.gridstack.dqp.evaluator.operator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.sql.type.SqlTypeName;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.junit.jupiter.api.Test;

/** The blocking operators' SQL semantics (NULL keys, empty input, NULL ordering) and their memory limit. */
class TestOperators {
    private static final BlockSchema KEY_VALUE = new BlockSchema(List.of(new Column("k", ColumnType.VARCHAR, true),
            new Column("v", ColumnType.INTEGER, true)));

    private static Operator values(Object[]... rows) {
        return new ValuesOperator(KEY_VALUE, List.of(rows));
    }

    private static List<Object[]> drain(Operator op) throws IOException {
        List<Object[]> out = new ArrayList<>();
        try (op) {
            List<Object[]> block;
            while ((block = op.nextBlock()) != null) {
                out.addAll(block);
            }
        }
        return out;
    }

    private static QueryContext context() {
        return new QueryContext(Duration.ofSeconds(10));
    }

    @Test
    void hashJoinNeverMatchesNullKeysAndPadsLeftJoins() throws IOException {
        Operator left = values(new Object[] {"a", 1}, new Object[] {null, 2}, new Object[] {"b", 3});
        Operator right = values(new Object[] {"a", 10}, new Object[] {null, 20}, new Object[] {"a", 11});
        List<Object[]> rows = drain(new HashJoinOperator(left, right, new int[] {0}, new int[] {0}, HashJoinOperator.Type.LEFT,
                null, context()));
        assertEquals(4, rows.size());
        assertArrayEquals(new Object[] {"a", 1, "a", 10}, rows.get(0));
        assertArrayEquals(new Object[] {"a", 1, "a", 11}, rows.get(1));
        assertArrayEquals(new Object[] {null, 2, null, null}, rows.get(2));
        assertArrayEquals(new Object[] {"b", 3, null, null}, rows.get(3));
    }

    @Test
    void hashJoinMatchesIntegersAndLongsByValue() throws IOException {
        BlockSchema longs = new BlockSchema(List.of(new Column("n", ColumnType.BIGINT, false)));
        Operator left = values(new Object[] {"x", 7});
        Operator right = new ValuesOperator(longs, List.<Object[]>of(new Object[] {7L}));
        assertEquals(1, drain(new HashJoinOperator(left, right, new int[] {1}, new int[] {0}, HashJoinOperator.Type.INNER,
                null, context())).size());
    }

    @Test
    void aggregateWithoutGroupsAnswersOneRowForEmptyInput() throws IOException {
        BlockSchema out = new BlockSchema(List.of(new Column("c", ColumnType.BIGINT, false), new Column("s", ColumnType.INTEGER, true)));
        List<Object[]> rows = drain(new AggregateOperator(values(), new int[0], List.of(
                new AggregateOperator.Call(AggregateOperator.Function.COUNT_STAR, -1, false, SqlTypeName.BIGINT),
                new AggregateOperator.Call(AggregateOperator.Function.SUM, 1, false, SqlTypeName.BIGINT)), out, context()));
        assertEquals(1, rows.size());
        assertArrayEquals(new Object[] {0L, null}, rows.get(0));
    }

    @Test
    void sortPutsNullsLastAscendingAsPostgresDoes() throws IOException {
        List<Object[]> rows = drain(new SortOperator(values(new Object[] {"b", null}, new Object[] {"a", 2}, new Object[] {"c", 1}),
                List.of(new SortOperator.Key(1, false)), 0, -1, context()));
        assertEquals(List.of("c", "a", "b"), rows.stream().map(r -> r[0]).toList());
    }

    @Test
    void blockingOperatorsRespectTheQuerysMemoryBudget() {
        QueryContext small = new QueryContext(Duration.ofSeconds(10), 200);
        Operator left = values(new Object[] {"a", 1});
        Operator right = values(new Object[] {"a", 1}, new Object[] {"b", 2}, new Object[] {"c", 3});
        QueryTooLargeException e = assertThrows(QueryTooLargeException.class, () -> drain(new HashJoinOperator(left, right,
                new int[] {0}, new int[] {0}, HashJoinOperator.Type.INNER, null, small)));
        assertTrue(e.getMessage().contains("HASH_JOIN") && e.getMessage().contains("200 bytes"), e.getMessage());
    }
}
