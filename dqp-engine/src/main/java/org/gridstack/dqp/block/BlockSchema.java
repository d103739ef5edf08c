package org.gridstack.dqp.block;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;

/**
 * The columns of every row in a stream of blocks, in order. A row is an {@code Object[]} whose
 * i-th element is null or an instance of {@code columns().get(i).type().javaClass()}. Immutable.
 */
@ThreadSafe
// columns is an unmodifiable copy (List.copyOf, below)
public record BlockSchema(@SuppressWarnings("ThreadSafe") List<Column> columns) {
    public BlockSchema {
        requireNonNull(columns, "columns is null");
        columns = List.copyOf(columns);
    }

    public int size() {
        return columns.size();
    }

    public Column column(int index) {
        return columns.get(index);
    }

    /** The column names, in order. */
    public List<String> names() {
        return columns.stream().map(Column::name).toList();
    }
}
