package org.gridstack.client.frontier.jdbc;

import java.math.BigDecimal;
import java.sql.ParameterMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.Objects;

/**
 * A prepared statement whose {@code ?} markers are sent with FroNtier's bind syntax: the SQL
 * followed by {@code :value} for each marker, in order ({@code select ... where s = ?:hello}); the
 * server binds them as strings. That syntax cannot carry a {@code :} inside a value, nor NULL, and
 * the statement itself must not contain {@code :} when it has markers; such cases are refused with
 * an SQLException rather than sent wrongly. Markers are counted naively (a {@code ?} inside a
 * string literal counts), exactly as the server splits them. Not thread-safe.
 */
public final class FrontierPreparedStatement extends UnsupportedPreparedStatement {
    private final String sql;
    private final String[] values;

    FrontierPreparedStatement(FrontierConnection connection, String sql) throws SQLException {
        super(connection);
        this.sql = Objects.requireNonNull(sql, "sql is null");
        int markers = (int) sql.chars().filter(c -> c == '?').count();
        if (markers > 0 && sql.indexOf(':') >= 0) {
            throw new SQLException("a statement with ? markers must not contain ':' (FroNtier splits the bind values on ':'): " + sql);
        }
        this.values = new String[markers];
    }

    /** The SQL text sent to the server: the statement, then {@code :value} per marker. */
    String boundSql() throws SQLException {
        StringBuilder s = new StringBuilder(sql);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                throw new SQLException("parameter " + (i + 1) + " of " + values.length + " is not set", "07001");
            }
            s.append(':').append(values[i]);
        }
        return s.toString();
    }

    private void bind(int index, String value) throws SQLException {
        checkOpen();
        if (index < 1 || index > values.length) {
            throw new SQLException("parameter index " + index + " out of range 1.." + values.length);
        }
        if (value.indexOf(':') >= 0) {
            throw new SQLException("parameter " + index + " contains ':', which the FroNtier bind syntax cannot carry: " + value);
        }
        values[index - 1] = value;
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        return run(boundSql());
    }

    @Override
    public boolean execute() throws SQLException {
        run(boundSql());
        return true;
    }

    @Override
    public ResultSet executeQuery(String otherSql) throws SQLException {
        throw new SQLException("executeQuery(String) cannot be called on a PreparedStatement");
    }

    @Override
    public boolean execute(String otherSql) throws SQLException {
        throw new SQLException("execute(String) cannot be called on a PreparedStatement");
    }

    @Override
    public int executeUpdate() throws SQLException {
        throw ReadOnly.refusal("executeUpdate");
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        throw ReadOnly.refusal("executeLargeUpdate");
    }

    @Override
    public void addBatch() throws SQLException {
        throw ReadOnly.refusal("addBatch");
    }

    @Override
    public void clearParameters() {
        Arrays.fill(values, null);
    }

    @Override
    public void setNull(int index, int sqlType) throws SQLException {
        throw new SQLFeatureNotSupportedException("FroNtier bind variables cannot be NULL (parameter " + index + ")");
    }

    @Override
    public void setString(int index, String value) throws SQLException {
        if (value == null) {
            setNull(index, java.sql.Types.VARCHAR);
        }
        bind(index, value);
    }

    @Override
    public void setInt(int index, int value) throws SQLException {
        bind(index, Integer.toString(value));
    }

    @Override
    public void setLong(int index, long value) throws SQLException {
        bind(index, Long.toString(value));
    }

    @Override
    public void setShort(int index, short value) throws SQLException {
        bind(index, Short.toString(value));
    }

    @Override
    public void setDouble(int index, double value) throws SQLException {
        bind(index, Double.toString(value));
    }

    @Override
    public void setFloat(int index, float value) throws SQLException {
        bind(index, Float.toString(value));
    }

    @Override
    public void setBoolean(int index, boolean value) throws SQLException {
        bind(index, Boolean.toString(value));
    }

    @Override
    public void setBigDecimal(int index, BigDecimal value) throws SQLException {
        if (value == null) {
            setNull(index, java.sql.Types.NUMERIC);
        }
        bind(index, value.toPlainString());
    }

    /** Sent as {@code yyyy-mm-dd hh:mm:ss.f...}; the timestamp contains ':' and is therefore refused. */
    @Override
    public void setTimestamp(int index, Timestamp value) throws SQLException {
        if (value == null) {
            setNull(index, java.sql.Types.TIMESTAMP);
        }
        bind(index, value.toString());
    }

    @Override
    public void setObject(int index, Object value) throws SQLException {
        if (value == null) {
            setNull(index, java.sql.Types.NULL);
        }
        bind(index, value instanceof BigDecimal d ? d.toPlainString() : value.toString());
    }

    @Override
    public void setObject(int index, Object value, int targetSqlType) throws SQLException {
        setObject(index, value);
    }

    /** Unknown before the query runs (the answer carries the header record); JDBC allows null. */
    @Override
    public ResultSetMetaData getMetaData() {
        return null;
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        throw new SQLFeatureNotSupportedException("parameter metadata is not available over FroNtier");
    }
}
