package org.gridstack.sqlguard;

import java.util.Locale;
import java.util.Objects;

/**
 * A relation named in a query, as written: unquoted parts keep the spelling of the SQL text, quoted parts
 * are the exact identifier. Use {@link #folded(boolean)} to get the name the database looks up.
 *
 * @param schema       the schema (or Oracle owner), or {@code null} when the name is unqualified
 * @param name         the relation name
 * @param schemaQuoted whether the schema was a quoted identifier (false when there is no schema)
 * @param nameQuoted   whether the name was a quoted identifier
 */
public record TableReference(String schema, String name, boolean schemaQuoted, boolean nameQuoted) {

    public TableReference {
        Objects.requireNonNull(name, "name is null");
        if (schema == null && schemaQuoted) {
            throw new IllegalArgumentException("schemaQuoted is true but there is no schema");
        }
    }

    /** An unquoted, unqualified name. */
    public static TableReference of(String name) {
        return new TableReference(null, name, false, false);
    }

    /** An unquoted, schema-qualified name. */
    public static TableReference of(String schema, String name) {
        return new TableReference(Objects.requireNonNull(schema, "schema is null"), name, false, false);
    }

    /**
     * The name as the database resolves it: unquoted parts folded to upper case (Oracle) or to lower case
     * (PostgreSQL, ASCII letters only), quoted parts unchanged; schema and name joined by {@code .} without
     * quoting. Use {@link #foldedSchema(boolean)} and {@link #foldedName(boolean)} if names may contain dots.
     */
    public String folded(boolean upperCaseUnquoted) {
        String n = foldedName(upperCaseUnquoted);
        return schema == null ? n : foldedSchema(upperCaseUnquoted) + "." + n;
    }

    /** The folded schema (see {@link #folded(boolean)}), or {@code null} when unqualified. */
    public String foldedSchema(boolean upperCaseUnquoted) {
        return schema == null ? null : fold(schema, schemaQuoted, upperCaseUnquoted);
    }

    /** The folded relation name (see {@link #folded(boolean)}). */
    public String foldedName(boolean upperCaseUnquoted) {
        return fold(name, nameQuoted, upperCaseUnquoted);
    }

    private static String fold(String part, boolean quoted, boolean upper) {
        if (quoted) {
            return part;
        }
        return upper ? part.toUpperCase(Locale.ROOT) : Words.asciiLower(part);
    }

    /** SQL spelling, quoting the parts that were quoted: {@code "My Schema".t}. */
    @Override
    public String toString() {
        String n = quote(name, nameQuoted);
        return schema == null ? n : quote(schema, schemaQuoted) + "." + n;
    }

    private static String quote(String part, boolean quoted) {
        return quoted ? '"' + part.replace("\"", "\"\"") + '"' : part;
    }
}
