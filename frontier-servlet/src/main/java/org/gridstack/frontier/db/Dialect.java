package org.gridstack.frontier.db;

import com.google.errorprone.annotations.Immutable;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

/**
 * Everything that differs between the databases the servlet serves, in one place: how to check a
 * connection, what the header record calls a column type, which columns are binary, how a
 * read-only transaction starts, how unquoted identifiers fold, and which driver settings keep
 * values in the database's own text form.
 */
@Immutable
public interface Dialect {
    String name();

    /** Query a pool runs to check a connection. */
    String validationQuery();

    /** Unquoted identifiers fold to upper case (Oracle) rather than lower case (PostgreSQL). */
    boolean foldsToUpperCase();

    /** The type name sent in the header record for a column. */
    String typeName(ResultSetMetaData metaData, int column) throws SQLException;

    /** Whether a column's values are sent as raw bytes (BLOBs) instead of text. */
    boolean isBinary(String typeName);

    /**
     * A non-binary value as the bytes of its text form in UTF-8, null for NULL. The default reads
     * the string; a dialect may return the driver's bytes directly when they are already that.
     */
    default byte[] textValue(ResultSet rs, int column) throws SQLException {
        String s = rs.getString(column);
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
    }

    /** Called on a connection (auto-commit off) before the query runs. */
    void beginReadOnly(Connection connection) throws SQLException;

    /** Driver properties the servlet relies on. */
    Properties driverProperties();

    /** Picks the dialect from a JDBC URL. */
    static Dialect forJdbcUrl(String url) {
        String u = url == null ? "" : url.toLowerCase(Locale.ROOT);
        if (u.startsWith("jdbc:oracle:")) {
            return new OracleDialect();
        }
        if (u.startsWith("jdbc:postgresql:")) {
            return new PostgresDialect();
        }
        throw new IllegalArgumentException("unsupported database URL '" + url + "': use jdbc:postgresql:... or jdbc:oracle:...");
    }

    /** Picks the dialect from {@link java.sql.DatabaseMetaData#getDatabaseProductName()}. */
    static Dialect forProductName(String product) {
        String p = product == null ? "" : product.toLowerCase(Locale.ROOT);
        if (p.contains("oracle")) {
            return new OracleDialect();
        }
        if (p.contains("postgres")) {
            return new PostgresDialect();
        }
        throw new IllegalArgumentException("unsupported database '" + product + "': PostgreSQL and Oracle are supported");
    }
}
