package org.gridstack.bench.dqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gridstack.testing.HeadlessChromium;
import org.gridstack.bench.suite.ExperimentArgs;
import org.gridstack.bench.kit.Scale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 003's benchmark once at tiny scale against the real stack (two embedded PostgreSQL hosts,
 * data services, evaluators, entropy copies and coordinators over real HTTP, postgres_fdw, Calcite).
 * Inside the run every mode's first answer is compared row by row with direct JDBC's and a wrong
 * one fails the run; here that every mode of every query was measured with the expected row
 * counts, that bytes were counted, that the grid has its speed-ups, that every target got a
 * verdict, and that the page renders with its charts in a real browser. No timing thresholds.
 */
class TestDqpBenchmark {
    @Test
    void everyModeAnswersWithJdbcsRowsAtTinyScaleAndThePageRenders(@TempDir Path dir) throws Exception {
        DqpBenchmark.Config tiny = preset(Scale.TINY);
        DqpResult r = DqpBenchmark.run(tiny);
        String md = r.markdown();

        int joinRows = r.mode(SeedQuery.JOIN, AccessMode.JDBC).orElseThrow(() -> new AssertionError("Join via JDBC missing: " + md)).rows();
        assertTrue(joinRows > 0, "the Join finds matches: " + md);
        for (SeedQuery q : SeedQuery.values()) {
            int expected = switch (q) {
                case SCAN_1 -> 16_803;
                case SCAN_2 -> 4_716;
                case JOIN -> joinRows;
            };
            for (AccessMode m : AccessMode.forQuery(q)) {
                if (q == SeedQuery.SCAN_1 && m == AccessMode.GDS_TUPLE) {
                    assertTrue(r.mode(q, m).isEmpty(), "tiny leaves out Scan-1's 16,803 single-row requests");
                    continue;
                }
                ModeResult x = r.mode(q, m).orElseThrow(() -> new AssertionError(q + " via " + m + " missing: " + md));
                assertEquals(expected, x.rows(), q + " via " + m);
                assertEquals(tiny.repetitions(), x.timing().nanos().length, q + " via " + m);
                assertEquals((long) expected * tiny.repetitions(), x.timing().payloadBytes(), "every measured run returned every row: " + q + " " + m);
                assertTrue(x.medianMillis() > 0, q + " via " + m);
            }
        }
        assertEquals(AccessMode.forQuery(SeedQuery.SCAN_1).size() * 2 - 1 + AccessMode.forQuery(SeedQuery.JOIN).size(), r.modes().size());
        assertTrue(r.mode(SeedQuery.JOIN, AccessMode.POSTGRES_FDW).isPresent() && r.mode(SeedQuery.JOIN, AccessMode.CALCITE_JDBC).isPresent(),
                "both peers measured");

        assertEquals(DqpBenchmark.SWEEP_CODECS.size() * tiny.blockSizes().size(), r.sweep().size());
        for (int b : tiny.blockSizes()) {
            SweepPoint arrow = r.point("binary", b).orElseThrow();
            SweepPoint xml = r.point("webrowset", b).orElseThrow();
            assertTrue(arrow.codecBytes() > 0 && arrow.exchangeBytes() > 0, "Arrow bytes at " + b);
            assertTrue(xml.codecBytes() > arrow.codecBytes(), "WebRowSet is larger at " + b + ": " + xml.codecBytes() + " vs " + arrow.codecBytes());
            assertTrue(xml.exchangeBytes() > arrow.exchangeBytes(), "EXCHANGE bytes at " + b);
            SweepPoint zstd = r.point("binary-zstd", b).orElseThrow();
            assertTrue(zstd.codecBytes() > 0 && zstd.exchangeBytes() > 0, "Arrow+ZSTD bytes at " + b);
        }
        assertEquals(2, r.codecs().size());
        r.codecs().forEach(c -> assertTrue(c.ratio() > 1 && c.zstdRatio() > c.ratio(), c.toString()));

        for (String codec : List.of("binary", "webrowset")) {
            assertTrue(r.profileValue(codec, "wallMs") > 0, codec + " profile: " + r.profiles());
            assertEquals(16_803.0, r.profileValue(codec, "rows"), codec + " profile: " + r.profiles());
            assertTrue(r.profileValue(codec, "exchangeBytes") > 0, codec + " profile: " + r.profiles());
        }

        assertEquals(tiny.evaluators().size() * tiny.copies().size(), r.grid().size());
        for (GridCell c : r.grid()) {
            assertTrue(c.rows() > 50, "the entropy query does work: " + c);
            assertEquals(c.rows(), c.operationCalls(), "one call per tuple: " + c);
            double speedUp = r.gridBaselineMillis() / c.timing().medianMillis();
            assertTrue(Double.isFinite(speedUp) && speedUp > 0, "speed-up of " + c);
        }

        List<org.gridstack.bench.kit.TargetVerdict> verdicts = DqpTargets.judge(r);
        assertEquals(6, verdicts.size());
        verdicts.subList(0, 5).forEach(v -> assertTrue(v.verdict().equals("met") || v.verdict().equals("missed"), v.toString()));
        assertEquals("not measured", verdicts.get(5).verdict(), "tiny runs no big scan");
        assertTrue(r.bigScan().isEmpty());

        assertTrue(md.contains("27,800 ms") && md.contains("2.25"), "the seed's figures beside ours: " + md);
        assertEquals(r.modes().size() + 2 * r.sweep().size() + r.grid().size() + 1, r.csv().lines().count(), r.csv());
        JsonNode json = new ObjectMapper().readTree(r.json());
        assertEquals(r.modes().size(), json.get("accessModes").size());
        assertEquals(6, json.get("targets").size());

        r.write(dir);
        HeadlessChromium.Rendering shown = HeadlessChromium.render(dir.resolve("dqp.html"));
        assertEquals(List.of(), shown.consoleMessages());
        String dom = shown.dom();
        assertTrue(dom.split("<figure class=\"chart\"", -1).length - 1 >= 6, "charts of every part");
        assertTrue(dom.contains("Scan-1 bytes against block size") && dom.contains("Speed-up, k evaluators with k copies"), "chart titles");
        assertTrue(dom.split("<path", -1).length > 20, "the charts hold lines");
        for (String f : List.of("dqp.md", "dqp.csv", "dqp.json")) {
            assertTrue(dom.contains("href=\"" + f + "\"") && Files.isRegularFile(dir.resolve(f)), f);
        }
        assertTrue(Files.readString(dir.resolve("index.html")).contains("href=\"dqp.html\""));
        // categories as bars: the access modes and the cost profile's parts; the other charts are lines over numbers
        assertTrue(dom.contains("data-chart=\"Median time per access mode (the modes are explained in the table below)\" data-kind=\"bars\""), "modes as bars");
        assertTrue(dom.contains("data-chart=\"Share of the wall time per part (the rows of the table below)\" data-kind=\"bars\""), "parts as bars");
        org.gridstack.bench.kit.report.TinyScalePages.assertNoVerdicts(dir);
        // the headline for the suite's front page: DQP's Join against postgres_fdw measured in the same run
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(dir).orElseThrow();
        assertEquals(r.mode(SeedQuery.JOIN, AccessMode.POSTGRES_FDW).orElseThrow().medianMillis(), h.reference(), 1e-9);
        assertEquals(r.mode(SeedQuery.JOIN, AccessMode.DQP_BINARY).orElseThrow().medianMillis(), h.ours(), 1e-9);
    }

