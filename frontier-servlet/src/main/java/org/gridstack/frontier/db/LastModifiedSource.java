package org.gridstack.frontier.db;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Instant;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Knows when tables were last modified, without taking a connection from the query pool on the
 * request path (the answer comes from memory), so that {@code If-Modified-Since} can be answered
 * with 304 before the request waits for the database. Implementations are thread-safe.
 */
@ThreadSafe
public interface LastModifiedSource extends AutoCloseable {
    /** The latest modification time of all these tables, or empty when any of them is unknown. */
    Optional<Instant> lastModified(Collection<TableName> tables);

    /**
     * The schema-qualified names of these tables as the database resolves them, or empty when any
     * cannot be resolved (used to match change notifications to served URLs).
     */
    default Optional<Set<TableName>> resolve(Collection<TableName> tables) {
        for (TableName t : tables) {
            if (t.schema() == null) {
                return Optional.empty();
            }
        }
        return Optional.of(Set.copyOf(tables));
    }

    /** Registers a listener told, on a background thread, which tables changed. */
    default void onChange(Consumer<Set<TableName>> listener) {
    }

    @Override
    default void close() {
    }

    /** A source that knows nothing (Last-Modified disabled). */
    LastModifiedSource NONE = tables -> Optional.empty();
}
