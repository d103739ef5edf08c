package org.gridstack.rgma.sql;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The {@code column = literal} conjuncts of a condition (a producer's predicate such as
 * {@code WHERE site = 'RAL'}, or a consumer's {@code WHERE}), values normalised (numbers without
 * trailing zeros, strings as written). Mediation asks {@link #canOverlap}: a producer whose
 * predicate fixes a column to one value cannot contribute to a query that fixes it to another.
 * Immutable.
 */
public final class Equalities {
    /** No equalities: overlaps everything. */
    public static final Equalities NONE = new Equalities(Map.of());

    private final Map<String, String> values;

    public Equalities(Map<String, String> values) {
        this.values = Map.copyOf(values);
    }

    static String normalise(Object literal) {
        if (literal instanceof BigDecimal n) {
            return "n:" + n.stripTrailingZeros().toPlainString();
        }
        if (literal instanceof Number n) {
            return normalise(new BigDecimal(n.toString()));
        }
        return "s:" + literal;
    }

    /** The fixed values by column, normalised. */
    public Map<String, String> values() {
        return values;
    }

    /** Whether some tuple could satisfy both conditions (no column is fixed to two different values). */
    public boolean canOverlap(Equalities other) {
        for (Map.Entry<String, String> e : values.entrySet()) {
            String theirs = other.values.get(e.getKey());
            if (theirs != null && !theirs.equals(e.getValue())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a row (JDBC values in the table's column order) satisfies every equality; the check
     * a producer with a predicate makes on each tuple it is given.
     */
    public String violatedBy(TableDefinition table, List<Object> row) {
        for (Map.Entry<String, String> e : values.entrySet()) {
            int i = table.columnNames().indexOf(e.getKey());
            Object v = row.get(i);
            if (v == null || !normalise(v).equals(e.getValue())) {
                return e.getKey();
            }
        }
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Equalities e && values.equals(e.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values);
    }

    @Override
    public String toString() {
        return new TreeMap<>(values).toString();
    }
}
