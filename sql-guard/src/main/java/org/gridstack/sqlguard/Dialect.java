package org.gridstack.sqlguard;

import java.util.Locale;

/**
 * SQL dialect whose lexical rules the guard applies.
 *
 * <p>The dialect matters for safety, not just convenience: the same text can split into different tokens
 * (PostgreSQL nests block comments and has {@code E'...'} and dollar quoting; Oracle has {@code q'[...]'}),
 * and the guard must read the text exactly as the database will.
 */
public enum Dialect {
    /** PostgreSQL: unquoted identifiers fold to lower case (ASCII letters only, as the server does). */
    POSTGRESQL,
    /** Oracle: unquoted identifiers fold to upper case. */
    ORACLE;

    /**
     * Folds an unquoted identifier the way this database does before looking it up: Oracle to upper
     * case, PostgreSQL ASCII letters only to lower case (so {@code Ärger} stays {@code Ärger}, where
     * Java's {@code toLowerCase} would name another relation). The one folding rule of the tree.
     */
    public String foldUnquoted(String identifier) {
        return this == ORACLE ? identifier.toUpperCase(Locale.ROOT) : Words.asciiLower(identifier);
    }
}
