package org.gridstack.frontier.db;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Committed changes to one table as the modification tracker saw them: either exactly which rows
 * changed (their old and new images) or "anything in the table may have changed". Immutable.
 *
 * @param table the schema-qualified table
 * @param rows the old and new images of every changed row, column name to value ({@link java.math.BigDecimal},
 *     {@link String}, {@link Boolean}, {@link #NULL} or {@link #UNSUPPORTED}); null when any row may have changed
 * @param columns how each column's values compare (from the catalog); a column missing here compares as "maybe"
 */
@ThreadSafe
public record TableChange(TableName table,
        // an unmodifiable copy (List.copyOf) of row images of immutable values (ChangeNotification's unmodifiable maps)
        @SuppressWarnings("ThreadSafe") List<Map<String, Object>> rows,
        // an unmodifiable copy (Map.copyOf) of enum values
        @SuppressWarnings("ThreadSafe") Map<String, Comparability> columns) {
    /** SQL NULL in a row image. */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "NULL";
        }
    };
    /** A JSON object or array in a row image (composite, array or json column): never compared. */
    public static final Object UNSUPPORTED = new Object() {
        @Override
        public String toString() {
            return "UNSUPPORTED";
        }
    };

    public TableChange {
        Objects.requireNonNull(table, "table is null");
        rows = rows == null ? null : List.copyOf(rows);
        columns = Map.copyOf(Objects.requireNonNull(columns, "columns is null"));
    }

    /** Anything in {@code table} may have changed. */
    public static TableChange wholeTable(TableName table) {
        return new TableChange(table, null, Map.of());
    }

    public boolean wholeTableChanged() {
        return rows == null;
    }
}
