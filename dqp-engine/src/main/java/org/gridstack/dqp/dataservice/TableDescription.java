package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import org.gridstack.dqp.block.BlockSchema;

/** A table a data service offers: its name, its columns and the database's row-count estimate. Immutable. */
public record TableDescription(String name, BlockSchema schema, long estimatedRows) {
    public TableDescription {
        requireNonNull(name, "name is null");
        requireNonNull(schema, "schema is null");
    }
}
