package org.gridstack.dqp.block;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;

/**
 * One column of a block schema: its name (as the data source spells it, lower case for
 * PostgreSQL), its type and whether it may hold NULL. Immutable.
 */
@Immutable
public record Column(String name, ColumnType type, boolean nullable) {
    public Column {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("column name is blank");
        }
    }
}
