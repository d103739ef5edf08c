package org.gridstack.bench.grim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.gridstack.bench.suite.ExperimentArgs;
import org.gridstack.bench.kit.Scale;
import org.gridstack.testing.HeadlessChromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The LDAP sweep at two tiny scales; answers must equal the reference; no timing assertions. */
class TestBenchmarkGrimLdapSweep {
    @Test
    @Timeout(120)
    void sweepsTwoScales() throws Exception {
        Path out = Path.of("target", "test-results", "grim-ldap-sweep");
        BenchmarkGrimLdapSweep.Result r = BenchmarkGrimLdapSweep.run(BenchmarkGrimLdapSweep.Config.parse(
                ExperimentArgs.of("grim-ldap-sweep", Scale.TINY, out))); // scales 0.5 % and 1 %, 2 repeats

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
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(out).orElseThrow();
        assertEquals(BenchmarkGrimLdapSweep.headline(r), h);
        assertTrue(h.hasNoReference() && h.ours() > 0 && h.what().startsWith("LDAP at 1.0 % of the data set"), h.toString());

        HeadlessChromium.Rendering shown = HeadlessChromium.render(out.resolve("grim-ldap-sweep.html"));
        assertEquals(java.util.List.of(), shown.consoleMessages());
        assertEquals(2 + 3, shown.dom().split("<figure class=\"chart\"", -1).length - 1, "the page's charts and the host monitor's three");
    }
}
