package org.gridstack.client.frontier.jdbc;

/**
 * Every method of {@link java.sql.PreparedStatement} answering "not supported" (SQLFeatureNotSupportedException), so
 * that the driver classes override only what a read-only, forward-only driver does. Generated
 * from the interface; not to be edited by hand beyond that.
 */
abstract class UnsupportedPreparedStatement extends FrontierStatement implements java.sql.PreparedStatement {
    UnsupportedPreparedStatement(FrontierConnection connection) {
        super(connection);
    }

    @Override
    public java.sql.ResultSet executeQuery() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("executeQuery is not supported by the read-only FroNtier driver");
    }

    @Override
    public int executeUpdate() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("executeUpdate is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setNull(int a0, int a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setNull is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setBoolean(int a0, boolean a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setBoolean is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setByte(int a0, byte a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setByte is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setShort(int a0, short a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setShort is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setInt(int a0, int a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setInt is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setLong(int a0, long a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setLong is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setFloat(int a0, float a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setFloat is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setDouble(int a0, double a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setDouble is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setBigDecimal(int a0, java.math.BigDecimal a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setBigDecimal is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setString(int a0, java.lang.String a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setString is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setBytes(int a0, byte[] a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setBytes is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setDate(int a0, java.sql.Date a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setDate is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setTime(int a0, java.sql.Time a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setTime is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setTimestamp(int a0, java.sql.Timestamp a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setTimestamp is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setAsciiStream(int a0, java.io.InputStream a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setAsciiStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setUnicodeStream(int a0, java.io.InputStream a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setUnicodeStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setBinaryStream(int a0, java.io.InputStream a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setBinaryStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void clearParameters() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("clearParameters is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setObject(int a0, java.lang.Object a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setObject(int a0, java.lang.Object a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean execute() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("execute is not supported by the read-only FroNtier driver");
    }

    @Override
    public void addBatch() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("addBatch is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setCharacterStream(int a0, java.io.Reader a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setRef(int a0, java.sql.Ref a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setRef is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setBlob(int a0, java.sql.Blob a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setClob(int a0, java.sql.Clob a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setArray(int a0, java.sql.Array a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setArray is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.ResultSetMetaData getMetaData() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getMetaData is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setDate(int a0, java.sql.Date a1, java.util.Calendar a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setDate is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setTime(int a0, java.sql.Time a1, java.util.Calendar a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setTime is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setTimestamp(int a0, java.sql.Timestamp a1, java.util.Calendar a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setTimestamp is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setNull(int a0, int a1, java.lang.String a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setNull is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setURL(int a0, java.net.URL a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setURL is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.ParameterMetaData getParameterMetaData() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getParameterMetaData is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setRowId(int a0, java.sql.RowId a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setRowId is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setNString(int a0, java.lang.String a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setNString is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setNCharacterStream(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setNCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setNClob(int a0, java.sql.NClob a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setNClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setClob(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setBlob(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setNClob(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setNClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setSQLXML(int a0, java.sql.SQLXML a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setSQLXML is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setObject(int a0, java.lang.Object a1, int a2, int a3) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setAsciiStream(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setAsciiStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setBinaryStream(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setBinaryStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setCharacterStream(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setAsciiStream(int a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setAsciiStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setBinaryStream(int a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setBinaryStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setCharacterStream(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setNCharacterStream(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setNCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setClob(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setBlob(int a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void setNClob(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("setNClob is not supported by the read-only FroNtier driver");
    }
}
