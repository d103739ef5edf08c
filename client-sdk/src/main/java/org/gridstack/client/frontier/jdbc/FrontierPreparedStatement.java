package org.gridstack.client.frontier.jdbc;

import java.math.BigDecimal;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.Arrays;
import java.util.Objects;

/**
 * A prepared statement whose {@code ?} markers are sent with FroNtier's bind syntax: the SQL
 * followed by {@code :value} for each marker, in order ({@code select ... where s = ?:hello}); the
 * server binds them as strings. That syntax cannot carry a {@code :} inside a value, nor NULL, and
 * the statement itself must not contain {@code :} when it has markers; such cases are refused with
 * an SQLException rather than sent wrongly. Markers are counted naively (a {@code ?} inside a
 * string literal counts), exactly as the server splits them. The implementation behind the
 * {@link PreparedStatement} proxy. Not thread-safe.
 */
public final class FrontierPreparedStatement extends FrontierStatement {
    private static final JdbcDispatcher<PreparedStatement, FrontierPreparedStatement> DISPATCHER = JdbcDispatcher
            .builder(PreparedStatement.class, FrontierPreparedStatement.class)
            .interfaceDefaults("enquoteLiteral", "enquoteIdentifier", "isSimpleIdentifier", "enquoteNCharLiteral")
            .reason(n -> n.equals("cancel") || n.equals("setCursorName"), " by the FroNtier driver (a query is one HTTP request)")
            .reason(n -> n.equals("getGeneratedKeys") || n.contains("Large") || n.contains("Update") || n.contains("Batch"),
                    ": the FroNtier driver is read-only")
            .reason(n -> n.startsWith("set") && n.length() > 3, " by the FroNtier driver (bind values travel as text:"
                    + " use setString, setInt, setLong, setShort, setDouble, setFloat, setBoolean, setBigDecimal or setObject)")
            .build();

    private final String sql;
    private final String[] values;

    private FrontierPreparedStatement(FrontierConnection connection, String sql, String[] values) {
        super(connection);
        this.sql = sql;
        this.values = values;
    }

    static PreparedStatement open(FrontierConnection connection, String sql) throws SQLException {
        Objects.requireNonNull(sql, "sql is null");
        int markers = (int) sql.chars().filter(c -> c == '?').count();
        if (markers > 0 && sql.indexOf(':') >= 0) {
            throw new SQLException("a statement with ? markers must not contain ':' (FroNtier splits the bind values on ':'): " + sql);
        }
        return (PreparedStatement) new FrontierPreparedStatement(connection, sql, new String[markers]).proxy();
    }

    @Override
    Statement createProxy() {
        return DISPATCHER.proxy(this);
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
        if (index < 1 || index > values.length) {
            throw new SQLException("parameter index " + index + " out of range 1.." + values.length);
        }
        if (value.indexOf(':') >= 0) {
            throw new SQLException("parameter " + index + " contains ':', which the FroNtier bind syntax cannot carry: " + value);
        }
        values[index - 1] = value;
    }

    public ResultSet executeQuery() throws SQLException {
        return run(boundSql());
    }

    public boolean execute() throws SQLException {
        run(boundSql());
        return true;
    }

    public ResultSet executeQuery(String otherSql) throws SQLException {
        throw new SQLException("executeQuery(String) cannot be called on a PreparedStatement");
    }

    public boolean execute(String otherSql) throws SQLException {
        throw new SQLException("execute(String) cannot be called on a PreparedStatement");
    }

    public int executeUpdate() throws SQLException {
        throw ReadOnly.refusal("executeUpdate");
    }

    public long executeLargeUpdate() throws SQLException {
        throw ReadOnly.refusal("executeLargeUpdate");
    }

    public void addBatch() throws SQLException {
        throw ReadOnly.refusal("addBatch");
    }

    public void clearParameters() {
        Arrays.fill(values, null);
    }

    public void setNull(int index, int sqlType) throws SQLException {
        throw new SQLFeatureNotSupportedException("FroNtier bind variables cannot be NULL (parameter " + index + ")");
    }

    public void setString(int index, String value) throws SQLException {
        if (value == null) {
            setNull(index, Types.VARCHAR);
        }
        bind(index, value);
    }

    public void setInt(int index, int value) throws SQLException {
        bind(index, Integer.toString(value));
    }

    public void setLong(int index, long value) throws SQLException {
        bind(index, Long.toString(value));
    }

    public void setShort(int index, short value) throws SQLException {
        bind(index, Short.toString(value));
    }

    public void setDouble(int index, double value) throws SQLException {
        bind(index, Double.toString(value));
    }

    public void setFloat(int index, float value) throws SQLException {
        bind(index, Float.toString(value));
    }

    public void setBoolean(int index, boolean value) throws SQLException {
        bind(index, Boolean.toString(value));
    }

    public void setBigDecimal(int index, BigDecimal value) throws SQLException {
        if (value == null) {
            setNull(index, Types.NUMERIC);
        }
        bind(index, value.toPlainString());
    }

    /** Sent as {@code yyyy-mm-dd hh:mm:ss.f...}; the timestamp contains ':' and is therefore refused. */
    public void setTimestamp(int index, Timestamp value) throws SQLException {
        if (value == null) {
            setNull(index, Types.TIMESTAMP);
        }
        bind(index, value.toString());
    }

    public void setObject(int index, Object value) throws SQLException {
        if (value == null) {
            setNull(index, Types.NULL);
        }
        bind(index, value instanceof BigDecimal d ? d.toPlainString() : value.toString());
    }

    public void setObject(int index, Object value, int targetSqlType) throws SQLException {
        setObject(index, value);
    }

    /** Unknown before the query runs (the answer carries the header record); JDBC allows null. */
    public ResultSetMetaData getMetaData() {
        return null;
    }

    public ParameterMetaData getParameterMetaData() throws SQLException {
        throw new SQLFeatureNotSupportedException("parameter metadata is not available over FroNtier");
    }
}
