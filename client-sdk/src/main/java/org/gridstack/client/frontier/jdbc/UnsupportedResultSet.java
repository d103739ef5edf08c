package org.gridstack.client.frontier.jdbc;

/**
 * Every method of {@link java.sql.ResultSet} answering "not supported" (SQLFeatureNotSupportedException), so
 * that the driver classes override only what a read-only, forward-only driver does. Generated
 * from the interface; not to be edited by hand beyond that.
 */
abstract class UnsupportedResultSet implements java.sql.ResultSet {

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
    public boolean next() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("next is not supported by the read-only FroNtier driver");
    }

    @Override
    public void close() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("close is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean wasNull() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("wasNull is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getString(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getString is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean getBoolean(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBoolean is not supported by the read-only FroNtier driver");
    }

    @Override
    public byte getByte(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getByte is not supported by the read-only FroNtier driver");
    }

    @Override
    public short getShort(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getShort is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getInt(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getInt is not supported by the read-only FroNtier driver");
    }

    @Override
    public long getLong(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getLong is not supported by the read-only FroNtier driver");
    }

    @Override
    public float getFloat(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getFloat is not supported by the read-only FroNtier driver");
    }

    @Override
    public double getDouble(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getDouble is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(int a0, int a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBigDecimal is not supported by the read-only FroNtier driver");
    }

    @Override
    public byte[] getBytes(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBytes is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Date getDate(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getDate is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Time getTime(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getTime is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Timestamp getTimestamp(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getTimestamp is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.io.InputStream getAsciiStream(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getAsciiStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.io.InputStream getUnicodeStream(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getUnicodeStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.io.InputStream getBinaryStream(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBinaryStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getString(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getString is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean getBoolean(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBoolean is not supported by the read-only FroNtier driver");
    }

    @Override
    public byte getByte(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getByte is not supported by the read-only FroNtier driver");
    }

    @Override
    public short getShort(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getShort is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getInt(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getInt is not supported by the read-only FroNtier driver");
    }

    @Override
    public long getLong(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getLong is not supported by the read-only FroNtier driver");
    }

    @Override
    public float getFloat(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getFloat is not supported by the read-only FroNtier driver");
    }

    @Override
    public double getDouble(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getDouble is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(java.lang.String a0, int a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBigDecimal is not supported by the read-only FroNtier driver");
    }

    @Override
    public byte[] getBytes(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBytes is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Date getDate(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getDate is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Time getTime(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getTime is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Timestamp getTimestamp(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getTimestamp is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.io.InputStream getAsciiStream(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getAsciiStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.io.InputStream getUnicodeStream(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getUnicodeStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.io.InputStream getBinaryStream(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBinaryStream is not supported by the read-only FroNtier driver");
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
    public java.lang.String getCursorName() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getCursorName is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.ResultSetMetaData getMetaData() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getMetaData is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.Object getObject(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.Object getObject(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public int findColumn(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("findColumn is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.io.Reader getCharacterStream(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.io.Reader getCharacterStream(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBigDecimal is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBigDecimal is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isBeforeFirst() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isBeforeFirst is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isAfterLast() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isAfterLast is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isFirst() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isFirst is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isLast() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isLast is not supported by the read-only FroNtier driver");
    }

    @Override
    public void beforeFirst() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("beforeFirst is not supported by the read-only FroNtier driver");
    }

    @Override
    public void afterLast() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("afterLast is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean first() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("first is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean last() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("last is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getRow() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getRow is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean absolute(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("absolute is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean relative(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("relative is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean previous() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("previous is not supported by the read-only FroNtier driver");
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
    public int getType() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getType is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getConcurrency() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getConcurrency is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean rowUpdated() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("rowUpdated is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean rowInserted() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("rowInserted is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean rowDeleted() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("rowDeleted is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNull(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNull is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBoolean(int a0, boolean a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBoolean is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateByte(int a0, byte a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateByte is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateShort(int a0, short a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateShort is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateInt(int a0, int a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateInt is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateLong(int a0, long a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateLong is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateFloat(int a0, float a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateFloat is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateDouble(int a0, double a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateDouble is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBigDecimal(int a0, java.math.BigDecimal a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBigDecimal is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateString(int a0, java.lang.String a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateString is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBytes(int a0, byte[] a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBytes is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateDate(int a0, java.sql.Date a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateDate is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateTime(int a0, java.sql.Time a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateTime is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateTimestamp(int a0, java.sql.Timestamp a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateTimestamp is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateAsciiStream(int a0, java.io.InputStream a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateAsciiStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBinaryStream(int a0, java.io.InputStream a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBinaryStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateCharacterStream(int a0, java.io.Reader a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateObject(int a0, java.lang.Object a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateObject(int a0, java.lang.Object a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNull(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNull is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBoolean(java.lang.String a0, boolean a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBoolean is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateByte(java.lang.String a0, byte a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateByte is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateShort(java.lang.String a0, short a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateShort is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateInt(java.lang.String a0, int a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateInt is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateLong(java.lang.String a0, long a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateLong is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateFloat(java.lang.String a0, float a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateFloat is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateDouble(java.lang.String a0, double a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateDouble is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBigDecimal(java.lang.String a0, java.math.BigDecimal a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBigDecimal is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateString(java.lang.String a0, java.lang.String a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateString is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBytes(java.lang.String a0, byte[] a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBytes is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateDate(java.lang.String a0, java.sql.Date a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateDate is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateTime(java.lang.String a0, java.sql.Time a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateTime is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateTimestamp(java.lang.String a0, java.sql.Timestamp a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateTimestamp is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateAsciiStream(java.lang.String a0, java.io.InputStream a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateAsciiStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBinaryStream(java.lang.String a0, java.io.InputStream a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBinaryStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateCharacterStream(java.lang.String a0, java.io.Reader a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateObject(java.lang.String a0, java.lang.Object a1, int a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateObject(java.lang.String a0, java.lang.Object a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public void insertRow() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("insertRow is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateRow() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateRow is not supported by the read-only FroNtier driver");
    }

    @Override
    public void deleteRow() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("deleteRow is not supported by the read-only FroNtier driver");
    }

    @Override
    public void refreshRow() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("refreshRow is not supported by the read-only FroNtier driver");
    }

    @Override
    public void cancelRowUpdates() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("cancelRowUpdates is not supported by the read-only FroNtier driver");
    }

    @Override
    public void moveToInsertRow() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("moveToInsertRow is not supported by the read-only FroNtier driver");
    }

    @Override
    public void moveToCurrentRow() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("moveToCurrentRow is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Statement getStatement() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getStatement is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.Object getObject(int a0, java.util.Map<java.lang.String, java.lang.Class<?>> a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Ref getRef(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getRef is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Blob getBlob(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Clob getClob(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Array getArray(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getArray is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.Object getObject(java.lang.String a0, java.util.Map<java.lang.String, java.lang.Class<?>> a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Ref getRef(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getRef is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Blob getBlob(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Clob getClob(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Array getArray(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getArray is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Date getDate(int a0, java.util.Calendar a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getDate is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Date getDate(java.lang.String a0, java.util.Calendar a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getDate is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Time getTime(int a0, java.util.Calendar a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getTime is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Time getTime(java.lang.String a0, java.util.Calendar a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getTime is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Timestamp getTimestamp(int a0, java.util.Calendar a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getTimestamp is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.Timestamp getTimestamp(java.lang.String a0, java.util.Calendar a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getTimestamp is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.net.URL getURL(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getURL is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.net.URL getURL(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getURL is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateRef(int a0, java.sql.Ref a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateRef is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateRef(java.lang.String a0, java.sql.Ref a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateRef is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBlob(int a0, java.sql.Blob a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBlob(java.lang.String a0, java.sql.Blob a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateClob(int a0, java.sql.Clob a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateClob(java.lang.String a0, java.sql.Clob a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateArray(int a0, java.sql.Array a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateArray is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateArray(java.lang.String a0, java.sql.Array a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateArray is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.RowId getRowId(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getRowId is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.RowId getRowId(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getRowId is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateRowId(int a0, java.sql.RowId a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateRowId is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateRowId(java.lang.String a0, java.sql.RowId a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateRowId is not supported by the read-only FroNtier driver");
    }

    @Override
    public int getHoldability() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getHoldability is not supported by the read-only FroNtier driver");
    }

    @Override
    public boolean isClosed() throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("isClosed is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNString(int a0, java.lang.String a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNString is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNString(java.lang.String a0, java.lang.String a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNString is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNClob(int a0, java.sql.NClob a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNClob(java.lang.String a0, java.sql.NClob a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.NClob getNClob(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getNClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.NClob getNClob(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getNClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.SQLXML getSQLXML(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getSQLXML is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.sql.SQLXML getSQLXML(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getSQLXML is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateSQLXML(int a0, java.sql.SQLXML a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateSQLXML is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateSQLXML(java.lang.String a0, java.sql.SQLXML a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateSQLXML is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getNString(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getNString is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.lang.String getNString(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getNString is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.io.Reader getNCharacterStream(int a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getNCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public java.io.Reader getNCharacterStream(java.lang.String a0) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getNCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNCharacterStream(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNCharacterStream(java.lang.String a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateAsciiStream(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateAsciiStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBinaryStream(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBinaryStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateCharacterStream(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateAsciiStream(java.lang.String a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateAsciiStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBinaryStream(java.lang.String a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBinaryStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateCharacterStream(java.lang.String a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBlob(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBlob(java.lang.String a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateClob(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateClob(java.lang.String a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNClob(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNClob(java.lang.String a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNCharacterStream(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNCharacterStream(java.lang.String a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateAsciiStream(int a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateAsciiStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBinaryStream(int a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBinaryStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateCharacterStream(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateAsciiStream(java.lang.String a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateAsciiStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBinaryStream(java.lang.String a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBinaryStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateCharacterStream(java.lang.String a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateCharacterStream is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBlob(int a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateBlob(java.lang.String a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateBlob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateClob(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateClob(java.lang.String a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNClob(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public void updateNClob(java.lang.String a0, java.io.Reader a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("updateNClob is not supported by the read-only FroNtier driver");
    }

    @Override
    public <T> T getObject(int a0, java.lang.Class<T> a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getObject is not supported by the read-only FroNtier driver");
    }

    @Override
    public <T> T getObject(java.lang.String a0, java.lang.Class<T> a1) throws java.sql.SQLException {
        throw new java.sql.SQLFeatureNotSupportedException("getObject is not supported by the read-only FroNtier driver");
    }
}
