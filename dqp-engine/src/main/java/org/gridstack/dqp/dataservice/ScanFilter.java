package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;

/**
 * One conjunct of a scan's filter: {@code column operator value}. The value is JSON text, number or
 * boolean (null for IS_NULL/IS_NOT_NULL), converted to the column's type by the data service.
 * Immutable.
 */
@ThreadSafe
// value is a JSON scalar (String, a Number or Boolean), all immutable
public record ScanFilter(String column, FilterOperator op, @SuppressWarnings("ThreadSafe") Object value) {
    public ScanFilter {
        requireNonNull(column, "column is null");
        requireNonNull(op, "op is null");
        if (op.takesValue() && value == null) {
            throw new IllegalArgumentException("filter " + column + " " + op.sql() + " needs a value");
        }
    }
}
