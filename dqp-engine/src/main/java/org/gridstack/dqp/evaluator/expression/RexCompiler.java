package org.gridstack.dqp.evaluator.expression;

import com.google.errorprone.annotations.ThreadSafe;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;
import java.util.Objects;

/**
 * Compiles Calcite row expressions ({@link RexNode}) of an optimised plan into
 * {@link RowExpression}s our operators evaluate: column references, literals, comparisons,
 * AND/OR/NOT with SQL's three-valued logic, IS [NOT] NULL, LIKE, arithmetic, CAST between the
 * engine's types, CASE and COALESCE. SEARCH (Calcite's form of IN and ranges) is expanded first.
 * Anything else is an {@link UnsupportedSqlException} naming the construct. Thread-safe.
 */
@ThreadSafe
public final class RexCompiler {
    @SuppressWarnings("ThreadSafe") // only read to build new nodes (final fields; Calcite interns types in a thread-safe cache)
    private final RexBuilder rexBuilder;

    public RexCompiler(RexBuilder rexBuilder) {
        this.rexBuilder = Objects.requireNonNull(rexBuilder, "rexBuilder is null");
    }

    /** Compiles {@code node}. */
    public RowExpression compile(RexNode node) {
        RexNode expanded = RexUtil.expandSearch(rexBuilder, null, node);
        return compileExpanded(expanded);
    }

