package org.gridstack.client.frontier.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Objects;
import org.gridstack.client.frontier.FrontierResult;

/**
 * A forward-only, read-only view of one checked {@link FrontierResult}. Conversion failures are
 * SQLExceptions naming the column and the value. {@link #unwrap} to {@link FrontierResult} gives
 * the cache status and the answering server/proxy. The implementation behind the
 * {@link ResultSet} proxy; methods not written here are answered by {@link JdbcDispatcher}.
 * Not thread-safe.
 */
public final class FrontierResultSet implements JdbcObject {
    /** Reads one typed value; the result's runtime exceptions become SQLExceptions. */
    private interface Getter<T> {
        T get(int row, int column);
    }

    private static final JdbcDispatcher<ResultSet, FrontierResultSet> DISPATCHER = JdbcDispatcher
            .builder(ResultSet.class, FrontierResultSet.class)
            .reason(n -> n.startsWith("update") || n.equals("insertRow") || n.equals("deleteRow") || n.equals("moveToInsertRow")
                    || n.equals("moveToCurrentRow") || n.equals("cancelRowUpdates") || n.startsWith("row"),
                    ": the FroNtier driver is read-only")
            .reason(n -> n.equals("previous") || n.equals("first") || n.equals("last") || n.equals("beforeFirst") || n.equals("afterLast")
                    || n.equals("absolute") || n.equals("relative") || n.equals("refreshRow"), " (forward-only)")
            .build();

    private final FrontierStatement statement;
    private final ResultRows result;
    private final int columnCount;
    private final int rowLimit;
    private final ResultSet proxy;
    private int row = -1;
    private boolean wasNull;
    private boolean closed;

    private FrontierResultSet(FrontierStatement statement, ResultRows result, int maxRows) {
        this.statement = statement;
        this.result = Objects.requireNonNull(result, "result is null");
        this.columnCount = result.columnNames().size();
        this.rowLimit = maxRows > 0 ? Math.min(maxRows, result.rowCount()) : result.rowCount();
        this.proxy = DISPATCHER.proxy(this, rest -> new HotMethods(this, rest));
    }

    /**
     * A result set over the rows of an answer or a metadata table: the JDBC proxy in front of a
     * FrontierResultSet. {@code statement} is null for metadata result sets; {@code maxRows} 0
     * means all rows.
     */
    static ResultSet open(FrontierStatement statement, ResultRows rows, int maxRows) {
        return new FrontierResultSet(statement, rows, maxRows).proxy;
    }

    /** A result set over a FroNtier answer. */
    static ResultSet open(FrontierStatement statement, FrontierResult answer, int maxRows) {
        return open(statement, new AnswerRows(answer), maxRows);
    }

    /**
     * The answer behind this result set: the query's, or for DatabaseMetaData result sets the
     * information_schema answer they were built from (null for getCatalogs and getTableTypes).
     */
    public FrontierResult frontierResult() {
        return result.answer();
    }

