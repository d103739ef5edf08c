package org.gridstack.bench.kit.report;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A table of text written as Markdown ({@code | a | b |} with its separator line) or as CSV
 * (RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; lines end with
 * {@code \n}), for the {@code .md} and {@code .csv} files every benchmark writes beside its page.
 * Markdown columns are left-aligned unless {@link #alignRight} or {@link #alignCenter} names them. Cells are written with
 * {@link String#valueOf}; Markdown cells are written as given (they may hold {@code **bold**}).
 * Not thread-safe.
 */
public final class TextTable {
    /** A Markdown column's alignment and its separator cell. */
    private enum Align {
        LEFT("---|"), RIGHT("---:|"), CENTER(":---:|");

        private final String separator;

        Align(String separator) {
            this.separator = separator;
        }
    }

    private final List<String> headers;
    private final Align[] align;
    private final List<List<String>> rows = new ArrayList<>();

    private TextTable(List<String> headers) {
        if (headers.isEmpty()) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        this.headers = List.copyOf(headers);
        this.align = new Align[headers.size()];
        Arrays.fill(align, Align.LEFT);
    }

    public static TextTable of(String... headers) {
        return new TextTable(Arrays.asList(headers));
    }

    public static TextTable of(List<String> headers) {
        return new TextTable(requireNonNull(headers, "headers is null"));
    }

    /** Right-aligns the given columns (0-based) in Markdown ({@code ---:}); CSV is unaffected. */
    public TextTable alignRight(int... columns) {
        return align(Align.RIGHT, columns);
    }

    /** Centres the given columns (0-based) in Markdown ({@code :---:}); CSV is unaffected. */
    public TextTable alignCenter(int... columns) {
        return align(Align.CENTER, columns);
    }

    /** Right-aligns every column from {@code first} (0-based) to the last. */
    public TextTable alignRightFrom(int first) {
        if (first < 0 || first > align.length) {
            throw new IllegalArgumentException("column " + first + " is not one of the table's " + align.length);
        }
        for (int c = first; c < align.length; c++) {
            align(Align.RIGHT, c);
        }
        return this;
    }

    private TextTable align(Align how, int... columns) {
        for (int c : columns) {
            if (c < 0 || c >= align.length) {
                throw new IllegalArgumentException("column " + c + " is not one of the table's " + align.length);
            }
            align[c] = how;
        }
        return this;
    }

    /** Adds a row; it must have one cell per header. */
    public TextTable row(Object... cells) {
        return row(Arrays.asList(cells));
    }

    /** Adds a row; it must have one cell per header. */
    public TextTable row(List<?> cells) {
        requireNonNull(cells, "cells is null");
        if (cells.size() != headers.size()) {
            throw new IllegalArgumentException("a row has " + cells.size() + " cells for " + headers.size() + " headers " + headers);
        }
        rows.add(cells.stream().map(String::valueOf).toList());
        return this;
    }

    /** The table in Markdown, one line per row, each ending with a line break. */
    public String markdown() {
        StringBuilder b = new StringBuilder();
        markdownLine(b, headers);
        b.append('|');
        for (Align a : align) {
            b.append(a.separator);
        }
        b.append('\n');
        rows.forEach(row -> markdownLine(b, row));
        return b.toString();
    }

    /** The table in CSV: the header line, then one line per row. */
    public String csv() {
        StringBuilder b = new StringBuilder();
        csvLine(b, headers);
        rows.forEach(row -> csvLine(b, row));
        return b.toString();
    }

    private static void markdownLine(StringBuilder b, List<String> cells) {
        b.append('|');
        for (String c : cells) {
            b.append(' ').append(c.replace("|", "\\|").replace('\n', ' ')).append(" |");
        }
        b.append('\n');
    }

    private static void csvLine(StringBuilder b, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            b.append(i == 0 ? "" : ",").append(csvField(cells.get(i)));
        }
        b.append('\n');
    }

    /** One CSV field, quoted when it must be. */
    public static String csvField(String value) {
        boolean quote = value.indexOf(',') >= 0 || value.indexOf('"') >= 0 || value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0;
        return quote ? '"' + value.replace("\"", "\"\"") + '"' : value;
    }
}
