package org.gridstack.dqp.evaluator.expression;

import com.google.errorprone.annotations.ThreadSafe;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.Locale;

import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;
import org.gridstack.dqp.block.ColumnType;
import org.gridstack.dqp.coordinator.PostgresTypeSystem;

/**
 * The engine's values and PostgreSQL's conversions between them. Value classes per SQL type:
 * VARCHAR/CHAR String, SMALLINT Short, INTEGER Integer, BIGINT Long, REAL Float, DOUBLE Double,
 * DECIMAL BigDecimal (its own scale, as PostgreSQL's numeric), BOOLEAN Boolean, DATE LocalDate,
 * TIME LocalTime, TIMESTAMP LocalDateTime, TIMESTAMP WITH LOCAL TIME ZONE (timestamptz)
 * OffsetDateTime in UTC, VARBINARY (bytea) {@link ByteString}. Conversions follow PostgreSQL: a
 * numeric rounds half away from zero to an integer, a double precision rounds half to even
 * ({@code rint}), out-of-range values are errors, a double precision becomes text in its shortest
 * exact form ({@code 1e+20}, {@code 0.1}). The session time zone is UTC. Stateless; thread-safe.
 */
@ThreadSafe
public final class Values {
    private static final MathContext DOUBLE_TO_NUMERIC = new MathContext(15, RoundingMode.HALF_EVEN);
    private static final MathContext REAL_TO_NUMERIC = new MathContext(6, RoundingMode.HALF_EVEN);

    private Values() {
    }

    /** The wire type of values of SQL type {@code type}. */
    public static ColumnType columnType(SqlTypeName type) {
        return switch (type) {
            case CHAR, VARCHAR, NULL -> ColumnType.VARCHAR;
            case TINYINT, SMALLINT -> ColumnType.SMALLINT;
            case INTEGER -> ColumnType.INTEGER;
            case BIGINT -> ColumnType.BIGINT;
            case REAL -> ColumnType.REAL;
            case FLOAT, DOUBLE -> ColumnType.DOUBLE;
            case DECIMAL -> ColumnType.DECIMAL;
            case BOOLEAN -> ColumnType.BOOLEAN;
            case DATE -> ColumnType.DATE;
            case TIME -> ColumnType.TIME;
            case TIMESTAMP -> ColumnType.TIMESTAMP;
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> ColumnType.TIMESTAMPTZ;
            case BINARY, VARBINARY -> ColumnType.BYTEA;
            default -> throw new UnsupportedSqlException("values of type " + type + " are not supported;"
                    + " supported: " + ColumnType.SUPPORTED);
        };
    }

    /**
     * {@code value} converted to SQL type {@code type} as an explicit CAST does: to the declared
     * scale of a DECIMAL(p, s) (half away from zero) and the length of a VARCHAR(n). A DECIMAL of
     * the largest precision is a type Calcite derived from an unconstrained {@code numeric} (the
     * result of arithmetic on one, or a common type with one), not a scale anybody declared:
     * PostgreSQL's unconstrained numeric keeps each value's own scale, so such a cast does not round.
     */
    public static Object cast(Object value, RelDataType type) {
        Object v = coerce(value, type.getSqlTypeName());
        if (v instanceof BigDecimal d && !PostgresTypeSystem.isUnconstrained(type) && type.getScale() >= 0
                && type.getPrecision() < PostgresTypeSystem.NUMERIC_PRECISION) {
            BigDecimal rounded = d.setScale(type.getScale(), RoundingMode.HALF_UP);
            if (rounded.precision() - rounded.scale() > type.getPrecision() - type.getScale()) {
                throw new ArithmeticException("numeric field overflow: " + d + " does not fit numeric(" + type.getPrecision()
                        + "," + type.getScale() + ")");
            }
            return rounded;
        }
        if (v instanceof String s && type.getSqlTypeName() == SqlTypeName.VARCHAR
                && type.getPrecision() > 0 && s.codePointCount(0, s.length()) > type.getPrecision()) {
            return s.substring(0, s.offsetByCodePoints(0, type.getPrecision()));
        }
        return v;
    }

