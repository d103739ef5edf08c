package org.gridstack.grim.model;

import static java.util.Objects.requireNonNull;

/**
 * One attribute of a collection.
 *
 * @param name      relational column name (snake case), also the JSON field name
 * @param glueName  attribute name in LDAP and XML: the GLUE 1.3 name where GLUE has one
 *                  ({@code GlueHostUniqueID}), otherwise our own {@code Grim...} name
 * @param type      value type
 * @param indexed   whether every backend keeps an index on it (the same logical indexes everywhere)
 * @param references the collection whose key this column holds, or null
 */
public record Column(String name, String glueName, ColumnType type, boolean indexed, String references) {
    public Column {
        requireNonNull(name, "name is null");
        requireNonNull(glueName, "glueName is null");
        requireNonNull(type, "type is null");
    }

    public boolean isReference() {
        return references != null;
    }
}
