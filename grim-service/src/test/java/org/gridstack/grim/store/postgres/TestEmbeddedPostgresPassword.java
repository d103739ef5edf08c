package org.gridstack.grim.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;
import org.gridstack.testing.LoginChecks;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GRIM's embedded PostgreSQL trusts nobody on TCP: the superuser needs the password generated for
 * this run; the backend, which holds it, still loads and queries.
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

    private static String url() {
        return "jdbc:postgresql://127.0.0.1:" + server.port() + "/" + EmbeddedPostgres.DATABASE;
    }
}
