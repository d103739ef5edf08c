package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A second table a data service joins to the table of a {@link ScanRequest} in its own database
 * (pushed-down inner join): the table, the columns of it to return after the first table's (empty:
 * all, in table order), filters on it that must all hold, and the equality keys: row pairs where
 * every {@code leftKeys[i] = rightKeys[i]} holds (PostgreSQL's {@code =} on the two columns, so a
 * NULL key matches nothing). Immutable.
 */
public record ScanJoin(String table, List<String> columns, List<ScanFilter> filters, List<String> leftKeys, List<String> rightKeys) {
    public ScanJoin {
        requireNonNull(table, "table is null");
        columns = columns == null ? List.of() : List.copyOf(columns);
        filters = filters == null ? List.of() : List.copyOf(filters);
        leftKeys = leftKeys == null ? List.of() : List.copyOf(leftKeys);
        rightKeys = rightKeys == null ? List.of() : List.copyOf(rightKeys);
        if (leftKeys.isEmpty() || leftKeys.size() != rightKeys.size()) {
            throw new IllegalArgumentException("a join needs as many right keys as left keys, at least one; got "
                    + leftKeys + " and " + rightKeys);
        }
    }
}
