package org.gridstack.dqp.evaluator.expression;

/**
 * Orders two non-null values of the engine's classes (String, Integer, Long, Double, Boolean):
 * numbers by value whatever their class, strings by code point, booleans false before true.
 * Stateless; thread-safe.
 */
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
            return Double.compare(x.doubleValue(), y.doubleValue());
        }
        if (a.getClass() == b.getClass() && a instanceof Comparable<?> c) {
            return ((Comparable<Object>) c).compareTo(b);
        }
        throw new IllegalArgumentException("cannot compare " + a.getClass().getSimpleName() + " with " + b.getClass().getSimpleName());
    }

    static boolean isIntegral(Number n) {
        return n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte;
    }
}
