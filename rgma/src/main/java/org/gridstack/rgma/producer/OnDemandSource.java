package org.gridstack.rgma.producer;

import java.util.List;

import org.gridstack.rgma.sql.TableDefinition;

/**
 * The live source of an on-demand producer: computes the producer's tuples now, at query time.
 * Implementations must allow concurrent calls.
 */
public interface OnDemandSource {
    /** The table the source's tuples belong to ({@code CREATE TABLE} text). */
    String createTable();

    /** The tuples of this moment, as JDBC values in {@code table}'s column order. */
    List<List<Object>> collect(TableDefinition table) throws Exception;

    /** A name for logs and registrations. */
    String name();
}
