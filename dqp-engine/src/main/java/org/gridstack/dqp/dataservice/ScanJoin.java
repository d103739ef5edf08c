package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;

/**
 * A further table a data service joins, in its own database, to the rows of a {@link ScanRequest}'s
 * table and of the joins before this one (pushed-down join): the table, the columns of it to return
 * after the earlier tables' ones, filters on it that must all hold (applied to the table before it
 * is joined, so an outer join keeps them below the join), the join's type and its equality keys:
 * {@code leftKeys[i] = rightKeys[i]} for every i, where a left key is a column of an earlier table
 * and a right key a column of this one (PostgreSQL's {@code =} on the two columns, so a NULL key
 * matches nothing). Only an inner join may have no keys (every pair of rows, narrowed by the keys
 * of later joins). The tables are joined in order, each join's left input being all tables before
 * it. With {@code distinctOn} (empty: all rows), the joined rows are the table's distinct filtered
 * rows over those columns (an {@code IN} sub-query), and its columns and keys must be among them.
 * Immutable.
 */
@ThreadSafe
// the lists are unmodifiable copies (List.copyOf, below)
public record ScanJoin(String table, @SuppressWarnings("ThreadSafe") List<String> columns,
        @SuppressWarnings("ThreadSafe") List<ScanFilter> filters, Type type, @SuppressWarnings("ThreadSafe") List<ScanColumn> leftKeys,
        @SuppressWarnings("ThreadSafe") List<String> rightKeys, @SuppressWarnings("ThreadSafe") List<String> distinctOn) {
    /** The kind of join: which unmatched rows are kept (NULL-extended). */
    public enum Type {
        /** matching pairs only */
        INNER,
        /** matching pairs and the unmatched rows of the earlier tables */
        LEFT,
        /** matching pairs and the unmatched rows of this table */
        RIGHT,
        /** matching pairs and the unmatched rows of both sides */
        FULL
    }

    public ScanJoin {
        requireNonNull(table, "table is null");
        columns = columns == null ? List.of() : List.copyOf(columns);
        filters = filters == null ? List.of() : List.copyOf(filters);
        type = type == null ? Type.INNER : type;
        leftKeys = leftKeys == null ? List.of() : List.copyOf(leftKeys);
        rightKeys = rightKeys == null ? List.of() : List.copyOf(rightKeys);
        distinctOn = distinctOn == null ? List.of() : List.copyOf(distinctOn);
        if (leftKeys.size() != rightKeys.size() || (leftKeys.isEmpty() && type != Type.INNER)) {
            throw new IllegalArgumentException("a join needs as many right keys as left keys" + (type == Type.INNER ? "" : ", at least one for a "
                    + type + " join") + "; got " + leftKeys + " and " + rightKeys);
        }
        if (!distinctOn.isEmpty() && (!distinctOn.containsAll(columns) || !distinctOn.containsAll(rightKeys))) {
            throw new IllegalArgumentException("the columns " + columns + " and keys " + rightKeys + " of distinct rows must be among "
                    + distinctOn);
        }
    }

    /** A join of every filtered row of {@code table}. */
    public ScanJoin(String table, List<String> columns, List<ScanFilter> filters, Type type, List<ScanColumn> leftKeys,
            List<String> rightKeys) {
        this(table, columns, filters, type, leftKeys, rightKeys, List.of());
    }

    /** An inner join keyed on columns of the request's own table ({@code leftKeys}) and of this table. */
    public ScanJoin(String table, List<String> columns, List<ScanFilter> filters, List<String> leftKeys, List<String> rightKeys) {
        this(table, columns, filters, Type.INNER, leftKeys == null ? null : leftKeys.stream().map(k -> new ScanColumn(0, k)).toList(),
                rightKeys);
    }
}
