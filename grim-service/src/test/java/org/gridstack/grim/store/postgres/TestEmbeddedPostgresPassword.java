package org.gridstack.grim.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.gridstack.embedded.PrivateDirectory;
import org.gridstack.testing.LoginChecks;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GRIM's embedded PostgreSQL trusts nobody on TCP: the superuser needs the password generated for
 * this run; the backend, which holds it, still loads and queries. Its binaries and data live in
 * the account's private directory (embedded-db's {@code PrivateDirectory}), never in zonky's shared
 * {@code /tmp/embedded-pg}.
 */
class TestEmbeddedPostgresPassword {
    private static EmbeddedPostgres server;

    @BeforeAll
    static void start() throws Exception {
        server = EmbeddedPostgres.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void superuserWithoutPasswordIsRefused() {
        LoginChecks.refusedLogin(url(), "postgres", null);
    }

    @Test
    void superuserWithWrongPasswordIsRefused() {
        SQLException e = LoginChecks.refusedLogin(url(), "postgres", "postgres");
        assertEquals(LoginChecks.INVALID_PASSWORD, e.getSQLState(), e.getMessage());
    }

    @Test
    void theBackendStillConnectsAsAdministrator() throws Exception {
        try (PostgresBackend backend = PostgresBackend.embedded(server, 2);
                Connection c = backend.dataSource().getConnection()) {
            assertEquals("postgres", c.getMetaData().getUserName());
        }
    }

    @Test
    void binariesAndDataLiveInThePrivateDirectoryNotInTheSharedTempFolder() throws Exception {
        Path home = PrivateDirectory.forEmbeddedPostgres().path();
        try (PostgresBackend backend = PostgresBackend.embedded(server, 1);
                Connection c = backend.dataSource().getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select current_setting('data_directory'), pg_backend_pid()")) {
            rs.next();
            assertTrue(Path.of(rs.getString(1)).startsWith(home), rs.getString(1) + " is not under " + home);
            // the server process runs the binary unpacked there (readable: the same account runs it)
            Path binary = Files.readSymbolicLink(Path.of("/proc", Integer.toString(rs.getInt(2)), "exe"));
            assertTrue(binary.startsWith(home), binary + " is not under " + home);
        }
    }

    private static String url() {
        return "jdbc:postgresql://127.0.0.1:" + server.port() + "/" + EmbeddedPostgres.DATABASE;
    }
}
