package org.gridstack.rgma.registry;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Set;

import org.gridstack.rgma.sql.Equalities;

/**
 * What the registry records about a producer (never its tuples): its id, table, predicate (text
 * and parsed equalities), the query types it answers, its kind, where its ProducerServlet is
 * (base URL) and its termination interval. Immutable.
 */
public record ProducerRegistration(long id, String table, String predicate, Equalities equalities, Set<QueryType> queryTypes,
        ProducerKind kind, String endpoint, Duration terminationInterval) {
    public ProducerRegistration {
        requireNonNull(table, "table is null");
        requireNonNull(predicate, "predicate is null");
        requireNonNull(equalities, "equalities is null");
        queryTypes = Set.copyOf(queryTypes);
        requireNonNull(kind, "kind is null");
        requireNonNull(endpoint, "endpoint is null");
        requireNonNull(terminationInterval, "terminationInterval is null");
    }
}
