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
import java.util.Optional;
import java.util.stream.Stream;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.Scale;
import org.gridstack.bench.kit.report.Headline;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.ReportIndex;

/**
 * The front page of a suite run's report folder: {@code index.html} (what ran, at what scale, each
 * experiment's headline ratio (its {@link Headline}, judged against its target at full scale only), how
 * each experiment ended and how long it took, links to each experiment's pages and its log) and
 * {@code suite.json} with the same facts. Each experiment's own pages, raw data and log are in the
 * folder named after it. Stateless.
 */
final class SuiteReport {
    static final String JSON = "suite.json";
    static final String HEADLINE_COLUMN = "headline: ours / reference";

    private SuiteReport() {
    }

    /** Writes both files and returns the index. */
    static Path write(Path dir, Scale scale, String testbed, LocalDateTime started, Duration elapsed, List<String> arguments,
            List<ExperimentProcess.Outcome> outcomes) throws IOException {
        requireNonNull(dir, "dir is null");
        requireNonNull(outcomes, "outcomes is null");
        Files.createDirectories(dir);
        Map<String, Object> json = ResultJson.runHeader(started, elapsed, Runtime.getRuntime().availableProcessors(), arguments);
        json.put("scale", scale.label());
        if (!testbed.isEmpty()) {
            json.put("testbed", testbed);
        }
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
            Optional<Headline> headline = Headline.read(dir.resolve(name));
            row.put("headline", headline.orElse(null));
            rows.add(row);
            List<HtmlPage.Link> links = new ArrayList<>();
            pages.forEach(p -> links.add(new HtmlPage.Link(p, name + "/" + p)));
            links.add(new HtmlPage.Link("log", name + "/" + ExperimentProcess.LOG));
            table.add(List.of(name, o.experiment().answers(), headlineCell(headline, scale), o.status() + (o.passed() || o.exitCode() < 0 ? "" : " (exit " + o.exitCode() + ")"),
                    String.format(Locale.ROOT, "%.1f", o.elapsed().toMillis() / 60_000.0), links));
        }
        json.put("experiments", rows);
        ResultJson.write(dir.resolve(JSON), json);
        long failed = outcomes.stream().filter(o -> !o.passed()).count();
        HtmlPage page = HtmlPage.builder("gridstack benchmark run")
                .fact("scale", scale.label())
                .fact("where", testbed.isEmpty() ? "this machine, servers in-process or as child processes"
                        : "testbed topology " + testbed + ": every host a network namespace on this one machine, services and clients on the"
                                + " topology's hosts (testbed/README.md)")
                .fact("started", started.withNano(0))
                .fact("took (min)", String.format(Locale.ROOT, "%.1f", elapsed.toMillis() / 60_000.0))
                .fact("experiments", outcomes.size() + (failed == 0 ? ", all passed" : ", " + failed + " not passed"))
                .fact("machine", Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.name") + " "
                        + System.getProperty("os.arch") + ", " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version"))
                .fact("command", String.join(" ", arguments))
                .linkedTable("Experiments, in the order they ran", List.of("experiment", "reproduces", HEADLINE_COLUMN, "status", "minutes", "report"), table)
                .note("Headline: ours / the reference, the peer measured in the same run or else the seed's figure; green where ours"
                        + " did better, red where worse. Targets are judged only at full scale; a tiny run is too small to compare and only"
                        + " shows its numbers.")
                .note("Each experiment ran in a JVM of its own; its command line is in " + JSON + ". Raw data (JSON, CSV, Markdown) is linked from each page.")
                .link(JSON, JSON)
                .build();
        Path index = dir.resolve(ReportIndex.INDEX);
        page.write(index);
        return index;
    }

    /**
     * An experiment's headline cell: the ratio, and its target with met or missed at full scale
     * only; coloured by the verdict at full scale, by whether ours beat the reference at quick scale,
     * grey at tiny scale.
     */
    static Object headlineCell(Optional<Headline> headline, Scale scale) {
        if (headline.isEmpty()) {
            return "-";
        }
        Headline h = headline.get();
        String text = h.what() + ": " + h.ratioText();
        if (!Double.isFinite(h.ratio())) {
            return new HtmlPage.Marked(text, HtmlPage.Mark.NEUTRAL);
        }
        if (scale == Scale.TINY) {
            return new HtmlPage.Marked(text + "; tiny scale, not judged", HtmlPage.Mark.NEUTRAL);
        }
        Optional<Boolean> met = h.meetsTarget();
        if (scale == Scale.FULL && met.isPresent()) {
            return new HtmlPage.Marked(text + "; target " + h.targetText() + ": " + (met.get() ? "met" : "missed"),
                    met.get() ? HtmlPage.Mark.BETTER : HtmlPage.Mark.WORSE);
        }
        String target = h.target() == null ? "" : "; target " + h.targetText() + (scale == Scale.FULL ? "" : ", judged at full scale");
        return new HtmlPage.Marked(text + target, h.beatsReference() ? HtmlPage.Mark.BETTER : HtmlPage.Mark.WORSE);
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
