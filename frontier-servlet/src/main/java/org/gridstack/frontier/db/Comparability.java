package org.gridstack.frontier.db;

import java.util.Locale;

/**
 * How a column's values may be compared with SQL literals outside the database, for deciding
 * whether a changed row can affect a cached answer. Anything not known to compare exactly like the
 * database does is {@link #OTHER}, which makes every comparison "maybe".
 */
public enum Comparability {
    /** smallint, integer, bigint, numeric: compared exactly as decimals. */
    EXACT_NUMBER,
    /** real, double precision: the database compares as binary floating point. */
    FLOAT,
    /** text, varchar, name with a deterministic collation: equal only when the characters are equal; order unknown. */
    TEXT,
    /** Text whose collation orders by code point ({@code C}, {@code POSIX}): equality and order are both known. */
    TEXT_CODE_POINT_ORDER,
    /** Anything else (dates, char(n) with its padding, domains, arrays, nondeterministic collations ...). */
    OTHER;

    /**
     * Classifies a PostgreSQL column.
     *
     * @param typeName {@code pg_type.typname}
     * @param collation the column's collation name ({@code default} resolved by the caller), or null
     * @param deterministic whether that collation is deterministic
     */
    public static Comparability ofPostgres(String typeName, String collation, boolean deterministic) {
        return switch (typeName) {
            case "int2", "int4", "int8", "numeric" -> EXACT_NUMBER;
            case "float4", "float8" -> FLOAT;
            case "text", "varchar", "name" -> !deterministic ? OTHER
                    : collation != null && isCodePointCollation(collation) ? TEXT_CODE_POINT_ORDER : TEXT;
            default -> OTHER;
        };
    }

    /** True for collations that order UTF-8 text by bytes, which is code point order. */
    public static boolean isCodePointCollation(String collation) {
        String c = collation.toUpperCase(Locale.ROOT);
        return c.equals("C") || c.equals("POSIX") || c.equals("UCS_BASIC") || c.equals("C.UTF-8") || c.equals("C.UTF8");
    }
}
