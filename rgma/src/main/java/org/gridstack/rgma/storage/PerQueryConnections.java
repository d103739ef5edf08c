package org.gridstack.rgma.storage;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * A new database connection for every producer of every query, closed afterwards: R-GMA 3.4's
 * ProducerServlet as the seed measured it, kept so the benchmark can show what it cost. Thread-safe.
 */
@ThreadSafe
public final class PerQueryConnections implements ConnectionSource {
    private final DatabaseLocation location;

    public PerQueryConnections(DatabaseLocation location) {
        this.location = requireNonNull(location, "location is null");
    }

    @Override
    public Connection connection() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", location.user());
        p.setProperty("password", location.password());
        return DriverManager.getConnection(location.jdbcUrl(), p);
    }

    @Override
    public String mode() {
        return "per-query";
    }

    @Override
    public void close() {
    }
}
