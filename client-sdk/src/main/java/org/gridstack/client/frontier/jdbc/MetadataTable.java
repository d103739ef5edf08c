package org.gridstack.client.frontier.jdbc;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.gridstack.client.frontier.FrontierResult;

/**
 * The rows of a DatabaseMetaData answer, built in memory with the JDBC-specified column names and
 * read through the same {@link FrontierResultSet} as an answer. Values are Java objects (String,
 * Integer, Short) or null; the getters convert like FrontierResult does. Mutable while being
 * built, then only read; not thread-safe.
 */
final class MetadataTable implements ResultRows {
    private final List<String> names = new ArrayList<>();
    private final List<String> types = new ArrayList<>();
    private final List<Object[]> rows = new ArrayList<>();
    private FrontierResult source;

    /** Columns as {@code NAME type} pairs, e.g. {@code "TABLE_NAME", "varchar", "DATA_TYPE", "int4"}. */
    MetadataTable(String... namesAndTypes) {
        if (namesAndTypes.length % 2 != 0) {
            throw new IllegalArgumentException("name and type pairs expected");
        }
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            names.add(namesAndTypes[i]);
            types.add(namesAndTypes[i + 1]);
        }
    }

    /** One row, a value (or null) per column. */
    MetadataTable add(Object... values) {
        if (values.length != names.size()) {
            throw new IllegalArgumentException(values.length + " values for " + names.size() + " columns " + names);
        }
        rows.add(values.clone());
        return this;
    }

    /** Sorts by the text of these columns (0-based), NULL first, as the JDBC javadoc orders each answer. */
    MetadataTable sortBy(int... columns) {
        Comparator<Object[]> order = (a, b) -> 0;
        for (int c : columns) {
            order = order.thenComparing(r -> r[c] == null ? null : r[c].toString(), Comparator.nullsFirst(Comparator.naturalOrder()));
        }
        rows.sort(order);
        return this;
    }

    /** The information_schema answer these rows were made from ({@code unwrap(FrontierResult.class)}). */
    MetadataTable from(FrontierResult answer) {
        this.source = answer;
        return this;
    }

    private Object value(int row, int column) {
        return rows.get(row)[column];
    }

    @Override
    public List<String> columnNames() {
        return List.copyOf(names);
    }

    @Override
    public List<String> typeNames() {
        return List.copyOf(types);
    }

    @Override
    public int rowCount() {
        return rows.size();
    }

    @Override
    public int columnIndex(String name) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public boolean isNull(int row, int column) {
        return value(row, column) == null;
    }

    @Override
    public String getString(int row, int column) {
        Object v = value(row, column);
        return v == null ? null : v.toString();
    }

    @Override
    public long getLong(int row, int column) {
        Object v = value(row, column);
        if (v instanceof Number n) {
            return n.longValue();
        }
        try {
            return Long.parseLong(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            throw conversion(column, v, "long");
        }
    }

    @Override
    public int getInt(int row, int column) {
        long v = getLong(row, column);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw conversion(column, v, "int");
        }
        return (int) v;
    }

    @Override
    public double getDouble(int row, int column) {
        Object v = value(row, column);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        try {
            return Double.parseDouble(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            throw conversion(column, v, "double");
        }
    }

    @Override
    public BigDecimal getBigDecimal(int row, int column) {
        Object v = value(row, column);
        try {
            return v == null ? null : new BigDecimal(v.toString().trim());
        } catch (NumberFormatException e) {
            throw conversion(column, v, "BigDecimal");
        }
    }

    @Override
    public byte[] getBytes(int row, int column) {
        Object v = value(row, column);
        return v == null ? null : v.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Timestamp getTimestamp(int row, int column) {
        Object v = value(row, column);
        try {
            return v == null ? null : Timestamp.valueOf(v.toString().trim());
        } catch (IllegalArgumentException e) {
            throw conversion(column, v, "timestamp");
        }
    }

    @Override
    public Object getObject(int row, int column) {
        return value(row, column);
    }

    private IllegalArgumentException conversion(int column, Object value, String javaType) {
        return new IllegalArgumentException("column " + names.get(column) + " (" + types.get(column) + "): '" + value + "' is not a " + javaType);
    }

    @Override
    public FrontierResult answer() {
        return source;
    }

    @Override
    public String describe() {
        return rows.size() + " metadata rows x " + names.size() + " columns"
                + (source == null ? " (answered by the driver)" : " from " + source.origin().describe());
    }
}
