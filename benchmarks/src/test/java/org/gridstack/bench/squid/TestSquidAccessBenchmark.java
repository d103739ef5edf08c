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
                List.of(AccessMethod.values()), List.of(ResultSize.KB_10), List.of(5), List.of(1), Duration.ofMillis(500), Duration.ofMillis(1500)));
        assertEquals(AccessMethod.values().length, r.cells().size());
        for (CellStats c : r.cells()) {
            assertTrue(c.queries() > 0, c.markdownRow());
            assertTrue(c.rowMegabytesPerSecond() > 0, c.markdownRow());
            assertTrue(c.jvmCores() > 0, c.markdownRow());
            assertEquals(ResultSize.KB_10, c.size());
            if (c.method() == AccessMethod.DIRECT_JDBC) {
                assertEquals(CellStats.NO_ZIP, c.zip(), c.markdownRow());
                assertTrue(c.postgresCores() > 0, c.markdownRow());
            } else {
                assertEquals(5, c.zip(), c.markdownRow());
                assertTrue(c.wireMegabytesPerSecond() > 0, c.markdownRow());
            }
            if (c.method().throughSquid()) {
                assertTrue(c.squidCores() > 0, c.markdownRow());
            }
            if (c.method().squidHit()) {
                assertTrue(c.hitRatio() > 0.9, "a Squid-hit cell served misses: " + c.markdownRow());
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
        HeadlessChromium.Rendering shown = HeadlessChromium.render(dir.resolve("squid-access.html"));
        assertEquals(List.of(), shown.consoleMessages());
        String dom = shown.dom();
        assertEquals(2, dom.split("<figure class=\"chart\"", -1).length - 1, "access methods and zip levels at 10 kB");
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
        assertEquals(List.of(ResultSize.MB_1, ResultSize.KB_10), c.sizes());
        assertEquals(List.of(0, 9), c.zips());
        assertEquals(List.of(8), c.clients());
        assertEquals(List.of(AccessMethod.DIRECT_JDBC, AccessMethod.PLAIN_HTTP_KEEPALIVE_SQUID_HIT), c.methods());
        assertEquals(Path.of("/tmp/o"), out[0]);
        assertEquals(2 * (1 + 2), c.cellCount());
        assertEquals(300, SquidAccessBenchmark.Config.defaults().cellCount());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SquidAccessBenchmark.parse(new String[] {"--methods=sdk"}, SquidAccessBenchmark.Config.defaults(), out));
        assertTrue(e.getMessage().contains("sdk-hit"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> SquidAccessBenchmark.parse(new String[] {"--sizes=2m"}, SquidAccessBenchmark.Config.defaults(), out));
    }

    @Test
    void theExperimentFileParsesAtEveryScale() {
        Path[] out = {Path.of("x")};
        for (String experiment : List.of("squid-access", "access-methods-4-nodes", "access-methods-1mb-many-clients")) {
            for (org.gridstack.bench.suite.Scale scale : org.gridstack.bench.suite.Scale.values()) {
                SquidAccessBenchmark.Config c = SquidAccessBenchmark.parse(
                        org.gridstack.bench.suite.ExperimentArgs.of(experiment, scale, Path.of("o")), SquidAccessBenchmark.Config.defaults(), out);
                assertTrue(c.cellCount() > 0, experiment + " at " + scale + ": " + c);
            }
        }
        assertEquals(300, SquidAccessBenchmark.parse(org.gridstack.bench.suite.ExperimentArgs.of("squid-access",
                org.gridstack.bench.suite.Scale.FULL, Path.of("o")), SquidAccessBenchmark.Config.defaults(), out).cellCount(),
                "the full scale is the thesis's grid");
    }
}
