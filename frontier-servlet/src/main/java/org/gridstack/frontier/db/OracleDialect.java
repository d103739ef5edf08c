package org.gridstack.frontier.db;

import com.google.errorprone.annotations.Immutable;
import java.sql.Connection;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * Oracle, as the production servlet serves it: {@code NUMBER(p)} type names, BLOB/RAW columns as
 * raw bytes, {@code select 1 from dual} for validation, and an explicit
 * {@code SET TRANSACTION READ ONLY} at the start of every transaction.
 */
@Immutable
public final class OracleDialect implements Dialect {
    @Override
    public String name() {
        return "Oracle";
    }

    @Override
    public String validationQuery() {
        return "select 1 from dual";
    }

    @Override
    public boolean foldsToUpperCase() {
        return true;
    }

    @Override
    public String typeName(ResultSetMetaData metaData, int column) throws SQLException {
        String type = metaData.getColumnTypeName(column);
        if ("NUMBER".equals(type)) {
            int precision = metaData.getPrecision(column);
            if (precision != 0) {
                return type + "(" + precision + ")";
            }
        }
        return type;
    }

    @Override
    public boolean isBinary(String typeName) {
        return "BLOB".equals(typeName) || "RAW".equals(typeName) || "LONG RAW".equals(typeName);
    }

    @Override
    public void beginReadOnly(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("SET TRANSACTION READ ONLY");
        }
    }

    @Override
    public Properties driverProperties() {
        Properties p = new Properties();
        p.setProperty("v$session.program", "gridstack-frontier");
        return p;
    }

    /** The production servlet's query of its modification-time catalog table (owner, table upper case). */
    public static String lastModifiedQuery(String tableName) {
        return "select to_char(change_time,'mm/dd/yyyy hh24:mi:ss') from " + tableName
                + " where UPPER(table_owner)=? and UPPER(table_name)=?";
    }
}
