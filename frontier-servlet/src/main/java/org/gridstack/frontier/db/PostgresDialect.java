package org.gridstack.frontier.db;

import com.google.errorprone.annotations.Immutable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Properties;

/**
 * PostgreSQL. Values are always read in PostgreSQL's own text form: pgjdbc would otherwise switch
 * a pooled statement to binary transfer after five runs and change float text and bytea values
 * (the production servlet's bug on PostgreSQL). Bind values are sent untyped so that
 * {@code where id = ?} works for any column type.
 */
@Immutable
public final class PostgresDialect implements Dialect {
    @Override
    public String name() {
        return "PostgreSQL";
    }

    @Override
    public String validationQuery() {
        return "select 1";
    }

    @Override
    public boolean foldsToUpperCase() {
        return false;
    }

    @Override
    public String typeName(ResultSetMetaData metaData, int column) throws SQLException {
        return metaData.getColumnTypeName(column);
    }

    @Override
    public boolean isBinary(String typeName) {
        return "bytea".equals(typeName);
    }

    /**
     * With text transfer pgjdbc keeps each value as the bytes PostgreSQL sent, in UTF-8 (the
     * driver always sets client_encoding to UTF8); {@code getBytes} on a non-bytea column returns
     * exactly those, the same text {@code getString} would decode, without making a String.
     */
    @Override
    public byte[] textValue(ResultSet rs, int column) throws SQLException {
        return rs.getBytes(column);
    }

    @Override
    public void beginReadOnly(Connection connection) throws SQLException {
        // pgjdbc starts the transaction with BEGIN READ ONLY because the pool hands out
        // read-only connections with auto-commit off
        if (!connection.isReadOnly()) {
            connection.setReadOnly(true);
        }
    }

    @Override
    public Properties driverProperties() {
        Properties p = new Properties();
        p.setProperty("binaryTransfer", "false");
        p.setProperty("stringtype", "unspecified");
        p.setProperty("ApplicationName", "gridstack-frontier");
        return p;
    }
}
