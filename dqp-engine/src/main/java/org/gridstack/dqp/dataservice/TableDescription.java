package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;

/**
 * A table a data service offers: its name, the columns the engine carries, the database's row-count
 * estimate, and the columns it does not carry (with their database type names), which are kept so
 * that a query using them is refused by name rather than told they do not exist. Immutable.
 */
@ThreadSafe
// unsupported is an unmodifiable copy (List.copyOf, below)
public record TableDescription(String name, BlockSchema schema, long estimatedRows,
        @SuppressWarnings("ThreadSafe") List<UnsupportedColumn> unsupported) {
    /** A column of a type the engine does not carry. */
    public record UnsupportedColumn(String name, String typeName) {
        public UnsupportedColumn {
            requireNonNull(name, "name is null");
            requireNonNull(typeName, "typeName is null");
        }
    }

    public TableDescription {
        requireNonNull(name, "name is null");
        requireNonNull(schema, "schema is null");
        unsupported = List.copyOf(requireNonNull(unsupported, "unsupported is null"));
    }

    /** A table whose every column the engine carries. */
    public TableDescription(String name, BlockSchema schema, long estimatedRows) {
        this(name, schema, estimatedRows, List.of());
    }
}
