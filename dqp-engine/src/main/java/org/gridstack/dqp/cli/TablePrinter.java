package org.gridstack.dqp.cli;

import static java.util.Objects.requireNonNull;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints rows as a text table in the style of {@code psql}: a header, a rule, one line per row
 * (numbers right-aligned, NULL as an empty cell, line breaks in values shown as {@code \n}), and the
 * row count. Holds the rows it was given until {@link #print}; not thread-safe.
 */
final class TablePrinter {
    private final List<String> names;
    private final boolean[] numeric;
    private final List<String[]> rows = new ArrayList<>();

    /** A table of columns {@code names}; {@code numeric[i]}: column i is right-aligned. */
    TablePrinter(List<String> names, boolean[] numeric) {
        this.names = List.copyOf(requireNonNull(names, "names is null"));
        this.numeric = requireNonNull(numeric, "numeric is null").clone();
        if (numeric.length != names.size()) {
            throw new IllegalArgumentException(names.size() + " names but " + numeric.length + " alignments");
        }
    }

    /** Adds a row of values (null: NULL). */
    void add(List<String> values) {
        if (values.size() != names.size()) {
            throw new IllegalArgumentException("a row of " + values.size() + " values for " + names.size() + " columns");
        }
        String[] cells = new String[values.size()];
        for (int i = 0; i < cells.length; i++) {
            String v = values.get(i);
            cells[i] = v == null ? "" : v.replace("\r", "\\r").replace("\n", "\\n");
        }
        rows.add(cells);
    }

    /** Rows held so far. */
    int rowCount() {
        return rows.size();
    }

    /** Prints the table; {@code more} rows were left out (0: none), which the count line says. */
    void print(PrintWriter out, long more) {
        int[] widths = new int[names.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = names.get(i).length();
            for (String[] row : rows) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < widths.length; i++) {
            line.append(i == 0 ? " " : " | ").append(centre(names.get(i), widths[i]));
        }
        out.println(line.toString().stripTrailing());
        line.setLength(0);
        for (int i = 0; i < widths.length; i++) {
            line.append(i == 0 ? "" : "+").append("-".repeat(widths[i] + 2));
        }
        out.println(line);
        for (String[] row : rows) {
            line.setLength(0);
            for (int i = 0; i < widths.length; i++) {
                String cell = numeric[i] ? " ".repeat(widths[i] - row[i].length()) + row[i]
                        : row[i] + " ".repeat(widths[i] - row[i].length());
                line.append(i == 0 ? " " : " | ").append(cell);
            }
            out.println(line.toString().stripTrailing());
        }
        long total = rows.size() + more;
        out.println("(" + total + (total == 1 ? " row" : " rows") + (more > 0 ? ", the first " + rows.size() + " shown" : "") + ")");
        out.flush();
    }

    private static String centre(String s, int width) {
        int left = (width - s.length()) / 2;
        return " ".repeat(left) + s + " ".repeat(width - s.length() - left);
    }
}