    private RowExpression compileExpanded(RexNode node) {
        if (node instanceof RexInputRef ref) {
            int index = ref.getIndex();
            return row -> row[index];
        }
        if (node instanceof RexLiteral literal) {
            Object value = literalValue(literal);
            return row -> value;
        }
        if (!(node instanceof RexCall call)) {
            throw new UnsupportedSqlException("expression " + node + " (" + node.getKind() + ") is not supported");
        }
        if (call.getKind() == SqlKind.CAST && call.getType().getSqlTypeName() == SqlTypeName.DECIMAL
                && call.getOperands().get(0) instanceof RexCall extract && extract.getKind() == SqlKind.EXTRACT) {
            // PostgreSQL's EXTRACT is numeric (the planner casts Calcite's bigint EXTRACT so): seconds and
            // epochs keep their fraction, which the bigint would lose
            RowExpression numeric = ScalarFunctions.extractNumeric(extract, compileExpanded(extract.getOperands().get(1)));
            if (numeric != null) {
                RelDataType target = call.getType();
                return row -> Values.cast(numeric.evaluate(row), target);
            }
        }
        List<RowExpression> args = new ArrayList<>();
        for (RexNode operand : call.getOperands()) {
            args.add(compileExpanded(operand));
        }
        SqlKind kind = call.getKind();
        SqlTypeName resultType = call.getType().getSqlTypeName();
        switch (kind) {
            case AND:
                return row -> and(args, row);
            case OR:
                return row -> or(args, row);
            case NOT: {
                RowExpression a = args.get(0);
                return row -> {
                    Object v = a.evaluate(row);
                    return v == null ? null : !(Boolean) v;
                };
            }
            case IS_NULL: {
                RowExpression a = args.get(0);
                return row -> a.evaluate(row) == null;
            }
            case IS_NOT_NULL: {
                RowExpression a = args.get(0);
                return row -> a.evaluate(row) != null;
            }
            case IS_TRUE: {
                RowExpression a = args.get(0);
                return row -> Boolean.TRUE.equals(a.evaluate(row));
            }
            case IS_FALSE: {
                RowExpression a = args.get(0);
                return row -> Boolean.FALSE.equals(a.evaluate(row));
            }
            case IS_NOT_TRUE: {
                RowExpression a = args.get(0);
                return row -> !Boolean.TRUE.equals(a.evaluate(row));
            }
            case IS_NOT_FALSE: {
                RowExpression a = args.get(0);
                return row -> !Boolean.FALSE.equals(a.evaluate(row));
            }
            case IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM: {
                RowExpression a = args.get(0);
                RowExpression b = args.get(1);
                boolean distinct = kind == SqlKind.IS_DISTINCT_FROM;
                return row -> {
                    Object x = a.evaluate(row);
                    Object y = b.evaluate(row);
                    boolean same = x == null || y == null ? x == y : ValueComparator.compare(x, y) == 0;
                    return same != distinct;
                };
            }
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL: {
                RowExpression a = args.get(0);
                RowExpression b = args.get(1);
                return row -> {
                    Object x = a.evaluate(row);
                    Object y = b.evaluate(row);
                    if (x == null || y == null) {
                        return null;
                    }
                    int c = ValueComparator.compare(x, y);
                    return switch (kind) {
                        case EQUALS -> c == 0;
                        case NOT_EQUALS -> c != 0;
                        case LESS_THAN -> c < 0;
                        case LESS_THAN_OR_EQUAL -> c <= 0;
                        case GREATER_THAN -> c > 0;
                        default -> c >= 0;
                    };
                };
            }
            case LIKE: {
                if (!(call.getOperands().get(1) instanceof RexLiteral pattern) || pattern.isNull()
                        || call.getOperands().size() == 3 && !(call.getOperands().get(2) instanceof RexLiteral)) {
                    throw new UnsupportedSqlException("LIKE with a pattern or ESCAPE that is not a literal is not supported");
                }
                String escape = call.getOperands().size() == 3 ? ((RexLiteral) call.getOperands().get(2)).getValueAs(String.class) : "\\";
                if (escape == null) {
                    return row -> null;
                }
                Pattern regex = likeToRegex(pattern.getValueAs(String.class), escape);
                boolean negated = call.getOperator().getName().toUpperCase().contains("NOT");
                RowExpression a = args.get(0);
                return row -> {
                    Object v = a.evaluate(row);
                    return v == null ? null : regex.matcher(v.toString()).matches() != negated;
                };
            }
            case PLUS, MINUS, TIMES, DIVIDE, MOD: {
                if ((kind == SqlKind.PLUS || kind == SqlKind.MINUS) && call.getOperands().stream()
                        .anyMatch(o -> o.getType().getSqlTypeName() == SqlTypeName.DATE)) {
                    // date +/- integer and date - date, as the planner's PostgreSQL operators type them
                    RowExpression a = args.get(0);
                    RowExpression b = args.get(1);
                    requireDateArithmetic(call);
                    return row -> DateArithmetic.apply(kind, a.evaluate(row), b.evaluate(row));
                }
                requireNumeric(call);
                // % whose typing differs from PostgreSQL's is refused on the logical plan (PostgresOperatorCheck)
                RowExpression a = args.get(0);
                RowExpression b = args.get(1);
                return row -> Arithmetic.apply(kind, a.evaluate(row), b.evaluate(row), resultType);
            }
            case MINUS_PREFIX: {
                requireNumeric(call);
                RowExpression a = args.get(0);
                return row -> Arithmetic.apply(SqlKind.TIMES, a.evaluate(row), -1, resultType);
            }
            case PLUS_PREFIX:
                return args.get(0);
            case CAST: {
                RelDataType target = call.getType();
                RowExpression a = args.get(0);
                Values.columnType(target.getSqlTypeName());
                return row -> Values.cast(a.evaluate(row), target);
            }
            case CASE:
                return row -> {
                    int i = 0;
                    for (; i + 1 < args.size(); i += 2) {
                        if (Boolean.TRUE.equals(args.get(i).evaluate(row))) {
                            return Values.coerce(args.get(i + 1).evaluate(row), resultType);
                        }
                    }
                    return Values.coerce(args.get(i).evaluate(row), resultType);
                };
            case COALESCE:
                return row -> {
                    for (RowExpression a : args) {
                        Object v = a.evaluate(row);
                        if (v != null) {
                            return Values.coerce(v, resultType);
                        }
                    }
                    return null;
                };
            default: {
                RowExpression function = ScalarFunctions.compile(call, args);
                if (function != null) {
                    return function;
                }
                throw new UnsupportedSqlException("the SQL construct " + call.getOperator().getName() + " (" + kind
                        + ") is not supported; supported: comparisons, AND/OR/NOT, IS [NOT] NULL, IS [NOT] TRUE/FALSE,"
                        + " IS [NOT] DISTINCT FROM, LIKE, + - * / %, CAST, CASE, COALESCE, NULLIF, the functions "
                        + ScalarFunctions.NAMES + ", COUNT/SUM/MIN/MAX/AVG and calculateEntropy");
            }
        }
    }

    private static void requireDateArithmetic(RexCall call) {
        SqlTypeName result = call.getType().getSqlTypeName();
        for (RexNode operand : call.getOperands()) {
            SqlTypeName type = operand.getType().getSqlTypeName();
            if (type != SqlTypeName.DATE && type != SqlTypeName.SMALLINT && type != SqlTypeName.INTEGER && type != SqlTypeName.TINYINT
                    || result != SqlTypeName.DATE && result != SqlTypeName.INTEGER) {
                throw new UnsupportedSqlException("the operator " + call.getOperator().getName() + " on " + type
                        + " and DATE values is not supported; supported: date + integer, date - integer, date - date");
            }
        }
    }

