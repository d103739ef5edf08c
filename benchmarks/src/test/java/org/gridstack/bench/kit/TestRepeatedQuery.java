package org.gridstack.bench.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Warm-up runs are not counted, every measured run is timed and tallied, and a failed run fails the measurement. */
class TestRepeatedQuery {
    @Test
    void countsOnlyTheMeasuredRuns() throws Exception {
        int[] calls = {0};
        RepeatedQuery.Result r = RepeatedQuery.run(2, 3, tally -> {
            calls[0]++;
            tally.add(10, calls[0]);
        });
        assertEquals(5, calls[0]);
        assertEquals(3, r.nanos().length);
        assertEquals(3, r.latency().count());
        assertEquals(30, r.wireBytes());
        assertEquals(3 + 4 + 5, r.payloadBytes(), "the payloads of runs 3, 4 and 5");
        assertTrue(r.minMillis() <= r.medianMillis() && r.medianMillis() <= r.maxMillis());
    }

    @Test
    void theMedianIsExact() {
        RepeatedQuery.Result r = new RepeatedQuery.Result(new long[] {4_000_000, 1_000_000, 2_000_000, 3_000_000},
                LatencySummary.of(LatencySummary.newHistogram()), 0, 0);
        assertEquals(2.5, r.medianMillis());
        assertEquals(1.0, r.minMillis());
        assertEquals(4.0, r.maxMillis());
    }

    @Test
    void aFailedRunFailsTheMeasurement() {
        IllegalStateException wrong = new IllegalStateException("wrong answer");
        assertSame(wrong, assertThrows(IllegalStateException.class, () -> RepeatedQuery.run(0, 2, tally -> {
            throw wrong;
        })));
        assertThrows(IllegalArgumentException.class, () -> RepeatedQuery.run(0, 0, tally -> { }));
        assertThrows(IllegalArgumentException.class, () -> RepeatedQuery.run(-1, 1, tally -> { }));
    }
}
