package org.gridstack.bench.dqp;

import java.util.List;

/**
 * One way of getting a query's whole answer as rows of Java values (String, Integer, Long, Double,
 * BigDecimal, Boolean or null), read to the end: one {@link AccessMode} for one {@link SeedQuery}.
 * Holds its connection between fetches. Not thread-safe: one caller.
 */
interface RowSource extends AutoCloseable {
    /** Runs the query and returns every row. */
    List<Object[]> fetch() throws Exception;

    @Override
    default void close() throws Exception {
    }
}
