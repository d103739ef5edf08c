package org.gridstack.dqp.evaluator.expression;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

import org.apache.calcite.sql.SqlKind;

/**
 * PostgreSQL's date arithmetic: {@code date + integer}, {@code integer + date} and
 * {@code date - integer} add or subtract days (a date), {@code date - date} is the number of days
 * between them (an integer). NULL in, NULL out; a date outside PostgreSQL's range (4714-11-24 BC to
 * 5874897-12-31) is an error, as there. Stateless; thread-safe.
 */
@ThreadSafe
final class DateArithmetic {
    private static final LocalDate FIRST = LocalDate.of(-4713, 11, 24);
    private static final LocalDate LAST = LocalDate.of(5_874_897, 12, 31);

    private DateArithmetic() {
    }

    /** {@code a kind b} for {@link SqlKind#PLUS} or {@link SqlKind#MINUS} with at least one date operand. */
    static Object apply(SqlKind kind, Object a, Object b) {
        if (a == null || b == null) {
            return null;
        }
        if (a instanceof LocalDate left && b instanceof LocalDate right) {
            if (kind != SqlKind.MINUS) {
                throw new UnsupportedSqlException("date + date is not supported (PostgreSQL has no such operator)");
            }
            return Math.toIntExact(ChronoUnit.DAYS.between(right, left));
        }
        LocalDate date;
        long days;
        if (a instanceof LocalDate left) {
            date = left;
            days = kind == SqlKind.MINUS ? -((Number) b).longValue() : ((Number) b).longValue();
        } else if (kind == SqlKind.PLUS && b instanceof LocalDate right) {
            date = right;
            days = ((Number) a).longValue();
        } else {
            throw new UnsupportedSqlException("integer - date is not supported (PostgreSQL has no such operator)");
        }
        LocalDate result = date.plusDays(days);
        if (result.isBefore(FIRST) || result.isAfter(LAST)) {
            throw new ArithmeticException("date out of range");
        }
        return result;
    }
}
