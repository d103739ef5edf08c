package org.gridstack.bench.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.gridstack.bench.kit.Scale;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.ReportIndex;
import java.util.Locale;

/**
 * The report folder's {@code index.html}: every suite run kept in it (one folder each, named by its
 * start time and scale, holding the run's front page and {@code suite.json}), newest first, with its
 * scale, experiments, how many passed, its length and a link to its page. Rewritten whole from the
 * folders after each experiment, so it always lists what the folder holds. Stateless.
 */
final class RunIndex {
    private static final DateTimeFormatter FOLDER = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final ObjectMapper JSON = new ObjectMapper();

    private RunIndex() {
    }

    /** The folder name of a run: {@code run-20261124-035500-quick}, or {@code run-20261124-035500-tiny-testbed-dqp} on a testbed topology. */
    static String folderName(LocalDateTime started, Scale scale, String testbed) {
        return "run-" + started.format(FOLDER) + "-" + scale.label() + (testbed.isEmpty() ? "" : "-testbed-" + testbed);
    }

    /** Rewrites {@code reports/index.html} from the run folders in it; returns its path. */
    static Path update(Path reports) throws IOException {
        List<Path> runs;
        try (Stream<Path> folders = Files.list(reports)) {
            runs = new ArrayList<>(folders.filter(p -> Files.isRegularFile(p.resolve(SuiteReport.JSON))).toList());
        }
        runs.sort(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed());
        List<List<Object>> rows = new ArrayList<>();
        for (Path run : runs) {
            String name = run.getFileName().toString();
            JsonNode s = JSON.readTree(run.resolve(SuiteReport.JSON).toFile());
            List<String> experiments = new ArrayList<>();
            int passed = 0;
            for (JsonNode e : s.path("experiments")) {
                experiments.add(e.path("name").asText());
                passed += e.path("status").asText().equals("passed") ? 1 : 0;
            }
            rows.add(List.of(new HtmlPage.Link(s.path("started").asText(), name + "/" + ReportIndex.INDEX), s.path("scale").asText() + (s.path("testbed").asText("").isEmpty() ? "" : " on testbed " + s.path("testbed").asText()),
                    String.join(", ", experiments), passed + " of " + experiments.size(),
                    String.format(Locale.ROOT, "%.1f", s.path("elapsedSeconds").asDouble() / 60)));
        }
        Path index = reports.resolve(ReportIndex.INDEX);
        HtmlPage.builder("gridstack benchmark runs").fact("folder", reports).fact("runs", runs.size())
                .linkedTable("Every run kept here, newest first", List.of("started", "scale", "experiments", "passed", "minutes"), rows)
                .note("Each run's page links its experiments' reports, raw data and logs. Delete a run's folder to forget it.")
                .build().write(index);
        return index;
    }
}
