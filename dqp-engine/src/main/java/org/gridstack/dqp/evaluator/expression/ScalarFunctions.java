package org.gridstack.dqp.evaluator.expression;

import com.google.errorprone.annotations.ThreadSafe;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoField;
import java.time.temporal.IsoFields;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.SqlTypeName;
import java.time.temporal.TemporalAccessor;

/**
 * The string, math and date functions the engine evaluates, with PostgreSQL's results: upper,
 * lower, char_length/length, substring, trim, position, replace, ||, abs, floor, ceil, round,
 * power, sqrt, ln, exp, sign and extract (year to second, quarter, dow, doy, week, epoch; numeric, as
 * PostgreSQL's). NULL in gives
 * NULL out. {@link #NAMES} lists them for refusals of the others. Stateless; thread-safe.
 */
@ThreadSafe
final class ScalarFunctions {
    /** What the refusal of an unknown function lists. */
    static final String NAMES = "upper, lower, char_length/length, substring, trim, position, replace, ||, abs, floor, ceil,"
            + " round, power, sqrt, ln, exp, sign, extract(year|quarter|month|week|day|dow|doy|hour|minute|second|epoch from ...)";

    private ScalarFunctions() {
    }

    /** The compiled call, or null when the engine has no such function. */
    static RowExpression compile(RexCall call, List<RowExpression> args) {
        String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
        SqlTypeName resultType = call.getType().getSqlTypeName();
        switch (name) {
            case "UPPER":
                return unary(args, v -> ((String) v).toUpperCase(Locale.ROOT));
            case "LOWER":
                return unary(args, v -> ((String) v).toLowerCase(Locale.ROOT));
            case "CHAR_LENGTH", "CHARACTER_LENGTH", "LENGTH":
                return unary(args, v -> {
                    String s = Values.text(v);
                    return Values.coerce(s.codePointCount(0, s.length()), resultType);
                });
            case "||":
                return strict(args, values -> Values.text(values[0]) + Values.text(values[1]));
            case "SUBSTRING":
                return strict(args, values -> substring((String) values[0], ((Number) values[1]).longValue(),
                        values.length > 2 ? ((Number) values[2]).longValue() : null));
            case "POSITION":
                if (args.size() != 2) {
                    return null;
                }
                return strict(args, values -> {
                    String needle = (String) values[0];
                    String haystack = (String) values[1];
                    int at = haystack.indexOf(needle);
                    return at < 0 ? 0 : haystack.codePointCount(0, at) + 1;
                });
            case "REPLACE":
                return strict(args, values -> ((String) values[1]).isEmpty() ? values[0]
                        : ((String) values[0]).replace((String) values[1], (String) values[2]));
            case "TRIM":
                return trim(call, args);
            case "ABS":
                return unary(args, v -> Values.coerce(abs((Number) v), resultType));
            case "FLOOR", "CEIL", "CEILING":
                if (args.size() != 1) {
                    return null;
                }
                boolean floor = name.equals("FLOOR");
                return unary(args, v -> Values.coerce(v instanceof BigDecimal d
                        ? d.setScale(0, floor ? RoundingMode.FLOOR : RoundingMode.CEILING)
                        : ValueComparator.isIntegral((Number) v) ? v
                        : (Object) (floor ? Math.floor(((Number) v).doubleValue()) : Math.ceil(((Number) v).doubleValue())),
                        resultType));
            case "ROUND":
                return round(args, resultType);
            case "POWER":
                return strict(args, values -> Values.coerce(Math.pow(((Number) values[0]).doubleValue(),
                        ((Number) values[1]).doubleValue()), resultType));
            case "SQRT":
                return unary(args, v -> {
                    double d = ((Number) v).doubleValue();
                    if (d < 0) {
                        throw new ArithmeticException("cannot take square root of a negative number");
                    }
                    return Values.coerce(Math.sqrt(d), resultType);
                });
            case "LN":
                return unary(args, v -> {
                    double d = ((Number) v).doubleValue();
                    if (d <= 0) {
                        throw new ArithmeticException(d == 0 ? "cannot take logarithm of zero" : "cannot take logarithm of a negative number");
                    }
                    return Values.coerce(Math.log(d), resultType);
                });
            case "EXP":
                return unary(args, v -> Values.coerce(Math.exp(((Number) v).doubleValue()), resultType));
            case "SIGN":
                return unary(args, v -> Values.coerce(v instanceof BigDecimal d ? BigDecimal.valueOf(d.signum())
                        : (Object) Math.signum(((Number) v).doubleValue()), resultType));
            case "EXTRACT":
                return extract(call, args, resultType);
            default:
                return null;
        }
    }

