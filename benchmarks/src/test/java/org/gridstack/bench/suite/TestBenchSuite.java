package org.gridstack.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridstack.bench.kit.Scale;
import org.gridstack.bench.kit.report.Headline;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.testing.HeadlessChromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite behind {@code -Pbench}: the shipped experiment files are complete and name real mains;
 * a run with a passing, a failing and a hanging stand-in experiment goes on past the failures,
 * stops the hanging one together with the process it started, and writes a front page whose links
 * all resolve; mistakes in names and settings are refused with what was wrong.
 */
class TestBenchSuite {
    private static final String PROBES = "org/gridstack/bench/suite/probes";

    @Test
    void shippedExperimentsAreCompleteAndNameRealMains() throws Exception {
        ExperimentCatalog catalog = ExperimentCatalog.shipped();
        assertTrue(catalog.all().size() >= 8, "experiments: " + catalog.all());
        for (Experiment e : catalog.all()) {
            Method main = Class.forName(e.mainClass()).getMethod("main", String[].class);
            assertTrue(Modifier.isStatic(main.getModifiers()), e.name() + ": main is not static");
            for (Scale s : Scale.values()) {
                List<String> args = e.arguments(s, Map.of(), Path.of("out"));
                assertEquals("--output=out", args.get(args.size() - 1), e.name());
                assertFalse(e.optionsAt(s, Map.of()).isEmpty(), e.name() + " has no options at " + s.label());
            }
        }
        // the files in the source folder are exactly those suite.yaml lists
        Path folder = Path.of("src/main/resources").resolve(ExperimentCatalog.SHIPPED);
        try (var files = Files.list(folder)) {
            Set<String> onDisk = new java.util.TreeSet<>(files.map(p -> p.getFileName().toString()).filter(n -> !n.equals("suite.yaml"))
                    .map(n -> n.replace(".yaml", "")).toList());
            assertEquals(new java.util.TreeSet<>(catalog.all().stream().map(Experiment::name).toList()), onDisk);
        }
    }

    @Test
    void testbedExperimentsRunOnTheirTopologyOnlyAndTheNormalRunWithoutThem() {
        ExperimentCatalog catalog = ExperimentCatalog.shipped();
        List<Experiment> normal = catalog.select(Set.of(), "");
        assertTrue(normal.stream().noneMatch(Experiment::onTestbed), "the normal run has no testbed experiment: " + normal);
        assertTrue(normal.stream().anyMatch(e -> e.name().equals("mds-index")));
        for (String topology : List.of("frontier-tiers", "mds-lucky", "dqp")) {
            List<Experiment> on = catalog.select(Set.of(), topology);
            assertFalse(on.isEmpty(), "no experiment for testbed topology " + topology);
            assertTrue(on.stream().allMatch(e -> e.testbed().equals(topology)), on.toString());
        }
        assertEquals(List.of("testbed-dqp"), catalog.select(Set.of("testbed-dqp"), "dqp").stream().map(Experiment::name).toList());
        IllegalArgumentException notThere = assertThrows(IllegalArgumentException.class, () -> catalog.select(Set.of("mds-index"), "dqp"));
        assertTrue(notThere.getMessage().contains("do not run on testbed topology 'dqp'"), notThere.getMessage());
        IllegalArgumentException onlyThere = assertThrows(IllegalArgumentException.class, () -> catalog.select(Set.of("testbed-dqp"), ""));
        assertTrue(onlyThere.getMessage().contains("run on a testbed topology only"), onlyThere.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> catalog.select(Set.of(), "moon"));
        assertTrue(unknown.getMessage().contains("no experiment runs on testbed topology 'moon'"), unknown.getMessage());
        assertEquals("run-20261127-120000-tiny-testbed-dqp",
                RunIndex.folderName(java.time.LocalDateTime.of(2026, 11, 27, 12, 0), Scale.TINY, "dqp"));
    }

