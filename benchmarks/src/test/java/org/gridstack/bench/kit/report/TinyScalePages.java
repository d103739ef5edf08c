package org.gridstack.bench.kit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.gridstack.bench.kit.RunScale;

/**
 * The check every experiment's test makes on the files its tiny run wrote: each page says the
 * scale is too small to judge, and no page or Markdown summary carries a verdict word ("met",
 * "missed", "beats"), nor does the raw data: every {@code "verdict"} in its JSON says it is not
 * judged, and no {@code "met"} flag is left. The build's tests run at tiny scale ({@link RunScale#PROPERTY} is set by the
 * module's Surefire configuration).
 */
public final class TinyScalePages {
    /** A verdict: these words must not appear on a tiny run's pages. */
    public static final Pattern VERDICT = Pattern.compile("\\b(met|missed|beats)\\b", Pattern.CASE_INSENSITIVE);

    private TinyScalePages() {
    }

    /** A verdict in JSON raw data: a "verdict" that does not say tiny scale, or a "met" flag. */
    static final Pattern JSON_VERDICT = Pattern.compile("\"verdict\"\\s*:\\s*\"(?![^\"]*tiny scale)[^\"]*\"|\"met\"\\s*:\\s*(true|false)");

    /** Fails when a page, summary or JSON file in {@code dir} judges a target, or a page does not say it is a tiny run. */
    public static void assertNoVerdicts(Path dir) throws IOException {
        assertEquals("tiny", RunScale.current().orElse("(not set)"), "the build's tests run at tiny scale");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".html") || p.toString().endsWith(".md") || p.toString().endsWith(".json"))
                    .sorted().toList()) {
                String text = Files.readString(f);
                if (f.toString().endsWith(".json")) {
                    Matcher j = JSON_VERDICT.matcher(text);
                    while (j.find()) {
                        found.add(f.getFileName() + ": " + j.group());
                    }
                    continue;
                }
                if (f.toString().endsWith(".html") && !f.getFileName().toString().equals(ReportIndex.INDEX)) {
                    assertTrue(text.contains(HtmlPage.escape(RunScale.TOO_SMALL)), f + " does not say the scale is too small to judge");
                    text = text.replaceAll("<svg.*?</svg>", ""); // chart drawings are not words
                }
                Matcher m = VERDICT.matcher(text);
                while (m.find()) {
                    found.add(f.getFileName() + ": ..." + text.substring(Math.max(0, m.start() - 60), Math.min(text.length(), m.end() + 20)) + "...");
                }
            }
        }
        assertEquals(List.of(), found, "verdicts on a tiny run's files");
    }
}
