package org.gridstack.client.frontier.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.gridstack.client.frontier.FrontierResult;
import org.gridstack.client.frontier.InProcessServlet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * DatabaseMetaData's information_schema queries against the real servlet (in-process, embedded
 * PostgreSQL with the golden schema, queries run by its read-only role), directly without Squid.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestMetadataThroughRealServlet {
    private static final List<String> TABLES_COLUMNS = List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS",
            "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION");
    private static final List<String> COLUMNS_COLUMNS = List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE",
            "TYPE_NAME", "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "REMARKS", "COLUMN_DEF",
            "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE", "SCOPE_CATALOG", "SCOPE_SCHEMA",
            "SCOPE_TABLE", "SOURCE_DATA_TYPE", "IS_AUTOINCREMENT", "IS_GENERATEDCOLUMN");

    private InProcessServlet servlet;
    private String jdbcUrl;

    @BeforeAll
    void start() throws Exception {
        servlet = InProcessServlet.start();
        jdbcUrl = "jdbc:frontier:" + servlet.serverUrl();
    }

    @AfterAll
    void stop() throws Exception {
        if (servlet != null) {
            servlet.close();
        }
    }

    private static List<String> columnNames(ResultSet rs) throws Exception {
        ResultSetMetaData md = rs.getMetaData();
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            names.add(md.getColumnName(i));
        }
        return names;
    }

    @Test
    void getTablesListsTheGoldenTables() throws Exception {
        try (Connection c = DriverManager.getConnection(jdbcUrl)) {
            DatabaseMetaData md = c.getMetaData();
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = md.getTables(null, "public", "t\\_%", new String[] {"TABLE"})) {
                assertEquals(TABLES_COLUMNS, columnNames(rs));
                while (rs.next()) {
                    assertNull(rs.getString("TABLE_CAT"));
                    assertEquals("public", rs.getString("TABLE_SCHEM"));
                    assertEquals("TABLE", rs.getString(4));
                    assertNull(rs.getString("REMARKS"));
                    tables.add(rs.getString("TABLE_NAME"));
                }
                assertNotNull(rs.unwrap(FrontierResult.class).origin().server(), "the answer of the information_schema query");
            }
            assertEquals(List.of("t_empty", "t_string", "t_types"), tables);

            // no filters: the system tables come too, after the user tables of type TABLE
            List<String> types = new ArrayList<>();
            try (ResultSet rs = md.getTables(null, null, null, null)) {
                while (rs.next()) {
                    types.add(rs.getString("TABLE_TYPE"));
                }
            }
            assertTrue(types.contains("TABLE") && types.contains("SYSTEM VIEW"), types.toString());
            assertEquals(types.stream().sorted().toList(), types, "ordered by TABLE_TYPE first");

            try (ResultSet rs = md.getTables(null, "public", "no_such_table", null)) {
                assertFalse(rs.next());
            }
        }
    }

    @Test
    void getColumnsDescribesTTypes() throws Exception {
        try (Connection c = DriverManager.getConnection(jdbcUrl);
             ResultSet rs = c.getMetaData().getColumns(null, "public", "t_types", null)) {
            assertEquals(COLUMNS_COLUMNS, columnNames(rs));
            assertEquals(Types.INTEGER, rs.getMetaData().getColumnType(5), "DATA_TYPE is an int column");
            List<String> names = new ArrayList<>();
            List<Integer> jdbcTypes = new ArrayList<>();
            List<String> typeNames = new ArrayList<>();
            int position = 0;
            while (rs.next()) {
                position++;
                assertEquals(position, rs.getInt("ORDINAL_POSITION"));
                assertEquals("t_types", rs.getString("TABLE_NAME"));
                names.add(rs.getString("COLUMN_NAME"));
                jdbcTypes.add(rs.getInt("DATA_TYPE"));
                typeNames.add(rs.getString("TYPE_NAME"));
                assertEquals(DatabaseMetaData.columnNullable, rs.getInt("NULLABLE"));
                assertEquals("YES", rs.getString("IS_NULLABLE"));
                assertEquals("NO", rs.getString("IS_AUTOINCREMENT"));
                if (rs.getString("COLUMN_NAME").equals("s")) {
                    assertEquals(100, rs.getInt("COLUMN_SIZE"), "varchar(100)");
                }
                if (rs.getString("COLUMN_NAME").equals("i8")) {
                    assertEquals(64, rs.getInt("COLUMN_SIZE"), "bigint: 64 binary digits");
                    assertEquals(2, rs.getInt("NUM_PREC_RADIX"));
                }
            }
            assertEquals(List.of("id", "i4", "i8", "f4", "f8", "s", "ts", "b"), names);
            assertEquals(List.of("int4", "int4", "int8", "float4", "float8", "varchar", "timestamp", "bytea"), typeNames);
            assertEquals(List.of(Types.INTEGER, Types.INTEGER, Types.BIGINT, Types.DOUBLE, Types.DOUBLE, Types.VARCHAR, Types.TIMESTAMP,
                    Types.VARBINARY), jdbcTypes);
        }
    }

    @Test
    void getColumnsWithAColumnPatternAndTheSameTypesAsAQuery() throws Exception {
        try (Connection c = DriverManager.getConnection(jdbcUrl)) {
            List<String> names = new ArrayList<>();
            // '_' is LIKE's any-character wildcard
            try (ResultSet rs = c.getMetaData().getColumns("", "public", "t_types", "i_")) {
                while (rs.next()) {
                    names.add(rs.getString("COLUMN_NAME"));
                }
            }
            assertEquals(List.of("id", "i4", "i8"), names);
            // DATA_TYPE agrees with what the answer's header record gives a query on the table
            try (ResultSet meta = c.getMetaData().getColumns(null, "public", "t_string", null);
                 ResultSet query = c.createStatement().executeQuery("select * from t_string where 1 = 0")) {
                assertTrue(meta.next());
                assertEquals(query.getMetaData().getColumnName(1), meta.getString("COLUMN_NAME"));
                assertEquals(query.getMetaData().getColumnType(1), meta.getInt("DATA_TYPE"));
                assertEquals(query.getMetaData().getColumnTypeName(1), meta.getString("TYPE_NAME"));
                assertFalse(meta.next());
            }
        }
    }

    @Test
    void getSchemasListsWhatTheReadOnlyRoleSees() throws Exception {
        try (Connection c = DriverManager.getConnection(jdbcUrl)) {
            List<String> schemas = new ArrayList<>();
            try (ResultSet rs = c.getMetaData().getSchemas()) {
                assertEquals(List.of("TABLE_SCHEM", "TABLE_CATALOG"), columnNames(rs));
                while (rs.next()) {
                    schemas.add(rs.getString("TABLE_SCHEM"));
                    assertNull(rs.getString("TABLE_CATALOG"));
                }
            }
            assertTrue(schemas.contains("public") && schemas.contains("information_schema"), schemas.toString());
            assertEquals(schemas.stream().sorted().toList(), schemas);
            try (ResultSet rs = c.getMetaData().getSchemas(null, "pub%")) {
                assertTrue(rs.next());
                assertEquals("public", rs.getString(1));
                assertFalse(rs.next());
            }
        }
    }
}
