package org.gridstack.bench.mds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.gridstack.bench.kit.LatencySummary;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.testing.HeadlessChromium;
import org.gridstack.bench.suite.ExperimentArgs;
import org.gridstack.bench.kit.Scale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 001's benchmark once at tiny scale (every set: GRIS vs 1 and 4 users cached and uncached,
 * GIIS vs users, GRIS with 10 and 30 script IPs cached and uncached, GIIS with 5 and 20 GRISes
 * for all data and the memory part). Every answer is checked inside the run (entry count and
 * class; the first answer of each level must be right or the run fails); here that every level
 * counted queries and no errors, that every step was timed in every level, and that the page
 * renders with its charts in a real browser. No timing thresholds.
 */
class TestMds2ScalingBenchmark {
    @Test
    void everyExperimentAnswersCheckedQueriesWithEveryStepTimedAndThePageRenders(@TempDir Path dir) throws Exception {
        Mds2ScalingBenchmark.Result r = Mds2ScalingBenchmark.run(preset(Scale.TINY));

        assertEquals(2 * 2 + 2 + 2 * 2 + 2 * 2, r.levels().size(), r.markdown());
        for (Mds2Level l : r.levels()) {
            LevelResult x = l.result();
            String row = l.experiment() + " " + String.join(" | ", l.cells()) + " " + x.firstError();
            assertTrue(x.queries() > 0, row);
            assertEquals(0, x.errors(), row);
            assertEquals(l.entries() * x.queries(), x.payloadBytes(), "every counted answer held all its entries: " + row);
            assertTrue(l.answerBytes() > 100L * l.entries(), "an IP entry is more than 100 bytes of LDIF: " + row);
            for (String step : StepTimes.STEPS) {
                assertTrue(l.steps().counts().getOrDefault(step, 0L) > 0, step + " timed in the measured interval: " + row);
                assertTrue(l.steps().mean(step) >= 0, step + ": " + row);
            }
        }
        assertEquals(List.of(1, 4), r.of(Seed001Experiment.GRIS_USERS).stream().filter(l -> l.variant().equals("uncached"))
                .map(Mds2Level::x).toList());
        Mds2Level giis20 = r.of(Seed001Experiment.GIIS_GRISES).stream().filter(l -> l.x() == 20 && l.variant().equals("all data"))
                .findFirst().orElseThrow();
        assertEquals(200, giis20.entries(), "20 GRISes x 10 IPs");
        String md = r.markdown();
        assertTrue(md.contains("8 queries/s, CORT < 100 ms"), "seed 001's cached GRIS figure beside ours: " + md);
        assertTrue(md.contains("#### 4. GIIS vs registered GRISes"), md);
        assertEquals(7, Seed001Comparisons.judge(r.levels()).size());
        assertEquals("not measured", Seed001Comparisons.judge(r.levels()).get(0).verdict(), "600 GRISes are not in the tiny grid");
        assertEquals(r.levels().size() + 1, r.csv().lines().count(), r.csv());
        assertEquals(r.levels().size(), r.json().split("\"experiment\":").length - 1, r.json());

        r.write(dir);
        HeadlessChromium.Rendering shown = HeadlessChromium.render(dir.resolve("mds-seed001.html"));
        assertEquals(List.of(), shown.consoleMessages());
        String dom = shown.dom();
        assertTrue(dom.split("<figure class=\"chart\"", -1).length - 1 >= 4 + 3 + 4 + 4, "throughput, CORT and steps per variant, per set");
        assertTrue(dom.contains("3. GRIS vs number of IPs: throughput") && dom.contains("1. GRIS vs users, uncached: steps"), "chart titles");
        assertTrue(dom.split("<path", -1).length > 40, "the charts hold lines");
        for (String f : List.of("mds-seed001.md", "mds-seed001.csv", "mds-seed001.json")) {
            assertTrue(dom.contains("href=\"" + f + "\"") && Files.isRegularFile(dir.resolve(f)), f);
        }
        assertTrue(Files.readString(dir.resolve("index.html")).contains("href=\"mds-seed001.html\""));
        org.gridstack.bench.kit.report.TinyScalePages.assertNoVerdicts(dir);
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(dir).orElseThrow();
        assertEquals(Seed001Comparisons.headline(r.levels()), h);
        assertEquals(Seed001Reference.CACHED_GRIS_90_IPS_QUERIES_PER_SECOND, h.reference());
        assertTrue(h.what().contains("cached GRIS with 90 IPs") && h.higherIsBetter(), h.toString());
    }

