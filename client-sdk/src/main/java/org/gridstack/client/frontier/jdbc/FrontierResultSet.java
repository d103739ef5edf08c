package org.gridstack.client.frontier.jdbc;

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
 * the cache status and the answering server/proxy. Not thread-safe.
 */
public final class FrontierResultSet extends UnsupportedResultSet {
    /** Reads one typed value; the result's runtime exceptions become SQLExceptions. */
    private interface Getter<T> {
        T get(int row, int column);
    }

    private final FrontierStatement statement;
    private final FrontierResult result;
    private final int rowLimit;
    private int row = -1;
    private boolean wasNull;
    private boolean closed;

    FrontierResultSet(FrontierStatement statement, FrontierResult result, int maxRows) {
        this.statement = statement;
        this.result = Objects.requireNonNull(result, "result is null");
        this.rowLimit = maxRows > 0 ? Math.min(maxRows, result.rowCount()) : result.rowCount();
    }

    /** The answer behind this result set. */
    public FrontierResult frontierResult() {
        return result;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(result)) {
            return iface.cast(result);
        }
        return super.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(result) || super.isWrapperFor(iface);
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("result set is closed");
        }
    }

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (row < rowLimit) {
            row++;
        }
        return row < rowLimit;
    }

    private <T> T read(int columnIndex, Getter<T> getter, T nullValue) throws SQLException {
        checkOpen();
        if (row < 0 || row >= rowLimit) {
            throw new SQLException("no current row (call next() first, and only while it returns true)");
        }
        if (columnIndex < 1 || columnIndex > result.columnCount()) {
            throw new SQLException("column index " + columnIndex + " out of range 1.." + result.columnCount());
        }
        int column = columnIndex - 1;
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

    @Override
    public boolean wasNull() {
        return wasNull;
    }

    @Override
    public int findColumn(String label) throws SQLException {
        checkOpen();
        int i = result.columnIndex(Objects.requireNonNull(label, "label is null"));
        if (i < 0) {
            throw new SQLException("no column " + label + " in " + result.columnNames());
        }
        return i + 1;
    }

    @Override
    public String getString(int c) throws SQLException {
        return read(c, result::getString, null);
    }

    @Override
    public int getInt(int c) throws SQLException {
        return read(c, result::getInt, 0);
    }

    @Override
    public long getLong(int c) throws SQLException {
        return read(c, result::getLong, 0L);
    }

    @Override
    public short getShort(int c) throws SQLException {
        int v = getInt(c);
        if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
            throw new SQLException(v + " does not fit a short");
        }
        return (short) v;
    }

    @Override
    public double getDouble(int c) throws SQLException {
        return read(c, result::getDouble, 0.0);
    }

    @Override
    public float getFloat(int c) throws SQLException {
        return (float) getDouble(c);
    }

    /** true for {@code t}, {@code true}, {@code 1} (PostgreSQL and numeric conventions), false otherwise. */
    @Override
    public boolean getBoolean(int c) throws SQLException {
        String s = getString(c);
        return s != null && (s.equalsIgnoreCase("t") || s.equalsIgnoreCase("true") || s.equals("1"));
    }

    @Override
    public BigDecimal getBigDecimal(int c) throws SQLException {
        return read(c, result::getBigDecimal, null);
    }

    @Override
    public byte[] getBytes(int c) throws SQLException {
        return read(c, result::getBytes, null);
    }

    @Override
    public Timestamp getTimestamp(int c) throws SQLException {
        return read(c, result::getTimestamp, null);
    }

    @Override
    public Date getDate(int c) throws SQLException {
        Timestamp t = getTimestamp(c);
        return t == null ? null : Date.valueOf(t.toLocalDateTime().toLocalDate());
    }

    @Override
    public Object getObject(int c) throws SQLException {
        return read(c, result::getObject, null);
    }

    @Override
    public String getString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    @Override
    public int getInt(String label) throws SQLException {
        return getInt(findColumn(label));
    }

    @Override
    public long getLong(String label) throws SQLException {
        return getLong(findColumn(label));
    }

    @Override
    public short getShort(String label) throws SQLException {
        return getShort(findColumn(label));
    }

    @Override
    public double getDouble(String label) throws SQLException {
        return getDouble(findColumn(label));
    }

    @Override
    public float getFloat(String label) throws SQLException {
        return getFloat(findColumn(label));
    }

    @Override
    public boolean getBoolean(String label) throws SQLException {
        return getBoolean(findColumn(label));
    }

    @Override
    public BigDecimal getBigDecimal(String label) throws SQLException {
        return getBigDecimal(findColumn(label));
    }

    @Override
    public byte[] getBytes(String label) throws SQLException {
        return getBytes(findColumn(label));
    }

    @Override
    public Timestamp getTimestamp(String label) throws SQLException {
        return getTimestamp(findColumn(label));
    }

    @Override
    public Date getDate(String label) throws SQLException {
        return getDate(findColumn(label));
    }

    @Override
    public Object getObject(String label) throws SQLException {
        return getObject(findColumn(label));
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return new FrontierResultSetMetaData(result);
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public int getRow() {
        return row >= 0 && row < rowLimit ? row + 1 : 0;
    }

    @Override
    public boolean isBeforeFirst() {
        return row < 0 && rowLimit > 0;
    }

    @Override
    public boolean isAfterLast() {
        return row >= rowLimit && rowLimit > 0;
    }

    @Override
    public boolean isFirst() {
        return row == 0 && rowLimit > 0;
    }

    @Override
    public boolean isLast() {
        return rowLimit > 0 && row == rowLimit - 1;
    }

    @Override
    public int getType() {
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() {
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() {
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public int getFetchDirection() {
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        if (direction != ResultSet.FETCH_FORWARD) {
            throw new SQLFeatureNotSupportedException("result sets are forward-only");
        }
    }

    @Override
    public int getFetchSize() {
        return 0;
    }

    @Override
    public void setFetchSize(int rows) {
        // a hint only: the answer is already here
    }

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {
        // never any warnings
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            try {
                if (statement != null) {
                    statement.resultSetClosed();
                }
            } catch (SQLException ignored) {
                // closing the statement cannot fail in a way the caller could act on
            }
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }
}
