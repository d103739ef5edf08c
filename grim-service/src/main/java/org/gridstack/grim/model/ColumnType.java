package org.gridstack.grim.model;

import java.math.BigInteger;

/**
 * Value types of the GRIM model. Two are enough for GLUE data and keep answers comparable across
 * backends: every value is either a {@link String} or a {@link Long} (never null for key columns).
 */
public enum ColumnType {
    TEXT,
    INTEGER;

    /** Parses {@code text} into this type's Java value; throws IllegalArgumentException naming the problem. */
    public Object parse(String text) {
        if (text == null) {
            return null;
        }
        if (this == TEXT) {
            return text;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not an integer");
        }
    }

    /** Checks that {@code value} (as decoded from JSON) fits this type and returns it normalised. */
    public Object coerce(Object value) {
        if (value == null) {
            return null;
        }
        if (this == TEXT) {
            if (value instanceof String s) {
                return s;
            }
            if (value instanceof Number || value instanceof Boolean) {
                return value.toString();
            }
            throw new IllegalArgumentException("expected a string, got " + value.getClass().getSimpleName());
        }
        if (value instanceof Long l) {
            return l;
        }
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger b) {
            return b.longValueExact();
        }
        if (value instanceof String s) {
            return parse(s);
        }
        throw new IllegalArgumentException("expected an integer, got " + value);
    }
}