    @Test
    void argumentsPickAScaleAndOverrideItsSettings() {
        Path[] out = {Path.of("x")};
        Mds2ScalingBenchmark.Config c = Mds2ScalingBenchmark.parse(new String[] {"--scale=full", "--experiments=giis-grises,gris-users",
                "", "--users=", "--grises=50,600", "--think-millis=0", "--ips=java", "--output=/tmp/o"}, out);
        assertEquals(List.of(Seed001Experiment.GIIS_GRISES, Seed001Experiment.GRIS_USERS), c.experiments());
        assertEquals(List.of(1, 50, 100, 200, 300, 400, 500, 600), c.users(), "the full scale's steps (an empty value keeps them)");
        assertEquals(List.of(50, 600), c.grises());
        assertEquals(Duration.ZERO, c.think());
        assertEquals(DeviceProviders.Kind.JAVA, c.ipKind());
        assertEquals(Path.of("/tmp/o"), out[0]);
        assertEquals(preset(Scale.QUICK), Mds2ScalingBenchmark.parse(new String[0], out));
        // --scale reads the experiment file: the same settings as -Pbench passes at every scale
        for (Scale scale : Scale.values()) {
            assertEquals(preset(scale), Mds2ScalingBenchmark.parse(ExperimentArgs.of("mds-seed001", scale, Path.of("o")), out),
                    "experiments/mds-seed001.yaml at " + scale);
        }
        assertEquals(Duration.ofMillis(Seed001Reference.THINK_MILLIS), preset(Scale.QUICK).think(), "seed 001's one-second wait");
        assertEquals(Seed001Reference.FIXED_USERS, preset(Scale.FULL).fixedUsers(), "seed 001's ten users of sets 3 and 4");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Mds2ScalingBenchmark.parse(new String[] {"--experiments=rgma"}, out));
        assertTrue(e.getMessage().contains("gris-users, giis-users, gris-providers, giis-grises"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Mds2ScalingBenchmark.parse(new String[] {"--ips=perl"}, out));
        assertTrue(e.getMessage().contains("java, script"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Mds2ScalingBenchmark.parse(new String[] {"--grises=0"}, out));
        assertThrows(IllegalArgumentException.class, () -> Mds2ScalingBenchmark.parse(new String[] {"--scale=huge"}, out));
    }

    @Test
    void theSixHundredGrisTargetAndTheSeedsFiguresAreJudgedFromTheLevels() {
        Mds2Level fast = level(Seed001Experiment.GIIS_GRISES, "memory only", 600, 10, 0, 250.0, Map.of());
        assertEquals("met", Seed001Comparisons.judge(List.of(fast)).get(0).verdict());
        Mds2Level slow = level(Seed001Experiment.GIIS_GRISES, "memory only", 600, 10, 0, 1_500.0, Map.of());
        assertEquals("missed", Seed001Comparisons.judge(List.of(slow)).get(0).verdict());
        Mds2Level failing = level(Seed001Experiment.GIIS_GRISES, "memory only", 600, 10, 3, 250.0, Map.of());
        assertEquals("missed", Seed001Comparisons.judge(List.of(failing)).get(0).verdict(), "errors miss the target");

        Mds2Level uncached = level(Seed001Experiment.GRIS_PROVIDERS, "uncached", 90, 10, 0, 100.0, Map.of("invoke_provider", 95.0));
        Seed001Comparisons.Row share = Seed001Comparisons.judge(List.of(uncached)).get(2);
        assertEquals("same finding", share.verdict(), share.toString());
        Mds2Level cached = level(Seed001Experiment.GRIS_PROVIDERS, "cached", 90, 10, 0, 5.0, Map.of());
        Seed001Comparisons.Row gris90 = Seed001Comparisons.judge(List.of(cached)).get(1);
        assertEquals("as good or better", gris90.verdict(), "10 queries in 1 s at 5 ms: " + gris90);
    }

    /** A level of {@code users} equal users that made 10 queries each in one second with the given mean response time. */
    private static Mds2Level level(Seed001Experiment e, String variant, int x, int users, long errors, double meanMillis,
                                   Map<String, Double> steps) {
        long[] per = new long[users];
        Arrays.fill(per, 10);
        var h = LatencySummary.newHistogram();
        for (int i = 0; i < 10 * users; i++) {
            LatencySummary.record(h, (long) (meanMillis * 1_000_000));
        }
        LevelResult r = new LevelResult(users, 1.0, 10L * users, errors, 0, 10L * users, 0, 10L * users * x, per, LatencySummary.of(h), null);
        return new Mds2Level(e, variant, x, x, 300L * x, r, new StepTimes(steps, Map.of()));
    }

    private static Mds2ScalingBenchmark.Config preset(Scale scale) {
        return Mds2ScalingBenchmark.parse(new String[] {"--scale=" + scale.label()}, new Path[1]);
    }
}
