package org.gridstack.grim.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * One of the 34 collections: an entity (single key column) or a many-to-many relationship
 * (two key columns, both references).
 *
 * @param name       relational table name and API collection name (snake case)
 * @param glueName   object class / XML element name: the GLUE 1.3 class where GLUE has one
 *                   ({@code GlueHost}), otherwise {@code Grim...}
 * @param columns    all columns, key columns first
 * @param keyCount   1 for entities, 2 for relationships
 * @param baseCount  number of objects at scale 1.0
 */
public record CollectionDef(String name, String glueName, List<Column> columns, int keyCount, int baseCount) {
    public CollectionDef {
        requireNonNull(name, "name is null");
        requireNonNull(glueName, "glueName is null");
        columns = List.copyOf(columns);
        if (keyCount < 1 || keyCount > 2 || keyCount > columns.size()) {
            throw new IllegalArgumentException(name + ": bad key count " + keyCount);
        }
    }

    public boolean isRelationship() {
        return keyCount == 2;
    }

    public List<Column> keyColumns() {
        return columns.subList(0, keyCount);
    }

    public Column key() {
        return columns.get(0);
    }

    public Optional<Column> column(String columnName) {
        for (Column c : columns) {
            if (c.name().equals(columnName)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    public int indexOf(String columnName) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(columnName)) {
                return i;
            }
        }
        throw new IllegalArgumentException("collection " + name + " has no column " + columnName);
    }

    /** Objects at scale {@code scale}: at least one, so every relationship can be populated. */
    public int countAt(double scale) {
        return Math.max(1, (int) Math.round(baseCount * scale));
    }
}