    @Test
    void argumentsPickAScaleAndOverrideItsSettings() {
        Path[] out = {Path.of("x")};
        DqpBenchmark.Config c = DqpBenchmark.parse(new String[] {"--scale=full", "--block-sizes=1,100", "", "--copies=",
                "--repetitions=2", "--entropy-latency-millis=5", "--big-scan-rows=1000", "--output=/tmp/o"}, out);
        assertEquals(List.of(1, 100), c.blockSizes());
        assertEquals(preset(Scale.FULL).copies(), c.copies(), "an empty value keeps the scale's copies");
        assertEquals(2, c.repetitions());
        assertEquals(Duration.ofMillis(5), c.entropyLatency());
        assertEquals(1_000, c.bigScanRows());
        assertEquals(0, preset(Scale.TINY).bigScanRows(), "the build's run has no big scan");
        assertEquals(Path.of("/tmp/o"), out[0]);
        assertEquals(preset(Scale.QUICK), DqpBenchmark.parse(new String[0], out));
        // --scale reads the experiment file: the same settings as -Pbench passes at every scale
        for (Scale scale : Scale.values()) {
            assertEquals(preset(scale), DqpBenchmark.parse(ExperimentArgs.of("dqp", scale, Path.of("o")), out), "experiments/dqp.yaml at " + scale);
        }
        assertThrows(IllegalArgumentException.class, () -> DqpBenchmark.parse(new String[] {"--scale=huge"}, out));
        assertThrows(IllegalArgumentException.class, () -> DqpBenchmark.parse(new String[] {"--block-sizes=0"}, out));
        assertThrows(IllegalArgumentException.class, () -> DqpBenchmark.parse(new String[] {"--evaluators=17"}, out));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DqpBenchmark.parse(new String[] {"--copies=1,two"}, out));
        assertTrue(e.getMessage().contains("--copies") && e.getMessage().contains("'two'"), e.getMessage());
        assertFalse(e.getMessage().isBlank());
    }

    @Test
    void canonicalRowsCompareByValueWhateverTheTypesAndOrder() {
        CanonicalRows jdbc = CanonicalRows.of(List.of(new Object[] {"b", 2, null}, new Object[] {"a", 1, 1.5}));
        CanonicalRows json = CanonicalRows.of(List.of(new Object[] {"a", new java.math.BigDecimal("1"), new java.math.BigDecimal("1.50")},
                new Object[] {"b", 2L, null}));
        assertEquals(null, jdbc.firstDifference(json));
        CanonicalRows other = CanonicalRows.of(List.of(new Object[] {"a", 1, 1.5}, new Object[] {"b", 3, null}));
        assertTrue(jdbc.firstDifference(other).contains("b|2|\\N vs b|3|\\N"), jdbc.firstDifference(other));
        assertTrue(jdbc.firstDifference(CanonicalRows.of(List.of())).contains("row counts 2 vs 0"));
    }

    private static DqpBenchmark.Config preset(Scale scale) {
        return DqpBenchmark.parse(new String[] {"--scale=" + scale.label()}, new Path[1]);
    }
}
