package org.gridstack.dqp.dataservice;

/**
 * The comparisons a scan filter may push down to a data service; each becomes the SQL operator
 * beside it with the value as a bind parameter. Immutable.
 */
public enum FilterOperator {
    EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">="), LIKE("LIKE"), IS_NULL("IS NULL"), IS_NOT_NULL("IS NOT NULL");

    private final String sql;

    FilterOperator(String sql) {
        this.sql = sql;
    }

    /** The SQL operator. */
    public String sql() {
        return sql;
    }

    /** Whether the operator compares with a value (all but IS_NULL and IS_NOT_NULL). */
    public boolean takesValue() {
        return this != IS_NULL && this != IS_NOT_NULL;
    }
}
