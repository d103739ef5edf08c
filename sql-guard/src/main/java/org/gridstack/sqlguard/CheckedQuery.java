package org.gridstack.sqlguard;

import java.util.List;
import java.util.Objects;

/**
 * A query accepted by {@link ReadOnlyGuard}. Immutable.
 *
 * @param sql            the original text with one optional trailing {@code ;} and any trailing whitespace
 *                       and comments removed, so a caller can wrap it (a trailing {@code --} comment would
 *                       otherwise swallow whatever is appended)
 * @param tables         relations the query names in FROM/JOIN/TABLE, distinct, in order of first appearance;
 *                       names defined by WITH are not included; views are not expanded
 * @param tablesComplete true only when the guard understood every place a relation could be read from, so
 *                       {@code tables} is every relation the query text reads; false means it may read others
 *                       (a function in FROM, an unknown function anywhere, a database link, syntax the guard
 *                       does not follow). Treat false as "depends on anything" for caching.
 */
public record CheckedQuery(String sql, List<TableReference> tables, boolean tablesComplete) {

    public CheckedQuery {
        Objects.requireNonNull(sql, "sql is null");
        tables = List.copyOf(Objects.requireNonNull(tables, "tables is null"));
    }
}
