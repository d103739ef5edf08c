package org.gridstack.frontier.db;

import java.time.Instant;
import java.util.Collection;
import java.util.Optional;

/**
 * Knows when tables were last modified, without taking a connection from the query pool on the
 * request path (the answer comes from memory), so that {@code If-Modified-Since} can be answered
 * with 304 before the request waits for the database. Implementations are thread-safe.
 */
public interface LastModifiedSource extends AutoCloseable {
    /** The latest modification time of all these tables, or empty when any of them is unknown. */
    Optional<Instant> lastModified(Collection<TableName> tables);

    @Override
    default void close() {
    }

    /** A source that knows nothing (Last-Modified disabled). */
    LastModifiedSource NONE = tables -> Optional.empty();
}
