package org.gridstack.dqp.evaluator.expression;

import com.google.errorprone.annotations.ThreadSafe;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Orders two non-null values of the engine's classes as PostgreSQL does: exact numbers (smallint,
 * integer, bigint, numeric) by exact value, a number against a real or double precision as double
 * precision, strings by code point (the C collation), booleans false before true, temporal values
 * and byte strings by their natural order. {@link #key} gives values that are equal here equal
 * hash keys. Stateless; thread-safe.
 */
@ThreadSafe
public final class ValueComparator {
    private ValueComparator() {
    }

    /** Compares {@code a} and {@code b}; throws IllegalArgumentException for values that cannot be compared. */
    @SuppressWarnings("unchecked")
    public static int compare(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            if (isIntegral(x) && isIntegral(y)) {
                return Long.compare(x.longValue(), y.longValue());
            }
            if (isFloating(x) || isFloating(y)) {
                // PostgreSQL orders NaN above every other value and equal to itself, as Double.compare does
                return Double.compare(x.doubleValue() == 0 ? 0.0 : x.doubleValue(), y.doubleValue() == 0 ? 0.0 : y.doubleValue());
            }
            return exact(x).compareTo(exact(y));
        }
        if (a.getClass() == b.getClass() && a instanceof Comparable<?> c) {
            return ((Comparable<Object>) c).compareTo(b);
        }
        if (isTimestamp(a) && isTimestamp(b)) {
            // PostgreSQL compares date, timestamp and timestamptz as timestamptz in the session's zone (UTC here)
            return instant(a).compareTo(instant(b));
        }
        throw new IllegalArgumentException("cannot compare " + a.getClass().getSimpleName() + " with " + b.getClass().getSimpleName());
    }

    /**
     * A hash key for {@code value} such that values {@link #compare} finds equal have equal keys
     * (integers of every width as Long, numerics without trailing zeros, -0.0 as 0.0). Keys of exact
     * and floating numbers are not comparable with each other; the planner casts join keys to one type.
     */
    public static Object key(Object value) {
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigDecimal d) {
            BigDecimal stripped = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
            if (stripped.scale() <= 0 && stripped.precision() - stripped.scale() <= 18) {
                return stripped.longValueExact();
            }
            return stripped;
        }
        if (value instanceof Float f) {
            return f == 0 ? 0.0 : f.doubleValue();
        }
        if (value instanceof Double d && d == 0) {
            return 0.0;
        }
        return value;
    }

    private static boolean isTimestamp(Object v) {
        return v instanceof LocalDate || v instanceof LocalDateTime || v instanceof OffsetDateTime;
    }

    private static Instant instant(Object v) {
        if (v instanceof LocalDate d) {
            return d.atStartOfDay().toInstant(ZoneOffset.UTC);
        }
        if (v instanceof LocalDateTime t) {
            return t.toInstant(ZoneOffset.UTC);
        }
        return ((OffsetDateTime) v).toInstant();
    }

    static boolean isIntegral(Number n) {
        return n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte;
    }

    static boolean isFloating(Number n) {
        return n instanceof Double || n instanceof Float;
    }

    static BigDecimal exact(Number n) {
        return n instanceof BigDecimal d ? d : BigDecimal.valueOf(n.longValue());
    }
}
