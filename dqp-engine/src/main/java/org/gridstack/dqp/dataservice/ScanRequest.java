package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a caller asks a data service to scan: a table, the columns to return (empty: all, in table
 * order) and filters that must all hold (pushed-down projection and selection), in a codec
 * ({@code binary} or {@code webrowset}; null: the mode's default). With aggregates, the service
 * groups the filtered rows by the {@code columns} and returns those columns followed by the
 * aggregates, one row per group (pushed-down aggregation; no aggregates and no columns is a plain
 * scan of every column). With a {@code join}, the rows are those of the inner join of the filtered
 * table with the join's filtered table, the columns those of this table followed by the join's
 * (pushed-down join; not combined with aggregates). Immutable.
 */
public record ScanRequest(String table, List<String> columns, List<ScanFilter> filters, String codec, List<ScanAggregate> aggregates,
        ScanJoin join) {
    public ScanRequest {
        requireNonNull(table, "table is null");
        columns = columns == null ? List.of() : List.copyOf(columns);
        filters = filters == null ? List.of() : List.copyOf(filters);
        aggregates = aggregates == null ? List.of() : List.copyOf(aggregates);
        if (join != null && !aggregates.isEmpty()) {
            throw new IllegalArgumentException("aggregates over a joined table are not pushed down");
        }
    }

    /** A scan without a join. */
    public ScanRequest(String table, List<String> columns, List<ScanFilter> filters, String codec, List<ScanAggregate> aggregates) {
        this(table, columns, filters, codec, aggregates, null);
    }

    /** A scan without aggregation. */
    public ScanRequest(String table, List<String> columns, List<ScanFilter> filters, String codec) {
        this(table, columns, filters, codec, List.of());
    }

    /** A scan of every row and column of {@code table}. */
    public static ScanRequest all(String table) {
        return new ScanRequest(table, List.of(), List.of(), null);
    }
}