    @Test
    void scaleOptionsReplaceCommonOnesAndSetReplacesBoth() {
        ExperimentCatalog catalog = ExperimentCatalog.load(PROBES);
        Experiment pass = catalog.get("probe-pass");
        assertEquals("tiny", pass.optionsAt(Scale.TINY, Map.of()).get("level"));
        assertEquals("every", pass.optionsAt(Scale.QUICK, Map.of()).get("level"));
        SuiteOverrides set = SuiteOverrides.parse(List.of("probe-pass.level=mine;probe-fail.exit=4"), catalog);
        assertEquals("mine", pass.optionsAt(Scale.TINY, set.of("probe-pass")).get("level"));
        assertEquals(List.of("--exit=0", "--level=mine", "--output=o"), pass.arguments(Scale.TINY, set.of("probe-pass"), Path.of("o")));
        // a main's --scale preset is the file's options at that scale, without the suite's --output
        SuiteProbe.Options preset = pass.preset(Scale.TINY, new SuiteProbe.Options());
        assertEquals("tiny", preset.level);
        assertNull(preset.output);
        assertEquals("every", pass.preset(Scale.FULL, new SuiteProbe.Options()).level);
        // a setting the command line leaves out comes from the preset, which must have it
        assertEquals("given", org.gridstack.bench.kit.CommandLineArgs.orPreset("given", preset.level, "level"));
        assertEquals("tiny", org.gridstack.bench.kit.CommandLineArgs.orPreset(null, preset.level, "level"));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> org.gridstack.bench.kit.CommandLineArgs.orPreset(null, preset.output, "output"));
        assertTrue(e.getMessage().contains("--output"), e.getMessage());
    }

    @Test
    void mistakesAreRefusedWithWhatWasWrong() {
        ExperimentCatalog catalog = ExperimentCatalog.load(PROBES);
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> catalog.select(Set.of("probe-pass", "nope")));
        assertTrue(unknown.getMessage().contains("[nope]") && unknown.getMessage().contains("probe-hang"), unknown.getMessage());
        IllegalArgumentException form = assertThrows(IllegalArgumentException.class, () -> SuiteOverrides.parse(List.of("level=3"), catalog));
        assertTrue(form.getMessage().contains("experiment.option=value"), form.getMessage());
        IllegalArgumentException who = assertThrows(IllegalArgumentException.class, () -> SuiteOverrides.parse(List.of("nope.level=3"), catalog));
        assertTrue(who.getMessage().contains("unknown experiment"), who.getMessage());
        IllegalArgumentException output = assertThrows(IllegalArgumentException.class,
                () -> catalog.get("probe-pass").optionsAt(Scale.TINY, Map.of("output", "/tmp")));
        assertTrue(output.getMessage().contains("chosen by the suite"), output.getMessage());
        IllegalArgumentException scale = assertThrows(IllegalArgumentException.class, () -> Scale.parse("huge"));
        assertTrue(scale.getMessage().contains("tiny"), scale.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> new Experiment("x", "t", "a", "M", List.of(),
                Map.of(), Map.of(Scale.TINY, Map.of()), Map.of(Scale.TINY, java.time.Duration.ofMinutes(1))));
        assertTrue(missing.getMessage().contains("scale 'quick' is missing"), missing.getMessage());
    }

    @Test
    void theHeadlineIsJudgedAgainstItsTargetOnlyAtFullScale() {
        Optional<Headline> fast = Optional.of(new Headline("GIIS vs slapd", 30, 10, "slapd (this run)", "queries/min", true, 2.0));
        Optional<Headline> slow = Optional.of(new Headline("DQP Join vs postgres_fdw", 90, 30, "postgres_fdw (this run)", "ms", false, 2.0));
        assertEquals(new HtmlPage.Marked("GIIS vs slapd: 3.00 x (30.0 / 10.0 queries/min, slapd (this run)); target ours >= 2.00 x: met",
                HtmlPage.Mark.BETTER), SuiteReport.headlineCell(fast, Scale.FULL));
        assertEquals(new HtmlPage.Marked("DQP Join vs postgres_fdw: 3.00 x (90.0 / 30.0 ms, postgres_fdw (this run)); target ours <= 2.00 x: missed",
                HtmlPage.Mark.WORSE), SuiteReport.headlineCell(slow, Scale.FULL));
        HtmlPage.Marked quick = (HtmlPage.Marked) SuiteReport.headlineCell(slow, Scale.QUICK);
        assertEquals(HtmlPage.Mark.WORSE, quick.mark(), "at quick scale the colour says whether ours beat the peer");
        assertTrue(quick.text().endsWith("target ours <= 2.00 x, judged at full scale"), quick.text());
        HtmlPage.Marked tiny = (HtmlPage.Marked) SuiteReport.headlineCell(fast, Scale.TINY);
        assertEquals(HtmlPage.Mark.NEUTRAL, tiny.mark());
        assertFalse(tiny.text().contains("met") || tiny.text().contains("target"), tiny.text());
        assertEquals("-", SuiteReport.headlineCell(Optional.empty(), Scale.FULL));
        Optional<Headline> alone = Optional.of(Headline.withoutReference("LDAP at 100 %: slowest median QRT", 420, "ms", false));
        assertEquals(new HtmlPage.Marked("LDAP at 100 %: slowest median QRT: no reference (ours: 420 ms)", HtmlPage.Mark.NEUTRAL),
                SuiteReport.headlineCell(alone, Scale.FULL), "an experiment without a reference says so and is never judged");
    }

    @Test
    void runsEveryExperimentStopsTheHangingOneAndWritesTheFrontPage(@TempDir Path reports) throws Exception {
        ExperimentCatalog catalog = ExperimentCatalog.load(PROBES);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        BenchSuite.SuiteRun done = BenchSuite.run(catalog.all(), Scale.TINY, SuiteOverrides.parse(List.of(), catalog), reports,
                List.of("--scale=tiny"), new PrintStream(console, true, StandardCharsets.UTF_8));
        String out = console.toString(StandardCharsets.UTF_8);
        assertFalse(done.allPassed(), out);
        Path dir = done.folder();
        assertEquals(reports, dir.getParent(), "each run has a folder of its own in the report folder");
        assertTrue(dir.getFileName().toString().matches("run-\\d{8}-\\d{6}-tiny"), dir.toString());

        JsonNode suite = new ObjectMapper().readTree(dir.resolve(SuiteReport.JSON).toFile());
        assertEquals("tiny", suite.get("scale").asText());
        JsonNode rows = suite.get("experiments");
        assertEquals(3, rows.size());
        assertEquals("passed", rows.get(0).get("status").asText());
        assertEquals("failed", rows.get(1).get("status").asText());
        assertEquals(3, rows.get(1).get("exitCode").asInt());
        assertEquals("timed out", rows.get(2).get("status").asText());

        // each experiment wrote into its own folder, its output is in its log and on the console
        assertTrue(Files.readString(dir.resolve("probe-pass/run.log")).contains("--level=tiny"));
        assertTrue(out.contains("[probe-fail 0:0"), out);
        Matcher child = Pattern.compile("probe child (\\d+)").matcher(Files.readString(dir.resolve("probe-hang/run.log")));
        assertTrue(child.find(), "the hanging probe did not start its child");
        long pid = Long.parseLong(child.group(1));
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the hanging probe's child " + pid + " outlived it");

        // every link of the front page resolves
        String index = Files.readString(dir.resolve("index.html"));
        Matcher href = Pattern.compile("href=\"([^\"]+)\"").matcher(index);
        int links = 0;
        while (href.find()) {
            links++;
            assertTrue(Files.exists(dir.resolve(href.group(1))), "broken link " + href.group(1));
        }
        assertTrue(links >= 7, index);
        assertTrue(index.contains("probe-pass/probe.html"), index);
        // and it renders in a real browser without complaint
        HeadlessChromium.Rendering shown = HeadlessChromium.render(dir.resolve("index.html"));
        assertEquals(List.of(), shown.consoleMessages());
        assertTrue(shown.dom().contains("timed out") && shown.dom().contains("failed (exit 3)"), "statuses shown");

        // the headline column: the passing probe's ratio, not judged at tiny scale; the others wrote none
        assertTrue(index.contains("<th>" + SuiteReport.HEADLINE_COLUMN + "</th>"), index);
        assertTrue(index.contains("<td class=\"neutral\">probe vs its peer, queries/s: 3.00 x (30.0 / 10.0 queries/s, the peer (this run));"
                + " tiny scale, not judged</td>"), index);
        assertFalse(Pattern.compile("\\b(met|missed)\\b").matcher(index).find(), "no verdict at tiny scale: " + index);
        assertEquals(3.0, rows.get(0).get("headline").get("ours").asDouble() / rows.get(0).get("headline").get("reference").asDouble(), 1e-9);
        assertTrue(rows.get(1).get("headline").isNull(), "the failing probe wrote no headline");
        // the suite told each experiment its scale: the probe's own page says it is too small to judge
        assertTrue(Files.readString(dir.resolve("probe-pass/probe.html")).contains("class=\"scale\""), "tiny banner on the probe's page");

        // the index of runs lists this one and links its page
        String runs = Files.readString(reports.resolve("index.html"));
        assertTrue(runs.contains("href=\"" + dir.getFileName() + "/index.html\"") && runs.contains("1 of 3"), runs);
    }
}
