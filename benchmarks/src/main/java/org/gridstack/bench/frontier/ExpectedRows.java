package org.gridstack.bench.frontier;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The query's answer as plain JDBC gives it (every column read with {@code getString}, as the
 * servlet reads it): the truth servlet answers are checked against, and the per-query totals the
 * JDBC loop checks itself against. Immutable.
 */
final class ExpectedRows {
    private final List<List<String>> rows;
    private final int columns;
    private final long valueChars;

    private ExpectedRows(List<List<String>> rows, int columns, long valueChars) {
        this.rows = rows;
        this.columns = columns;
        this.valueChars = valueChars;
    }

    /** Rows known in advance (tests). */
    static ExpectedRows of(List<List<String>> rows) {
        int columns = rows.isEmpty() ? 0 : rows.get(0).size();
        long chars = rows.stream().flatMap(List::stream).mapToLong(v -> v == null ? 0 : v.length()).sum();
        return new ExpectedRows(rows.stream().map(r -> Collections.unmodifiableList(new ArrayList<>(r))).toList(), columns, chars);
    }

    static ExpectedRows fetch(Connection connection, String query) throws SQLException {
        Objects.requireNonNull(connection, "connection is null");
        Objects.requireNonNull(query, "query is null");
        List<List<String>> rows = new ArrayList<>();
        long chars = 0;
        int columns;
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(query)) {
            columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>(columns);
                for (int i = 1; i <= columns; i++) {
                    String v = rs.getString(i);
                    chars += v == null ? 0 : v.length();
                    row.add(v);
                }
                rows.add(Collections.unmodifiableList(row));
            }
        }
        return new ExpectedRows(List.copyOf(rows), columns, chars);
    }

    List<List<String>> rows() {
        return rows;
    }

    int columns() {
        return columns;
    }

    long rowCount() {
        return rows.size();
    }

    /** Characters of all non-NULL values (bytes for ASCII data). */
    long valueChars() {
        return valueChars;
    }
}
