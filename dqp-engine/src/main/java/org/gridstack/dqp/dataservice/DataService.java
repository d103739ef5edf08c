package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.SQLException;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * One data service's core, without HTTP: a connection pool on the wrapped database, its
 * {@link TableCatalog} and its open {@link ScanSessions}. Opens cursors for checked scan
 * requests. Closing closes every session and the pool. Thread-safe.
 */
@ThreadSafe
public final class DataService implements AutoCloseable {
    private final DataServiceSettings settings;
    @SuppressWarnings("ThreadSafe") // HikariDataSource is thread-safe (HikariCP's contract)
    private final HikariDataSource pool;
    private final TableCatalog catalog;
    private final ScanSessions sessions;

    private DataService(DataServiceSettings settings, HikariDataSource pool, TableCatalog catalog) {
        this.settings = settings;
        this.pool = pool;
        this.catalog = catalog;
        this.sessions = new ScanSessions(settings.maxSessions(), settings.sessionIdleTimeout());
    }

    /** Connects to the database and reads its catalog. */
    public static DataService open(DataServiceSettings settings) throws SQLException {
        requireNonNull(settings, "settings is null");
        HikariConfig config = new HikariConfig();
        config.setPoolName("dqp-" + settings.name());
        config.setJdbcUrl(settings.jdbcUrl());
        config.setUsername(settings.user());
        config.setPassword(settings.password());
        // synchronous scans as well as sessions hold a connection each
        config.setMaximumPoolSize(settings.maxSessions() + 8);
        config.setMinimumIdle(1);
        config.setReadOnly(true);
        config.setConnectionTimeout(10_000);
        HikariDataSource pool = new HikariDataSource(config);
        try (Connection c = pool.getConnection()) {
            return new DataService(settings, pool, TableCatalog.read(c));
        } catch (SQLException | RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    public DataServiceSettings settings() {
        return settings;
    }

    public TableCatalog catalog() {
        return catalog;
    }

    public ScanSessions sessions() {
        return sessions;
    }

    /**
     * Checks {@code request} and opens a cursor over it.
     *
     * @throws IllegalArgumentException for unknown tables or columns, or values that do not fit
     */
    public ScanCursor openCursor(ScanRequest request) throws SQLException {
        ScanStatement statement = ScanStatement.of(request, catalog);
        return ScanCursor.open(statement, pool, settings.fetchSize(), (int) settings.queryTimeout().toSeconds());
    }

    /** Connections currently lent out by the pool (for tests that check nothing leaks). */
    public int activeConnections() {
        return pool.getHikariPoolMXBean() == null ? 0 : pool.getHikariPoolMXBean().getActiveConnections();
    }

    @Override
    public void close() {
        sessions.close();
        pool.close();
    }
}
