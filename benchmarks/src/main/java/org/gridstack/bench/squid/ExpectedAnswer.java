package org.gridstack.bench.squid;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Collections;

/**
 * What the answer to one query of a {@link Workload} must be: its rows, every column as text
 * (null for SQL NULL), and whether their order is defined (otherwise answers are compared as
 * sorted lists). The benchmark compares every method's first answer with this value by value, and
 * each measured query's row count, characters and (ordered answers) first and last row. Immutable.
 *
 * @param sql the query
 * @param rows the expected rows
 * @param ordered whether the answer's row order is part of what is checked
 */
record ExpectedAnswer(String sql, List<List<String>> rows, boolean ordered) {
    private static final Comparator<List<String>> ROW_ORDER = (a, b) -> String.join("\u0000", nonNull(a)).compareTo(String.join("\u0000", nonNull(b)));

    ExpectedAnswer {
        Objects.requireNonNull(sql, "sql is null");
        rows = rows.stream().map(r -> Collections.unmodifiableList(new ArrayList<>(r))).toList();
        if (!ordered) {
            rows = rows.stream().sorted(ROW_ORDER).toList();
        }
    }

    /** The expected answers of a {@code T_STRING} cut, from the rows computed in Java. */
    static List<ExpectedAnswer> tString(Workload workload, List<String> allRows) {
        List<List<String>> rows = workload.expectedTString(allRows).stream().map(List::of).toList();
        return List.of(new ExpectedAnswer(workload.queries().get(0), rows, workload.ordered()));
    }

    /** PostgreSQL's own answers to {@code queries} (ordered: each has an ORDER BY or returns one row). */
    static List<ExpectedAnswer> fromJdbc(Connection connection, List<String> queries) throws SQLException {
        List<ExpectedAnswer> answers = new ArrayList<>();
        for (String sql : queries) {
            try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                answers.add(new ExpectedAnswer(sql, readRows(rs), true));
            }
        }
        return List.copyOf(answers);
    }

    /** Every row of {@code rs}, every column with getString. */
    static List<List<String>> readRows(ResultSet rs) throws SQLException {
        int columns = rs.getMetaData().getColumnCount();
        List<List<String>> rows = new ArrayList<>();
        while (rs.next()) {
            List<String> row = new ArrayList<>(columns);
            for (int c = 1; c <= columns; c++) {
                row.add(rs.getString(c));
            }
            rows.add(row);
        }
        return rows;
    }

    int rowCount() {
        return rows.size();
    }

    /** Characters of all non-null values. */
    long chars() {
        long n = 0;
        for (List<String> row : rows) {
            for (String v : row) {
                n += v == null ? 0 : v.length();
            }
        }
        return n;
    }

    List<String> first() {
        return rows.get(0);
    }

    List<String> last() {
        return rows.get(rows.size() - 1);
    }

    /** Compares a whole answer value by value; throws naming the first difference. */
    void compare(List<List<String>> got, String how) {
        List<List<String>> g = ordered ? got : got.stream().sorted(ROW_ORDER).toList();
        if (!g.equals(rows)) {
            int at = 0;
            while (at < Math.min(g.size(), rows.size()) && g.get(at).equals(rows.get(at))) {
                at++;
            }
            throw new IllegalStateException("the answer to `" + sql + "` read by " + how + " differs from the expected one: " + got.size()
                    + " rows for " + rows.size() + ", first difference at row " + at + (ordered ? "" : " (both sorted)")
                    + (at < Math.min(g.size(), rows.size()) ? ": " + g.get(at) + " instead of " + rows.get(at) : ""));
        }
    }

    /** Checks one measured answer by its size and, when ordered, its first and last row. */
    void check(int gotRows, long gotChars, List<String> gotFirst, List<String> gotLast, String how) {
        if (gotRows != rowCount() || (gotChars >= 0 && gotChars != chars())) {
            throw new IllegalStateException(how + " read " + gotRows + " rows" + (gotChars >= 0 ? ", " + gotChars + " characters" : "")
                    + " for `" + sql + "`; expected " + rowCount() + (gotChars >= 0 ? " and " + chars() : ""));
        }
        if (ordered && gotRows > 0 && (!first().equals(gotFirst) || !last().equals(gotLast))) {
            throw new IllegalStateException("first or last row of the answer to `" + sql + "` read by " + how + " differs from the expected one");
        }
    }

    private static List<String> nonNull(List<String> row) {
        return row.stream().map(v -> v == null ? "\u0001null" : v).toList();
    }
}
