package org.gridstack.bench.invalidation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The benchmark body once at tiny scale: it must finish every round and count its purges. */
class TestInvalidationStalenessBenchmark {
    @Test
    void runsAtTinyScale() throws Exception {
        InvalidationStalenessBenchmark.Result r = InvalidationStalenessBenchmark.run(new InvalidationStalenessBenchmark.Config(3, 3, 5));
        assertEquals(3, r.stalenessMillis().size());
        assertTrue(r.stalenessMillis().stream().allMatch(ms -> ms > 0));
        assertTrue(r.purged() >= 3 * 2, "each round purges the changed URL from both levels: " + r.purged());
        assertEquals(0.0, r.failures());
        assertTrue(r.markdown().contains("| 3 | 3 |"), r.markdown());
    }
}
