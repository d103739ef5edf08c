package org.gridstack.bench.mds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.testing.HeadlessChromium;
import org.gridstack.bench.suite.ExperimentArgs;
import org.gridstack.bench.kit.Scale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 002's benchmark once at tiny scale (N = 1 and 100, 1 and 4 clients, every server: our GIIS
 * with a GRIS, our XML index, a real slapd, a real BDII). Every answer is checked inside the run (all N
 * entries, or it counts as an error, and the first answer of each server must be right or the run
 * fails); here that every level counted queries and no errors, that fairness is a proper index,
 * and that the page renders with its charts in a real browser. No timing thresholds.
 */
class TestMdsIndexBenchmark {
    @Test
    void everyServerAnswersAllEntriesAtTinyScaleAndThePageRenders(@TempDir Path dir) throws Exception {
        MdsIndexBenchmark.Config tiny = preset(Scale.TINY);
        MdsIndexBenchmark.Result r = MdsIndexBenchmark.run(tiny);

        assertEquals(IndexServer.values().length * 2 * 2, r.levels().size(), r.markdown());
        for (IndexServer s : IndexServer.values()) {
            for (int n : List.of(1, 100)) {
                for (int c : List.of(1, 4)) {
                    MdsLevel l = r.find(s, n, c).orElseThrow(() -> new AssertionError(s + " N=" + n + " clients=" + c + " missing"));
                    LevelResult x = l.result();
                    String row = l.toString() + " " + x.firstError();
                    assertTrue(x.queries() > 0, row);
                    assertEquals(0, x.errors(), row);
                    assertEquals(n * x.queries(), x.payloadBytes(), "every counted answer held all N entries: " + row);
                    assertEquals(c, x.perClientQueries().length, row);
                    assertTrue(x.jainFairness() > 0 && x.jainFairness() <= 1.0, row);
                    assertTrue(x.latency().p50Millis() > 0 && x.latency().p99Millis() >= x.latency().p50Millis(), row);
                }
            }
        }
        String md = r.markdown();
        assertTrue(md.contains("| 1 | 300,000 |"), "seed 002's MDS2 peak at N = 1 beside ours: " + md);
        assertTrue(md.contains("1,500"), "seed 002's MDS4 peak at N = 100: " + md);
        assertEquals(r.levels().size() + 1, r.csv().lines().count(), r.csv());
        assertEquals(r.levels().size(), r.json().split("\"server\":").length - 1, r.json());
        assertEquals(4, MdsTargets.judge(r.levels()).size());

        r.write(dir);
        HeadlessChromium.Rendering shown = HeadlessChromium.render(dir.resolve("mds-index.html"));
        assertEquals(List.of(), shown.consoleMessages());
        String dom = shown.dom();
        assertTrue(dom.split("<figure class=\"chart\"", -1).length - 1 >= 3 * 2, "three charts per N");
        assertTrue(dom.contains("N = 100: queries/min") && dom.contains("N = 1: Jain"), "chart titles");
        assertTrue(dom.split("<path", -1).length > 20, "the charts hold lines");
        for (String f : List.of("mds-index.md", "mds-index.csv", "mds-index.json")) {
            assertTrue(dom.contains("href=\"" + f + "\"") && Files.isRegularFile(dir.resolve(f)), f);
        }
        assertTrue(Files.readString(dir.resolve("index.html")).contains("href=\"mds-index.html\""));
        org.gridstack.bench.kit.report.TinyScalePages.assertNoVerdicts(dir);
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(dir).orElseThrow();
        assertTrue(h.what().contains("cached GIIS vs slapd") && h.ours() > 0 && h.reference() > 0, h.toString());
    }

