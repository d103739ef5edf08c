package org.gridstack.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The anonymous users' role: reads only, and cannot fill the disk with temporary files. */
class TestReaderRole {
    private static PasswordProtectedPostgres pg;
    private static String password;

    @BeforeAll
    static void start() throws Exception {
        pg = PasswordProtectedPostgres.start(Map.of());
        password = pg.createDatabaseWithReader("reading", "reader", "1MB");
    }

    @AfterAll
    static void stop() throws Exception {
        pg.close();
    }

    private static Connection reader() throws SQLException {
        return DriverManager.getConnection(pg.jdbcUrl("reading"), "reader", password);
    }

    @Test
    void queryNeedingMoreTemporaryFilesThanTheLimitFails() throws Exception {
        try (Connection c = reader(); Statement s = c.createStatement()) {
            // a sort of a million integers spills about 14 MB with the default work_mem
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(
                    "select count(*) from (select g from generate_series(1, 1000000) g order by g desc offset 1) x"));
            assertEquals("53400", e.getSQLState(), e.getMessage());
            try (ResultSet rs = s.executeQuery("select count(*) from generate_series(1, 1000)")) {
                rs.next();
                assertEquals(1000, rs.getInt(1));
            }
        }
    }

    @Test
    void readerCannotLiftTheLimit() throws Exception {
        try (Connection c = reader(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.execute("set temp_file_limit = -1"));
            assertEquals("42501", e.getSQLState(), e.getMessage());
        }
    }

    @Test
    void limitMustBeAPostgresSize() {
        assertThrows(IllegalArgumentException.class, () -> pg.createDatabaseWithReader("other", "other_reader", "1MB; drop"));
    }
}
