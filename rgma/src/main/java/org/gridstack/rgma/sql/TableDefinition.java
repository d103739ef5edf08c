package org.gridstack.rgma.sql;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;
import java.util.Optional;

/**
 * A virtual table of the schema: its lower-case name, columns in declared order and primary key
 * (the key of "latest" queries), and the {@code CREATE TABLE} text it was declared with.
 * Immutable and thread-safe.
 */
@ThreadSafe
// columns and primaryKey are unmodifiable copies (List.copyOf, below)
public record TableDefinition(String name, @SuppressWarnings("ThreadSafe") List<ColumnDefinition> columns,
        @SuppressWarnings("ThreadSafe") List<String> primaryKey, String createSql) {
    public TableDefinition {
        requireNonNull(name, "name is null");
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
        requireNonNull(createSql, "createSql is null");
    }

    /** The column called {@code name} (lower case), if any. */
    public Optional<ColumnDefinition> column(String name) {
        return columns.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** The column names in declared order. */
    public List<String> columnNames() {
        return columns.stream().map(ColumnDefinition::name).toList();
    }
}
