package org.gridstack.frontier.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every dialect difference, checked without a database (Oracle has no server here; see TestOracleContainer). */
class TestDialects {
    @Test
    void picksTheDialect() {
        assertInstanceOf(OracleDialect.class, Dialect.forJdbcUrl("jdbc:oracle:thin:@//db:1521/FREEPDB1"));
        assertInstanceOf(PostgresDialect.class, Dialect.forJdbcUrl("jdbc:postgresql://localhost/frontier"));
        assertInstanceOf(OracleDialect.class, Dialect.forProductName("Oracle"));
        assertInstanceOf(PostgresDialect.class, Dialect.forProductName("PostgreSQL"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Dialect.forJdbcUrl("jdbc:mysql://x/y")).getMessage().contains("unsupported"));
    }

    @Test
    void oracleTypeNamesAndBinaryColumns() throws Exception {
        OracleDialect d = new OracleDialect();
        ResultSetMetaData md = metaData(Map.of(1, new Object[] {"NUMBER", 10}, 2, new Object[] {"NUMBER", 0},
                3, new Object[] {"VARCHAR2", 100}, 4, new Object[] {"BLOB", 0}));
        assertEquals("NUMBER(10)", d.typeName(md, 1));
        assertEquals("NUMBER", d.typeName(md, 2));
        assertEquals("VARCHAR2", d.typeName(md, 3));
        assertTrue(d.isBinary("BLOB") && d.isBinary("RAW") && d.isBinary("LONG RAW"));
        assertFalse(d.isBinary("VARCHAR2") || d.isBinary("CLOB"));
        assertEquals("select 1 from dual", d.validationQuery());
        assertTrue(d.foldsToUpperCase());
        assertEquals("select to_char(change_time,'mm/dd/yyyy hh24:mi:ss') from CMS.LASTMOD where UPPER(table_owner)=? and UPPER(table_name)=?",
                OracleDialect.lastModifiedQuery("CMS.LASTMOD"));
    }

    @Test
    void oracleStartsEveryTransactionReadOnly() throws Exception {
        List<String> executed = new ArrayList<>();
        Statement statement = (Statement) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Statement.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("execute")) {
                        executed.add((String) args[0]);
                        return false;
                    }
                    return null;
                });
        Connection connection = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> method.getName().equals("createStatement") ? statement : null);
        new OracleDialect().beginReadOnly(connection);
        assertEquals(List.of("SET TRANSACTION READ ONLY"), executed);
    }

    @Test
    void postgresKeepsTextFormAndUntypedBinds() throws Exception {
        PostgresDialect d = new PostgresDialect();
        assertEquals("false", d.driverProperties().getProperty("binaryTransfer"));
        assertEquals("unspecified", d.driverProperties().getProperty("stringtype"));
        assertTrue(d.isBinary("bytea"));
        assertFalse(d.isBinary("text") || d.isBinary("BLOB"));
        assertFalse(d.foldsToUpperCase());
        ResultSetMetaData md = metaData(Map.of(1, new Object[] {"numeric", 12}));
        assertEquals("numeric", d.typeName(md, 1), "PostgreSQL names pass through unchanged");
    }

    @Test
    void oracleCatalogTableNameIsValidated() {
        assertThrows(IllegalArgumentException.class, () -> new OracleLastModifiedSource(dataSourceNotUsed(), "x; drop table y", 60));
    }

    private static javax.sql.DataSource dataSourceNotUsed() {
        return (javax.sql.DataSource) Proxy.newProxyInstance(TestDialects.class.getClassLoader(), new Class<?>[] {javax.sql.DataSource.class},
                (proxy, method, args) -> {
                    throw new AssertionError("not used");
                });
    }

    /** Column number -> {type name, precision}. */
    private static ResultSetMetaData metaData(Map<Integer, Object[]> columns) {
        return (ResultSetMetaData) Proxy.newProxyInstance(TestDialects.class.getClassLoader(), new Class<?>[] {ResultSetMetaData.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getColumnTypeName" -> columns.get((Integer) args[0])[0];
                    case "getPrecision" -> columns.get((Integer) args[0])[1];
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
