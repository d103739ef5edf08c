package org.gridstack.dqp.evaluator.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDate;

import org.apache.calcite.sql.SqlKind;
import org.junit.jupiter.api.Test;

/** {@link DateArithmetic} as PostgreSQL computes {@code date +/- integer} and {@code date - date}. */
class TestDateArithmetic {
    @Test
    void daysAreAddedAndCounted() {
        LocalDate leap = LocalDate.of(2024, 2, 28);
        assertEquals(LocalDate.of(2024, 2, 29), DateArithmetic.apply(SqlKind.PLUS, leap, 1));
        assertEquals(LocalDate.of(2024, 3, 1), DateArithmetic.apply(SqlKind.PLUS, (short) 2, leap));
        assertEquals(LocalDate.of(2024, 1, 31), DateArithmetic.apply(SqlKind.MINUS, leap, 28));
        assertEquals(60, DateArithmetic.apply(SqlKind.MINUS, LocalDate.of(2024, 3, 1), LocalDate.of(2024, 1, 1)));
        assertEquals(-60, DateArithmetic.apply(SqlKind.MINUS, LocalDate.of(2024, 1, 1), LocalDate.of(2024, 3, 1)));
        assertNull(DateArithmetic.apply(SqlKind.PLUS, leap, null));
    }

    @Test
    void datesOutsidePostgresqlsRangeAreErrors() {
        ArithmeticException e = assertThrows(ArithmeticException.class,
                () -> DateArithmetic.apply(SqlKind.PLUS, LocalDate.of(5_874_897, 12, 31), 1));
        assertEquals("date out of range", e.getMessage());
        assertThrows(ArithmeticException.class, () -> DateArithmetic.apply(SqlKind.MINUS, LocalDate.of(-4713, 11, 24), 1));
    }
}
