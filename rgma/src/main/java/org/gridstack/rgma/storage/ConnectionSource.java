package org.gridstack.rgma.storage;

import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where a producer service gets the database connection for one producer's query: from a pool
 * ({@link PooledConnections}, the default) or a new one per producer per query
 * ({@link PerQueryConnections}, what the seed measured R-GMA 3.4 doing). Thread-safe.
 */
@ThreadSafe
public interface ConnectionSource extends AutoCloseable {
    /** A connection the caller closes (returning it to the pool, or closing it for good). */
    Connection connection() throws SQLException;

    /** The mode's name, as configured ({@code pooled}, {@code per-query}). */
    String mode();

    @Override
    void close();
}
