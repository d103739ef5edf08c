package org.gridstack.client.frontier.jdbc;

import static org.gridstack.client.frontier.ScriptedHttpServer.answer;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import org.gridstack.client.frontier.FrontierResult;
import org.gridstack.client.frontier.ScriptedHttpServer;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/** The JDBC driver against a scripted server serving the captured golden answers. */
class TestFrontierDriver {
    @Test
    void readsTheGoldenTypesAnswer() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("03-types-zip5")));
             Connection c = DriverManager.getConnection("jdbc:frontier:" + server.url() + "/Frontier");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select * from T_TYPES order by id")) {
            assertEquals(FrontierGoldenVectors.url("03-types-zip5"), server.received().get(0).target());
            ResultSetMetaData md = rs.getMetaData();
            assertEquals(8, md.getColumnCount());
            assertEquals("i8", md.getColumnName(3));
            assertEquals("int8", md.getColumnTypeName(3));
            assertEquals(Types.BIGINT, md.getColumnType(3));
            assertEquals(Types.VARBINARY, md.getColumnType(8));
            assertEquals(String.class.getName(), md.getColumnClassName(6));
            assertTrue(rs.next());
            assertEquals(1, rs.getInt("id"));
            assertEquals("", rs.getString("s"));
            assertArrayEquals(new byte[0], rs.getBytes("b"));
            assertTrue(rs.next());
            assertEquals(2, rs.getInt(1));
            assertFalse(rs.wasNull());
            assertEquals(1L, rs.getLong("I8"));
            assertEquals(1.5, rs.getDouble(4));
            assertEquals(new BigDecimal("1.5"), rs.getBigDecimal("f8"));
            assertEquals("hello", rs.getString(6));
            assertEquals(Timestamp.valueOf("2024-01-02 03:04:05"), rs.getTimestamp("ts"));
            assertArrayEquals("hello".getBytes(StandardCharsets.US_ASCII), rs.getBytes(8));
            assertEquals(2, rs.getObject(1));
            assertEquals(7, rs.findColumn("TS"));
            assertThrows(SQLException.class, () -> rs.findColumn("nope"));
            assertThrows(SQLException.class, () -> rs.getInt("s"), "'hello' is not an int");
            assertThrows(SQLFeatureNotSupportedException.class, rs::previous);
            assertThrows(SQLFeatureNotSupportedException.class, () -> rs.updateInt(1, 3));
            int rows = 2;
            while (rs.next()) {
                rows++;
                if (rs.getRow() == 20) {
                    assertEquals(0, rs.getInt(1));
                    assertTrue(rs.wasNull());
                    assertNull(rs.getString(1));
                    assertNull(rs.getObject(1));
                }
            }
            assertEquals(20, rows);
            assertFalse(rs.next());
            assertEquals(1, rs.unwrap(FrontierResult.class).origin().attempts());
        }
    }

    @Test
    void connectionIsReadOnlyAndWritesAreRefused() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("03-types-zip5")));
             Connection c = DriverManager.getConnection("jdbc:frontier:(serverurl=" + server.url() + "/Frontier)(retrieve-ziplevel=5)(unknownkey=1)")) {
            assertTrue(c.isReadOnly());
            assertTrue(c.getAutoCommit());
            assertTrue(c.isValid(5));
            Statement s = c.createStatement();
            SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate("delete from T_TYPES"));
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
            assertThrows(SQLException.class, () -> c.setReadOnly(false));
            assertThrows(SQLFeatureNotSupportedException.class, () -> c.setAutoCommit(false));
            assertThrows(SQLFeatureNotSupportedException.class, () -> c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY));
            PreparedStatement p = c.prepareStatement("select 1 where 1 = ?");
            assertThrows(SQLException.class, () -> p.executeUpdate());
            c.close();
            assertFalse(c.isValid(1));
            assertThrows(SQLException.class, c::createStatement);
        }
    }

    @Test
    void bindVariablesUseTheFrontierSyntax() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("19-bind-variables")));
             Connection c = DriverManager.getConnection("jdbc:frontier:" + server.url() + "/Frontier")) {
            PreparedStatement p = c.prepareStatement("select id, s from T_TYPES where s = ?");
            SQLException unset = assertThrows(SQLException.class, p::executeQuery);
            assertTrue(unset.getMessage().contains("not set"), unset.getMessage());
            SQLException colon = assertThrows(SQLException.class, () -> p.setString(1, "a:b"));
            assertTrue(colon.getMessage().contains("':'"), colon.getMessage());
            p.setString(1, "hello");
            try (ResultSet rs = p.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("hello", rs.getString("s"));
            }
            String target = server.received().get(0).target();
            assertEquals(FrontierGoldenVectors.url("19-bind-variables"), target, "the C client's URL for the same bound query");
            String p1 = target.substring(target.indexOf("&p1=") + 4);
            assertEquals("select id, s from T_TYPES where s = ?:hello", P1Codec.decode(URLDecoder.decode(p1, StandardCharsets.US_ASCII)));
            assertThrows(SQLException.class, () -> c.prepareStatement("select x::int from t where a = ?"));
        }
    }

    @Test
    void serverErrorsBecomeSqlExceptions() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("09-no-such-table")));
             Connection c = DriverManager.getConnection("jdbc:frontier:" + server.url() + "/Frontier")) {
            SQLException e = assertThrows(SQLException.class, () -> c.createStatement().executeQuery("select * from T_NOSUCH"));
            assertTrue(e.getMessage().contains("t_nosuch"), e.getMessage());
            assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:frontier:(serverurl=http://a/F)(retrieve-ziplevel=12)"));
        }
    }
}
