package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

/**
 * One conjunct of a scan's filter: {@code column operator value}. The value is JSON text, number or
 * boolean (null for IS_NULL/IS_NOT_NULL), converted to the column's type by the data service.
 * Immutable.
 */
public record ScanFilter(String column, FilterOperator op, Object value) {
    public ScanFilter {
        requireNonNull(column, "column is null");
        requireNonNull(op, "op is null");
        if (op.takesValue() && value == null) {
            throw new IllegalArgumentException("filter " + column + " " + op.sql() + " needs a value");
        }
    }
}
