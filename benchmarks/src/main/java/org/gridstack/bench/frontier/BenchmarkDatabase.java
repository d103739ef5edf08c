package org.gridstack.bench.frontier;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Properties;
import org.gridstack.frontier.demo.DemoDatabase;

/**
 * One embedded PostgreSQL for the whole run: the servlet's own {@link DemoDatabase} (loaded as
 * superuser, queried by a login role that can only read, as the servlet's README asks of
 * operators), filled from the benchmark's dataset. The servlet and the plain JDBC loop use the same
 * role and database, so they read the same pages from the same buffer cache.
 */
public final class BenchmarkDatabase implements AutoCloseable {
    private final DemoDatabase database;

    private BenchmarkDatabase(DemoDatabase database) {
        this.database = database;
    }

    public static BenchmarkDatabase start(BenchmarkDataset dataset) throws IOException, SQLException {
        Objects.requireNonNull(dataset, "dataset is null");
        return new BenchmarkDatabase(DemoDatabase.start(dataset::load, dataset.description()));
    }

    /** JDBC URL of the benchmark database, without credentials or driver settings. */
    /** The server's TCP port (to find its processes). */
    public int port() {
        return database.port();
    }

    public String jdbcUrl() {
        return database.jdbcUrl();
    }

    public String readerUser() {
        return database.readerUser();
    }

    public String readerPassword() {
        return database.readerPassword();
    }

    /** A connection as the read-only role, with text results like the servlet's ({@code binaryTransfer=false}). */
    public Connection readerConnection() throws SQLException {
        Properties p = database.readerProperties();
        p.setProperty("binaryTransfer", "false");
        return DriverManager.getConnection(jdbcUrl(), p);
    }

    /** The server version, for the report. */
    public String serverVersion() throws SQLException {
        return database.serverVersion();
    }

    @Override
    public void close() throws IOException {
        database.close();
    }
}
