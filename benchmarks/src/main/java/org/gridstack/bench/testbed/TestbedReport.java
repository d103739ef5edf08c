package org.gridstack.bench.testbed;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gridstack.bench.kit.BenchmarkMain;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.RunScale;
import org.gridstack.bench.kit.Testbed;
import org.gridstack.bench.kit.report.Headline;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.TextTable;

/**
 * What a testbed run leaves behind, in the experiment's folder: {@code TOPOLOGY.html} (where the
 * numbers come from, with every host's address, the targets, and one row per sweep and level),
 * {@code results.json} and {@code results.md} with the same numbers, and the headline: on
 * {@code frontier-tiers} the site Squid against the servlet direct at the largest level (both
 * measured in this run), elsewhere the largest level's throughput without a reference. Immutable.
 */
final class TestbedReport implements BenchmarkMain.Report {
    private static final List<String> HEADERS = List.of("sweep", "clients", "agents on", "queries/s", "mean ms", "p95 ms", "errors", "MB/s");

    private final Testbed testbed;
    private final LocalDateTime started;
    private final Duration elapsed;
    private final List<String> arguments;
    private final List<TestbedLoadBenchmark.Measured> measured;

    TestbedReport(Testbed testbed, LocalDateTime started, Duration elapsed, List<String> arguments, List<TestbedLoadBenchmark.Measured> measured) {
        this.testbed = requireNonNull(testbed, "testbed is null");
        this.started = requireNonNull(started, "started is null");
        this.elapsed = requireNonNull(elapsed, "elapsed is null");
        this.arguments = List.copyOf(arguments);
        this.measured = List.copyOf(measured);
        if (this.measured.isEmpty()) {
            throw new IllegalArgumentException("nothing was measured");
        }
    }

    private List<List<String>> rows() {
        List<List<String>> rows = new ArrayList<>();
        for (TestbedLoadBenchmark.Measured m : measured) {
            LevelResult r = m.result();
            rows.add(List.of(m.series().name(), Integer.toString(r.clients()), String.join(", ", m.series().hosts().subList(0, m.agents())),
                    f(r.queriesPerSecond()), f(r.latency().meanMillis()), f(r.latency().p95Millis()), Long.toString(r.errors()),
                    f(r.wireMegabytesPerSecond())));
        }
        return rows;
    }

    @Override
    public String markdown() {
        TextTable t = TextTable.of(HEADERS).alignRight(1, 3, 4, 5, 6, 7);
        rows().forEach(t::row);
        return "## On " + testbed.label() + "\n\n" + t.markdown();
    }

    Headline headline() {
        int largest = measured.stream().mapToInt(m -> m.result().clients()).max().orElseThrow();
        List<TestbedLoadBenchmark.Measured> atLargest = measured.stream().filter(m -> m.result().clients() == largest).toList();
        if (atLargest.size() >= 2 && testbed.topology().equals("frontier-tiers")) {
            return new Headline("site Squid vs servlet direct on testbed " + testbed.topology() + ", queries/s at " + largest + " clients",
                    atLargest.get(0).result().queriesPerSecond(), atLargest.get(1).result().queriesPerSecond(), "servlet direct (this run)",
                    "queries/s", true, null);
        }
        return Headline.withoutReference(atLargest.get(0).series().name() + " on testbed " + testbed.topology() + ", queries/s at " + largest
                + " clients", atLargest.get(0).result().queriesPerSecond(), "queries/s", true);
    }

    @Override
    public List<Path> write(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        Map<String, Object> json = ResultJson.runHeader(started, elapsed, Runtime.getRuntime().availableProcessors(), arguments);
        json.put("testbed", testbed.topology());
        json.put("where", testbed.label());
        json.put("hosts", testbed.addresses());
        List<Map<String, Object>> levels = new ArrayList<>();
        for (TestbedLoadBenchmark.Measured m : measured) {
            Map<String, Object> l = new LinkedHashMap<>();
            l.put("sweep", m.series().name());
            l.put("target", m.series().target());
            l.put("agentHosts", m.series().hosts().subList(0, m.agents()));
            l.put("result", m.result());
            levels.add(l);
        }
        json.put("levels", levels);
        Path results = dir.resolve("results.json");
        ResultJson.write(results, json);
        written.add(results);
        Path md = dir.resolve("results.md");
        Files.writeString(md, markdown(), StandardCharsets.UTF_8);
        written.add(md);
        written.add(headline().write(dir));

        List<List<String>> hosts = new ArrayList<>();
        testbed.addresses().forEach((h, a) -> hosts.add(List.of(h, a)));
        List<List<String>> targets = new ArrayList<>();
        measured.stream().map(TestbedLoadBenchmark.Measured::series).distinct().forEach(s -> targets.add(List.of(s.name(), s.target())));
        HtmlPage.Builder page = HtmlPage.builder("testbed " + testbed.topology() + ": the seeds' client sweeps across hosts")
                .fact("where", testbed.label())
                .fact("scale", RunScale.current().orElse("(not set)"))
                .fact("started", started.withNano(0))
                .fact("took (s)", elapsed.toSeconds())
                .table("Levels: each level's clients in one load agent per client host, started with the testbed's exec", HEADERS, rows())
                .table("Targets", List.of("sweep", "service and address"), targets)
                .table("Hosts of the topology (from the testbed's state folder)", List.of("host", "address"), hosts)
                .note("Every host is a network namespace on this one machine: services, clients and the WAN forwarder share its cores, so only"
                        + " ratios within this run count; the numbers are not those of separate machines.")
                .link("results.json", "results.json")
                .link("results.md", "results.md");
        Path html = dir.resolve(testbed.topology() + ".html");
        page.build().write(html);
        written.add(html);
        return written;
    }

    private static String f(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : "-";
    }
}
