package org.gridstack.client.frontier.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Objects;
import org.gridstack.client.frontier.FrontierResult;
import org.gridstack.client.frontier.SqlTypes;

/**
 * Column metadata from the answer's header record: names and the database's type names. FroNtier
 * carries nothing else (no precision, scale, nullability, table). Immutable.
 */
final class FrontierResultSetMetaData extends UnsupportedResultSetMetaData {
    private final FrontierResult result;

    FrontierResultSetMetaData(FrontierResult result) {
        this.result = Objects.requireNonNull(result, "result is null");
    }

    private int index(int column) throws SQLException {
        if (column < 1 || column > result.columnCount()) {
            throw new SQLException("column index " + column + " out of range 1.." + result.columnCount());
        }
        return column - 1;
    }

    @Override
    public int getColumnCount() {
        return result.columnCount();
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        return result.columnNames().get(index(column));
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return getColumnName(column);
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return result.typeNames().get(index(column));
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return SqlTypes.jdbcType(getColumnTypeName(column));
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return SqlTypes.javaClassName(getColumnTypeName(column));
    }

    @Override
    public int isNullable(int column) throws SQLException {
        index(column);
        return ResultSetMetaData.columnNullableUnknown;
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        index(column);
        return true;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        index(column);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        index(column);
        return false;
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        index(column);
        return false;
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        return SqlTypes.javaKind(getColumnTypeName(column)) == SqlTypes.Kind.STRING;
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        index(column);
        return true;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        index(column);
        return false;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        SqlTypes.Kind k = SqlTypes.javaKind(getColumnTypeName(column));
        return k == SqlTypes.Kind.INT || k == SqlTypes.Kind.LONG || k == SqlTypes.Kind.DOUBLE || k == SqlTypes.Kind.DECIMAL;
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        index(column);
        return 0;
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        index(column);
        return 0;
    }

    @Override
    public int getScale(int column) throws SQLException {
        index(column);
        return 0;
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        index(column);
        return "";
    }

    @Override
    public String getTableName(int column) throws SQLException {
        index(column);
        return "";
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        index(column);
        return "";
    }
}
