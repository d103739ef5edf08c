package org.gridstack.bench.kit.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code index.html} of a report folder: one line per report page in it (every {@code *.html}
 * but the index), with its title and when it was written, newest first. Rewritten whole after
 * each run, so it always lists exactly what the folder holds. Stateless.
 */
public final class ReportIndex {
    public static final String INDEX = "index.html";
    private static final Pattern TITLE = Pattern.compile("<title>(.*?)</title>", Pattern.DOTALL);

    private ReportIndex() {
    }

    /** Rewrites {@code dir/index.html} and returns its path. */
    public static Path update(Path dir) throws IOException {
        Objects.requireNonNull(dir, "dir is null");
        Files.createDirectories(dir);
        List<Path> pages;
        try (Stream<Path> files = Files.list(dir)) {
            pages = new ArrayList<>(files.filter(p -> p.getFileName().toString().endsWith(".html"))
                    .filter(p -> !p.getFileName().toString().equals(INDEX)).toList());
        }
        pages.sort((a, b) -> Long.compare(modified(b), modified(a)));
        StringBuilder links = new StringBuilder("<ul class=\"reports\">");
        for (Path p : pages) {
            String name = p.getFileName().toString();
            links.append("<li><a href=\"").append(HtmlPage.escape(name)).append("\">").append(title(p)).append("</a> <span class=\"note\">")
                    .append(Instant.ofEpochMilli(modified(p))).append("</span></li>");
        }
        links.append("</ul>");
        String html = HtmlPage.builder("gridstack benchmark reports").fact("folder", dir.toAbsolutePath()).fact("reports", pages.size())
                .build().html().replace("</body>", links + "\n</body>");
        Path index = dir.resolve(INDEX);
        Files.writeString(index, html, StandardCharsets.UTF_8);
        return index;
    }

    private static String title(Path page) {
        try {
            Matcher m = TITLE.matcher(Files.readString(page, StandardCharsets.UTF_8));
            return m.find() ? m.group(1) : HtmlPage.escape(page.getFileName().toString());
        } catch (IOException e) {
            return HtmlPage.escape(page.getFileName().toString());
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
