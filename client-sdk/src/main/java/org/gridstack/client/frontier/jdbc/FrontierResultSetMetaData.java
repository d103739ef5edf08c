package org.gridstack.client.frontier.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import org.gridstack.client.frontier.SqlTypes;

/**
 * Column metadata from the answer's header record: names and the database's type names. FroNtier
 * carries nothing else (no precision, scale, nullability, table). The implementation behind the
 * {@link ResultSetMetaData} proxy. Immutable.
 */
final class FrontierResultSetMetaData implements JdbcObject {
    private static final JdbcDispatcher<ResultSetMetaData, FrontierResultSetMetaData> DISPATCHER = JdbcDispatcher
            .builder(ResultSetMetaData.class, FrontierResultSetMetaData.class)
            .neverClosed()
            .build();

    private final List<String> names;
    private final List<String> types;

    private FrontierResultSetMetaData(List<String> names, List<String> types) {
        this.names = List.copyOf(Objects.requireNonNull(names, "names is null"));
        this.types = List.copyOf(Objects.requireNonNull(types, "types is null"));
    }

    static ResultSetMetaData open(List<String> names, List<String> types) {
        return DISPATCHER.proxy(new FrontierResultSetMetaData(names, types));
    }

    /** Metadata stays readable after its result set closed (it is a copy of the header). */
    @Override
    public boolean isClosed() {
        return false;
    }

    @Override
    public String toString() {
        return "FrontierResultSetMetaData" + names;
    }

    private int index(int column) throws SQLException {
        if (column < 1 || column > names.size()) {
            throw new SQLException("column index " + column + " out of range 1.." + names.size());
        }
        return column - 1;
    }

    public int getColumnCount() {
        return names.size();
    }

    public String getColumnName(int column) throws SQLException {
        return names.get(index(column));
    }

    public String getColumnLabel(int column) throws SQLException {
        return getColumnName(column);
    }

    public String getColumnTypeName(int column) throws SQLException {
        return types.get(index(column));
    }

    public int getColumnType(int column) throws SQLException {
        return SqlTypes.jdbcType(getColumnTypeName(column));
    }

    public String getColumnClassName(int column) throws SQLException {
        return SqlTypes.javaClassName(getColumnTypeName(column));
    }

    public int isNullable(int column) throws SQLException {
        index(column);
        return ResultSetMetaData.columnNullableUnknown;
    }

    public boolean isReadOnly(int column) throws SQLException {
        index(column);
        return true;
    }

    public boolean isWritable(int column) throws SQLException {
        index(column);
        return false;
    }

    public boolean isDefinitelyWritable(int column) throws SQLException {
        index(column);
        return false;
    }

    public boolean isAutoIncrement(int column) throws SQLException {
        index(column);
        return false;
    }

    public boolean isCaseSensitive(int column) throws SQLException {
        return SqlTypes.javaKind(getColumnTypeName(column)) == SqlTypes.Kind.STRING;
    }

    public boolean isSearchable(int column) throws SQLException {
        index(column);
        return true;
    }

    public boolean isCurrency(int column) throws SQLException {
        index(column);
        return false;
    }

    public boolean isSigned(int column) throws SQLException {
        SqlTypes.Kind k = SqlTypes.javaKind(getColumnTypeName(column));
        return k == SqlTypes.Kind.INT || k == SqlTypes.Kind.LONG || k == SqlTypes.Kind.DOUBLE || k == SqlTypes.Kind.DECIMAL;
    }

    public int getColumnDisplaySize(int column) throws SQLException {
        index(column);
        return 0;
    }

    public int getPrecision(int column) throws SQLException {
        index(column);
        return 0;
    }

    public int getScale(int column) throws SQLException {
        index(column);
        return 0;
    }

    public String getSchemaName(int column) throws SQLException {
        index(column);
        return "";
    }

    public String getTableName(int column) throws SQLException {
        index(column);
        return "";
    }

    public String getCatalogName(int column) throws SQLException {
        index(column);
        return "";
    }
}