    private static RowExpression unary(List<RowExpression> args, Function<Object, Object> f) {
        if (args.size() != 1) {
            return null;
        }
        RowExpression a = args.get(0);
        return row -> {
            Object v = a.evaluate(row);
            return v == null ? null : f.apply(v);
        };
    }

    private static RowExpression strict(List<RowExpression> args, Function<Object[], Object> f) {
        return row -> {
            Object[] values = new Object[args.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = args.get(i).evaluate(row);
                if (values[i] == null) {
                    return null;
                }
            }
            return f.apply(values);
        };
    }

    // PostgreSQL: characters from position start (1-based) for count characters; positions before 1 count
    static String substring(String s, long start, Long count) {
        if (count != null && count < 0) {
            throw new IllegalArgumentException("negative substring length not allowed");
        }
        int length = s.codePointCount(0, s.length());
        long end = count == null ? Long.MAX_VALUE : start + count;
        long from = Math.max(start, 1);
        long to = Math.min(end, length + 1L);
        if (to <= from) {
            return "";
        }
        return s.substring(s.offsetByCodePoints(0, (int) from - 1), s.offsetByCodePoints(0, (int) to - 1));
    }

    private static RowExpression trim(RexCall call, List<RowExpression> args) {
        if (args.size() != 3 || !(call.getOperands().get(0) instanceof RexLiteral flagLiteral)) {
            return null;
        }
        SqlTrimFunction.Flag flag = flagLiteral.getValueAs(SqlTrimFunction.Flag.class);
        RowExpression characters = args.get(1);
        RowExpression string = args.get(2);
        return row -> {
            Object c = characters.evaluate(row);
            Object s = string.evaluate(row);
            if (c == null || s == null) {
                return null;
            }
            String chars = (String) c;
            String text = (String) s;
            int begin = 0;
            int end = text.length();
            if (flag != SqlTrimFunction.Flag.TRAILING) {
                while (begin < end && chars.indexOf(text.charAt(begin)) >= 0) {
                    begin++;
                }
            }
            if (flag != SqlTrimFunction.Flag.LEADING) {
                while (end > begin && chars.indexOf(text.charAt(end - 1)) >= 0) {
                    end--;
                }
            }
            return text.substring(begin, end);
        };
    }

    private static Number abs(Number n) {
        if (n instanceof BigDecimal d) {
            return d.abs();
        }
        if (n instanceof Double d) {
            return Math.abs(d);
        }
        if (n instanceof Float f) {
            return Math.abs(f);
        }
        if (n.longValue() == Long.MIN_VALUE) {
            throw new ArithmeticException("bigint out of range");
        }
        return Math.abs(n.longValue());
    }

    // numeric rounds half away from zero, double precision half to even (rint); round(x, n) is numeric only
    private static RowExpression round(List<RowExpression> args, SqlTypeName resultType) {
        if (args.size() == 1) {
            return unary(args, v -> Values.coerce(v instanceof BigDecimal d ? d.setScale(0, RoundingMode.HALF_UP)
                    : ValueComparator.isIntegral((Number) v) ? v : (Object) Math.rint(((Number) v).doubleValue()), resultType));
        }
        if (args.size() != 2) {
            return null;
        }
        return strict(args, values -> {
            if (values[0] instanceof Double || values[0] instanceof Float) {
                throw new UnsupportedSqlException("round(double precision, integer) does not exist in PostgreSQL;"
                        + " cast the first argument to numeric");
            }
            return Values.coerce(ValueComparator.exact((Number) values[0]).setScale(((Number) values[1]).intValue(), RoundingMode.HALF_UP),
                    SqlTypeName.DECIMAL);
        });
    }