    @Test
    void argumentsPickAScaleAndOverrideItsSettings() {
        Path[] out = {Path.of("x")};
        MdsIndexBenchmark.Config c = MdsIndexBenchmark.parse(new String[] {"--scale=full", "--sizes=1,100", "--servers=slapd,giis",
                "", "--clients=", "--measure-millis=500", "--output=/tmp/o"}, out);
        assertEquals(List.of(IndexServer.SLAPD, IndexServer.GIIS_CACHED), c.servers());
        assertEquals(List.of(1, 100), c.sizes());
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 800), c.clients(), "the full scale's steps (an empty value keeps them)");
        assertEquals(Duration.ofMillis(500), c.measure());
        assertEquals(Path.of("/tmp/o"), out[0]);
        assertEquals(preset(Scale.QUICK), MdsIndexBenchmark.parse(new String[0], out));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MdsIndexBenchmark.parse(new String[] {"--servers=mds4"}, out));
        assertTrue(e.getMessage().contains("unknown server 'mds4'") && e.getMessage().contains("giis, giis-chained, index, slapd, bdii"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MdsIndexBenchmark.parse(new String[] {"--scale=huge"}, out));
        assertThrows(IllegalArgumentException.class, () -> MdsIndexBenchmark.parse(new String[] {"--clients=0"}, out));
        e = assertThrows(IllegalArgumentException.class, () -> MdsIndexBenchmark.parse(new String[] {"--sizes=1,ten"}, out));
        assertTrue(e.getMessage().contains("--sizes") && e.getMessage().contains("'ten'"), e.getMessage());
    }

    @Test
    void targetsAreJudgedFromTheLevels() {
        List<MdsLevel> levels = List.of(level(IndexServer.GIIS_CACHED, 100, 4, 300), level(IndexServer.SLAPD, 100, 4, 100),
                level(IndexServer.GIIS_CACHED, 100, 16, 140), level(IndexServer.SLAPD, 100, 16, 100),
                level(IndexServer.XML_INDEX, 100, 4, 300),
                new MdsLevel(IndexServer.BDII, 100, new LevelResult(2, 1.0, 101, 0, 0, 101, 0, 0, new long[] {100, 1},
                        org.gridstack.bench.kit.LatencySummary.of(org.gridstack.bench.kit.LatencySummary.newHistogram()), null)));
        List<org.gridstack.bench.kit.TargetVerdict> v = MdsTargets.judge(levels);
        assertEquals("missed", v.get(0).verdict(), "1.4 x at 16 clients: " + v.get(0));
        assertTrue(v.get(0).measured().contains("1.40"), v.get(0).measured());
        assertEquals("not measured", v.get(1).verdict(), "no N = 1 levels");
        assertEquals("met", v.get(2).verdict(), "equal per-client counts of our servers (the BDII's unfair level is the peer's): " + v.get(2));
        assertEquals("met", v.get(3).verdict(), "300 queries in 1 s = 18,000/min >= 15,000: " + v.get(3));
    }

    /** A level of {@code clients} equal clients that made {@code queries} in one second altogether. */
    private static MdsLevel level(IndexServer s, int n, int clients, long queries) {
        long[] per = new long[clients];
        java.util.Arrays.fill(per, queries / clients);
        return new MdsLevel(s, n, new LevelResult(clients, 1.0, queries, 0, 0, queries, 0, 0, per,
                org.gridstack.bench.kit.LatencySummary.of(org.gridstack.bench.kit.LatencySummary.newHistogram()), null));
    }

    @Test
    void theScalePresetsAreTheExperimentFilesSettings() {
        Path[] out = {Path.of("x")};
        for (Scale scale : Scale.values()) {
            assertEquals(preset(scale), MdsIndexBenchmark.parse(ExperimentArgs.of("mds-index", scale, Path.of("o")), out),
                    "experiments/mds-index.yaml at " + scale);
        }
        assertEquals(0, preset(Scale.TINY).clientProcesses(), "the build's run keeps its clients in this JVM");
        assertEquals(8, preset(Scale.QUICK).indexMaxConcurrentQueries(), "the XML index's shipped limit");
        assertTrue(preset(Scale.QUICK).giisFairShare(), "the GIISes' shipped fair sharing");
        MdsIndexBenchmark.Config ab = MdsIndexBenchmark.parse(new String[] {"--scale=tiny", "--giis-fair-share=false",
                "--giis-max-concurrent-requests=4", "--index-max-concurrent-queries=2"}, new Path[1]);
        assertEquals(List.of(false, 4, 2), List.of(ab.giisFairShare(), ab.giisMaxConcurrentRequests(), ab.indexMaxConcurrentQueries()));
        assertEquals(preset(Scale.TINY).sizes(), ab.sizes());
    }

    private static MdsIndexBenchmark.Config preset(Scale scale) {
        return MdsIndexBenchmark.parse(new String[] {"--scale=" + scale.label()}, new Path[1]);
    }

    @Test
    void clientsInLoadAgentsOfTheirOwn() throws Exception {
        MdsIndexBenchmark.Config c = new MdsIndexBenchmark.Config(List.of(IndexServer.SLAPD, IndexServer.GIIS_CACHED), List.of(10), List.of(3),
                java.time.Duration.ofMillis(300), java.time.Duration.ofSeconds(1), 8, 2, 0, true);
        MdsIndexBenchmark.Result r = MdsIndexBenchmark.run(c);
        assertEquals(2, r.levels().size(), r.markdown());
        for (MdsLevel l : r.levels()) {
            LevelResult x = l.result();
            assertEquals(3, x.clients(), "the agents' clients merged: " + l);
            assertEquals(0, x.errors(), x.firstError());
            assertEquals(10 * x.queries(), x.payloadBytes(), "every counted answer held all 10 entries: " + l);
            assertEquals(x.queries(), x.latency().count());
        }
    }
}
