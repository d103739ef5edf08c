package org.gridstack.bench.grim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.gridstack.bench.suite.ExperimentArgs;
import org.gridstack.bench.kit.Scale;
import org.gridstack.testing.HeadlessChromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The four scenarios once at 1 % scale, 1.2 s each, on all backends; checks counts and files, no timing assertions. */
class TestBenchmarkGrimScenarios {
    @Test
    @Timeout(180)
    void runsTheFourScenariosWithThreePhases() throws Exception {
        Path out = Path.of("target", "test-results", "grim-scenarios");
        BenchmarkGrimScenarios.Result r = BenchmarkGrimScenarios.run(BenchmarkGrimScenarios.Config.parse(
                ExperimentArgs.of("grim-scenarios", Scale.TINY, out))); // 1 %, scenarios 1-4, 1.2 s each, 0.15 s slices, 0.1 s alone

        assertTrue(r.answersMatchReference());
        assertEquals(12, r.runs().size());
        for (BenchmarkGrimScenarios.Run run : r.runs()) {
            for (BenchmarkGrimScenarios.QueryThread q : run.queries()) {
                assertTrue(q.responses() > 0 && q.errors() == 0, run.backend() + " " + run.scenario() + " " + q);
                assertEquals(1 + 8, q.series().averagesMs().size(), "t0 plus 8 intervals of 0.15 s");
                assertTrue(q.aloneMs() > 0, q.toString());
            }
            for (BenchmarkGrimScenarios.UpdateThread u : run.updates()) {
                assertTrue(u.updates() > 0, run.backend() + " scenario " + run.scenario() + " " + u);
                assertEquals(0, u.errors(), u.firstError());
            }
        }
        assertEquals(12, r.breakdowns().size());
        assertEquals(1 + 12 * 3 * 9, Files.readAllLines(out.resolve("grim-scenarios-intervals.csv")).size());
        assertEquals(1 + 12, Files.readAllLines(out.resolve("grim-scenarios-breakdown.csv")).size());
        assertTrue(Files.exists(out.resolve("grim-scenarios.json")));
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(out).orElseThrow();
        assertEquals(BenchmarkGrimScenarios.headline(r), h);
        assertEquals(r.breakdowns().stream().filter(b -> b.backend().equals("postgres") && b.scenario() == 1).findFirst().orElseThrow().totalMs(),
                h.ours(), "scenario 1's nonScoped on PostgreSQL");
        assertEquals(6.0, h.reference(), "seed 000's Figure 10 MySQL: 3 + 0 + 3 ms");

        // the page in a real browser: one time-series chart per backend and scenario, the seed's breakdown beside ours
        HeadlessChromium.Rendering shown = HeadlessChromium.render(out.resolve("grim-scenarios.html"));
        assertEquals(List.of(), shown.consoleMessages());
        assertEquals(12 + 3, shown.dom().split("<figure class=\"chart\"", -1).length - 1, "one chart per backend and scenario and the host monitor's three");
        assertTrue(shown.dom().contains("Xindice") && shown.dom().contains("440,000"), "the seed's Figure 11 numbers");
    }

    @Test
    void emptyIntervalRepeatsThePreviousValue() {
        IntervalSeries s = IntervalSeries.of(new double[] {0.5, 0.7, 2.5}, new double[] {2, 4, 9}, 3, 1.0, 3.0);
        assertEquals(List.of(0.0, 3.0, 3.0, 9.0), s.averagesMs());
        assertEquals(List.of(0, 2, 0, 1), s.counts());
    }

    @Test
    void insertedPolicyIsAbout340Bytes() throws Exception {
        org.gridstack.grim.model.Dataset d = new org.gridstack.grim.generate.GlueDataGenerator(GrimBackendSet.SEED, 0.01).generate();
        org.gridstack.grim.store.Update u = BenchmarkGrimScenarios.update(4, 0, 1, d);
        int bytes = String.join("", u.key()).length();
        for (Object v : u.values().values()) {
            bytes += v.toString().length();
        }
        assertTrue(bytes >= 320 && bytes <= 360, "policy object of " + bytes + " bytes");
    }
}
