package org.gridstack.frontier.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import org.gridstack.frontier.db.PostgresModificationTracker;
import org.gridstack.embedded.PasswordProtectedPostgres;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An embedded PostgreSQL (real binaries from Maven Central) loaded from a SQL file, for the demo
 * and for tests. It practises what the README asks of operators: the file is loaded by an
 * administrative connection, modification tracking is installed on every table it created, and
 * queries then run as a separate role ({@value #READER}) that can only read. Nobody is trusted:
 * the superuser and the reader have passwords generated for this run ({@link PasswordProtectedPostgres}).
 */
public final class DemoDatabase implements AutoCloseable {
    public static final String DATABASE = "frontier";
    public static final String READER = "frontier_reader";
    private static final Logger log = LoggerFactory.getLogger(DemoDatabase.class);

    private final PasswordProtectedPostgres postgres;
    private final String readerPassword;
    private final List<String> schemas;

    private DemoDatabase(PasswordProtectedPostgres postgres, String readerPassword, List<String> schemas) {
        this.postgres = postgres;
        this.readerPassword = readerPassword;
        this.schemas = schemas;
    }

    /** Creates the schema through an administrative connection to the (empty) demo database. */
    @FunctionalInterface
    public interface SchemaLoader {
        void load(Connection admin) throws SQLException;
    }

    /**
     * Starts PostgreSQL on a free port and loads {@code schemaFile}: plain SQL or a psql script
     * ({@link PsqlScript} says what of psql is honoured). A script that asks for what the demo cannot
     * do is refused, naming the line, before PostgreSQL starts.
     */
    public static DemoDatabase start(Path schemaFile) throws IOException, SQLException {
        return start(schemaFile, PasswordProtectedPostgres.DEFAULT_TEMP_FILE_LIMIT);
    }

    /**
     * As {@link #start(Path)}, with the read-only role's temporary files bounded at
     * {@code tempFileLimit} per session (a PostgreSQL size such as {@code 512MB}).
     */
    public static DemoDatabase start(Path schemaFile, String tempFileLimit) throws IOException, SQLException {
        Objects.requireNonNull(schemaFile, "schemaFile is null");
        if (!Files.isReadable(schemaFile)) {
            throw new IOException("demo schema " + schemaFile.toAbsolutePath() + " does not exist or is not readable");
        }
        PsqlScript script = PsqlScript.parse(Files.readString(schemaFile, StandardCharsets.UTF_8),
                "demo schema " + schemaFile.toAbsolutePath(), DATABASE);
        return start(script::run, schemaFile.toString(), tempFileLimit);
    }

    /**
     * Starts PostgreSQL on a free port, lets {@code loader} create the schema as administrator,
     * tracks every table it created and grants the read-only role SELECT on them.
     */
    public static DemoDatabase start(SchemaLoader loader, String description) throws IOException, SQLException {
        return start(loader, description, PasswordProtectedPostgres.DEFAULT_TEMP_FILE_LIMIT);
    }

    /** As {@link #start(SchemaLoader, String)}, with the read-only role's temporary files bounded at {@code tempFileLimit}. */
    public static DemoDatabase start(SchemaLoader loader, String description, String tempFileLimit) throws IOException, SQLException {
        Objects.requireNonNull(loader, "loader is null");
        PasswordProtectedPostgres pg = PasswordProtectedPostgres.start(Map.of(
                "max_connections", "200",
                "fsync", "off",
                "synchronous_commit", "off",
                "full_page_writes", "off"));
        try {
            String password = pg.createDatabaseWithReader(DATABASE, READER, tempFileLimit);
            List<String> schemas = new ArrayList<>();
            try (Connection admin = pg.superuserConnection(DATABASE)) {
                admin.setAutoCommit(true);
                loader.load(admin);
                admin.setAutoCommit(true);
                try (Statement s = admin.createStatement()) {
                    s.execute(PostgresModificationTracker.installScript());
                    try (ResultSet rs = s.executeQuery("select nspname from pg_namespace where nspname not like 'pg\\_%'"
                            + " and nspname not in ('information_schema', 'gridstack_frontier') order by 1")) {
                        while (rs.next()) {
                            schemas.add(rs.getString(1));
                        }
                    }
                    for (String schema : schemas) {
                        String q = quote(schema);
                        s.execute("select gridstack_frontier.track_all_tables(" + literal(schema) + ")");
                        s.execute("GRANT USAGE ON SCHEMA " + q + " TO " + READER);
                        s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA " + q + " TO " + READER);
                    }
                    s.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
                }
            }
            log.info("demo PostgreSQL on port {} loaded from {}; queries run as read-only role {}", pg.port(), description, READER);
            return new DemoDatabase(pg, password, List.copyOf(schemas));
        } catch (SQLException | RuntimeException e) {
            pg.close();
            throw e;
        }
    }

    /** The server version, for reports. */
    public String serverVersion() throws SQLException {
        try (Connection c = adminConnection()) {
            return c.getMetaData().getDatabaseProductVersion();
        }
    }

    public int port() {
        return postgres.port();
    }

    /** JDBC URL of the demo database (no credentials in it). */
    public String jdbcUrl() {
        return postgres.jdbcUrl(DATABASE);
    }

    public String readerUser() {
        return READER;
    }

    public String readerPassword() {
        return readerPassword;
    }

    /** An administrative connection (superuser, with this run's password), for tests that change data. */
    public Connection adminConnection() throws SQLException {
        return postgres.superuserConnection(DATABASE);
    }

    /** Reader credentials as driver properties. */
    public Properties readerProperties() {
        Properties p = new Properties();
        p.setProperty("user", READER);
        p.setProperty("password", readerPassword);
        return p;
    }

    public List<String> schemas() {
        return schemas;
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }

    private static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    private static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
