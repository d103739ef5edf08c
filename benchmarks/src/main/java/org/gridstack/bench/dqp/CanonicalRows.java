package org.gridstack.bench.dqp;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows as sorted lines of canonical text, so that answers from JDBC, the data services, the
 * coordinator's JSON and Calcite compare by value whatever their Java types and row order:
 * numbers to 9 significant digits without trailing zeros, NULL as {@code \N}, values separated by
 * U+0001. Immutable.
 */
record CanonicalRows(List<String> lines) {
    CanonicalRows {
        lines = List.copyOf(lines);
    }

    static CanonicalRows of(List<Object[]> rows) {
        List<String> lines = new ArrayList<>(rows.size());
        StringBuilder b = new StringBuilder();
        for (Object[] row : rows) {
            b.setLength(0);
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    b.append('\u0001');
                }
                b.append(value(row[i]));
            }
            lines.add(b.toString());
        }
        lines.sort(null);
        return new CanonicalRows(lines);
    }

    private static String value(Object v) {
        if (v == null) {
            return "\\N";
        }
        if (v instanceof Number n) {
            BigDecimal d = (n instanceof BigDecimal bd ? bd : new BigDecimal(n.toString())).round(new MathContext(9)).stripTrailingZeros();
            return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
        }
        return v.toString();
    }

    int size() {
        return lines.size();
    }

    /** The first line where the two differ, for an error message, or null when they are equal. */
    String firstDifference(CanonicalRows other) {
        int n = Math.min(lines.size(), other.lines.size());
        for (int i = 0; i < n; i++) {
            if (!lines.get(i).equals(other.lines.get(i))) {
                return "line " + i + ": " + lines.get(i).replace('\u0001', '|') + " vs " + other.lines.get(i).replace('\u0001', '|');
            }
        }
        return lines.size() == other.lines.size() ? null : "row counts " + lines.size() + " vs " + other.lines.size();
    }
}
