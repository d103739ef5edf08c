package org.gridstack.dqp.evaluator.operator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.sql.type.SqlTypeName;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.junit.jupiter.api.Test;

/** {@link AggregateOperator} computes PostgreSQL's aggregates. */
class TestAggregateOperator {
    private static QueryContext context() {
        return new QueryContext(Duration.ofSeconds(10));
    }

    private static Operator rows(ColumnType type, Object... values) {
        List<Object[]> rows = new ArrayList<>();
        for (Object v : values) {
            rows.add(new Object[] {v instanceof Object[] pair ? pair[0] : "k", v instanceof Object[] pair ? pair[1] : v});
        }
        return new ValuesOperator(new BlockSchema(List.of(new Column("k", ColumnType.VARCHAR, false), new Column("v", type, true))), rows);
    }

    private static List<Object[]> drain(Operator op) throws IOException {
        List<Object[]> out = new ArrayList<>();
        List<Object[]> block;
        while ((block = op.nextBlock()) != null) {
            out.addAll(block);
        }
        op.close();
        return out;
    }

    private static AggregateOperator.Call call(AggregateOperator.Function f, boolean distinct, SqlTypeName type) {
        return new AggregateOperator.Call(f, 1, distinct, type);
    }

    private static BlockSchema out(ColumnType... types) {
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            columns.add(new Column("c" + i, types[i], true));
        }
        return new BlockSchema(columns);
    }

    @Test
    void sumOfIntegersWidensInsteadOfOverflowing() throws IOException {
        List<Object[]> result = drain(new AggregateOperator(rows(ColumnType.INTEGER, Integer.MAX_VALUE, Integer.MAX_VALUE), new int[0],
                List.of(call(AggregateOperator.Function.SUM, false, SqlTypeName.BIGINT)), out(ColumnType.BIGINT), context()));
        assertEquals(4_294_967_294L, result.get(0)[0]);
        result = drain(new AggregateOperator(rows(ColumnType.BIGINT, Long.MAX_VALUE, Long.MAX_VALUE), new int[0],
                List.of(call(AggregateOperator.Function.SUM, false, SqlTypeName.DECIMAL)), out(ColumnType.DECIMAL), context()));
        assertEquals(new BigDecimal("18446744073709551614"), result.get(0)[0]);
    }

    @Test
    void avgOfIntegersIsNumericWithPostgresScale() throws IOException {
        List<Object[]> result = drain(new AggregateOperator(rows(ColumnType.INTEGER, 1, 2, null), new int[0],
                List.of(call(AggregateOperator.Function.AVG, false, SqlTypeName.DECIMAL)), out(ColumnType.DECIMAL), context()));
        assertEquals(new BigDecimal("1.5000000000000000"), result.get(0)[0]);
    }

    @Test
    void distinctCountsEachValueOnce() throws IOException {
        List<Object[]> result = drain(new AggregateOperator(rows(ColumnType.DECIMAL, new BigDecimal("1.50"), new BigDecimal("1.5"),
                new BigDecimal("2"), null), new int[0], List.of(call(AggregateOperator.Function.COUNT, true, SqlTypeName.BIGINT),
                call(AggregateOperator.Function.COUNT, false, SqlTypeName.BIGINT)), out(ColumnType.BIGINT, ColumnType.BIGINT), context()));
        assertArrayEquals(new Object[] {2L, 3L}, result.get(0));
    }

    @Test
    void groupsOfEqualNumbersAreOneGroup() throws IOException {
        Operator input = rows(ColumnType.INTEGER, new Object[] {"a", 1}, new Object[] {"b", 2}, new Object[] {"a", 3});
        List<Object[]> result = drain(new AggregateOperator(input, new int[] {0},
                List.of(call(AggregateOperator.Function.MAX, false, SqlTypeName.INTEGER)), out(ColumnType.VARCHAR, ColumnType.INTEGER),
                context()));
        assertEquals(2, result.size());
        assertArrayEquals(new Object[] {"a", 3}, result.get(0));
        assertArrayEquals(new Object[] {"b", 2}, result.get(1));
    }

    @Test
    void emptyInputWithoutGroupsGivesOneRow() throws IOException {
        List<Object[]> result = drain(new AggregateOperator(rows(ColumnType.INTEGER), new int[0],
                List.of(new AggregateOperator.Call(AggregateOperator.Function.COUNT_STAR, -1, false, SqlTypeName.BIGINT),
                        call(AggregateOperator.Function.SUM, false, SqlTypeName.BIGINT)), out(ColumnType.BIGINT, ColumnType.BIGINT),
                context()));
        assertArrayEquals(new Object[] {0L, null}, result.get(0));
    }

    @Test
    void singleValueRefusesASecondRow() {
        AggregateOperator op = new AggregateOperator(rows(ColumnType.INTEGER, 1, 2), new int[0],
                List.of(call(AggregateOperator.Function.SINGLE_VALUE, false, SqlTypeName.INTEGER)), out(ColumnType.INTEGER), context());
        assertThrows(IllegalArgumentException.class, () -> drain(op));
    }
}
