package org.gridstack.bench.squid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.gridstack.testing.HeadlessChromium;
import org.gridstack.testing.WanLink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every access method once at tiny scale (10 kB, zip 5, one client, short cells). The answers are
 * checked inside the run (a wrong one fails it, including the value-by-value comparison of the
 * 10 kB cut from PostgreSQL's "C" order with the Java-sorted rows); here only that every cell
 * counted work. No timing thresholds: this machine's load during the build is unknown.
 */
class TestSquidAccessBenchmark {
    @Test
    void everyAccessMethodRunsAtTinyScale(@TempDir Path dir) throws Exception {
        SquidAccessBenchmark.Result r = SquidAccessBenchmark.run(new SquidAccessBenchmark.Config(
                List.of(AccessMethod.values()), List.of(Workload.KB_10), List.of(5), List.of(1), Duration.ofMillis(500), Duration.ofMillis(1500),
                Duration.ZERO, 1, null));
        assertEquals(AccessMethod.values().length, r.cells().size());
        for (CellStats c : r.cells()) {
            assertTrue(c.queries() > 0, c.toString());
            assertTrue(c.rowMegabytesPerSecond() > 0, c.toString());
            assertTrue(c.jvmCores() > 0, c.toString());
            assertEquals(Workload.KB_10, c.workload());
            assertEquals(100, c.rowsPerIteration());
            if (c.method() == AccessMethod.DIRECT_JDBC) {
                assertEquals(CellStats.NO_ZIP, c.zip(), c.toString());
                assertTrue(c.postgresCores() > 0, c.toString());
            } else {
                assertEquals(5, c.zip(), c.toString());
                assertTrue(c.wireMegabytesPerSecond() > 0, c.toString());
            }
            if (c.method().throughSquid()) {
                assertTrue(c.squidCores() > 0, c.toString());
            }
            if (c.method().squidHit()) {
                assertTrue(c.hitRatio() > 0.9, "a Squid-hit cell served misses: " + c.toString());
            }
        }
        String md = r.markdown();
        assertTrue(md.contains("#### 10 kB (100 rows"), md);
        assertTrue(md.contains("SDK / plain keep-alive"), md);
        assertFalse(md.contains("**missed**"), "no verdicts below 1 MB: " + md);
        assertEquals(AccessMethod.values().length + 1, r.csv().lines().count(), r.csv());
        assertEquals(AccessMethod.values().length, r.json().split("\"method\":").length - 1, r.json());

        // the web page, in a real browser: both charts of the size drawn, every raw-data link there
        r.write(dir);
        org.gridstack.bench.kit.report.TinyScalePages.assertNoVerdicts(dir);
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(dir).orElseThrow();
        assertEquals(SquidTargets.headline(r.cells()), h);
        assertTrue(h.what().startsWith("SDK via a Squid hit vs plain keep-alive client") && h.what().contains("10 kB, zip 5, 1 client"), h.what());
        assertTrue(h.ours() > 0 && h.reference() > 0 && h.target() == null, "measured, no target below 1 MB: " + h);
        // the access-method, WAN and direct runs measure fewer methods: the reference is the best one they have
        java.util.function.Function<List<AccessMethod>, org.gridstack.bench.kit.report.Headline> of = ms -> SquidTargets.headline(
                r.cells().stream().filter(c -> ms.contains(c.method())).toList());
        assertEquals("direct JDBC to PostgreSQL (this run)",
                of.apply(List.of(AccessMethod.DIRECT_JDBC, AccessMethod.SDK_DIRECT, AccessMethod.SDK_SQUID_HIT)).referenceName());
        assertEquals("SDK direct (this run)", of.apply(List.of(AccessMethod.SDK_DIRECT, AccessMethod.SDK_SQUID_HIT)).referenceName());
        org.gridstack.bench.kit.report.Headline direct = of.apply(List.of(AccessMethod.SDK_DIRECT));
        assertTrue(direct.hasNoReference() && direct.ours() > 0 && direct.ratioText().startsWith("no reference (ours: "), direct.ratioText());
        HeadlessChromium.Rendering shown = HeadlessChromium.render(dir.resolve("squid-access.html"));
        assertEquals(List.of(), shown.consoleMessages());
        String dom = shown.dom();
        assertEquals(2 + 3, dom.split("<figure class=\"chart\"", -1).length - 1,
                "access methods and zip levels at 10 kB; the host monitor's machine, cores and memory per process");
        assertTrue(r.host().size() >= 2, "the host was sampled every second: " + r.host().size());
        assertTrue(dom.contains("Squid") && dom.contains("PostgreSQL") && dom.contains("benchmark JVM"), "the watched processes are named");
        assertTrue(dom.split("<path", -1).length > 10, "the charts hold lines");
        for (String f : List.of("squid-access.md", "squid-access.csv", "squid-access.json")) {
            assertTrue(dom.contains("href=\"" + f + "\"") && Files.isRegularFile(dir.resolve(f)), f);
        }
        assertTrue(Files.readString(dir.resolve("index.html")).contains("href=\"squid-access.html\""));
    }

    @Test
    void argumentsOverrideTheDefaults() {
        Path[] out = {Path.of("x")};
        SquidAccessBenchmark.Config c = SquidAccessBenchmark.parse(new String[] {"--sizes=1m,10k", "--zips=0,9", "--clients=8",
                "--methods=jdbc,plain-keepalive-hit", "--warmup-millis=0", "--measure-millis=100", "--output=/tmp/o"},
                SquidAccessBenchmark.Config.defaults(), out);
        assertEquals(List.of(Workload.MB_1, Workload.KB_10), c.workloads());
        assertEquals(null, c.wan());
        assertEquals(List.of(0, 9), c.zips());
        assertEquals(List.of(8), c.clients());
        assertEquals(List.of(AccessMethod.DIRECT_JDBC, AccessMethod.PLAIN_HTTP_KEEPALIVE_SQUID_HIT), c.methods());
        assertEquals(Path.of("/tmp/o"), out[0]);
        assertEquals(2 * (1 + 2), c.cellCount());
        assertEquals(348, SquidAccessBenchmark.Config.defaults().cellCount());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SquidAccessBenchmark.parse(new String[] {"--methods=sdk"}, SquidAccessBenchmark.Config.defaults(), out));
        assertTrue(e.getMessage().contains("sdk-hit"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> SquidAccessBenchmark.parse(new String[] {"--sizes=2m"}, SquidAccessBenchmark.Config.defaults(), out));
        SquidAccessBenchmark.Config wan = SquidAccessBenchmark.parse(new String[] {"--workloads=cool,1m", "--wan-rtt-millis=120"},
                SquidAccessBenchmark.Config.defaults(), out);
        assertEquals(List.of(Workload.COOL, Workload.MB_1), wan.workloads());
        assertEquals(new WanLink.Profile(Duration.ofMillis(60), 265_000, 1_600_000), wan.wan(), "the thesis's FNAL link by default");
        assertTrue(wan.describe().contains("--wan-rtt-millis=120 --wan-connection-kbytes-per-second=265"), wan.describe());
        assertEquals(wan, SquidAccessBenchmark.parse(wan.describe().split(" "), SquidAccessBenchmark.Config.defaults(), out),
                "describe() is a command line that gives the same settings");
        IllegalArgumentException rtt = assertThrows(IllegalArgumentException.class,
                () -> SquidAccessBenchmark.parse(new String[] {"--wan-rtt-millis=-1"}, SquidAccessBenchmark.Config.defaults(), out));
        assertTrue(rtt.getMessage().contains("--wan-rtt-millis"), rtt.getMessage());
    }

    /**
     * Thesis experiments 4 and 5 in one tiny run: the COOL query set (whose answers are compared
     * value by value with PostgreSQL's own inside the run) read by every method that has one
     * answer per query, with the clients behind an emulated WAN (a short delay and no rate limit, so
     * the test stays short on a loaded machine), each cell measured twice as in the thesis. The
     * links must have carried the work.
     */
    @Test
    void theCoolQuerySetAcrossAnEmulatedWan(@TempDir Path dir) throws Exception {
        List<AccessMethod> methods = List.of(AccessMethod.DIRECT_JDBC, AccessMethod.SDK_DIRECT, AccessMethod.SDK_SQUID_HIT,
                AccessMethod.JDBC_DRIVER_SQUID_HIT, AccessMethod.PLAIN_HTTP_KEEPALIVE_SQUID_HIT);
        SquidAccessBenchmark.Result r = SquidAccessBenchmark.run(new SquidAccessBenchmark.Config(methods, List.of(Workload.COOL), List.of(0),
                List.of(2), Duration.ofMillis(500), Duration.ofMillis(1500), Duration.ZERO, 2, new WanLink.Profile(Duration.ofMillis(2), 0, 0)));
        assertEquals(methods.size(), r.cells().size());
        for (CellStats c : r.cells()) {
            assertTrue(c.queries() > 0, c.toString());
            assertEquals(2, c.repetitions().size(), "measured twice, as the thesis did");
            assertEquals(c.queries(), c.repetitions().stream().mapToLong(CellStats.Repetition::queries).sum());
            assertTrue(c.slowest() <= c.queriesPerSecond() && c.queriesPerSecond() <= c.fastest(), c.toString());
            assertEquals(Workload.COOL, c.workload());
            // the IOV query's 10,000 rows, 7 attributes, one folder, 10 columns described, one count
            assertEquals(10_000 + 7 + 1 + 10 + 1, c.rowsPerIteration(), c.toString());
            if (c.method().squidHit()) {
                assertTrue(c.hitRatio() > 0.9, "a Squid-hit cell served misses: " + c.toString());
            }
        }
        long minimum = r.cells().stream().mapToLong(c -> c.queries() * c.charsPerIteration()).sum();
        assertTrue(r.wanBytes() > minimum, "the WAN links carried " + r.wanBytes() + " bytes, less than the row data read: " + minimum);
        String md = r.markdown();
        assertTrue(md.contains("#### COOL query set (10,019 rows in 5 queries per iteration"), md);
        assertTrue(md.contains("Clients across an emulated WAN (RTT 4 ms"), md);
        r.write(dir);
        HeadlessChromium.Rendering shown = HeadlessChromium.render(dir.resolve("squid-access.html"));
        assertEquals(List.of(), shown.consoleMessages());
        assertTrue(shown.dom().contains("Figure 25") && shown.dom().contains("Figure 24"), "the thesis's experiments 4 and 5 are named");
    }

    @Test
    void theExperimentFileParsesAtEveryScale() {
        Path[] out = {Path.of("x")};
        for (String experiment : List.of("squid-access", "access-methods-4-nodes", "access-methods-1mb-many-clients", "cool-workload",
                "tier1-wan", "frontier-direct", "frontier-direct-zip0-many-clients")) {
            for (org.gridstack.bench.kit.Scale scale : org.gridstack.bench.kit.Scale.values()) {
                SquidAccessBenchmark.Config c = SquidAccessBenchmark.parse(
                        org.gridstack.bench.suite.ExperimentArgs.of(experiment, scale, Path.of("o")), SquidAccessBenchmark.Config.defaults(), out);
                assertTrue(c.cellCount() > 0, experiment + " at " + scale + ": " + c);
            }
        }
        assertEquals(348, SquidAccessBenchmark.parse(org.gridstack.bench.suite.ExperimentArgs.of("squid-access",
                org.gridstack.bench.kit.Scale.FULL, Path.of("o")), SquidAccessBenchmark.Config.defaults(), out).cellCount(),
                "the full scale is the whole grid: every method, size, zip level and client count");
        SquidAccessBenchmark.Config cool = SquidAccessBenchmark.parse(org.gridstack.bench.suite.ExperimentArgs.of("cool-workload",
                org.gridstack.bench.kit.Scale.FULL, Path.of("o")), SquidAccessBenchmark.Config.defaults(), out);
        assertEquals(2, cool.repetitions(), "the thesis's 2 repetitions at full scale");
        SquidAccessBenchmark.Config tiny = SquidAccessBenchmark.parse(org.gridstack.bench.suite.ExperimentArgs.of("cool-workload",
                org.gridstack.bench.kit.Scale.TINY, Path.of("o")), SquidAccessBenchmark.Config.defaults(), out);
        assertEquals(java.time.Duration.ZERO, tiny.firstCellWarmup(), "no JIT warm-up at tiny scale (CI)");
    }
}
