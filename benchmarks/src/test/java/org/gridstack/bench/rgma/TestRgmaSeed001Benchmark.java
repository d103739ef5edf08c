package org.gridstack.bench.rgma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.gridstack.bench.kit.Scale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 001's R-GMA sets once at tiny scale: every level answers checked queries (row counts), the
 * step timers are read, the pooled and per-query variants both run, and the files are written.
 */
class TestRgmaSeed001Benchmark {
    @Test
    void everySetAnswersCheckedQueriesAndWritesItsReport(@TempDir Path dir) throws Exception {
        RgmaSeed001Benchmark.Config tiny = RgmaSeed001Benchmark.parse(new String[] {"--scale=" + Scale.TINY.label()}, new Path[1]);
        RgmaSeed001Benchmark.Result r = RgmaSeed001Benchmark.run(tiny);
        assertEquals(2 + 2 + 2 * 2 + 2, r.levels().size(), r.markdown());
        for (RgmaSeed001Benchmark.Level l : r.levels()) {
            String row = String.join(" | ", l.cells()) + " " + l.result().firstError();
            assertTrue(l.result().queries() > 0, row);
            assertEquals(0, l.result().errors(), row);
            assertEquals((long) l.rows() * l.result().queries(), l.result().payloadBytes(), "every answer had all rows: " + row);
        }
        RgmaSeed001Benchmark.Level mediated = r.levels().stream().filter(l -> l.set() == 2).findFirst().orElseThrow();
        assertTrue(mediated.stepMillis().containsKey("RegistryServlet-ProcessQuery"), mediated.stepMillis().toString());
        assertTrue(r.levels().stream().anyMatch(l -> l.variant().equals("per-query connections")));
        String md = r.markdown();
        assertTrue(md.contains("peaked at 12.00 queries/s at 100 consumers"), md);
        assertTrue(md.contains("no more than 50 consumers querying a ProducerServlet"), md);
        r.write(dir);
        assertTrue(Files.readString(dir.resolve("rgma-seed001.json")).contains("\"levels\""));
        assertTrue(Files.exists(dir.resolve("rgma-seed001.html")));
        org.gridstack.bench.kit.report.TinyScalePages.assertNoVerdicts(dir);
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(dir).orElseThrow();
        assertEquals(r.headline(), h);
        assertEquals(12.0, h.reference());
        assertTrue(h.ours() > 0 && h.higherIsBetter(), "set 1's peak rate of this run: " + h);
        assertEquals(Duration.ofSeconds(1), RgmaSeed001Benchmark.parse(new String[] {"--scale=quick"}, new Path[1]).think());
    }
}
