package org.gridstack.dqp.evaluator.expression;

import com.google.errorprone.annotations.ThreadSafe;
import java.math.BigDecimal;
import java.math.RoundingMode;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * + - * / % on the engine's numbers as PostgreSQL computes them: integers exactly (division
 * truncates toward zero), numeric exactly with PostgreSQL's result scale for division, real and
 * double precision in floating point when either side is one; NULL in, NULL out; division by zero
 * and results outside the result type are errors that name it. Stateless; thread-safe.
 */
@ThreadSafe
public final class Arithmetic {
    /** PostgreSQL's NUMERIC_MIN_SIG_DIGITS: a quotient has at least this many significant digits. */
    private static final int MIN_SIGNIFICANT_DIGITS = 16;
    private static final int MAX_DISPLAY_SCALE = 1000;

    private Arithmetic() {
    }

    static Object apply(SqlKind kind, Object a, Object b, SqlTypeName resultType) {
        if (a == null || b == null) {
            return null;
        }
        Number x = (Number) a;
        Number y = (Number) b;
        Object result;
        if (ValueComparator.isIntegral(x) && ValueComparator.isIntegral(y)) {
            long l = x.longValue();
            long r = y.longValue();
            result = switch (kind) {
                case PLUS -> Math.addExact(l, r);
                case MINUS -> Math.subtractExact(l, r);
                case TIMES -> Math.multiplyExact(l, r);
                case MOD -> {
                    if (r == 0) {
                        throw new ArithmeticException("division by zero");
                    }
                    yield l % r;
                }
                default -> {
                    if (r == 0) {
                        throw new ArithmeticException("division by zero");
                    }
                    yield l / r;
                }
            };
        } else if (ValueComparator.isFloating(x) || ValueComparator.isFloating(y)) {
            double l = x.doubleValue();
            double r = y.doubleValue();
            if ((kind == SqlKind.DIVIDE || kind == SqlKind.MOD) && r == 0) {
                throw new ArithmeticException("division by zero");
            }
            result = switch (kind) {
                case PLUS -> l + r;
                case MINUS -> l - r;
                case TIMES -> l * r;
                case MOD -> l % r;
                default -> l / r;
            };
        } else {
            BigDecimal l = ValueComparator.exact(x);
            BigDecimal r = ValueComparator.exact(y);
            result = switch (kind) {
                case PLUS -> l.add(r);
                case MINUS -> l.subtract(r);
                case TIMES -> l.multiply(r);
                case MOD -> {
                    if (r.signum() == 0) {
                        throw new ArithmeticException("division by zero");
                    }
                    yield l.remainder(r);
                }
                default -> divide(l, r);
            };
        }
        return Values.coerce(result, resultType);
    }

    /** {@code l / r} to PostgreSQL's result scale (numeric.c's select_div_scale), half away from zero. */
    public static BigDecimal divide(BigDecimal l, BigDecimal r) {
        if (r.signum() == 0) {
            throw new ArithmeticException("division by zero");
        }
        int scale = Math.max(Math.max(divisionScale(l, r), Math.max(l.scale(), r.scale())), 0);
        return l.divide(r, Math.min(scale, MAX_DISPLAY_SCALE), RoundingMode.HALF_UP);
    }

    /** The quotient's scale PostgreSQL chooses from the base-10000 weights and first digits of the operands. */
    static int divisionScale(BigDecimal l, BigDecimal r) {
        long[] left = weightAndFirstDigit(l);
        long[] right = weightAndFirstDigit(r);
        long quotientWeight = left[0] - right[0];
        if (left[1] <= right[1]) {
            quotientWeight--;
        }
        return (int) Math.max(Math.min(MIN_SIGNIFICANT_DIGITS - quotientWeight * 4, MAX_DISPLAY_SCALE), -MAX_DISPLAY_SCALE);
    }

    // numeric.c keeps base-10000 digits: weight of the first non-zero one, and that digit
    private static long[] weightAndFirstDigit(BigDecimal d) {
        if (d.signum() == 0) {
            return new long[] {0, 0};
        }
        BigDecimal abs = d.abs();
        int exponent10 = abs.precision() - abs.scale() - 1;
        int weight = Math.floorDiv(exponent10, 4);
        long first = abs.movePointLeft(weight * 4).setScale(0, RoundingMode.DOWN).longValue();
        return new long[] {weight, first};
    }
}
