package org.gridstack.client.frontier.jdbc;

/**
 * Every method of {@link java.sql.Statement} answering "not supported" (SQLFeatureNotSupportedException), so
 * that the driver classes override only what a read-only, forward-only driver does. Generated
 * from the interface; not to be edited by hand beyond that.
 */
abstract class UnsupportedStatement implements java.sql.Statement {

    @Override
    public <T> T unwrap(Class<T> iface) throws java.sql.SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new java.sql.SQLException(getClass().getSimpleName() + " does not wrap " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    @Override
    public java.sql.ResultSet executeQuery(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("executeQuery is not supported by the read-only FroNtier driver");
    }

    @Override
    public int executeUpdate(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("executeUpdate is not supported by the read-only FroNtier driver");
    }

    @Override
    public void close() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("close is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getMaxFieldSize() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getMaxFieldSize is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setMaxFieldSize(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setMaxFieldSize is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getMaxRows() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getMaxRows is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setMaxRows(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setMaxRows is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setEscapeProcessing(boolean a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setEscapeProcessing is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getQueryTimeout() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getQueryTimeout is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setQueryTimeout(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setQueryTimeout is not supported by the read-only FroNtier driver");
    }

    @Override
    public void cancel() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("cancel is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.SQLWarning getWarnings() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getWarnings is not supported by the read-only FroNtier driver");
    }

    @Override
    public void clearWarnings() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("clearWarnings is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setCursorName(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setCursorName is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean execute(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("execute is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.ResultSet getResultSet() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getResultSet is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getUpdateCount() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getUpdateCount is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean getMoreResults() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getMoreResults is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setFetchDirection(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setFetchDirection is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getFetchDirection() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getFetchDirection is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setFetchSize(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setFetchSize is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getFetchSize() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getFetchSize is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getResultSetConcurrency() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getResultSetConcurrency is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getResultSetType() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getResultSetType is not supported by the read-only FroNtier driver");
    }

    @Override
    public void addBatch(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("addBatch is not supported by the read-only FroNtier driver");
    }

    @Override
    public void clearBatch() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("clearBatch is not supported by the read-only FroNtier driver");
    }

    @Override
    public int[] executeBatch() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("executeBatch is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Connection getConnection() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getConnection is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean getMoreResults(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getMoreResults is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.ResultSet getGeneratedKeys() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getGeneratedKeys is not supported by the read-only FroNtier driver");
    }

    @Override
    public int executeUpdate(java.lang.String a0, int a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("executeUpdate is not supported by the read-only FroNtier driver");
    }

    @Override
    public int executeUpdate(java.lang.String a0, int[] a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("executeUpdate is not supported by the read-only FroNtier driver");
    }

    @Override
    public int executeUpdate(java.lang.String a0, java.lang.String[] a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("executeUpdate is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean execute(java.lang.String a0, int a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("execute is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean execute(java.lang.String a0, int[] a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("execute is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean execute(java.lang.String a0, java.lang.String[] a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("execute is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getResultSetHoldability() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getResultSetHoldability is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isClosed() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isClosed is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setPoolable(boolean a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setPoolable is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isPoolable() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isPoolable is not supported by the read-only FroNtier driver");
    }

    @Override
    public void closeOnCompletion() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("closeOnCompletion is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isCloseOnCompletion() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isCloseOnCompletion is not supported by the read-only FroNtier driver");
    }
}
