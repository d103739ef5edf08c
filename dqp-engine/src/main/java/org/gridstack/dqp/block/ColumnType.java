package org.gridstack.dqp.block;

import java.math.BigDecimal;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.HexFormat;
import java.util.Locale;

import org.apache.calcite.avatica.util.ByteString;

/**
 * The column types the engine moves between services, with PostgreSQL's names in parentheses:
 * VARCHAR (varchar, text, char), SMALLINT, INTEGER, BIGINT, REAL, DOUBLE (double precision),
 * DECIMAL (numeric, exact, any scale), BOOLEAN, DATE, TIME (time without time zone), TIMESTAMP
 * (timestamp without time zone), TIMESTAMPTZ (timestamp with time zone, carried as the instant in
 * UTC) and BYTEA. Each knows its JDBC type code, the Java class of its values and their text form,
 * which is PostgreSQL's output form (used by WebRowSet and CSV). Immutable.
 */
public enum ColumnType {
    VARCHAR(Types.VARCHAR, String.class),
    SMALLINT(Types.SMALLINT, Short.class),
    INTEGER(Types.INTEGER, Integer.class),
    BIGINT(Types.BIGINT, Long.class),
    REAL(Types.REAL, Float.class),
    DOUBLE(Types.DOUBLE, Double.class),
    DECIMAL(Types.NUMERIC, BigDecimal.class),
    BOOLEAN(Types.BOOLEAN, Boolean.class),
    DATE(Types.DATE, LocalDate.class),
    TIME(Types.TIME, LocalTime.class),
    TIMESTAMP(Types.TIMESTAMP, LocalDateTime.class),
    TIMESTAMPTZ(Types.TIMESTAMP_WITH_TIMEZONE, OffsetDateTime.class),
    BYTEA(Types.BINARY, ByteString.class);

    /** What {@link #fromJdbc} names as supported in its refusal. */
    public static final String SUPPORTED = "varchar/text/char, smallint, integer, bigint, real, double precision, numeric/decimal,"
            + " boolean, date, time, timestamp, timestamptz, bytea";

    private static final DateTimeFormatter TIME_TEXT = new DateTimeFormatterBuilder()
            .appendPattern("HH:mm:ss").optionalStart().appendFraction(ChronoField.MICRO_OF_SECOND, 0, 6, true).optionalEnd()
            .toFormatter(Locale.ROOT);
    private static final DateTimeFormatter TIMESTAMP_TEXT = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE).appendLiteral(' ').append(TIME_TEXT).toFormatter(Locale.ROOT);
    private static final DateTimeFormatter TIMESTAMPTZ_TEXT = new DateTimeFormatterBuilder()
            .append(TIMESTAMP_TEXT).appendOffset("+HH:mm", "+00").toFormatter(Locale.ROOT);

    private final int jdbcType;
    private final Class<?> javaClass;

    ColumnType(int jdbcType, Class<?> javaClass) {
        this.jdbcType = jdbcType;
        this.javaClass = javaClass;
    }

    /** The {@link java.sql.Types} code. */
    public int jdbcType() {
        return jdbcType;
    }

    /** The class of non-null values of this type. */
    public Class<?> javaClass() {
        return javaClass;
    }

    /**
     * The type for a JDBC type code as reported by {@code ResultSetMetaData} or {@code DatabaseMetaData}.
     *
     * @throws IllegalArgumentException for a type the engine does not carry, naming it
     */
    public static ColumnType fromJdbc(int jdbcType, String typeName) {
        String name = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
        switch (jdbcType) {
            case Types.VARCHAR, Types.CHAR, Types.LONGVARCHAR, Types.NVARCHAR, Types.NCHAR, Types.LONGNVARCHAR:
                return VARCHAR;
            case Types.SMALLINT, Types.TINYINT:
                return SMALLINT;
            case Types.INTEGER:
                return INTEGER;
            case Types.BIGINT:
                return BIGINT;
            case Types.REAL:
                return REAL;
            case Types.DOUBLE, Types.FLOAT:
                // PostgreSQL's JDBC driver reports real as Types.REAL and float8 as Types.DOUBLE
                return name.equals("float4") ? REAL : DOUBLE;
            case Types.NUMERIC, Types.DECIMAL:
                // money is NUMERIC to the driver but not a number in PostgreSQL's text form
                if (name.equals("money")) {
                    break;
                }
                return DECIMAL;
            case Types.BOOLEAN, Types.BIT:
                if (name.equals("bit") || name.equals("varbit")) {
                    break;
                }
                return BOOLEAN;
            case Types.DATE:
                return DATE;
            case Types.TIME:
                // timetz has no value class of its own here
                if (name.equals("timetz")) {
                    break;
                }
                return TIME;
            case Types.TIMESTAMP:
                return name.equals("timestamptz") ? TIMESTAMPTZ : TIMESTAMP;
            case Types.TIMESTAMP_WITH_TIMEZONE:
                return TIMESTAMPTZ;
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY:
                return BYTEA;
            default:
                break;
        }
        throw new IllegalArgumentException("column type " + typeName + " (java.sql.Types " + jdbcType
                + ") is not supported; supported: " + SUPPORTED);
    }

    /** The text form of a non-null value (WebRowSet and CSV): PostgreSQL's output form. */
    public String format(Object value) {
        return switch (this) {
            case DECIMAL -> ((BigDecimal) value).toPlainString();
            case TIME -> TIME_TEXT.format((LocalTime) value);
            case TIMESTAMP -> TIMESTAMP_TEXT.format((LocalDateTime) value);
            case TIMESTAMPTZ -> TIMESTAMPTZ_TEXT.format(((OffsetDateTime) value).withOffsetSameInstant(ZoneOffset.UTC));
            case BYTEA -> "\\x" + HexFormat.of().formatHex(((ByteString) value).getBytes());
            default -> value.toString();
        };
    }

    /**
     * Parses the text form of a value written by {@link #format}.
     *
     * @throws IllegalArgumentException when {@code text} is not a value of this type
     */
    public Object parse(String text) {
        try {
            return switch (this) {
                case VARCHAR -> text;
                case SMALLINT -> Short.valueOf(text.trim());
                case INTEGER -> Integer.valueOf(text.trim());
                case BIGINT -> Long.valueOf(text.trim());
                case REAL -> Float.valueOf(text.trim());
                case DOUBLE -> Double.valueOf(text.trim());
                case DECIMAL -> new BigDecimal(text.trim());
                case BOOLEAN -> parseBoolean(text.trim());
                case DATE -> LocalDate.parse(text.trim());
                case TIME -> LocalTime.parse(text.trim(), TIME_TEXT);
                case TIMESTAMP -> LocalDateTime.parse(text.trim(), TIMESTAMP_TEXT);
                case TIMESTAMPTZ -> OffsetDateTime.parse(text.trim(), TIMESTAMPTZ_TEXT);
                case BYTEA -> parseBytes(text.trim());
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' is not a " + name() + " value", e);
        }
    }

    private static ByteString parseBytes(String text) {
        if (!text.startsWith("\\x")) {
            throw new IllegalArgumentException("'" + text + "' is not a BYTEA value (\\x and hex digits)");
        }
        return new ByteString(HexFormat.of().parseHex(text.substring(2)));
    }

    private static Boolean parseBoolean(String text) {
        if (text.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
        }
        if (text.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
        }
        throw new IllegalArgumentException("'" + text + "' is not a BOOLEAN value (true or false)");
    }
}