    private static void requireNumeric(RexCall call) {
        for (RexNode operand : call.getOperands()) {
            if (call.getType().getSqlTypeName() == SqlTypeName.REAL && operand.getType().getSqlTypeName() != SqlTypeName.REAL) {
                // the planner types real with another number as double precision, as PostgreSQL does: a real
                // result here would be computed with less precision than PostgreSQL's
                throw new UnsupportedSqlException("arithmetic between real and " + operand.getType().getSqlTypeName()
                        + " typed real is not supported; cast the real operand to double precision");
            }
            if (!SqlTypeName.NUMERIC_TYPES.contains(operand.getType().getSqlTypeName())) {
                throw new UnsupportedSqlException("the operator " + call.getOperator().getName() + " on "
                        + operand.getType().getSqlTypeName() + " values (date and time arithmetic) is not supported");
            }
        }
    }

    private static Object and(List<RowExpression> args, Object[] row) {
        boolean unknown = false;
        for (RowExpression a : args) {
            Object v = a.evaluate(row);
            if (v == null) {
                unknown = true;
            } else if (!(Boolean) v) {
                return false;
            }
        }
        return unknown ? null : true;
    }

    private static Object or(List<RowExpression> args, Object[] row) {
        boolean unknown = false;
        for (RowExpression a : args) {
            Object v = a.evaluate(row);
            if (v == null) {
                unknown = true;
            } else if ((Boolean) v) {
                return true;
            }
        }
        return unknown ? null : false;
    }

    /** The Java value of {@code literal} in the engine's value classes. */
    public static Object literalValue(RexLiteral literal) {
        if (literal.isNull()) {
            return null;
        }
        SqlTypeName type = literal.getType().getSqlTypeName();
        Object value = switch (type) {
            case CHAR, VARCHAR -> literal.getValueAs(String.class);
            case TINYINT, SMALLINT, INTEGER, BIGINT -> literal.getValueAs(Long.class);
            // the exact value with its scale: getValue2() would give the unscaled digits (1.5 as 15)
            case DECIMAL -> literal.getValueAs(BigDecimal.class);
            case REAL, FLOAT, DOUBLE -> literal.getValueAs(Double.class);
            case BOOLEAN -> literal.getValueAs(Boolean.class);
            case DATE -> LocalDate.parse(literal.getValueAs(DateString.class).toString());
            case TIME -> LocalTime.parse(literal.getValueAs(TimeString.class).toString());
            case TIMESTAMP -> LocalDateTime.parse(literal.getValueAs(TimestampString.class).toString().replace(' ', 'T'));
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> LocalDateTime.parse(
                    literal.getValueAs(TimestampString.class).toString().replace(' ', 'T')).atOffset(ZoneOffset.UTC);
            case BINARY, VARBINARY -> literal.getValueAs(ByteString.class);
            case SYMBOL -> literal.getValue();
            default -> throw new UnsupportedSqlException("literals of type " + type + " are not supported");
        };
        return type == SqlTypeName.SYMBOL ? value : Values.coerce(value, type);
    }

    /** SQL LIKE pattern ({@code %}, {@code _}) to an anchored regular expression, with PostgreSQL's default escape (backslash). */
    static Pattern likeToRegex(String like) {
        return likeToRegex(like, "\\");
    }

    /**
     * SQL LIKE pattern to an anchored regular expression as PostgreSQL reads it: {@code escape} (one
     * character, or empty for none) makes the next character literal; a pattern ending in it is an error.
     */
    static Pattern likeToRegex(String like, String escape) {
        if (escape.codePointCount(0, escape.length()) > 1) {
            throw new IllegalArgumentException("invalid escape string: \"" + escape + "\" (must be empty or one character)");
        }
        int escapeChar = escape.isEmpty() ? -1 : escape.codePointAt(0);
        StringBuilder regex = new StringBuilder();
        int[] chars = like.codePoints().toArray();
        for (int i = 0; i < chars.length; i++) {
            int c = chars[i];
            if (c == escapeChar) {
                if (i + 1 == chars.length) {
                    throw new IllegalArgumentException("LIKE pattern must not end with escape character");
                }
                regex.append(Pattern.quote(Character.toString(chars[++i])));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(Character.toString(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
