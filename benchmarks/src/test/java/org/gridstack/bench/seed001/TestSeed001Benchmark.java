package org.gridstack.bench.seed001;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.gridstack.bench.kit.Scale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 001's four sets for the three designs once at tiny scale: every design answers every set's
 * whole and two-attribute queries (checked item counts and projections, no errors), Hawkeye's
 * manager also the 1 % constraint, each design's step timers are read, the seed's figures and
 * recommendations are in the report without verdicts, and the files are written.
 */
class TestSeed001Benchmark {
    @Test
    void everyDesignAnswersEverySetAndTheReportSetsTheSeedBesideIt(@TempDir Path dir) throws Exception {
        Seed001Benchmark.Config tiny = Seed001Benchmark.parse(new String[] {"--scale=" + Scale.TINY.label()}, new Path[1]);
        Seed001Benchmark.Result r = Seed001Benchmark.run(tiny);
        // 4 sets x 3 designs x 2 shapes, plus Hawkeye's 1 % constraint in set 4
        assertEquals(List.of(), r.failures(), r.markdown());
        assertEquals(4 * 3 * 2 + 1, r.levels().size(), r.markdown());
        for (ThreeWayLevel l : r.levels()) {
            String row = String.join(" | ", l.cells()) + " " + l.result().firstError();
            assertTrue(l.result().queries() > 0, row);
            assertEquals(0, l.result().errors(), row);
            assertEquals((long) l.items() * l.result().queries(), l.result().payloadBytes(), "every answer had all its items: " + row);
            assertFalse(l.stepMillis().isEmpty(), "the design's steps were timed: " + row);
        }
        for (SeedSet set : SeedSet.values()) {
            for (Design d : Design.values()) {
                ThreeWayLevel whole = find(r.levels(), set, d, QueryShape.WHOLE);
                ThreeWayLevel two = find(r.levels(), set, d, QueryShape.TWO_ATTRIBUTES);
                assertTrue(two.answerBytes() < whole.answerBytes(), "two attributes answer less than all data: " + set + " " + d);
            }
        }
        ThreeWayLevel onePercent = find(r.levels(), SeedSet.AGGREGATE_SERVERS, Design.HAWKEYE, QueryShape.ONE_PERCENT_TWO_ATTRIBUTES);
        assertEquals(1, onePercent.items());
        assertEquals(3 * 10, find(r.levels(), SeedSet.AGGREGATE_SERVERS, Design.MDS2, QueryShape.WHOLE).items(), "3 GRISes of 10 IPs");
        assertEquals(60, find(r.levels(), SeedSet.DIRECTORY_USERS, Design.RGMA, QueryShape.WHOLE).items(), "60 mediated producers");
        assertTrue(find(r.levels(), SeedSet.DIRECTORY_USERS, Design.RGMA, QueryShape.WHOLE).stepMillis()
                .containsKey("RegistryServlet-ProcessQuery"));
        assertTrue(find(r.levels(), SeedSet.INFORMATION_SERVER_USERS, Design.HAWKEYE, QueryShape.WHOLE).stepMillis()
                .containsKey("Agent-AnswerQuery"));
        String md = r.markdown();
        assertTrue(md.contains("peak 12 queries/s at 100 consumers"), md);
        assertTrue(md.contains("an agent supports up to 300 concurrent queries"), md);
        assertTrue(md.contains(RecommendationChecks.NO_VERDICT), md);
        assertFalse(md.contains("does not bind here") || md.contains("applies here") || md.contains("| holds"), md);
        r.write(dir);
        assertTrue(Files.readString(dir.resolve("seed001.json")).contains("\"recommendations\""));
        assertTrue(Files.readString(dir.resolve("seed001.html")).contains("<svg"));
        org.gridstack.bench.kit.report.TinyScalePages.assertNoVerdicts(dir);
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(dir).orElseThrow();
        assertEquals(r.headline(), h);
        assertTrue(h.ours() > 0 && h.reference() > 0, "Hawkeye's and MDS2's set-1 peaks of this run: " + h);
        Seed001Benchmark.Config quick = Seed001Benchmark.parse(new String[] {"--scale=quick"}, new Path[1]);
        assertEquals(Duration.ofSeconds(1), quick.think());
        assertTrue(quick.verdicts());
        assertEquals(List.of(1, 2, 3, 4), quick.sets());
    }

    private static ThreeWayLevel find(List<ThreeWayLevel> levels, SeedSet set, Design d, QueryShape q) {
        return levels.stream().filter(l -> l.set() == set && l.design() == d && l.shape() == q).findFirst()
                .orElseThrow(() -> new AssertionError("no level " + set + " " + d + " " + q));
    }
}