    private static RowExpression extract(RexCall call, List<RowExpression> args, SqlTypeName resultType) {
        if (args.size() != 2 || !(call.getOperands().get(0) instanceof RexLiteral unitLiteral)) {
            return null;
        }
        TimeUnitRange unit = unitLiteral.getValueAs(TimeUnitRange.class);
        ChronoField field = switch (unit) {
            case YEAR -> ChronoField.YEAR;
            case MONTH -> ChronoField.MONTH_OF_YEAR;
            case DAY -> ChronoField.DAY_OF_MONTH;
            case HOUR -> ChronoField.HOUR_OF_DAY;
            case MINUTE -> ChronoField.MINUTE_OF_HOUR;
            case DOY -> ChronoField.DAY_OF_YEAR;
            case DOW, QUARTER, WEEK -> null;
            default -> throw new UnsupportedSqlException("EXTRACT(" + unit + " FROM ...) is not supported; supported units:"
                    + " year, quarter, month, week, day, dow, doy, hour, minute, second, epoch");
        };
        RowExpression value = args.get(1);
        return row -> {
            Object v = value.evaluate(row);
            if (v == null) {
                return null;
            }
            TemporalAccessor t = v instanceof OffsetDateTime o ? o.withOffsetSameInstant(ZoneOffset.UTC) : (TemporalAccessor) v;
            if ((v instanceof LocalDate && (unit == TimeUnitRange.HOUR || unit == TimeUnitRange.MINUTE))
                    || (v instanceof LocalTime && field != ChronoField.HOUR_OF_DAY && field != ChronoField.MINUTE_OF_HOUR)) {
                throw new IllegalArgumentException("unit " + unit.name().toLowerCase(Locale.ROOT) + " not supported for type "
                        + v.getClass().getSimpleName());
            }
            long result = switch (unit) {
                case DOW -> t.get(ChronoField.DAY_OF_WEEK) % 7;
                case QUARTER -> t.get(IsoFields.QUARTER_OF_YEAR);
                case WEEK -> t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
                default -> t.get(field);
            };
            return Values.coerce(result, resultType);
        };
    }

    /**
     * PostgreSQL's numeric {@code extract(second|epoch from x)}, or null for the other units (whose
     * integer value the bigint EXTRACT gives). Seconds and the epoch of a timestamp, timestamptz or time
     * have six decimals ({@code 12.500000}); the epoch of a date has none; seconds of a date are an error.
     */
    static RowExpression extractNumeric(RexCall extract, RowExpression value) {
        if (extract.getOperands().size() != 2 || !(extract.getOperands().get(0) instanceof RexLiteral unitLiteral)) {
            return null;
        }
        TimeUnitRange unit = unitLiteral.getValueAs(TimeUnitRange.class);
        if (unit != TimeUnitRange.SECOND && unit != TimeUnitRange.EPOCH) {
            return null;
        }
        boolean epoch = unit == TimeUnitRange.EPOCH;
        return row -> {
            Object v = value.evaluate(row);
            if (v == null) {
                return null;
            }
            if (v instanceof LocalDate d) {
                if (!epoch) {
                    throw new IllegalArgumentException("unit \"second\" not supported for type date");
                }
                return BigDecimal.valueOf(d.toEpochDay() * 86_400L);
            }
            long seconds;
            int nanos;
            if (v instanceof LocalDateTime t) {
                seconds = epoch ? t.toEpochSecond(ZoneOffset.UTC) : t.getSecond();
                nanos = t.getNano();
            } else if (v instanceof OffsetDateTime t) {
                seconds = epoch ? t.toEpochSecond() : t.withOffsetSameInstant(ZoneOffset.UTC).getSecond();
                nanos = t.getNano();
            } else if (v instanceof LocalTime t) {
                seconds = epoch ? t.toSecondOfDay() : t.getSecond();
                nanos = t.getNano();
            } else {
                throw new IllegalArgumentException("EXTRACT needs a date or time value, not " + Values.text(v));
            }
            return BigDecimal.valueOf(seconds * 1_000_000L + nanos / 1_000, 6);
        };
    }

    static boolean isTemporal(Object v) {
        return v instanceof LocalDate || v instanceof LocalDateTime || v instanceof LocalTime || v instanceof OffsetDateTime;
    }
}
