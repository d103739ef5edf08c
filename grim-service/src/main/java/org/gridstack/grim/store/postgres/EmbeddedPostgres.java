package org.gridstack.grim.store.postgres;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

import org.gridstack.embedded.PasswordProtectedPostgres;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An embedded PostgreSQL server (real binaries from Maven Central) on a free port, with
 * <b>durable commits</b> (fsync, synchronous_commit and full_page_writes on): update rates
 * measured against it are rates of durably stored updates. Creates the database {@value #DATABASE}
 * and a read-only role for native pass-through queries. Nobody is trusted: the superuser and the
 * reader have passwords generated for this run ({@link PasswordProtectedPostgres}). Closing stops
 * the server and deletes its data directory.
 */
public final class EmbeddedPostgres implements AutoCloseable {
    public static final String DATABASE = "grim";
    public static final String READER = "grim_reader";
    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgres.class);

    private final PasswordProtectedPostgres server;
    private final String readerPassword;

    private EmbeddedPostgres(PasswordProtectedPostgres server, String readerPassword) {
        this.server = server;
        this.readerPassword = readerPassword;
    }

    public static EmbeddedPostgres start() throws IOException, SQLException {
        return start(PasswordProtectedPostgres.DEFAULT_TEMP_FILE_LIMIT);
    }

    /** As {@link #start()}, with the reader role's temporary files bounded at {@code tempFileLimit} per session. */
    public static EmbeddedPostgres start(String tempFileLimit) throws IOException, SQLException {
        if ("root".equals(System.getProperty("user.name"))) {
            throw new IllegalStateException("PostgreSQL refuses to run as root (initdb: cannot be run as root). "
                    + "Run as an unprivileged user (./gridstack run and ./gridstack test do that for you), "
                    + "or point grim.postgres.url at an existing server.");
        }
        PasswordProtectedPostgres pg = PasswordProtectedPostgres.start(Map.of(
                "max_connections", "300",
                "fsync", "on",
                "synchronous_commit", "on",
                "full_page_writes", "on",
                "shared_buffers", "128MB"));
        try {
            String password = pg.createDatabaseWithReader(DATABASE, READER, tempFileLimit);
            log.info("embedded PostgreSQL on port {} (durable commits, password authentication only)", pg.port());
            return new EmbeddedPostgres(pg, password);
        } catch (SQLException | RuntimeException e) {
            pg.close();
            throw e;
        }
    }

    public String jdbcUrl() {
        return server.jdbcUrl(DATABASE);
    }

    public String adminUser() {
        return PasswordProtectedPostgres.SUPERUSER;
    }

    /** The superuser's password, generated for this run. */
    public String adminPassword() {
        return server.superuserPassword();
    }

    public String readerPassword() {
        return readerPassword;
    }

    public int port() {
        return server.port();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
