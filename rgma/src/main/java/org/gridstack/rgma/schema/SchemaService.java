package org.gridstack.rgma.schema;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.rgma.sql.RgmaSql;
import org.gridstack.rgma.sql.TableDefinition;
import org.gridstack.rgma.storage.ConnectionSource;
import org.gridstack.rgma.storage.TupleStore;

/**
 * R-GMA's schema service: the virtual database's table definitions, the same for every producer
 * of a table. {@code CREATE TABLE} (R-GMA's SQL subset) declares a table once; declaring an
 * existing table again with the same definition is accepted, with a different one refused (409).
 * Definitions are kept in PostgreSQL ({@code rgma_schema}) and survive a restart with an external
 * database; tables are never altered or dropped through the service. At most {@code maxTables}
 * tables may be declared, so anonymous declarations cannot fill the database.
 *
 * <p>Thread-safe; lookups read an in-memory copy and never touch the database.
 */
@ThreadSafe
public final class SchemaService {
    private final ConnectionSource connections;
    private final TupleStore store;
    private final int maxTables;
    private final ConcurrentHashMap<String, TableDefinition> tables = new ConcurrentHashMap<>();
    private final RgmaSql sql = new RgmaSql(this::table);

    public SchemaService(ConnectionSource connections, TupleStore store, int maxTables) {
        this.connections = requireNonNull(connections, "connections is null");
        this.store = requireNonNull(store, "store is null");
        if (maxTables < 1) {
            throw new IllegalArgumentException("rgma.schema.max-tables must be at least 1, got " + maxTables);
        }
        this.maxTables = maxTables;
        load();
    }

    private void load() {
        try (Connection c = connections.connection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS rgma_schema (name varchar(63) PRIMARY KEY, create_sql text NOT NULL)");
            try (ResultSet rs = s.executeQuery("SELECT create_sql FROM rgma_schema")) {
                while (rs.next()) {
                    TableDefinition t = RgmaSql.createTable(rs.getString(1));
                    tables.put(t.name(), t);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the schema from the database", e);
        }
    }

    /** The parser bound to this schema. */
    public RgmaSql sql() {
        return sql;
    }

    /**
     * Declares a table.
     *
     * @return the definition, and whether it was new
     */
    public synchronized Declared createTable(String createSql) {
        TableDefinition t = RgmaSql.createTable(createSql);
        TableDefinition existing = tables.get(t.name());
        if (existing != null) {
            if (existing.columns().equals(t.columns()) && existing.primaryKey().equals(t.primaryKey())) {
                return new Declared(existing, false);
            }
            throw new RgmaException(409, "table " + t.name() + " is already declared differently: " + existing.createSql());
        }
        if (tables.size() >= maxTables) {
            throw new RgmaException(507, "the schema already holds " + maxTables + " tables (rgma.schema.max-tables)");
        }
        store.createTables(t);
        try (Connection c = connections.connection();
                PreparedStatement p = c.prepareStatement("INSERT INTO rgma_schema (name, create_sql) VALUES (?, ?)")) {
            p.setString(1, t.name());
            p.setString(2, t.createSql());
            p.executeUpdate();
        } catch (SQLException e) {
            throw new RgmaException(500, "could not record table " + t.name(), e);
        }
        tables.put(t.name(), t);
        return new Declared(t, true);
    }

    /** A table declaration's result. */
    public record Declared(TableDefinition table, boolean created) {
    }

    /** The definition of {@code name}, or a 404 saying it is not declared. */
    public TableDefinition table(String name) {
        TableDefinition t = tables.get(name);
        if (t == null) {
            throw RgmaException.notFound("table '" + name + "' is not declared in the schema; declare it with CREATE TABLE"
                    + " (POST /rgma/schema/tables)");
        }
        return t;
    }

    /** Every table, by name. */
    public List<TableDefinition> tables() {
        List<TableDefinition> all = new ArrayList<>(tables.values());
        all.sort(Comparator.comparing(TableDefinition::name));
        return all;
    }
}