    @Override
    public Object wrapped() {
        return result.answer();
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("ResultSet is closed");
        }
    }

    public boolean next() throws SQLException {
        checkOpen();
        if (row < rowLimit) {
            row++;
        }
        return row < rowLimit;
    }

    /**
     * Answers the per-row methods with direct calls (no reflection, no table look-up, nothing
     * megamorphic), so reading a large answer through JDBC costs little more than through
     * {@link FrontierResult}; everything else, and every call once closed, goes to the dispatcher.
     */
    private static final class HotMethods implements InvocationHandler {
        private final FrontierResultSet rs;
        private final InvocationHandler rest;

        HotMethods(FrontierResultSet rs, InvocationHandler rest) {
            this.rs = rs;
            this.rest = rest;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (!rs.isClosed()) {
                if (args == null) {
                    switch (method.getName()) {
                        case "next":
                            return rs.next();
                        case "wasNull":
                            return rs.wasNull();
                        default:
                            break;
                    }
                } else if (args.length == 1) {
                    Object a = args[0];
                    if (a instanceof Integer i) {
                        switch (method.getName()) {
                            case "getString":
                                return rs.getString(i);
                            case "getInt":
                                return rs.getInt(i);
                            case "getLong":
                                return rs.getLong(i);
                            case "getDouble":
                                return rs.getDouble(i);
                            case "getObject":
                                return rs.getObject(i);
                            case "getBytes":
                                return rs.getBytes(i);
                            case "getTimestamp":
                                return rs.getTimestamp(i);
                            case "getBigDecimal":
                                return rs.getBigDecimal(i);
                            default:
                                break;
                        }
                    } else if (a instanceof String label) {
                        switch (method.getName()) {
                            case "findColumn":
                                return rs.findColumn(label);
                            case "getString":
                                return rs.getString(label);
                            case "getInt":
                                return rs.getInt(label);
                            case "getLong":
                                return rs.getLong(label);
                            case "getDouble":
                                return rs.getDouble(label);
                            case "getObject":
                                return rs.getObject(label);
                            case "getBytes":
                                return rs.getBytes(label);
                            case "getTimestamp":
                                return rs.getTimestamp(label);
                            case "getBigDecimal":
                                return rs.getBigDecimal(label);
                            default:
                                break;
                        }
                    }
                }
            }
            return rest.invoke(proxy, method, args);
        }
    }

    /** The 0-based column of a JDBC column index, after checking that there is a current row. */
    private int column(int columnIndex) throws SQLException {
        checkOpen();
        if (row < 0 || row >= rowLimit) {
            throw new SQLException("no current row (call next() first, and only while it returns true)");
        }
        if (columnIndex < 1 || columnIndex > columnCount) {
            throw new SQLException("column index " + columnIndex + " out of range 1.." + columnCount);
        }
        return columnIndex - 1;
    }

    private <T> T read(int columnIndex, Getter<T> getter, T nullValue) throws SQLException {
        int column = column(columnIndex);
        wasNull = result.isNull(row, column);
        if (wasNull) {
            return nullValue;
        }
        try {
            return getter.get(row, column);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new SQLException(e.getMessage(), "22018", e);
        }
    }

    public boolean wasNull() {
        return wasNull;
    }

    public int findColumn(String label) throws SQLException {
        checkOpen();
        int i = result.columnIndex(Objects.requireNonNull(label, "label is null"));
        if (i < 0) {
            throw new SQLException("no column " + label + " in " + result.columnNames());
        }
        return i + 1;
    }

    /** The hottest getter: one field look-up (null is the NULL answer), no conversion that could fail. */
    public String getString(int c) throws SQLException {
        String s = result.getString(row, column(c));
        wasNull = s == null;
        return s;
    }

    public int getInt(int c) throws SQLException {
        return read(c, result::getInt, 0);
    }

    public long getLong(int c) throws SQLException {
        return read(c, result::getLong, 0L);
    }

    public short getShort(int c) throws SQLException {
        int v = getInt(c);
        if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
            throw new SQLException(v + " does not fit a short");
        }
        return (short) v;
    }

    public double getDouble(int c) throws SQLException {
        return read(c, result::getDouble, 0.0);
    }

    public float getFloat(int c) throws SQLException {
        return (float) getDouble(c);
    }

    /** true for {@code t}, {@code true}, {@code 1} (PostgreSQL and numeric conventions), false otherwise. */
    public boolean getBoolean(int c) throws SQLException {
        String s = getString(c);
        return s != null && (s.equalsIgnoreCase("t") || s.equalsIgnoreCase("true") || s.equals("1"));
    }

    public BigDecimal getBigDecimal(int c) throws SQLException {
        return read(c, result::getBigDecimal, null);
    }

    public byte[] getBytes(int c) throws SQLException {
        return read(c, result::getBytes, null);
    }

    public Timestamp getTimestamp(int c) throws SQLException {
        return read(c, result::getTimestamp, null);
    }

    public Date getDate(int c) throws SQLException {
        Timestamp t = getTimestamp(c);
        return t == null ? null : Date.valueOf(t.toLocalDateTime().toLocalDate());
    }

    public Object getObject(int c) throws SQLException {
        return read(c, result::getObject, null);
    }

    public String getString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    public int getInt(String label) throws SQLException {
        return getInt(findColumn(label));
    }

    public long getLong(String label) throws SQLException {
        return getLong(findColumn(label));
    }

    public short getShort(String label) throws SQLException {
        return getShort(findColumn(label));
    }

    public double getDouble(String label) throws SQLException {
        return getDouble(findColumn(label));
    }

    public float getFloat(String label) throws SQLException {
        return getFloat(findColumn(label));
    }

    public boolean getBoolean(String label) throws SQLException {
        return getBoolean(findColumn(label));
    }

    public BigDecimal getBigDecimal(String label) throws SQLException {
        return getBigDecimal(findColumn(label));
    }

    public byte[] getBytes(String label) throws SQLException {
        return getBytes(findColumn(label));
    }

    public Timestamp getTimestamp(String label) throws SQLException {
        return getTimestamp(findColumn(label));
    }

    public Date getDate(String label) throws SQLException {
        return getDate(findColumn(label));
    }

    public Object getObject(String label) throws SQLException {
        return getObject(findColumn(label));
    }

    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return FrontierResultSetMetaData.open(result.columnNames(), result.typeNames());
    }

    /** The statement that produced this result set; null for metadata result sets. */
    public Statement getStatement() {
        return statement == null ? null : statement.proxy();
    }

    public int getRow() {
        return row >= 0 && row < rowLimit ? row + 1 : 0;
    }

    public boolean isBeforeFirst() {
        return row < 0 && rowLimit > 0;
    }

    public boolean isAfterLast() {
        return row >= rowLimit && rowLimit > 0;
    }

    public boolean isFirst() {
        return row == 0 && rowLimit > 0;
    }

    public boolean isLast() {
        return rowLimit > 0 && row == rowLimit - 1;
    }

    public int getType() {
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    public int getConcurrency() {
        return ResultSet.CONCUR_READ_ONLY;
    }

    public int getHoldability() {
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    public int getFetchDirection() {
        return ResultSet.FETCH_FORWARD;
    }

    public void setFetchDirection(int direction) throws SQLException {
        if (direction != ResultSet.FETCH_FORWARD) {
            throw new SQLFeatureNotSupportedException("result sets are forward-only");
        }
    }

    public int getFetchSize() {
        return 0;
    }

    public void setFetchSize(int rows) {
        // a hint only: the answer is already here
    }

    public SQLWarning getWarnings() {
        return null;
    }

    public void clearWarnings() {
        // never any warnings
    }

    public void close() {
        if (!closed) {
            closed = true;
            try {
                if (statement != null) {
                    statement.resultSetClosed(proxy);
                }
            } catch (SQLException ignored) {
                // closing the statement cannot fail in a way the caller could act on
            }
        }
    }

    /** Also closed once its statement is. */
    @Override
    public boolean isClosed() {
        return closed || statement != null && statement.isClosed();
    }

    @Override
    public String toString() {
        return "FrontierResultSet[" + result.describe() + (closed ? ", closed" : "") + "]";
    }
}
