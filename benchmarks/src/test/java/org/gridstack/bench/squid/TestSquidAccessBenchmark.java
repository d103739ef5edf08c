package org.gridstack.bench.squid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every access method once at tiny scale (zip 5, one client, short cells). The answers are checked
 * inside the run (a wrong one fails it); here only that every cell counted work. No timing
 * thresholds: this machine's load during the build is unknown.
 */
class TestSquidAccessBenchmark {
    @Test
    void everyAccessMethodRunsAtTinyScale() throws Exception {
        SquidAccessBenchmark.Result r = SquidAccessBenchmark.run(new SquidAccessBenchmark.Config(
                Arrays.asList(AccessMethod.values()), List.of(5), List.of(1), Duration.ofMillis(300), Duration.ofSeconds(1)));
        assertEquals(AccessMethod.values().length, r.cells().size());
        for (CellStats c : r.cells()) {
            assertTrue(c.queries() > 0, c.markdownRow());
            assertTrue(c.megabytesPerSecond() > 0, c.markdownRow());
            assertTrue(c.jvmCores() > 0, c.markdownRow());
            if (c.method() != AccessMethod.SDK_DIRECT) {
                assertTrue(c.squidCores() > 0, c.markdownRow());
            }
        }
        r.cells().stream().filter(c -> c.method() == AccessMethod.SDK_SQUID_HIT || c.method() == AccessMethod.PLAIN_HTTP_SQUID_HIT)
                .forEach(c -> assertTrue(c.hitRatio() > 0.9, "a Squid-hit cell served misses: " + c.markdownRow()));
        assertTrue(r.markdown().contains("SDK / plain HTTP"), r.markdown());
    }
}
