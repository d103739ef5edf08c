package org.gridstack.client.frontier.jdbc;

/**
 * Every method of {@link java.sql.Connection} answering "not supported" (SQLFeatureNotSupportedException), so
 * that the driver classes override only what a read-only, forward-only driver does. Generated
 * from the interface; not to be edited by hand beyond that.
 */
abstract class UnsupportedConnection implements java.sql.Connection {

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
    public java.sql.Statement createStatement() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("createStatement is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("prepareStatement is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.CallableStatement prepareCall(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("prepareCall is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String nativeSQL(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("nativeSQL is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setAutoCommit(boolean a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setAutoCommit is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean getAutoCommit() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getAutoCommit is not supported by the read-only FroNtier driver");
    }

    @Override
    public void commit() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("commit is not supported by the read-only FroNtier driver");
    }

    @Override
    public void rollback() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("rollback is not supported by the read-only FroNtier driver");
    }

    @Override
    public void close() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("close is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isClosed() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isClosed is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.DatabaseMetaData getMetaData() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getMetaData is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setReadOnly(boolean a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setReadOnly is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isReadOnly() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isReadOnly is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setCatalog(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setCatalog is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getCatalog() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getCatalog is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setTransactionIsolation(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setTransactionIsolation is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getTransactionIsolation() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getTransactionIsolation is not supported by the read-only FroNtier driver");
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
    public java.sql.Statement createStatement(int a0, int a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("createStatement is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String a0, int a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("prepareStatement is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.CallableStatement prepareCall(java.lang.String a0, int a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("prepareCall is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.util.Map<java.lang.String, java.lang.Class<?>> getTypeMap() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getTypeMap is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setTypeMap(java.util.Map<java.lang.String, java.lang.Class<?>> a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setTypeMap is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setHoldability(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setHoldability is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getHoldability() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getHoldability is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Savepoint setSavepoint() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setSavepoint is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Savepoint setSavepoint(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setSavepoint is not supported by the read-only FroNtier driver");
    }

    @Override
    public void rollback(java.sql.Savepoint a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("rollback is not supported by the read-only FroNtier driver");
    }

    @Override
    public void releaseSavepoint(java.sql.Savepoint a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("releaseSavepoint is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Statement createStatement(int a0, int a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("createStatement is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String a0, int a1, int a2, int a3) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("prepareStatement is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.CallableStatement prepareCall(java.lang.String a0, int a1, int a2, int a3) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("prepareCall is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String a0, int a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("prepareStatement is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String a0, int[] a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("prepareStatement is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(java.lang.String a0, java.lang.String[] a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("prepareStatement is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Clob createClob() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("createClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Blob createBlob() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("createBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.NClob createNClob() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("createNClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.SQLXML createSQLXML() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("createSQLXML is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isValid(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isValid is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setClientInfo(java.lang.String a0, java.lang.String a1) throws java.sql.SQLClientInfoException {
        throw new UnsupportedOperationException("setClientInfo is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setClientInfo(java.util.Properties a0) throws java.sql.SQLClientInfoException {
        throw new UnsupportedOperationException("setClientInfo is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getClientInfo(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getClientInfo is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.util.Properties getClientInfo() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getClientInfo is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Array createArrayOf(java.lang.String a0, java.lang.Object[] a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("createArrayOf is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Struct createStruct(java.lang.String a0, java.lang.Object[] a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("createStruct is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setSchema(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setSchema is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getSchema() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getSchema is not supported by the read-only FroNtier driver");
    }

    @Override
    public void abort(java.util.concurrent.Executor a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("abort is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setNetworkTimeout(java.util.concurrent.Executor a0, int a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setNetworkTimeout is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getNetworkTimeout() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getNetworkTimeout is not supported by the read-only FroNtier driver");
    }
}
