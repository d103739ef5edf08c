package org.gridstack.client.frontier.jdbc;

import static org.gridstack.client.frontier.ScriptedHttpServer.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Blob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.gridstack.client.frontier.FrontierResult;
import org.gridstack.client.frontier.QueryOptions;
import org.gridstack.client.frontier.ScriptedHttpServer;
import org.gridstack.frontier.protocol.Ttl;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/**
 * The proxy mechanics of the driver (JdbcDispatcher) against a scripted server serving the
 * captured golden types answer: unsupported methods, read-only refusals, unwrap, Object methods,
 * closed objects, and every method of every interface answering without leaking a wrong exception.
 */
class TestJdbcProxies {
    private static final String SQL = "select * from T_TYPES order by id";
    private static final Pattern DISPATCHER_REFUSAL = Pattern.compile("\\w+\\.\\w+ is not supported");

    private static ScriptedHttpServer server() throws Exception {
        return new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("03-types-zip5")));
    }

    private static Connection connect(ScriptedHttpServer server) throws SQLException {
        return DriverManager.getConnection("jdbc:frontier:" + server.url() + "/Frontier");
    }

    private static void assertUnsupported(String message, ThrowingCall call) {
        SQLFeatureNotSupportedException e = assertThrows(SQLFeatureNotSupportedException.class, call::run);
        assertEquals(message, e.getMessage());
        assertEquals("0A000", e.getSQLState());
    }

    private interface ThrowingCall {
        void run() throws Throwable;
    }

    @Test
    void unsupportedMethodsNameTheInterfaceAndTheMethod() throws Exception {
        try (ScriptedHttpServer server = server(); Connection c = connect(server)) {
            Statement s = c.createStatement();
            ResultSet rs = s.executeQuery(SQL);
            assertUnsupported("ResultSet.absolute is not supported (forward-only)", () -> rs.absolute(3));
            assertUnsupported("ResultSet.previous is not supported (forward-only)", rs::previous);
            assertUnsupported("ResultSet.beforeFirst is not supported (forward-only)", rs::beforeFirst);
            assertUnsupported("ResultSet.getArray is not supported by the FroNtier JDBC driver", () -> rs.getArray(1));
            assertUnsupported("Statement.cancel is not supported by the FroNtier driver (a query is one HTTP request)", s::cancel);
            assertUnsupported("Connection.setSavepoint is not supported (FroNtier has no transactions)", c::setSavepoint);
            assertUnsupported("Connection.prepareCall is not supported: the FroNtier driver is read-only (no stored procedures, queries only)",
                    () -> c.prepareCall("call f()"));
            SQLFeatureNotSupportedException blob = assertThrows(SQLFeatureNotSupportedException.class,
                    () -> c.prepareStatement("select 1 where 1 = ?").setBlob(1, (Blob) null));
            assertTrue(blob.getMessage().startsWith("PreparedStatement.setBlob is not supported"), blob.getMessage());
            assertTrue(blob.getMessage().contains("use setString"), blob.getMessage());
            // what the old driver did already keeps its own message
            SQLFeatureNotSupportedException scroll = assertThrows(SQLFeatureNotSupportedException.class,
                    () -> c.createStatement(ResultSet.TYPE_SCROLL_SENSITIVE, ResultSet.CONCUR_READ_ONLY));
            assertTrue(scroll.getMessage().contains("TYPE_FORWARD_ONLY"), scroll.getMessage());
        }
    }

    @Test
    void writesSayTheDriverIsReadOnly() throws Exception {
        try (ScriptedHttpServer server = server(); Connection c = connect(server)) {
            Statement s = c.createStatement();
            ResultSet rs = s.executeQuery(SQL);
            assertTrue(rs.next());
            assertUnsupported("ResultSet.updateString is not supported: the FroNtier driver is read-only", () -> rs.updateString(6, "x"));
            assertUnsupported("ResultSet.updateInt is not supported: the FroNtier driver is read-only", () -> rs.updateInt("id", 3));
            assertUnsupported("ResultSet.insertRow is not supported: the FroNtier driver is read-only", rs::insertRow);
            assertUnsupported("ResultSet.moveToInsertRow is not supported: the FroNtier driver is read-only", rs::moveToInsertRow);
            assertUnsupported("Statement.executeLargeBatch is not supported: the FroNtier driver is read-only", s::executeLargeBatch);
            assertUnsupported("Statement.getGeneratedKeys is not supported: the FroNtier driver is read-only", s::getGeneratedKeys);
            // the refusals of the old driver: SQLException with SQLSTATE 25006 (read-only transaction)
            for (ThrowingCall write : List.<ThrowingCall>of(() -> s.executeUpdate("delete from T_TYPES"), () -> s.addBatch("delete from t"),
                    s::executeBatch, () -> s.executeLargeUpdate("delete from t"), () -> c.prepareStatement("select 1").executeUpdate(),
                    () -> c.setReadOnly(false))) {
                SQLException e = assertThrows(SQLException.class, write::run);
                assertTrue(e.getMessage().contains("read-only"), e.getMessage());
                assertEquals("25006", e.getSQLState());
            }
            assertTrue(rs.next(), "the result set is still usable after the refusals");
        }
    }

    @Test
    void unwrapGivesTheImplementationAndTheAnswer() throws Exception {
        try (ScriptedHttpServer server = server(); Connection c = connect(server)) {
            Statement s = c.createStatement();
            FrontierStatement fs = s.unwrap(FrontierStatement.class);
            fs.setQueryOptions(QueryOptions.DEFAULT.withTtl(Ttl.SHORT));
            assertEquals(Ttl.SHORT, fs.getQueryOptions().ttl());
            ResultSet rs = s.executeQuery(SQL);
            assertTrue(server.received().get(0).target().endsWith("&ttl=short"), server.received().get(0).target());

            assertTrue(rs.isWrapperFor(FrontierResult.class));
            assertTrue(rs.isWrapperFor(FrontierResultSet.class));
            assertTrue(rs.isWrapperFor(ResultSet.class));
            assertFalse(rs.isWrapperFor(String.class));
            assertFalse(rs.isWrapperFor(null));
            FrontierResult result = rs.unwrap(FrontierResult.class);
            assertEquals(20, result.rowCount());
            assertSame(result, rs.unwrap(FrontierResultSet.class).frontierResult());
            assertSame(rs, rs.unwrap(ResultSet.class));
            SQLException e = assertThrows(SQLException.class, () -> rs.unwrap(String.class));
            assertTrue(e.getMessage().contains("java.lang.String") && e.getMessage().contains(FrontierResultSet.class.getName())
                    && e.getMessage().contains(FrontierResult.class.getName()), e.getMessage());

            assertNotNull(c.unwrap(FrontierConnection.class).client());
            assertTrue(c.isWrapperFor(Connection.class));
            assertFalse(c.isWrapperFor(Statement.class));
            PreparedStatement p = c.prepareStatement("select id from T_TYPES where id = ?");
            assertTrue(p.isWrapperFor(FrontierStatement.class), "a prepared statement is a FrontierStatement too");
            assertSame(p.unwrap(FrontierPreparedStatement.class), p.unwrap(FrontierStatement.class));
            assertSame(p, p.unwrap(Statement.class));
            assertTrue(rs.getMetaData().isWrapperFor(ResultSetMetaData.class));
            assertTrue(c.getMetaData().isWrapperFor(DatabaseMetaData.class));
        }
    }

    @Test
    void objectMethodsAndProxyIdentity() throws Exception {
        try (ScriptedHttpServer server = server(); Connection c = connect(server)) {
            Statement s = c.createStatement();
            ResultSet rs = s.executeQuery(SQL);
            ResultSetMetaData md = rs.getMetaData();
            assertSame(c, s.getConnection());
            assertSame(s, rs.getStatement());
            assertSame(rs, s.getResultSet());
            assertSame(c, c.getMetaData().getConnection());
            assertEquals(rs, rs);
            assertEquals(rs, rs.unwrap(ResultSet.class));
            assertNotEquals(rs, c.createStatement().executeQuery(SQL));
            assertNotEquals(s, c.createStatement());
            assertEquals(s.hashCode(), s.hashCode());
            assertNotEquals(null, s);
            assertTrue(c.toString().startsWith("FrontierConnection[jdbc:frontier:http://127.0.0.1:"), c.toString());
            assertTrue(s.toString().startsWith("FrontierStatement["), s.toString());
            assertTrue(c.prepareStatement("select 1").toString().startsWith("FrontierPreparedStatement["));
            assertTrue(md.toString().contains("[id, i4, i8"), md.toString());
        }
    }

    @Test
    void closedObjectsThrow() throws Exception {
        try (ScriptedHttpServer server = server(); Connection c = connect(server)) {
            Statement s = c.createStatement();
            ResultSet rs = s.executeQuery(SQL);
            ResultSetMetaData md = rs.getMetaData();
            rs.close();
            assertTrue(rs.isClosed());
            rs.close(); // twice is fine
            SQLException closed = assertThrows(SQLException.class, rs::next);
            assertEquals("ResultSet is closed", closed.getMessage());
            assertThrows(SQLException.class, () -> rs.getString(1));
            assertThrows(SQLException.class, rs::getMetaData);
            assertEquals(8, md.getColumnCount(), "metadata taken before stays readable");
            assertNotNull(rs.unwrap(FrontierResult.class), "unwrap works on closed objects");
            assertFalse(s.isClosed());

            ResultSet second = s.executeQuery(SQL);
            ResultSet third = s.executeQuery(SQL);
            assertTrue(second.isClosed(), "a new query closes the statement's previous result set");
            assertFalse(third.isClosed());
            s.close();
            assertTrue(third.isClosed(), "closing the statement closes its result set");
            assertEquals("Statement is closed", assertThrows(SQLException.class, () -> s.executeQuery(SQL)).getMessage());
            assertThrows(SQLException.class, () -> s.setMaxRows(3));

            Statement completing = c.createStatement();
            completing.closeOnCompletion();
            completing.executeQuery(SQL).close();
            assertTrue(completing.isClosed(), "closeOnCompletion");

            Statement open = c.createStatement();
            ResultSet openRs = open.executeQuery(SQL);
            DatabaseMetaData dmd = c.getMetaData();
            c.close();
            assertTrue(c.isClosed());
            assertTrue(open.isClosed(), "statements close with their connection");
            assertTrue(openRs.isClosed());
            SQLException conn = assertThrows(SQLException.class, c::createStatement);
            assertEquals("08003", conn.getSQLState());
            assertThrows(SQLException.class, c::getMetaData);
            assertThrows(SQLException.class, () -> dmd.getTables(null, null, null, null));
            assertFalse(c.isValid(1));
            c.close();
        }
    }

    /**
     * Every method of every interface, called with zero/null/false arguments, returns or throws an
     * SQLException (unsupported ones an SQLFeatureNotSupportedException naming interface and
     * method); nothing escapes as UndeclaredThrowableException, ClassCastException and the like.
     * {@code close} and {@code abort} are left out so that the objects stay open.
     */
    @Test
    void everyMethodAnswersWithAValueOrAnSqlException() throws Exception {
        try (ScriptedHttpServer server = server(); Connection c = connect(server)) {
            Statement s = c.createStatement();
            PreparedStatement p = c.prepareStatement("select id from T_TYPES where id = ?");
            ResultSet rs = c.createStatement().executeQuery(SQL);
            assertTrue(rs.next());
            int unsupported = 0;
            unsupported += callEverything(ResultSet.class, rs);
            unsupported += callEverything(ResultSetMetaData.class, rs.getMetaData());
            unsupported += callEverything(Statement.class, s);
            unsupported += callEverything(PreparedStatement.class, p);
            unsupported += callEverything(DatabaseMetaData.class, c.getMetaData());
            unsupported += callEverything(Connection.class, c);
            assertTrue(unsupported > 100, unsupported + " unsupported methods");
            assertFalse(c.isClosed());
        }
    }

    private static int callEverything(Class<?> iface, Object target) throws Exception {
        Set<String> skipped = Set.of("close", "abort");
        List<Method> methods = new ArrayList<>(Arrays.asList(iface.getMethods()));
        methods.sort(Comparator.comparing(Method::toString));
        int unsupported = 0;
        for (Method m : methods) {
            if (Modifier.isStatic(m.getModifiers()) || skipped.contains(m.getName())) {
                continue;
            }
            Object[] args = Arrays.stream(m.getParameterTypes()).map(TestJdbcProxies::defaultValue).toArray();
            try {
                m.invoke(target, args);
            } catch (InvocationTargetException wrapped) {
                Throwable e = wrapped.getCause();
                if (e instanceof SQLFeatureNotSupportedException || e instanceof SQLClientInfoException) {
                    // the dispatcher's answer names interface and method; the implementation's own refusals say more
                    if (DISPATCHER_REFUSAL.matcher(e.getMessage()).lookingAt()) {
                        assertTrue(e.getMessage().startsWith(iface.getSimpleName() + "." + m.getName() + " is not supported"),
                                m + ": " + e.getMessage());
                        unsupported++;
                    }
                    assertFalse(e.getMessage().isBlank(), m.toString());
                } else if (!(e instanceof SQLException) && !(e instanceof NullPointerException)) {
                    fail(m + " threw " + e, e);
                }
            }
        }
        return unsupported;
    }

    private static Object defaultValue(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == int.class) {
            return 1;
        }
        if (type == long.class) {
            return 1L;
        }
        if (type == short.class) {
            return (short) 1;
        }
        if (type == byte.class) {
            return (byte) 1;
        }
        if (type == double.class) {
            return 1.0;
        }
        if (type == float.class) {
            return 1.0f;
        }
        if (type == String.class) {
            return "x";
        }
        if (type == java.io.InputStream.class) {
            return new ByteArrayInputStream(new byte[0]);
        }
        return null;
    }
}
