package org.gridstack.testing;

import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Properties;

/**
 * Checks that a database refuses a login, for the tests that show our embedded databases trust
 * nobody. Uses whatever JDBC driver the test's classpath has for the URL. Stateless.
 */
public final class LoginChecks {
    /** SQLSTATE {@code invalid_password}. */
    public static final String INVALID_PASSWORD = "28P01";

    private LoginChecks() {
    }

    /**
     * Tries to log in and returns the error the server answered.
     *
     * @param password null to send none
     * @throws AssertionError when the login succeeds
     */
    public static SQLException refusedLogin(String jdbcUrl, String user, String password) {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl is null");
        Objects.requireNonNull(user, "user is null");
        Properties p = new Properties();
        p.setProperty("user", user);
        if (password != null) {
            p.setProperty("password", password);
        }
        try {
            DriverManager.getConnection(jdbcUrl, p).close();
        } catch (SQLException refused) {
            return refused;
        }
        throw new AssertionError(user + (password == null ? " without a password" : " with password '" + password + "'")
                + " logged in to " + jdbcUrl + ": the server trusts that login");
    }
}
