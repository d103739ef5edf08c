package org.gridstack.bench.kit.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.gridstack.bench.kit.RunScale;
import java.util.Collections;

/**
 * One static report page: a title, a table of facts (configuration, machine, run window), then
 * sections of text, charts and tables, and links to the raw data beside it. Everything is inline
 * (CSS, SVG charts), so the page renders offline, from a file, without scripts. Text is HTML-escaped.
 * Built with {@link #builder}; immutable once built.
 */
public final class HtmlPage {
    private static final String STYLE = """
            body{font-family:'DejaVu Sans',Arial,sans-serif;margin:2em auto;max-width:1400px;color:#222;padding:0 1em}
            h1{font-size:1.6em}h2{font-size:1.25em;margin-top:2em;border-bottom:1px solid #ccc}
            table{border-collapse:collapse;margin:1em 0;font-size:.9em}
            th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right}th{background:#f3f3f3}
            td:first-child,th:first-child{text-align:left}
            table.facts td{text-align:left}
            .charts{display:flex;flex-wrap:wrap;gap:1em}.chart{border:1px solid #eee}
            .note{color:#555;font-size:.9em}
            .scale{background:#fff4ce;border:1px solid #e0c060;padding:.5em .8em}
            td.better{background:#d8f0d8}td.worse{background:#f8d8d8}td.neutral{background:#eeeeee}td.better,td.worse,td.neutral{text-align:left}
            """;

    private final String title;
    private final Map<String, String> facts;
    private final List<String> body;
    private final List<String[]> links;
    private final boolean tooSmallToJudge;

    private HtmlPage(Builder b) {
        this.tooSmallToJudge = !RunScale.judges();
        this.title = b.title;
        this.facts = Collections.unmodifiableMap(new LinkedHashMap<>(b.facts));
        this.body = List.copyOf(b.body);
        this.links = List.copyOf(b.links);
    }

    public static Builder builder(String title) {
        return new Builder(title);
    }

    /** Collects the page's parts in order. Not thread-safe. */
    public static final class Builder {
        private final String title;
        private final Map<String, String> facts = new LinkedHashMap<>();
        private final List<String> body = new ArrayList<>();
        private final List<String[]> links = new ArrayList<>();

        private Builder(String title) {
            this.title = Objects.requireNonNull(title, "title is null");
        }

        /** A line of the facts table at the top (a repeated name replaces the value). */
        public Builder fact(String name, Object value) {
            Objects.requireNonNull(name, "name is null");
            facts.put(name, String.valueOf(value));
            return this;
        }

        public Builder heading(String text) {
            body.add("<h2>" + escape(text) + "</h2>");
            return this;
        }

        public Builder paragraph(String text) {
            body.add("<p>" + escape(text) + "</p>");
            return this;
        }

        public Builder note(String text) {
            body.add("<p class=\"note\">" + escape(text) + "</p>");
            return this;
        }

        /** Charts side by side, each drawn as inline SVG. */
        public Builder charts(List<SvgChart> charts) {
            StringBuilder b = new StringBuilder("<div class=\"charts\">");
            for (SvgChart c : charts) {
                b.append("<figure class=\"chart\" data-chart=\"").append(escape(c.title())).append("\" data-kind=\"").append(c.isBarChart() ? "bars" : "lines").append("\">")
                        .append(c.toSvg()).append("</figure>");
            }
            body.add(b.append("</div>").toString());
            return this;
        }

        /** A table; every row must have as many cells as there are headers. */
        public Builder table(String caption, List<String> headers, List<List<String>> rows) {
            return linkedTable(caption, headers, List.copyOf(rows));
        }

        /**
         * A table whose cells are text or {@link Link}s (drawn as links, several in one cell when
         * the cell is a list of them); every row must have as many cells as there are headers.
         */
        public Builder linkedTable(String caption, List<String> headers, List<? extends List<?>> rows) {
            StringBuilder b = new StringBuilder("<table><caption>").append(escape(caption)).append("</caption><tr>");
            headers.forEach(h -> b.append("<th>").append(escape(h)).append("</th>"));
            b.append("</tr>");
            for (List<?> row : rows) {
                if (row.size() != headers.size()) {
                    throw new IllegalArgumentException("table '" + caption + "': a row has " + row.size() + " cells for "
                            + headers.size() + " headers");
                }
                b.append("<tr>");
                row.forEach(c -> b.append(c instanceof Marked m ? "<td class=\"" + m.mark().css + "\">" : "<td>").append(cell(c)).append("</td>"));
                b.append("</tr>");
            }
            body.add(b.append("</table>").toString());
            return this;
        }

        private static String cell(Object value) {
            if (value instanceof Link l) {
                return "<a href=\"" + escape(l.href()) + "\">" + escape(l.label()) + "</a>";
            }
            if (value instanceof Marked m) {
                return escape(m.text());
            }
            if (value instanceof List<?> list) {
                StringBuilder b = new StringBuilder();
                for (Object o : list) {
                    b.append(b.length() == 0 ? "" : " ").append(cell(o));
                }
                return b.toString();
            }
            return escape(String.valueOf(value));
        }

        /** A link to a file beside the page (raw data), by its relative name. */
        public Builder link(String label, String relativeHref) {
            links.add(new String[] {Objects.requireNonNull(label, "label is null"), Objects.requireNonNull(relativeHref, "relativeHref is null")});
            return this;
        }

        public HtmlPage build() {
            return new HtmlPage(this);
        }
    }

    /** A link in a table cell: its text and a relative address. */
    public record Link(String label, String href) {
        public Link {
            Objects.requireNonNull(label, "label is null");
            Objects.requireNonNull(href, "href is null");
        }
    }

    /** A table cell's text with a background (the whole cell's) that says whether ours did better or worse than the reference. */
    public record Marked(String text, Mark mark) {
        public Marked {
            Objects.requireNonNull(text, "text is null");
            Objects.requireNonNull(mark, "mark is null");
        }
    }

    /** How a {@link Marked} cell is coloured: green, red, or grey (not judged). */
    public enum Mark {
        BETTER("better"), WORSE("worse"), NEUTRAL("neutral");

        private final String css;

        Mark(String css) {
            this.css = css;
        }
    }

    /** The whole page; on a tiny run ({@link RunScale}) the facts are followed by a note that its numbers are not comparable. */
    public String html() {
        StringBuilder b = new StringBuilder(64 * 1024);
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(escape(title))
                .append("</title><style>").append(STYLE).append("</style></head><body>\n<h1>").append(escape(title)).append("</h1>\n");
        if (!facts.isEmpty()) {
            b.append("<table class=\"facts\">");
            for (Map.Entry<String, String> f : facts.entrySet()) {
                b.append("<tr><th>").append(escape(f.getKey())).append("</th><td>").append(escape(f.getValue())).append("</td></tr>");
            }
            b.append("</table>\n");
        }
        if (tooSmallToJudge) {
            b.append("<p class=\"scale\">").append(escape(RunScale.TOO_SMALL)).append("</p>\n");
        }
        body.forEach(part -> b.append(part).append('\n'));
        if (!links.isEmpty()) {
            b.append("<h2>Raw data</h2><ul>");
            for (String[] l : links) {
                b.append("<li><a href=\"").append(escape(l[1])).append("\">").append(escape(l[0])).append("</a></li>");
            }
            b.append("</ul>\n");
        }
        return b.append("</body></html>\n").toString();
    }

    /** Writes the page to {@code file}, creating its folder. */
    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, html(), StandardCharsets.UTF_8);
    }

    /** Text made safe for HTML content and attribute values. */
    public static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
