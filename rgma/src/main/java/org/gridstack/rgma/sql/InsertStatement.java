package org.gridstack.rgma.sql;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A checked {@code INSERT}: the table, and each row as JDBC values in the table's declared column
 * order (columns the statement did not name are null). Immutable once built.
 */
public record InsertStatement(TableDefinition table, List<List<Object>> rows) {
    public InsertStatement {
        requireNonNull(table, "table is null");
        rows = List.copyOf(rows);
    }
}
