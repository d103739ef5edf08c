package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.gridstack.dqp.dataservice.DataServiceClient;
import org.gridstack.dqp.dataservice.DataServiceException;
import org.gridstack.dqp.dataservice.TableDescription;
import java.util.Locale;

/**
 * The coordinator's catalog: built by asking each data service for its tables and columns; one
 * Calcite schema with every table (names must be unique across services) and the
 * {@code calculateEntropy} function. Immutable after construction; thread-safe.
 */
@ThreadSafe
public final class DistributedCatalog {
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (Map.copyOf) of @ThreadSafe RemoteTables
    private final Map<String, RemoteTable> tables;
    @SuppressWarnings("ThreadSafe") // Calcite's root schema, filled by the constructor and only read afterwards (planners look tables up)
    private final SchemaPlus schema;

    private DistributedCatalog(Map<String, RemoteTable> tables) {
        this.tables = tables;
        this.schema = CalciteSchema.createRootSchema(false, false).plus();
        tables.forEach(schema::add);
        schema.add(EntropyFunction.NAME, ScalarFunctionImpl.create(EntropyFunction.class, EntropyFunction.NAME));
        // lookup is case-sensitive and unquoted names are folded to lower case, as in PostgreSQL
        schema.add(EntropyFunction.NAME.toLowerCase(Locale.ROOT),
                ScalarFunctionImpl.create(EntropyFunction.class, EntropyFunction.NAME));
    }

    /**
     * Asks every service for its tables.
     *
     * @throws DataServiceException when a service cannot be asked
     * @throws IllegalStateException when two services offer a table of the same name
     */
    public static DistributedCatalog build(List<DataServiceClient> services) throws DataServiceException {
        requireNonNull(services, "services is null");
        Map<String, RemoteTable> tables = new LinkedHashMap<>();
        for (DataServiceClient service : services) {
            for (TableDescription t : service.tables()) {
                RemoteTable previous = tables.putIfAbsent(t.name(), new RemoteTable(service, t));
                if (previous != null) {
                    throw new IllegalStateException("table " + t.name() + " is offered by both " + previous.service().base()
                            + " and " + service.base() + "; table names must be unique across data services");
                }
            }
        }
        return new DistributedCatalog(Map.copyOf(tables));
    }

    /** A catalog of tables already described (tests, and catalogs not read from services). */
    static DistributedCatalog of(List<RemoteTable> tables) {
        Map<String, RemoteTable> byName = new LinkedHashMap<>();
        tables.forEach(t -> byName.put(t.description().name(), t));
        return new DistributedCatalog(Map.copyOf(byName));
    }

    /** The Calcite schema to plan against. */
    public SchemaPlus schema() {
        return schema;
    }

    /** Every table, by name. */
    public Map<String, RemoteTable> tables() {
        return tables;
    }

    /** "table(col, col), ..." for error messages that list what exists. */
    public String describe() {
        return tables.values().stream().sorted((a, b) -> a.description().name().compareTo(b.description().name()))
                .map(t -> t.description().name() + "(" + String.join(", ", t.description().schema().names()) + ")")
                .collect(Collectors.joining(", "));
    }
}
