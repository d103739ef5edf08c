package org.gridstack.bench.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridstack.testing.HeadlessChromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs the whole throughput experiment once at tiny scale (zip 0 and 5, one client, half a second
 * of warm-up, one second measured): embedded PostgreSQL, the servlet jar as a child process, the
 * HTTP and JDBC loads, zlib alone and the report files. Asserts that everything was produced and
 * every answer checked; no timing thresholds (those belong to the full run). Needs a non-root
 * user (PostgreSQL): {@code ./gridstack test -pl benchmarks -am -Dtest=TestFrontierThroughputBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class TestFrontierThroughputBenchmark {
    @Test
    @Timeout(300)
    void runsTheWholeBenchmarkOnceAtTinyScale() throws Exception {
        Path out = Path.of("target", "test-results", "frontier-throughput");
        BenchmarkConfig config = BenchmarkConfig.builder()
                .zipLevels(List.of(0, 5))
                .clientCounts(List.of(1))
                .warmup(Duration.ofMillis(500))
                .measure(Duration.ofSeconds(1))
                .verify(VerifyMode.DECODE) // every live answer through the full decoder; COMPARE is TestAnswerVerifier's
                .outputDir(out)
                .command("TestFrontierThroughputBenchmark")
                .build();

        BenchmarkResult r = FrontierThroughputBenchmark.run(config);

        assertEquals(TStringData.ROWS, r.records());
        assertEquals(1_060_024, r.rowStreamBytes(), "full_size of select string from T_STRING");
        assertEquals(2, r.servlet().size());
        for (BenchmarkResult.ServletMeasurement m : r.servlet()) {
            LoadStats s = m.stats();
            assertTrue(s.queries() > 0, "zip " + m.zipLevel() + ": no query completed in the measured second");
            assertEquals(s.completedQueries(), m.answersDecoded(), "zip " + m.zipLevel() + ": every answer must be decoded and checked");
            assertTrue(s.completedQueries() >= s.warmupQueries() + s.queries());
            assertTrue(s.queriesPerSecond() > 0 && s.wireMegabytesPerSecond() > 0 && s.payloadMegabytesPerSecond() > 0);
            assertEquals(s.queries() * r.rowStreamBytes(), s.payloadBytes(), "row-stream bytes are full_size per answer");
            assertTrue(m.connects() >= 1);
        }
        // zip 5 must actually compress (the Base64-like strings compress only about 1.35:1)
        LoadStats zip0 = r.servlet(0, 1).orElseThrow().stats();
        LoadStats zip5 = r.servlet(5, 1).orElseThrow().stats();
        assertTrue(zip5.wireBytes() / zip5.queries() < 0.85 * zip0.wireBytes() / zip0.queries());

        BenchmarkResult.JdbcMeasurement jdbc = r.jdbc(1).orElseThrow();
        assertTrue(jdbc.stats().queries() > 0 && jdbc.stats().queriesPerSecond() > 0);
        assertEquals(jdbc.stats().completedQueries(), jdbc.answersChecked());

        assertTrue(r.deflaterSingle(5).orElseThrow().megabytesPerSecond() > 0);
        assertTrue(r.deflaterParallel(5).orElseThrow().megabytesPerSecond() > 0);
        assertTrue(r.deflaterSingle(5).orElseThrow().ratio() > 1);

        String md = Files.readString(out.resolve("frontier-throughput.md"));
        assertTrue(md.contains("| 0 | 1 | "), md);
        assertTrue(md.contains("| 5 | 1 | "), md);
        assertTrue(Files.readString(out.resolve("frontier-throughput.json")).contains("\"queriesPerSecond\""));
        assertEquals(1 + 2 + 1 + 2, Files.readAllLines(out.resolve("frontier-throughput.csv")).size(), "header, 2 servlet, 1 JDBC, 2 zlib rows");

        assertReportRendersInChromium(out, r);
        org.gridstack.bench.kit.report.TinyScalePages.assertNoVerdicts(out);
    }

    /**
     * The peer mechanism of issue 13 without the production servlet (which CI cannot build): a
     * second instance of our own servlet jar, started by the run with a shell command from the
     * environment it is given, measured right after ours in each cell, reported beside it, and
     * stopped with its whole process tree at the end. The SDK is measured as a second client on
     * both (issue 13, part 3).
     */
    @Test
    @Timeout(300)
    void measuresAPeerServletItStartsAndStopsIt() throws Exception {
        Path out = Path.of("target", "test-results", "frontier-throughput-peer");
        String marker = "peer-standin-" + ProcessHandle.current().pid();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = "exec '" + java + "' -Xmx256m -jar '" + ProjectLayout.discover().servletJar() + "' --server.port=$FRONTIER_PORT"
                + " --server.address=127.0.0.1 --spring.datasource.url=\"$FRONTIER_DB_URL\" --spring.datasource.username=\"$FRONTIER_DB_USER\""
                + " --spring.datasource.password=\"$FRONTIER_DB_PASSWORD\" --frontier.last-modified-enabled=false --logging.level.root=WARN"
                + " --spring.application.name=" + marker;
        BenchmarkConfig config = BenchmarkConfig.parse("--levels=0", "--clients=1", "--warmup-seconds=0", "--measure-seconds=1",
                "--output=" + out, "--command=TestFrontierThroughputBenchmark", "--peer-start=" + command, "--peer-path=/Frontier",
                "--peer-name=stand-in servlet", "--sdk-client=true");

        BenchmarkResult r = FrontierThroughputBenchmark.run(config);

        BenchmarkResult.PeerRun peer = r.peer().orElseThrow();
        assertEquals("stand-in servlet", peer.name());
        assertEquals(1, peer.servlet().size());
        BenchmarkResult.ServletMeasurement m = peer.servlet().get(0);
        assertTrue(m.stats().queries() > 0, "the peer answered in the measured second");
        assertEquals(m.stats().completedQueries(), m.answersVerified(), "every peer answer checked like ours");
        assertTrue(r.peerQueriesPerSecond(0, 1).isPresent());
        for (BenchmarkResult.ServletMeasurement sdk : List.of(r.sdk(0, 1).orElseThrow(), peer.sdk(0, 1).orElseThrow())) {
            assertTrue(sdk.stats().queries() > 0, "the SDK got answers in the measured second");
            assertEquals(sdk.stats().completedQueries(), sdk.answersDecoded(), "every SDK answer checked");
            assertTrue(sdk.stats().wireBytes() >= sdk.stats().queries() * 1_000_000L, "a 1 MB answer per query: " + sdk.stats().wireBytes());
        }
        String md = Files.readString(out.resolve("frontier-throughput.md"));
        assertTrue(md.contains("stand-in servlet q/s (this run)") && md.contains(">= 3x the stand-in servlet"), md);
        assertTrue(md.contains("| ours: plain q/s | ours: SDK q/s | SDK / plain |") && md.contains("| 0 | 1 | "), md);
        assertTrue(Files.readString(out.resolve("frontier-throughput.csv")).contains("\npeer-sdk,0,1,"));
        assertTrue(Files.readString(out.resolve("frontier-throughput.json")).contains("\"peer\""));
        assertTrue(Files.exists(out.resolve("peer.log")), "the peer's log is kept");
        assertEquals(List.of(), ProcessHandle.allProcesses()
                .filter(h -> h.info().arguments().map(a -> String.join(" ", a).contains(marker)).orElse(false)).toList(),
                "the peer's processes are gone");
        HeadlessChromium.Rendering shown = HeadlessChromium.render(out.resolve("frontier-throughput.html"));
        assertEquals(List.of(), shown.consoleMessages());
        assertTrue(shown.dom().contains("stand-in servlet zip 0"), "the peer's line is drawn");
    }

    /** The run's web page in a real headless Chromium: every chart there and drawn, no console message, links that resolve. */
    private static void assertReportRendersInChromium(Path out, BenchmarkResult r) throws Exception {
        Path page = out.resolve("frontier-throughput.html");
        HeadlessChromium.Rendering shown = HeadlessChromium.render(page);
        assertEquals(List.of(), shown.consoleMessages(), "console of " + page);
        String dom = shown.dom();
        String[] figures = dom.split("<figure class=\"chart\"", -1);
        assertEquals(1 + 4 + 2 + 3, figures.length, "queries/s, MB/s, p50, p99; instant throughput, per client; machine, cores and memory per process");
        for (int i = 1; i < figures.length; i++) {
            String figure = figures[i].substring(0, figures[i].indexOf("</figure>"));
            assertTrue(figure.contains("<svg") && figure.contains("<path"), "chart " + i + " is drawn: " + figure.substring(0, Math.min(200, figure.length())));
            if (i <= 6) {
                assertTrue(figure.contains("servlet zip 0") && figure.contains("servlet zip 5") && figure.contains("plain JDBC"), "chart " + i + " legend");
            } else if (i > 7) {
                assertTrue(figure.contains("servlet") && figure.contains("PostgreSQL") && figure.contains("benchmark JVM"), "chart " + i + " legend");
            }
        }
        assertTrue(r.host().size() >= 3, "the host was sampled every second: " + r.host().size());
        assertTrue(dom.contains("production 3.42 zip 0"), "the production servlet's reference line");
        Matcher links = Pattern.compile("href=\"([^\"]+)\"").matcher(dom);
        int resolved = 0;
        while (links.find()) {
            assertTrue(Files.isRegularFile(out.resolve(links.group(1))), "link to " + links.group(1));
            resolved++;
        }
        assertEquals(3, resolved, "md, json and csv linked");
        assertTrue(HeadlessChromium.render(out.resolve("index.html")).dom().contains("href=\"frontier-throughput.html\""), "index lists the page");
        Path png = Path.of("target", "screenshots", "frontier-throughput.png");
        HeadlessChromium.screenshot(page, png, 1400, 2400);
        assertTrue(Files.size(png) > 10_000, "a screenshot with content: " + Files.size(png) + " bytes");
    }
}
