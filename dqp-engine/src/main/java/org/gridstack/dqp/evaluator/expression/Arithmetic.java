package org.gridstack.dqp.evaluator.expression;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * + - * / on the engine's numbers: exact (long) when both sides are integral, double otherwise;
 * NULL in, NULL out; integer division by zero is an error that names it. Stateless; thread-safe.
 */
final class Arithmetic {
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
                default -> {
                    if (r == 0) {
                        throw new ArithmeticException("division by zero");
                    }
                    yield l / r;
                }
            };
        } else {
            double l = x.doubleValue();
            double r = y.doubleValue();
            result = switch (kind) {
                case PLUS -> l + r;
                case MINUS -> l - r;
                case TIMES -> l * r;
                default -> l / r;
            };
        }
        return Values.coerce(result, resultType);
    }
}
