package org.gridstack.rgma.sql;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A checked {@code SELECT} over one virtual table: the table, the output columns (the table's
 * columns, or {@code *} expanded to them plus {@value RgmaSql#TIMESTAMP_COLUMN}), the
 * {@code WHERE} condition rendered for PostgreSQL (null: none; only the table's columns and
 * literals, so it is safe to embed), and the condition's top-level equalities that the registry's
 * mediation uses. Immutable.
 */
public record SelectStatement(TableDefinition table, List<String> columns, String postgresWhere, Equalities equalities,
        String text) {
    public SelectStatement {
        requireNonNull(table, "table is null");
        columns = List.copyOf(columns);
        requireNonNull(equalities, "equalities is null");
        requireNonNull(text, "text is null");
    }
}
