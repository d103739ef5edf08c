package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.util.Locale;
import java.util.Set;

/**
 * An aggregate a data service computes in its database (pushed-down aggregation): a function
 * (COUNT, SUM, MIN, MAX, AVG), its column (null for COUNT(*)), whether it aggregates distinct
 * values only, and for a joined request the position of the column's table (0 the request's own
 * table, i the table of its i-th join; see {@link ScanColumn}). Immutable.
 */
@Immutable
public record ScanAggregate(String function, String column, boolean distinct, int table) {
    private static final Set<String> FUNCTIONS = Set.of("COUNT", "SUM", "MIN", "MAX", "AVG");

    public ScanAggregate {
        requireNonNull(function, "function is null");
        function = function.toUpperCase(Locale.ROOT);
        if (!FUNCTIONS.contains(function)) {
            throw new IllegalArgumentException("aggregate function " + function + " is not one of " + FUNCTIONS);
        }
        if (column == null && !function.equals("COUNT")) {
            throw new IllegalArgumentException(function + " needs a column");
        }
        if (column == null && distinct) {
            throw new IllegalArgumentException("COUNT(DISTINCT *) is not SQL");
        }
        if (table < 0) {
            throw new IllegalArgumentException("table position must not be negative, is " + table);
        }
    }

    /** An aggregate of a column of the request's own table. */
    public ScanAggregate(String function, String column, boolean distinct) {
        this(function, column, distinct, 0);
    }
}
