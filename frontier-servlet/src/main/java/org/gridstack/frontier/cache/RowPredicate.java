package org.gridstack.frontier.cache;

import com.google.errorprone.annotations.ThreadSafe;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntPredicate;
import org.gridstack.frontier.db.Comparability;
import org.gridstack.frontier.db.TableChange;

/**
 * The WHERE clause of a simple single-table query as a conjunction of column-versus-literal
 * conditions, evaluated against changed rows' images to decide whether a cached answer can have
 * changed. Evaluation is conservative: a row image is reported as {@link Truth#MAYBE} whenever the
 * database might compare differently from this class (unknown column type, a value that is not a
 * plain number or string, text ordering under a collation). Immutable.
 */
@ThreadSafe
public record RowPredicate(
        // an unmodifiable copy (List.copyOf) of records holding unmodifiable lists of immutable values
        @SuppressWarnings("ThreadSafe") List<Condition> conditions) {
    /** Three answers: the database would select the row, would not, or we cannot tell. */
    public enum Truth { TRUE, FALSE, MAYBE }

    /** Comparison operators of the summarised subset. */
    public enum Op { EQ, LT, LE, GT, GE, IN, BETWEEN, IS_NULL }

    /**
     * {@code column op values}: values are {@link BigDecimal} (number literals) or {@link String}
     * (string literals, bound values); one for comparisons, two for BETWEEN, one or more for IN, none for IS NULL.
     */
    public record Condition(String column, Op op, List<Object> values) {
        public Condition {
            Objects.requireNonNull(column, "column is null");
            Objects.requireNonNull(op, "op is null");
            values = List.copyOf(values);
        }
    }

    public RowPredicate {
        conditions = List.copyOf(conditions);
        if (conditions.isEmpty()) {
            throw new IllegalArgumentException("a predicate needs at least one condition");
        }
    }

    /** Whether a query with this WHERE clause selects {@code row}; {@code columns} says how each column compares. */
    public Truth test(Map<String, Object> row, Map<String, Comparability> columns) {
        Truth all = Truth.TRUE;
        for (Condition c : conditions) {
            Truth t = test(c, row, columns.getOrDefault(c.column(), Comparability.OTHER));
            if (t == Truth.FALSE) {
                return Truth.FALSE;
            }
            if (t == Truth.MAYBE) {
                all = Truth.MAYBE;
            }
        }
        return all;
    }

    /** True unless every row image is certainly not selected. */
    public boolean mayMatchAny(List<Map<String, Object>> rows, Map<String, Comparability> columns) {
        for (Map<String, Object> row : rows) {
            if (test(row, columns) != Truth.FALSE) {
                return true;
            }
        }
        return false;
    }

    private static Truth test(Condition c, Map<String, Object> row, Comparability type) {
        if (!row.containsKey(c.column())) {
            return Truth.MAYBE;
        }
        Object value = row.get(c.column());
        if (value == TableChange.UNSUPPORTED) {
            return Truth.MAYBE; // a composite whose fields are all NULL IS NULL; arrays and json never compare here
        }
        if (c.op() == Op.IS_NULL) {
            return value == TableChange.NULL ? Truth.TRUE : Truth.FALSE;
        }
        if (value == TableChange.NULL) {
            return Truth.FALSE; // NULL compared with anything is unknown, and WHERE drops unknown
        }
        return switch (c.op()) {
            case EQ -> from(compare(value, c.values().get(0), type, false), s -> s == 0);
            case LT -> from(compare(value, c.values().get(0), type, true), s -> s < 0);
            case LE -> from(compare(value, c.values().get(0), type, true), s -> s <= 0);
            case GT -> from(compare(value, c.values().get(0), type, true), s -> s > 0);
            case GE -> from(compare(value, c.values().get(0), type, true), s -> s >= 0);
            case BETWEEN -> and(from(compare(value, c.values().get(0), type, true), s -> s >= 0),
                    from(compare(value, c.values().get(1), type, true), s -> s <= 0));
            case IN -> {
                Truth any = Truth.FALSE;
                for (Object literal : c.values()) {
                    Truth t = from(compare(value, literal, type, false), s -> s == 0);
                    if (t == Truth.TRUE) {
                        yield Truth.TRUE;
                    }
                    if (t == Truth.MAYBE) {
                        any = Truth.MAYBE;
                    }
                }
                yield any;
            }
            case IS_NULL -> throw new AssertionError();
        };
    }

    private static Truth and(Truth a, Truth b) {
        if (a == Truth.FALSE || b == Truth.FALSE) {
            return Truth.FALSE;
        }
        return a == Truth.TRUE && b == Truth.TRUE ? Truth.TRUE : Truth.MAYBE;
    }

    private static Truth from(Integer sign, IntPredicate holds) {
        if (sign == null) {
            return Truth.MAYBE;
        }
        return holds.test(sign) ? Truth.TRUE : Truth.FALSE;
    }

    /**
     * Sign of {@code value} compared with {@code literal} as the database would compare them, or null
     * when that is not certain. {@code ordered}: the order is needed, not just equality.
     */
    static Integer compare(Object value, Object literal, Comparability type, boolean ordered) {
        switch (type) {
            case EXACT_NUMBER -> {
                BigDecimal v = value instanceof BigDecimal d ? d : null;
                BigDecimal l = number(literal);
                return v == null || l == null ? null : v.compareTo(l);
            }
            case FLOAT -> {
                // the database compares binary doubles; decide only when exact decimals agree with doubles
                BigDecimal v = value instanceof BigDecimal d ? d : null;
                BigDecimal l = number(literal);
                if (v == null || l == null) {
                    return null;
                }
                int exact = Integer.signum(v.compareTo(l));
                int binary = Integer.signum(Double.compare(v.doubleValue(), l.doubleValue()));
                double dv = v.doubleValue();
                double dl = l.doubleValue();
                if (Double.isInfinite(dv) || Double.isInfinite(dl)) {
                    return null;
                }
                return exact == binary ? exact : null;
            }
            case TEXT, TEXT_CODE_POINT_ORDER -> {
                if (!(value instanceof String v) || !(literal instanceof String l)) {
                    return null; // a number literal against text does not even run on PostgreSQL
                }
                if (!ordered) {
                    return v.equals(l) ? 0 : 1;
                }
                return type == Comparability.TEXT_CODE_POINT_ORDER ? Integer.signum(compareCodePoints(v, l)) : null;
            }
            default -> {
                return null;
            }
        }
    }

    /** A number literal, or a string literal the database would read as a number; null otherwise. */
    private static BigDecimal number(Object literal) {
        if (literal instanceof BigDecimal d) {
            return d;
        }
        if (literal instanceof String s) {
            try {
                return new BigDecimal(s.strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
