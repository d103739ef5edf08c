package org.gridstack.dqp.evaluator.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.gridstack.dqp.coordinator.PostgresTypeSystem;
import org.junit.jupiter.api.Test;

/** {@link RexCompiler} evaluates Calcite row expressions as PostgreSQL does. */
class TestRexCompiler {
    private final RelDataTypeFactory types = new JavaTypeFactoryImpl(PostgresTypeSystem.INSTANCE);
    private final RexBuilder rex = new RexBuilder(types);
    private final RexCompiler compiler = new RexCompiler(rex);

    private RelDataType type(SqlTypeName name) {
        return types.createTypeWithNullability(types.createSqlType(name), true);
    }

    private Object eval(RexNode node, Object... row) {
        return compiler.compile(node).evaluate(row);
    }

    private RexNode decimal(String text) {
        return rex.makeExactLiteral(new BigDecimal(text));
    }

    @Test
    void decimalLiteralsKeepTheirScale() {
        assertEquals(new BigDecimal("1.5"), RexCompiler.literalValue(rex.makeExactLiteral(new BigDecimal("1.5"))));
        assertEquals(new BigDecimal("0.3"), eval(rex.makeCall(SqlStdOperatorTable.PLUS, decimal("0.1"), decimal("0.2"))));
        assertEquals(new BigDecimal("0.33333333333333333333"), eval(rex.makeCall(SqlStdOperatorTable.DIVIDE, decimal("1.0"),
                rex.makeExactLiteral(BigDecimal.valueOf(3), type(SqlTypeName.INTEGER)))));
    }

    @Test
    void castsRoundAsPostgresDoes() {
        RelDataType integer = type(SqlTypeName.INTEGER);
        assertEquals(3, eval(rex.makeAbstractCast(integer, decimal("2.5"))));
        assertEquals(-3, eval(rex.makeAbstractCast(integer, decimal("-2.5"))));
        RexNode doubleRef = rex.makeInputRef(type(SqlTypeName.DOUBLE), 0);
        assertEquals(2, eval(rex.makeAbstractCast(integer, doubleRef), 2.5));
        assertEquals(4, eval(rex.makeAbstractCast(integer, doubleRef), 3.5));
        assertThrows(ArithmeticException.class, () -> eval(rex.makeAbstractCast(integer, doubleRef), 3e10));
        RelDataType numeric52 = types.createSqlType(SqlTypeName.DECIMAL, 5, 2);
        assertEquals(new BigDecimal("1.01"), eval(rex.makeAbstractCast(numeric52, decimal("1.005"))));
        assertEquals("1e+20", eval(rex.makeAbstractCast(type(SqlTypeName.VARCHAR), doubleRef), 1e20));
        assertEquals("0.1", eval(rex.makeAbstractCast(type(SqlTypeName.VARCHAR), doubleRef), 0.1));
    }

    @Test
    void threeValuedLogic() {
        RexNode a = rex.makeInputRef(type(SqlTypeName.BOOLEAN), 0);
        RexNode b = rex.makeInputRef(type(SqlTypeName.BOOLEAN), 1);
        RexNode and = rex.makeCall(SqlStdOperatorTable.AND, a, b);
        RexNode or = rex.makeCall(SqlStdOperatorTable.OR, a, b);
        assertNull(eval(and, true, null));
        assertEquals(false, eval(and, false, null));
        assertEquals(true, eval(or, true, null));
        assertNull(eval(or, false, null));
        assertNull(eval(rex.makeCall(SqlStdOperatorTable.NOT, a), (Object) null));
        assertEquals(true, eval(rex.makeCall(SqlStdOperatorTable.IS_NOT_TRUE, a), (Object) null));
        assertEquals(false, eval(rex.makeCall(SqlStdOperatorTable.IS_DISTINCT_FROM, a, b), null, null));
    }

