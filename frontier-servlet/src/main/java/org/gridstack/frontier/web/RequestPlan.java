package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gridstack.frontier.db.TableName;
import org.gridstack.frontier.protocol.Ttl;

/**
 * What a whole request will do, decided before any connection is taken: its payloads' plans, its
 * time-to-live class, the last change of every table it reads ({@code null} when one of them is
 * not known), the schema-qualified tables it reads ({@code null} when not all are known, such
 * answers are not recorded for invalidation, or when invalidation is off) and how many changes to those tables had been seen
 * when it was planned (an answer computed while a change was seen is purged again). Immutable.
 */
@ThreadSafe
record RequestPlan(@SuppressWarnings("ThreadSafe") List<PayloadPlan> payloads, // an unmodifiable copy (List.copyOf)
        Ttl ttl, Instant lastModified,
        @SuppressWarnings("ThreadSafe") Set<TableName> resolvedTables, // an unmodifiable copy (Set.copyOf), or null
        long changesBefore) {
    RequestPlan {
        payloads = List.copyOf(payloads);
        resolvedTables = resolvedTables == null ? null : Set.copyOf(resolvedTables);
    }

    /** Whether some payload runs a query (and so needs a database connection). */
    boolean runsQueries() {
        return payloads.stream().anyMatch(PayloadPlan::runs);
    }

    /** Whether a client holding the answer of {@code ifModifiedSinceMillis} (-1: none) holds the current one. */
    boolean notModifiedSince(long ifModifiedSinceMillis) {
        return lastModified != null && ifModifiedSinceMillis >= 0 && lastModified.getEpochSecond() <= ifModifiedSinceMillis / 1000;
    }

    Optional<Set<TableName>> tables() {
        return Optional.ofNullable(resolvedTables);
    }
}
