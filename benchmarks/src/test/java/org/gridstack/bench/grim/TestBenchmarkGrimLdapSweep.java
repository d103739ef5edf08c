package org.gridstack.bench.grim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The LDAP sweep at two tiny scales; answers must equal the reference; no timing assertions. */
class TestBenchmarkGrimLdapSweep {
    @Test
    @Timeout(120)
    void sweepsTwoScales() throws Exception {
        Path out = Path.of("target", "test-results", "grim-ldap-sweep");
        BenchmarkGrimLdapSweep.Result r = BenchmarkGrimLdapSweep.run(new BenchmarkGrimLdapSweep.Config(List.of(0.005, 0.01), 2,
                Duration.ofSeconds(60), out, GrimBackendSet.SEED));

        assertEquals(2, r.points().size());
        assertTrue(r.points().get(1).objects() > r.points().get(0).objects());
        for (BenchmarkGrimLdapSweep.Point p : r.points()) {
            assertTrue(p.loadMillis() >= 0);
            assertEquals(28, p.cells().size());
            for (BenchmarkGrimOperations.Cell c : p.cells()) {
                assertEquals("ok", c.status(), c.toString());
                assertTrue(c.matchesReference(), c.toString());
            }
        }
        assertEquals(1 + 2 * 28, Files.readAllLines(out.resolve("grim-ldap-sweep.csv")).size());
    }
}
