package org.gridstack.frontier.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.gridstack.testing.LoginChecks;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo's embedded PostgreSQL trusts nobody on TCP: the superuser {@code postgres} needs the
 * password generated for this run, so another local user cannot become database superuser (and,
 * through {@code COPY ... PROGRAM}, run commands as the service's user).
 */
class TestDemoDatabasePassword {
    private static DemoDatabase db;

    @BeforeAll
    static void start() throws Exception {
        db = DemoDatabase.start(admin -> {
            try (Statement s = admin.createStatement()) {
                s.execute("create table t (x int)");
            }
        }, "one table");
    }

    @AfterAll
    static void stop() throws Exception {
        if (db != null) {
            db.close();
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
    void readerWithoutPasswordIsRefused() {
        LoginChecks.refusedLogin(url(), DemoDatabase.READER, null);
    }

    @Test
    void theAdministrativeConnectionStillWorks() throws Exception {
        try (Connection c = db.adminConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select current_setting('is_superuser')")) {
            rs.next();
            assertEquals("on", rs.getString(1));
        }
        try (Connection c = DriverManager.getConnection(url(), db.readerProperties()); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select count(*) from t")) {
            rs.next();
            assertEquals(0, rs.getInt(1));
        }
    }

    private static String url() {
        return "jdbc:postgresql://127.0.0.1:" + db.port() + "/" + DemoDatabase.DATABASE;
    }
}
