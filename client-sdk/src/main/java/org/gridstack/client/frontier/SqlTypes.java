package org.gridstack.client.frontier;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.Locale;

/**
 * Maps the SQL type names of the header record (PostgreSQL: {@code int4}, {@code int8},
 * {@code float8}, {@code numeric}, {@code varchar}, {@code timestamp}, {@code bytea}...; Oracle:
 * {@code NUMBER(p)}, {@code VARCHAR2}, {@code BLOB}, {@code DATE}...) to Java kinds and
 * {@link java.sql.Types}. Unknown names are strings: the servlet sends them as text anyway.
 * Thread-safe (stateless).
 */
public final class SqlTypes {
    /** The Java representation {@code getObject} uses. */
    public enum Kind { INT, LONG, DOUBLE, DECIMAL, TIMESTAMP, BYTES, STRING }

    private SqlTypes() {
    }

    public static Kind javaKind(String typeName) {
        String t = typeName == null ? "" : typeName.trim().toLowerCase(Locale.ROOT);
        String base = t.contains("(") ? t.substring(0, t.indexOf('(')).trim() : t;
        switch (base) {
            case "int2", "int4", "smallint", "integer", "int", "serial":
                return Kind.INT;
            case "int8", "bigint", "bigserial", "oid":
                return Kind.LONG;
            case "float4", "float8", "real", "double precision", "binary_float", "binary_double", "float":
                return Kind.DOUBLE;
            case "numeric", "decimal":
                return Kind.DECIMAL;
            case "number":
                return numberKind(t);
            case "timestamp", "timestamptz", "date", "timestamp without time zone", "timestamp with time zone":
                return Kind.TIMESTAMP;
            case "bytea", "blob", "raw", "long raw", "binary", "varbinary":
                return Kind.BYTES;
            default:
                return base.startsWith("timestamp") ? Kind.TIMESTAMP : Kind.STRING;
        }
    }

    /** Oracle {@code NUMBER(p)} (the servlet appends the precision when it is not 0): integral up to 18 digits. */
    private static Kind numberKind(String t) {
        if (!t.contains("(")) {
            return Kind.DECIMAL;
        }
        String inside = t.substring(t.indexOf('(') + 1, t.indexOf(')') > 0 ? t.indexOf(')') : t.length());
        if (inside.contains(",")) {
            return Kind.DECIMAL;
        }
        try {
            int precision = Integer.parseInt(inside.trim());
            return precision <= 9 ? Kind.INT : precision <= 18 ? Kind.LONG : Kind.DECIMAL;
        } catch (NumberFormatException e) {
            return Kind.DECIMAL;
        }
    }

    public static int jdbcType(String typeName) {
        return switch (javaKind(typeName)) {
            case INT -> Types.INTEGER;
            case LONG -> Types.BIGINT;
            case DOUBLE -> Types.DOUBLE;
            case DECIMAL -> Types.NUMERIC;
            case TIMESTAMP -> Types.TIMESTAMP;
            case BYTES -> Types.VARBINARY;
            case STRING -> Types.VARCHAR;
        };
    }

    public static String javaClassName(String typeName) {
        return switch (javaKind(typeName)) {
            case INT -> Integer.class.getName();
            case LONG -> Long.class.getName();
            case DOUBLE -> Double.class.getName();
            case DECIMAL -> BigDecimal.class.getName();
            case TIMESTAMP -> Timestamp.class.getName();
            case BYTES -> byte[].class.getName();
            case STRING -> String.class.getName();
        };
    }
}
