package org.gridstack.frontier.db;

import com.google.errorprone.annotations.Immutable;
import java.util.Objects;

/**
 * A table as the database names it: identifiers already folded (lower case on PostgreSQL, upper
 * case on Oracle unless they were quoted). {@code schema} is null when the query did not name one.
 */
@Immutable
public record TableName(String schema, String name) {
    public TableName {
        Objects.requireNonNull(name, "name is null");
    }

    @Override
    public String toString() {
        return schema == null ? name : schema + "." + name;
    }
}