    /** {@code value} as the class of {@code type}; null stays null. */
    public static Object coerce(Object value, SqlTypeName type) {
        if (value == null) {
            return null;
        }
        try {
            return switch (type) {
                case CHAR, VARCHAR -> text(value);
                case TINYINT, SMALLINT -> (short) integral(value, Short.MIN_VALUE, Short.MAX_VALUE, "smallint");
                case INTEGER -> (int) integral(value, Integer.MIN_VALUE, Integer.MAX_VALUE, "integer");
                case BIGINT -> integral(value, Long.MIN_VALUE, Long.MAX_VALUE, "bigint");
                case REAL -> value instanceof Number n ? n.floatValue() : Float.valueOf(floatText(value));
                case FLOAT, DOUBLE -> value instanceof Number n ? n.doubleValue() : Double.valueOf(floatText(value));
                case DECIMAL -> decimal(value);
                case BOOLEAN -> bool(value);
                case DATE -> date(value);
                case TIME -> time(value);
                case TIMESTAMP -> timestamp(value);
                case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestamptz(value);
                case BINARY, VARBINARY -> bytes(value);
                default -> value;
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException("invalid input syntax for type " + type.getName().toLowerCase(Locale.ROOT)
                    + ": \"" + value + "\"", e);
        }
    }

    /** The text form PostgreSQL gives {@code value} (CAST to text, ||). */
    public static String text(Object value) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof Double d) {
            return floatText(d, Double.toString(d));
        }
        if (value instanceof Float f) {
            return floatText(f.doubleValue(), Float.toString(f));
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof LocalTime t) {
            return ColumnType.TIME.format(t);
        }
        if (value instanceof LocalDateTime t) {
            return ColumnType.TIMESTAMP.format(t);
        }
        if (value instanceof OffsetDateTime t) {
            return ColumnType.TIMESTAMPTZ.format(t);
        }
        if (value instanceof ByteString b) {
            return ColumnType.BYTEA.format(b);
        }
        return value.toString();
    }

    // PostgreSQL's float output: the shortest exact digits, exponent form below 1e-4 and from 1e15
    private static String floatText(double d, String javaText) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0) {
            return 1 / d < 0 ? "-0" : "0";
        }
        BigDecimal digits = new BigDecimal(javaText).stripTrailingZeros();
        int exponent = digits.precision() - digits.scale() - 1;
        if (exponent < -4 || exponent >= 15) {
            String unscaled = digits.unscaledValue().abs().toString();
            StringBuilder out = new StringBuilder(digits.signum() < 0 ? "-" : "");
            out.append(unscaled.charAt(0));
            if (unscaled.length() > 1) {
                out.append('.').append(unscaled, 1, unscaled.length());
            }
            out.append('e').append(exponent < 0 ? '-' : '+');
            int e = Math.abs(exponent);
            out.append(e < 10 ? "0" : "").append(e);
            return out.toString();
        }
        return digits.scale() < 0 ? digits.setScale(0).toPlainString() : digits.toPlainString();
    }

    private static String floatText(Object value) {
        String s = value.toString().trim();
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "infinity", "+infinity", "inf", "+inf" -> "Infinity";
            case "-infinity", "-inf" -> "-Infinity";
            case "nan" -> "NaN";
            default -> s;
        };
    }

    private static long integral(Object value, long min, long max, String name) {
        long result;
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            result = ((Number) value).longValue();
        } else if (value instanceof BigDecimal d) {
            BigDecimal rounded = d.setScale(0, RoundingMode.HALF_UP);
            if (rounded.compareTo(BigDecimal.valueOf(min)) < 0 || rounded.compareTo(BigDecimal.valueOf(max)) > 0) {
                throw new ArithmeticException(name + " out of range");
            }
            result = rounded.longValueExact();
        } else if (value instanceof Double || value instanceof Float) {
            double d = Math.rint(((Number) value).doubleValue());
            if (Double.isNaN(d) || d < min || d >= -(double) min) {
                throw new ArithmeticException(name + " out of range");
            }
            result = (long) d;
        } else if (value instanceof Boolean b) {
            result = b ? 1 : 0;
        } else {
            result = Long.parseLong(value.toString().trim());
        }
        if (result < min || result > max) {
            throw new ArithmeticException(name + " out of range");
        }
        return result;
    }

    private static BigDecimal decimal(Object value) {
        if (value instanceof BigDecimal d) {
            return d;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return BigDecimal.valueOf(((Number) value).longValue());
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new UnsupportedSqlException("numeric NaN and infinity are not supported (" + d + ")");
            }
            BigDecimal exact = new BigDecimal(value instanceof Float ? Float.toString((Float) value) : Double.toString(d));
            BigDecimal r = exact.round(value instanceof Float ? REAL_TO_NUMERIC : DOUBLE_TO_NUMERIC).stripTrailingZeros();
            return r.scale() < 0 ? r.setScale(0) : r;
        }
        return new BigDecimal(value.toString().trim());
    }

    private static Boolean bool(Object value) {
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof Number n) {
            return n.longValue() != 0;
        }
        return switch (value.toString().trim().toLowerCase(Locale.ROOT)) {
            case "t", "true", "y", "yes", "on", "1" -> Boolean.TRUE;
            case "f", "false", "n", "no", "off", "0" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException("invalid input syntax for type boolean: \"" + value + "\"");
        };
    }

    private static LocalDate date(Object value) {
        if (value instanceof LocalDate d) {
            return d;
        }
        if (value instanceof LocalDateTime t) {
            return t.toLocalDate();
        }
        if (value instanceof OffsetDateTime t) {
            return t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDate();
        }
        return LocalDate.parse(value.toString().trim());
    }

    private static LocalTime time(Object value) {
        if (value instanceof LocalTime t) {
            return t;
        }
        if (value instanceof LocalDateTime t) {
            return t.toLocalTime();
        }
        if (value instanceof OffsetDateTime t) {
            return t.withOffsetSameInstant(ZoneOffset.UTC).toLocalTime();
        }
        return LocalTime.parse(value.toString().trim());
    }

    private static LocalDateTime timestamp(Object value) {
        if (value instanceof LocalDateTime t) {
            return t;
        }
        if (value instanceof LocalDate d) {
            return d.atStartOfDay();
        }
        if (value instanceof OffsetDateTime t) {
            return t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
        }
        String s = value.toString().trim();
        if (s.length() == 10) {
            return LocalDate.parse(s).atStartOfDay();
        }
        return LocalDateTime.parse(s.replace(' ', 'T'));
    }

    private static OffsetDateTime timestamptz(Object value) {
        if (value instanceof OffsetDateTime t) {
            return t.withOffsetSameInstant(ZoneOffset.UTC);
        }
        if (value instanceof LocalDateTime || value instanceof LocalDate || value instanceof String s && !hasOffset(s)) {
            return timestamp(value).atOffset(ZoneOffset.UTC);
        }
        String s = value.toString().trim().replace(' ', 'T');
        if (s.matches(".*[+-]\\d\\d$")) {
            s = s + ":00";
        }
        return OffsetDateTime.parse(s).withOffsetSameInstant(ZoneOffset.UTC);
    }

    private static boolean hasOffset(String s) {
        String t = s.trim();
        return t.endsWith("Z") || t.matches(".*\\d[+-]\\d\\d(:?\\d\\d)?$");
    }

    private static ByteString bytes(Object value) {
        if (value instanceof ByteString b) {
            return b;
        }
        String s = value.toString();
        if (s.startsWith("\\x")) {
            return new ByteString(HexFormat.of().parseHex(s.substring(2)));
        }
        return new ByteString(s.getBytes(StandardCharsets.UTF_8));
    }
}
