package org.gridstack.client.frontier.jdbc;

/**
 * Every method of {@link java.sql.ResultSetMetaData} answering "not supported" (SQLFeatureNotSupportedException), so
 * that the driver classes override only what a read-only, forward-only driver does. Generated
 * from the interface; not to be edited by hand beyond that.
 */
abstract class UnsupportedResultSetMetaData implements java.sql.ResultSetMetaData {

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
    public int getColumnCount() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getColumnCount is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isAutoIncrement(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isAutoIncrement is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isCaseSensitive(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isCaseSensitive is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isSearchable(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isSearchable is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isCurrency(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isCurrency is not supported by the read-only FroNtier driver");
    }

    @Override
    public int isNullable(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isNullable is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isSigned(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isSigned is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getColumnDisplaySize(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getColumnDisplaySize is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getColumnLabel(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getColumnLabel is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getColumnName(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getColumnName is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getSchemaName(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getSchemaName is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getPrecision(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getPrecision is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getScale(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getScale is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getTableName(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getTableName is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getCatalogName(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getCatalogName is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getColumnType(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getColumnType is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getColumnTypeName(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getColumnTypeName is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isReadOnly(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isReadOnly is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isWritable(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isWritable is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isDefinitelyWritable(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isDefinitelyWritable is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getColumnClassName(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getColumnClassName is not supported by the read-only FroNtier driver");
    }
}