    @Test
    void numbersCompareByValueAcrossTypes() {
        RexNode i = rex.makeInputRef(type(SqlTypeName.INTEGER), 0);
        RexNode d = rex.makeInputRef(type(SqlTypeName.DECIMAL), 1);
        assertEquals(true, eval(rex.makeCall(SqlStdOperatorTable.GREATER_THAN, i, d), 501, new BigDecimal("500.5")));
        assertEquals(true, eval(rex.makeCall(SqlStdOperatorTable.EQUALS, i, d), 2, new BigDecimal("2.00")));
        assertNull(eval(rex.makeCall(SqlStdOperatorTable.EQUALS, i, d), null, new BigDecimal("2.00")));
    }

    @Test
    void timestampsCompareAcrossZones() {
        RexNode tz = rex.makeInputRef(type(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE), 0);
        RexNode ts = rex.makeInputRef(type(SqlTypeName.TIMESTAMP), 1);
        OffsetDateTime noonUtc = OffsetDateTime.of(2024, 6, 1, 12, 0, 0, 0, ZoneOffset.UTC);
        assertEquals(true, eval(rex.makeCall(SqlStdOperatorTable.EQUALS, tz, ts), noonUtc, LocalDateTime.of(2024, 6, 1, 12, 0)));
        RexNode date = rex.makeInputRef(type(SqlTypeName.DATE), 0);
        assertEquals(true, eval(rex.makeCall(SqlStdOperatorTable.LESS_THAN, date, ts), LocalDate.of(2024, 6, 1),
                LocalDateTime.of(2024, 6, 1, 0, 0, 1)));
    }

    @Test
    void divisionByZeroIsAnError() {
        RexNode i = rex.makeInputRef(type(SqlTypeName.INTEGER), 0);
        RexNode zero = rex.makeExactLiteral(BigDecimal.ZERO, type(SqlTypeName.INTEGER));
        ArithmeticException e = assertThrows(ArithmeticException.class, () -> eval(rex.makeCall(SqlStdOperatorTable.DIVIDE, i, zero), 1));
        assertTrue(e.getMessage().contains("division by zero"));
    }

    @Test
    void stringFunctions() {
        RexNode s = rex.makeInputRef(type(SqlTypeName.VARCHAR), 0);
        assertEquals("ABC", eval(rex.makeCall(SqlStdOperatorTable.UPPER, s), "abc"));
        assertEquals("ab", eval(rex.makeCall(SqlStdOperatorTable.SUBSTRING, s, rex.makeExactLiteral(BigDecimal.ZERO, type(SqlTypeName.INTEGER)),
                rex.makeExactLiteral(BigDecimal.valueOf(3), type(SqlTypeName.INTEGER))), "abc"));
        assertEquals(5, eval(rex.makeCall(SqlStdOperatorTable.CHAR_LENGTH, s), "héllo"));
        assertNull(eval(rex.makeCall(SqlStdOperatorTable.CONCAT, s, s), (Object) null));
    }

    @Test
    void likePatternsEscapeAsPostgresDoes() {
        // without ESCAPE the backslash escapes; ESCAPE '' turns escaping off
        assertTrue(RexCompiler.likeToRegex("a\\_c").matcher("a_c").matches());
        assertFalse(RexCompiler.likeToRegex("a\\_c").matcher("abc").matches());
        assertTrue(RexCompiler.likeToRegex("x#%", "#").matcher("x%").matches());
        assertFalse(RexCompiler.likeToRegex("x#%", "#").matcher("xyz").matches());
        assertTrue(RexCompiler.likeToRegex("x\\%", "").matcher("x\\abc").matches());
        IllegalArgumentException trailing = assertThrows(IllegalArgumentException.class, () -> RexCompiler.likeToRegex("ab\\"));
        assertTrue(trailing.getMessage().contains("must not end with escape character"), trailing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RexCompiler.likeToRegex("a", "ab"));
    }

    @Test
    void unknownConstructsAreNamed() {
        RexNode s = rex.makeInputRef(type(SqlTypeName.VARCHAR), 0);
        UnsupportedSqlException e = assertThrows(UnsupportedSqlException.class,
                () -> compiler.compile(rex.makeCall(SqlStdOperatorTable.INITCAP, s)));
        assertTrue(e.getMessage().contains("INITCAP"), e.getMessage());
    }
}
