package org.gridstack.rgma.storage;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.SQLException;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/** Connections from a HikariCP pool; closing this closes the pool. Thread-safe. */
@ThreadSafe
public final class PooledConnections implements ConnectionSource {
    @SuppressWarnings("ThreadSafe") // HikariDataSource is thread-safe (HikariCP's contract)
    private final HikariDataSource pool;

    public PooledConnections(DatabaseLocation location, int size) {
        requireNonNull(location, "location is null");
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(location.jdbcUrl());
        config.setUsername(location.user());
        config.setPassword(location.password());
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(Math.min(2, size));
        config.setPoolName("rgma-producers");
        config.setConnectionTimeout(10_000);
        this.pool = new HikariDataSource(config);
    }

    @Override
    public Connection connection() throws SQLException {
        return pool.getConnection();
    }

    @Override
    public String mode() {
        return "pooled";
    }

    @Override
    public void close() {
        pool.close();
    }
}
