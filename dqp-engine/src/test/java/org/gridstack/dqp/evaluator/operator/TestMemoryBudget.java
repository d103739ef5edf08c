package org.gridstack.dqp.evaluator.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.junit.jupiter.api.Test;

/**
 * One memory budget per query in bytes: a cross join's output comes in bounded blocks counted against
 * it, a query over the budget fails naming the limit, and a running join stops on cancellation and on
 * its deadline.
 */
class TestMemoryBudget {
    private static final BlockSchema ONE_TEXT = new BlockSchema(List.of(new Column("t", ColumnType.VARCHAR, false)));

    private static Operator rows(int n) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(new Object[] {"row number " + i});
        }
        return new ValuesOperator(ONE_TEXT, rows);
    }

    private static HashJoinOperator crossJoin(int probe, int build, QueryContext context) {
        return new HashJoinOperator(rows(probe), rows(build), new int[0], new int[0], HashJoinOperator.Type.INNER, null, context);
    }

    @Test
    void crossJoinOutputComesInBoundedBlocksWithinTheBudget() throws IOException {
        QueryContext context = new QueryContext(Duration.ofMinutes(1), 2L * 1024 * 1024);
        long rows = 0;
        try (HashJoinOperator join = crossJoin(300, 300, context)) {
            List<Object[]> block;
            while ((block = join.nextBlock()) != null) {
                assertTrue(block.size() <= HashJoinOperator.MAX_OUTPUT_ROWS, "block of " + block.size() + " rows");
                rows += block.size();
            }
        }
        assertEquals(90_000, rows);
        // the whole product would take about 13 MB; never more than the build side and one block were held
        assertTrue(context.budget().peak() < 2L * 1024 * 1024, "peak " + context.budget().peak());
    }

    @Test
    void aQueryOverItsBudgetFailsNamingTheLimit() {
        QueryContext context = new QueryContext(Duration.ofMinutes(1), 10_000);
        QueryTooLargeException e = assertThrows(QueryTooLargeException.class, () -> {
            try (HashJoinOperator join = crossJoin(10, 1_000, context)) {
                join.nextBlock();
            }
        });
        assertTrue(e.getMessage().contains("10000 bytes") && e.getMessage().contains("maxQueryMemory"), e.getMessage());
        assertEquals(0, context.budget().held(), "a refused reservation holds nothing");
    }

    @Test
    void aRunningJoinStopsWhenTheQueryIsCancelled() throws IOException {
        QueryContext context = new QueryContext(Duration.ofMinutes(1));
        try (HashJoinOperator join = crossJoin(1_000, 1_000, context)) {
            join.nextBlock();
            context.cancel("cancelled by its client");
            InterruptedIOException e = assertThrows(InterruptedIOException.class, join::nextBlock);
            assertTrue(e.getMessage().contains("cancelled by its client"), e.getMessage());
        }
    }

    @Test
    void aRunningJoinPastItsDeadlineNamesTheTimeoutAndTheJoin() {
        QueryContext context = new QueryContext(Duration.ofNanos(1));
        QueryTimeoutException e = assertThrows(QueryTimeoutException.class, () -> {
            try (HashJoinOperator join = crossJoin(1_000, 1_000, context)) {
                join.nextBlock();
            }
        });
        assertTrue(e.getMessage().contains("queryTimeout") && e.getMessage().contains("HASH_JOIN"), e.getMessage());
    }
}
