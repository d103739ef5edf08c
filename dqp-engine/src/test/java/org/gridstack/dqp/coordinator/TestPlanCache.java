package org.gridstack.dqp.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

/**
 * The plan cache: a repeated SQL text is planned once; other texts are planned anew; the least
 * recently used plan goes first when it is full; failures are never kept.
 */
class TestPlanCache {
    private final List<String> planned = new ArrayList<>();

    private final Function<String, QueryPlanner.Planned> planner = sql -> {
        planned.add(sql);
        if (sql.startsWith("bad")) {
            throw new SqlQueryException("SQL syntax error at line 1, column 1: " + sql, 1, 1, null);
        }
        return new QueryPlanner.Planned(null, sql, List.of("x"));
    };

    @Test
    void aRepeatedQueryIsPlannedOnce() {
        PlanCache cache = new PlanCache(4);
        QueryPlanner.Planned first = cache.get("select 1", planner);
        assertSame(first, cache.get("select 1", planner));
        cache.get("select  1", planner); // another text, even if it means the same
        assertEquals(List.of("select 1", "select  1"), planned);
        assertEquals(1, cache.hits());
        assertEquals(2, cache.misses());
    }

    @Test
    void theLeastRecentlyUsedPlanGoesFirst() {
        PlanCache cache = new PlanCache(2);
        cache.get("a", planner);
        cache.get("b", planner);
        cache.get("a", planner); // a is now the more recent
        cache.get("c", planner); // evicts b
        assertEquals(2, cache.size());
        cache.get("a", planner);
        cache.get("b", planner);
        assertEquals(List.of("a", "b", "c", "b"), planned);
    }

    @Test
    void failuresAreNotKept() {
        PlanCache cache = new PlanCache(4);
        assertThrows(SqlQueryException.class, () -> cache.get("bad sql", planner));
        assertThrows(SqlQueryException.class, () -> cache.get("bad sql", planner));
        assertEquals(List.of("bad sql", "bad sql"), planned);
        assertEquals(0, cache.size());
    }

    @Test
    void capacityZeroKeepsNothing() {
        PlanCache cache = new PlanCache(0);
        cache.get("a", planner);
        cache.get("a", planner);
        assertEquals(List.of("a", "a"), planned);
        assertThrows(IllegalArgumentException.class, () -> new PlanCache(-1));
    }
}
