package org.gridstack.client.frontier.jdbc;

import static org.gridstack.client.frontier.ScriptedHttpServer.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import org.gridstack.client.frontier.ScriptedHttpServer;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/**
 * DatabaseMetaData against scripted servers: identification and capabilities (no request), the
 * answers built in memory, and the SQL error an Oracle server (no information_schema) gives.
 * The information_schema queries themselves: {@link TestMetadataThroughRealServlet}.
 */
class TestFrontierDatabaseMetaData {
    @Test
    void identificationAndCapabilities() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("03-types-zip5")))) {
            String url = "jdbc:frontier:(serverurl=" + server.url() + "/Frontier)(retrieve-ziplevel=5)";
            try (Connection c = DriverManager.getConnection(url)) {
                DatabaseMetaData md = c.getMetaData();
                Driver driver = DriverManager.getDriver(url);
                assertEquals(url, md.getURL());
                assertNull(md.getUserName());
                assertEquals("gridstack FroNtier JDBC", md.getDriverName());
                assertEquals(driver.getMajorVersion() + "." + driver.getMinorVersion(), md.getDriverVersion());
                assertEquals(driver.getMajorVersion(), md.getDriverMajorVersion());
                assertEquals(driver.getMinorVersion(), md.getDriverMinorVersion());
                assertEquals("FroNtier", md.getDatabaseProductName());
                assertEquals(4, md.getJDBCMajorVersion());
                assertEquals(3, md.getJDBCMinorVersion());
                assertEquals(DatabaseMetaData.sqlStateSQL, md.getSQLStateType());
                assertSame(c, md.getConnection());

                assertTrue(md.isReadOnly());
                assertFalse(md.supportsTransactions());
                assertEquals(Connection.TRANSACTION_NONE, md.getDefaultTransactionIsolation());
                assertTrue(md.supportsTransactionIsolationLevel(Connection.TRANSACTION_NONE));
                assertFalse(md.supportsTransactionIsolationLevel(Connection.TRANSACTION_READ_COMMITTED));
                assertTrue(md.supportsResultSetType(ResultSet.TYPE_FORWARD_ONLY));
                assertFalse(md.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE));
                assertTrue(md.supportsResultSetConcurrency(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY));
                assertFalse(md.supportsResultSetConcurrency(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE));
                assertFalse(md.supportsResultSetConcurrency(ResultSet.TYPE_SCROLL_SENSITIVE, ResultSet.CONCUR_READ_ONLY));
                assertEquals("\"", md.getIdentifierQuoteString());
                assertEquals("\\", md.getSearchStringEscape());
                assertFalse(md.allProceduresAreCallable());
                assertFalse(md.allTablesAreSelectable());
                assertFalse(md.usesLocalFiles());
                assertFalse(md.usesLocalFilePerTable());
                assertFalse(md.supportsBatchUpdates());
                assertFalse(md.supportsSavepoints());
                assertFalse(md.supportsStoredProcedures());
                assertFalse(md.supportsSelectForUpdate());
                assertFalse(md.supportsGetGeneratedKeys());
                assertFalse(md.ownUpdatesAreVisible(ResultSet.TYPE_FORWARD_ONLY));
                assertTrue(md.nullsAreSortedHigh());
                assertTrue(md.supportsSchemasInDataManipulation());
                assertFalse(md.supportsCatalogsInDataManipulation());
                assertEquals(RowIdLifetime.ROWID_UNSUPPORTED, md.getRowIdLifetime());
                assertEquals(0, md.getMaxConnections());
                assertEquals(0L, md.getMaxLogicalLobSize(), "the interface's default");
                assertEquals(0, server.received().size(), "identification and capabilities send no query");

                SQLFeatureNotSupportedException keys = assertThrows(SQLFeatureNotSupportedException.class,
                        () -> md.getPrimaryKeys(null, "public", "t_types"));
                assertTrue(keys.getMessage().startsWith("DatabaseMetaData.getPrimaryKeys is not supported"), keys.getMessage());
                assertTrue(keys.getMessage().contains("getTables, getColumns, getSchemas"), keys.getMessage());
                SQLFeatureNotSupportedException keywords = assertThrows(SQLFeatureNotSupportedException.class, md::getSQLKeywords);
                assertTrue(keywords.getMessage().startsWith("DatabaseMetaData.getSQLKeywords is not supported")
                        && keywords.getMessage().contains("depends on the database"), keywords.getMessage());
            }
        }
    }

    @Test
    void catalogsAndTableTypesAreAnsweredLocally() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("03-types-zip5")));
             Connection c = DriverManager.getConnection("jdbc:frontier:" + server.url() + "/Frontier")) {
            DatabaseMetaData md = c.getMetaData();
            try (ResultSet rs = md.getCatalogs()) {
                assertEquals("TABLE_CAT", rs.getMetaData().getColumnName(1));
                assertFalse(rs.next());
                assertNull(rs.getStatement());
            }
            List<String> types = new ArrayList<>();
            try (ResultSet rs = md.getTableTypes()) {
                while (rs.next()) {
                    types.add(rs.getString("TABLE_TYPE"));
                }
            }
            assertEquals(List.of("FOREIGN TABLE", "LOCAL TEMPORARY", "SYSTEM TABLE", "SYSTEM VIEW", "TABLE", "VIEW"), types);
            // a catalog name narrows to nothing: FroNtier has no catalogs
            try (ResultSet rs = md.getTables("frontier", null, null, null)) {
                assertEquals(10, rs.getMetaData().getColumnCount());
                assertFalse(rs.next());
            }
            assertEquals(0, server.received().size());
            // a pattern with ':' cannot be sent with the bind syntax
            SQLException colon = assertThrows(SQLException.class, () -> md.getColumns(null, null, "a:b", null));
            assertTrue(colon.getMessage().contains("':'"), colon.getMessage());
            // an answer that is not the information_schema query's (here: the golden types answer)
            SQLException wrong = assertThrows(SQLException.class, md::getSchemas);
            assertTrue(wrong.getMessage().contains("instead of 1 columns"), wrong.getMessage());
        }
    }

    @Test
    void aServerWithoutInformationSchemaGivesAnSqlExceptionNamingTheCause() throws Exception {
        // the captured answer of the production servlet to a query on a missing table (an SQL error in the payload)
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("09-no-such-table")));
             Connection c = DriverManager.getConnection("jdbc:frontier:" + server.url() + "/Frontier")) {
            SQLException e = assertThrows(SQLException.class, () -> c.getMetaData().getTables(null, "public", "t_types", null));
            assertTrue(e.getMessage().startsWith("DatabaseMetaData.getTables reads information_schema"), e.getMessage());
            assertTrue(e.getMessage().contains("not on Oracle"), e.getMessage());
            assertTrue(e.getMessage().contains("t_nosuch"), "the server's own message: " + e.getMessage());
            assertEquals("42000", e.getSQLState());
            String target = server.received().get(0).target();
            assertTrue(target.contains("/Frontier/type=frontier_request"), target);
        }
    }
}
