package org.gridstack.bench.suite;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.ReportIndex;

/**
 * The front page of a suite run's report folder: {@code index.html} (what ran, at what scale, how
 * each experiment ended and how long it took, links to each experiment's pages and its log) and
 * {@code suite.json} with the same facts. Each experiment's own pages, raw data and log are in the
 * folder named after it. Stateless.
 */
final class SuiteReport {
    static final String JSON = "suite.json";

    private SuiteReport() {
    }

    /** Writes both files and returns the index. */
    static Path write(Path dir, Scale scale, LocalDateTime started, Duration elapsed, List<String> arguments,
            List<ExperimentProcess.Outcome> outcomes) throws IOException {
        requireNonNull(dir, "dir is null");
        requireNonNull(outcomes, "outcomes is null");
        Files.createDirectories(dir);
        Map<String, Object> json = ResultJson.runHeader(started, elapsed, Runtime.getRuntime().availableProcessors(), arguments);
        json.put("scale", scale.label());
        List<Map<String, Object>> rows = new ArrayList<>();
        List<List<Object>> table = new ArrayList<>();
        for (ExperimentProcess.Outcome o : outcomes) {
            String name = o.experiment().name();
            List<String> pages = pages(dir.resolve(name));
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", name);
            row.put("title", o.experiment().title());
            row.put("answers", o.experiment().answers());
            row.put("status", o.status());
            row.put("exitCode", o.exitCode());
            row.put("seconds", o.elapsed().toSeconds());
            row.put("pages", pages.stream().map(p -> name + "/" + p).toList());
            row.put("log", name + "/" + ExperimentProcess.LOG);
            row.put("command", o.command());
            rows.add(row);
            List<HtmlPage.Link> links = new ArrayList<>();
            pages.forEach(p -> links.add(new HtmlPage.Link(p, name + "/" + p)));
            links.add(new HtmlPage.Link("log", name + "/" + ExperimentProcess.LOG));
            table.add(List.of(name, o.experiment().answers(), o.status() + (o.passed() || o.exitCode() < 0 ? "" : " (exit " + o.exitCode() + ")"),
                    String.format(Locale.ROOT, "%.1f", o.elapsed().toMillis() / 60_000.0), links));
        }
        json.put("experiments", rows);
        ResultJson.write(dir.resolve(JSON), json);
        long failed = outcomes.stream().filter(o -> !o.passed()).count();
        HtmlPage page = HtmlPage.builder("gridstack benchmark run")
                .fact("scale", scale.label())
                .fact("started", started.withNano(0))
                .fact("took (min)", String.format(Locale.ROOT, "%.1f", elapsed.toMillis() / 60_000.0))
                .fact("experiments", outcomes.size() + (failed == 0 ? ", all passed" : ", " + failed + " not passed"))
                .fact("machine", Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.name") + " "
                        + System.getProperty("os.arch") + ", " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version"))
                .fact("command", String.join(" ", arguments))
                .linkedTable("Experiments, in the order they ran", List.of("experiment", "reproduces", "status", "minutes", "report"), table)
                .note("Each experiment ran in a JVM of its own; its command line is in " + JSON + ". Raw data (JSON, CSV, Markdown) is linked from each page.")
                .link(JSON, JSON)
                .build();
        Path index = dir.resolve(ReportIndex.INDEX);
        page.write(index);
        return index;
    }

    /** The report pages an experiment wrote into its folder, its own folder index last. */
    private static List<String> pages(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".html") && !n.equals(ReportIndex.INDEX)).sorted().toList();
        }
    }
}
