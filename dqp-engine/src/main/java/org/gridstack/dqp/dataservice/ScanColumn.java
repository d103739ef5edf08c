package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;

/**
 * A column of one of the tables of a joined {@link ScanRequest}: the table's position (0 the
 * request's own table, i the table of the request's i-th join) and the column's name. Immutable.
 */
@Immutable
public record ScanColumn(int table, String column) {
    public ScanColumn {
        requireNonNull(column, "column is null");
        if (table < 0) {
            throw new IllegalArgumentException("table position must not be negative, is " + table);
        }
    }
}
