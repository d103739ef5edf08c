package org.gridstack.bench.grim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.testing.HeadlessChromium;
import org.gridstack.bench.suite.ExperimentArgs;
import org.gridstack.bench.kit.Scale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The operations benchmark once at 1 % scale on all three backends; answers must equal the reference. No timing assertions. */
class TestBenchmarkGrimOperations {
    @Test
    @Timeout(180)
    void runsEveryOperationOnEveryBackendAndMode() throws Exception {
        Path out = Path.of("target", "test-results", "grim-operations");
        // the experiment file's tiny scale: 1 % of the data, 2 repeats, 1 warm-up, cutoff 60 s
        BenchmarkGrimOperations.Result r = BenchmarkGrimOperations.run(BenchmarkGrimOperations.Config.parse(
                ExperimentArgs.of("grim-operations", Scale.TINY, out)));

        assertEquals(3 * 14 * 2, r.cells().size());
        for (BenchmarkGrimOperations.Cell c : r.cells()) {
            assertEquals("ok", c.status(), c.toString());
            assertTrue(c.matchesReference(), "answer differs from ReferenceEvaluator: " + c);
            assertEquals(2, c.qrt().count(), c.toString());
            assertTrue(c.qrt().minMs() >= 0 && c.qrt().p10Ms() <= c.qrt().p90Ms(), c.toString());
            if (c.number() != 13) {
                assertTrue(c.requests() >= 1, "every operation but connect sends a request: " + c);
            }
        }
        assertTrue(r.cell(Operation.NETWORK_HOP, "postgres", Mode.BEST).orElseThrow().rows() > 0, "networkHop finds paths");
        assertEquals(1 + 84, Files.readAllLines(out.resolve("grim-operations.csv")).size());
        assertTrue(Files.readString(out.resolve("grim-operations.json")).contains("\"medianMs\""));
        assertTrue(Files.readString(out.resolve("grim-operations.md")).contains("| 4 | nonScoped | best |"));

        org.gridstack.bench.kit.report.TinyScalePages.assertNoVerdicts(out);
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(out).orElseThrow();
        assertEquals(BenchmarkGrimOperations.headline(r), h);
        assertEquals(r.cell(Operation.NON_SCOPED, "postgres", Mode.BEST).orElseThrow().qrt().medianMs(), h.ours());
        assertEquals(3.0, h.reference(), "seed 000's MySQL: 3 ms");
        assertEquals(1.0 / 3, h.target(), 1e-9, "1 ms of the seed's 3 ms");
        // the page renders in a real browser: two charts (one per mode), the table, no console messages
        HeadlessChromium.Rendering shown = HeadlessChromium.render(out.resolve("grim-operations.html"));
        assertEquals(List.of(), shown.consoleMessages());
        String dom = shown.dom();
        assertEquals(2 + 3, dom.split("<figure class=\"chart\"", -1).length - 1, "one chart per mode and the host monitor's three");
        assertTrue(dom.contains("best: median QRT per operation") && dom.contains("seed MySQL"), "chart with the seed's points");
        assertTrue(dom.contains("<td>nonScoped</td>"), "the table");
    }
}
