package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;

/**
 * The tables of one database's {@code public} schema with their columns, read once from JDBC
 * metadata. Columns of types the engine does not carry are listed apart, by name and type name.
 * Lookups are case-insensitive. Immutable; thread-safe.
 */
@ThreadSafe
public final class TableCatalog {
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (Map.copyOf) of @ThreadSafe descriptions
    private final Map<String, TableDescription> tables;

    private TableCatalog(Map<String, TableDescription> tables) {
        this.tables = tables;
    }

    /** Reads the catalog through {@code connection}. */
    public static TableCatalog read(Connection connection) throws SQLException {
        requireNonNull(connection, "connection is null");
        DatabaseMetaData meta = connection.getMetaData();
        Map<String, List<Column>> columns = new LinkedHashMap<>();
        Map<String, List<TableDescription.UnsupportedColumn>> unsupported = new LinkedHashMap<>();
        try (ResultSet rs = meta.getTables(null, "public", "%", new String[] {"TABLE", "VIEW"})) {
            while (rs.next()) {
                columns.put(rs.getString("TABLE_NAME"), new ArrayList<>());
                unsupported.put(rs.getString("TABLE_NAME"), new ArrayList<>());
            }
        }
        try (ResultSet rs = meta.getColumns(null, "public", "%", "%")) {
            while (rs.next()) {
                List<Column> list = columns.get(rs.getString("TABLE_NAME"));
                if (list == null) {
                    continue;
                }
                try {
                    ColumnType type = ColumnType.fromJdbc(rs.getInt("DATA_TYPE"), rs.getString("TYPE_NAME"));
                    list.add(new Column(rs.getString("COLUMN_NAME"), type,
                            rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls));
                } catch (IllegalArgumentException notCarried) {
                    // offered by name only, so that a query using it is refused naming it
                    unsupported.get(rs.getString("TABLE_NAME")).add(new TableDescription.UnsupportedColumn(
                            rs.getString("COLUMN_NAME"), rs.getString("TYPE_NAME")));
                }
            }
        }
        Map<String, TableDescription> tables = new LinkedHashMap<>();
        try (PreparedStatement estimate = connection.prepareStatement(
                "select greatest(reltuples, 0)::bigint from pg_class where oid = to_regclass(?)")) {
            for (Map.Entry<String, List<Column>> e : columns.entrySet()) {
                long rows = 0;
                estimate.setString(1, "public.\"" + e.getKey().replace("\"", "\"\"") + "\"");
                try (ResultSet rs = estimate.executeQuery()) {
                    if (rs.next()) {
                        rows = rs.getLong(1);
                    }
                } catch (SQLException notPostgres) {
                    // another database: no estimate
                }
                tables.put(e.getKey().toLowerCase(Locale.ROOT),
                        new TableDescription(e.getKey(), new BlockSchema(e.getValue()), rows, unsupported.get(e.getKey())));
            }
        }
        return new TableCatalog(Map.copyOf(tables));
    }

    /** The table named {@code name}, ignoring case. */
    public Optional<TableDescription> table(String name) {
        return Optional.ofNullable(tables.get(name.toLowerCase(Locale.ROOT)));
    }

    /** Every table, sorted by name. */
    public List<TableDescription> tables() {
        return tables.values().stream().sorted((a, b) -> a.name().compareTo(b.name())).toList();
    }
}
