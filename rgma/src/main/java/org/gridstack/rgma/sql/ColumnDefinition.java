package org.gridstack.rgma.sql;

import static java.util.Objects.requireNonNull;

/** One column of a virtual table: lower-case name, type and length (CHAR/VARCHAR; else 0). Immutable. */
public record ColumnDefinition(String name, ColumnType type, int length, boolean notNull) {
    public ColumnDefinition {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
    }

    /** The type as SQL writes it ({@code VARCHAR(50)}). */
    public String typeText() {
        return type.hasLength() ? type.name() + "(" + length + ")" : type.name();
    }
}
