package org.gridstack.bench.kit.report;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of one benchmark run, written side by side as every experiment writes them:
 * {@code base.md} (the summary), {@code base.csv} (one line per measured cell; optional),
 * {@code base.json} (every number) and {@code base.html} (the web page), then the folder's
 * {@link ReportIndex}. Immutable.
 *
 * @param csv the CSV text, or null when the run has none
 */
public record RunFiles(String baseName, String markdown, String csv, String json, HtmlPage page) {
    public RunFiles {
        requireNonNull(baseName, "baseName is null");
        requireNonNull(markdown, "markdown is null");
        requireNonNull(json, "json is null");
        requireNonNull(page, "page is null");
    }

    /** Writes the files into {@code dir} (created if missing) and returns their paths, the page last. */
    public List<Path> write(Path dir) throws IOException {
        requireNonNull(dir, "dir is null");
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        written.add(Files.writeString(dir.resolve(baseName + ".md"), markdown, StandardCharsets.UTF_8));
        if (csv != null) {
            written.add(Files.writeString(dir.resolve(baseName + ".csv"), csv, StandardCharsets.UTF_8));
        }
        written.add(Files.writeString(dir.resolve(baseName + ".json"), json, StandardCharsets.UTF_8));
        Path html = dir.resolve(baseName + ".html");
        page.write(html);
        written.add(html);
        ReportIndex.update(dir);
        return List.copyOf(written);
    }
}
