package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;

/**
 * What a caller asks a data service to scan: a table, the columns to return (empty: all, in table
 * order) and filters that must all hold (pushed-down projection and selection), in a codec
 * ({@code binary} or {@code webrowset}; null: the mode's default). With aggregates, the service
 * groups the filtered rows by the {@code columns} and returns those columns followed by the
 * aggregates, one row per group (pushed-down aggregation; no aggregates and no columns is a plain
 * scan of every column). With {@code joins}, the rows are those of the filtered table joined with
 * each join's filtered table in turn ({@link ScanJoin}), and the columns exactly those each table
 * lists (none when its list is empty), this table's first, then each join's (pushed-down join);
 * with aggregates too, the joined rows are grouped by those columns, returned followed by the
 * aggregates. Immutable.
 */
@ThreadSafe
// the lists are unmodifiable copies (List.copyOf, below)
public record ScanRequest(String table, @SuppressWarnings("ThreadSafe") List<String> columns,
        @SuppressWarnings("ThreadSafe") List<ScanFilter> filters, String codec, @SuppressWarnings("ThreadSafe") List<ScanAggregate> aggregates,
        @SuppressWarnings("ThreadSafe") List<ScanJoin> joins) {
    public ScanRequest {
        requireNonNull(table, "table is null");
        columns = columns == null ? List.of() : List.copyOf(columns);
        filters = filters == null ? List.of() : List.copyOf(filters);
        aggregates = aggregates == null ? List.of() : List.copyOf(aggregates);
        joins = joins == null ? List.of() : List.copyOf(joins);
    }

    /** A scan without a join. */
    public ScanRequest(String table, List<String> columns, List<ScanFilter> filters, String codec, List<ScanAggregate> aggregates) {
        this(table, columns, filters, codec, aggregates, List.of());
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
