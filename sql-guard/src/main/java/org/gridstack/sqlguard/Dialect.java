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

    /** Folds an unquoted identifier the way this database does before looking it up. */
    String foldUnquoted(String identifier) {
        return this == ORACLE ? identifier.toUpperCase(Locale.ROOT) : Words.asciiLower(identifier);
    }
}
