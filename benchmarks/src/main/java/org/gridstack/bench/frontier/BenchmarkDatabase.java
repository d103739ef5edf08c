package org.gridstack.bench.frontier;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Properties;

/**
 * One embedded PostgreSQL for the whole run, loaded as superuser, queried by a login role that can
 * only read (what the servlet's README asks of operators). The servlet and the plain JDBC loop use
 * the same role and database, so they read the same pages from the same buffer cache.
 */
public final class BenchmarkDatabase implements AutoCloseable {
    public static final String DATABASE = "frontier";
    public static final String READER = "frontier_bench_reader";

    private final EmbeddedPostgres postgres;
    private final String readerPassword;

    private BenchmarkDatabase(EmbeddedPostgres postgres, String readerPassword) {
        this.postgres = postgres;
        this.readerPassword = readerPassword;
    }

    public static BenchmarkDatabase start(BenchmarkDataset dataset) throws IOException, SQLException {
        Objects.requireNonNull(dataset, "dataset is null");
        if ("root".equals(System.getProperty("user.name"))) {
            throw new IllegalStateException("PostgreSQL refuses to run as root (initdb: cannot be run as root). Run the benchmark as an"
                    + " unprivileged user: ./gridstack test -Pbench -pl benchmarks -am -DskipTests (see benchmarks/README.md)");
        }
        EmbeddedPostgres pg = EmbeddedPostgres.builder()
                .setServerConfig("max_connections", "100")
                .setServerConfig("fsync", "off")
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("full_page_writes", "off")
                .start();
        try {
            String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
            try (Connection admin = pg.getPostgresDatabase().getConnection(); Statement s = admin.createStatement()) {
                s.execute("CREATE ROLE " + READER + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '" + password + "'");
                s.execute("CREATE DATABASE " + DATABASE + " ENCODING 'UTF8' TEMPLATE template0");
            }
            try (Connection admin = DriverManager.getConnection(pg.getJdbcUrl("postgres", DATABASE))) {
                dataset.load(admin);
                try (Statement s = admin.createStatement()) {
                    s.execute("GRANT USAGE ON SCHEMA public TO " + READER);
                    s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + READER);
                    s.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
                    s.execute("ALTER ROLE " + READER + " SET default_transaction_read_only = on");
                }
            }
            return new BenchmarkDatabase(pg, password);
        } catch (SQLException | RuntimeException e) {
            pg.close();
            throw e;
        }
    }

    /** JDBC URL of the benchmark database, without credentials or driver settings. */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + DATABASE;
    }

    public String readerUser() {
        return READER;
    }

    public String readerPassword() {
        return readerPassword;
    }

    /** A connection as the read-only role, with text results like the servlet's ({@code binaryTransfer=false}). */
    public Connection readerConnection() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", READER);
        p.setProperty("password", readerPassword);
        p.setProperty("binaryTransfer", "false");
        return DriverManager.getConnection(jdbcUrl(), p);
    }

    /** The server version, for the report. */
    public String serverVersion() throws SQLException {
        try (Connection c = readerConnection()) {
            return c.getMetaData().getDatabaseProductVersion();
        }
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }
}
