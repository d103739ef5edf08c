package org.gridstack.rgma.sql;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * The column types of R-GMA's SQL subset ({@code INTEGER}, {@code REAL}, {@code DOUBLE PRECISION},
 * {@code CHAR(n)}, {@code VARCHAR(n)}, {@code TIMESTAMP}, {@code DATE}, {@code TIME}, plus
 * {@code BIGINT} and {@code SMALLINT}), their PostgreSQL names, and how a literal of an
 * {@code INSERT} becomes a value of the column. Immutable.
 */
public enum ColumnType {
    INTEGER("integer"), BIGINT("bigint"), SMALLINT("smallint"), REAL("real"), DOUBLE("double precision"),
    CHAR("char"), VARCHAR("varchar"), TIMESTAMP("timestamp"), DATE("date"), TIME("time");

    /** The longest CHAR/VARCHAR a table may declare, so every row has a bounded size. */
    public static final int MAX_LENGTH = 4096;

    private final String postgresName;

    ColumnType(String postgresName) {
        this.postgresName = postgresName;
    }

    /** The type for Calcite's type name ({@code VARCHAR}, {@code DOUBLE}, ...), or a 400 naming it. */
    public static ColumnType ofSqlName(String name, String column) {
        switch (name.toUpperCase(Locale.ROOT)) {
            case "INTEGER": case "INT": return INTEGER;
            case "BIGINT": return BIGINT;
            case "SMALLINT": return SMALLINT;
            case "REAL": case "FLOAT": return REAL;
            case "DOUBLE": return DOUBLE;
            case "CHAR": return CHAR;
            case "VARCHAR": return VARCHAR;
            case "TIMESTAMP": return TIMESTAMP;
            case "DATE": return DATE;
            case "TIME": return TIME;
            default:
                throw RgmaException.badRequest("column " + column + ": type " + name + " is not in R-GMA's SQL subset"
                        + " (INTEGER, BIGINT, SMALLINT, REAL, DOUBLE PRECISION, CHAR(n), VARCHAR(n), TIMESTAMP, DATE, TIME)");
        }
    }

    /** Whether the type takes a length ({@code CHAR(n)}, {@code VARCHAR(n)}). */
    public boolean hasLength() {
        return this == CHAR || this == VARCHAR;
    }

    /** The PostgreSQL type, with its length when it has one. */
    public String postgresType(int length) {
        return hasLength() ? postgresName + "(" + length + ")" : postgresName;
    }

    /**
     * The JDBC value for {@code literal} (a Java number, string or null as the parser read it),
     * or a 400 naming the column when it does not fit.
     */
    public Object toJdbc(Object literal, ColumnDefinition column) {
        if (literal == null) {
            return null;
        }
        String where = "column " + column.name() + " (" + column.typeText() + ")";
        try {
            switch (this) {
                case INTEGER: case SMALLINT: case BIGINT: {
                    if (!(literal instanceof BigDecimal n)) {
                        throw RgmaException.badRequest(where + " needs a number, got '" + literal + "'");
                    }
                    long v = n.longValueExact();
                    if (this == INTEGER && (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE)
                            || this == SMALLINT && (v < Short.MIN_VALUE || v > Short.MAX_VALUE)) {
                        throw RgmaException.badRequest(where + ": " + n + " is out of range");
                    }
                    return this == BIGINT ? (Object) v : (Object) (int) v;
                }
                case REAL: case DOUBLE:
                    if (!(literal instanceof BigDecimal n)) {
                        throw RgmaException.badRequest(where + " needs a number, got '" + literal + "'");
                    }
                    return n.doubleValue();
                case CHAR: case VARCHAR: {
                    String s = literal.toString();
                    if (s.length() > column.length()) {
                        throw RgmaException.badRequest(where + ": a value of " + s.length() + " characters is longer than "
                                + column.length());
                    }
                    return s;
                }
                case TIMESTAMP:
                    return Timestamp.valueOf(LocalDateTime.parse(literal.toString().trim().replace(' ', 'T')));
                case DATE:
                    return Date.valueOf(LocalDate.parse(literal.toString().trim()));
                case TIME:
                    return Time.valueOf(LocalTime.parse(literal.toString().trim()));
                default:
                    throw new IllegalStateException(name());
            }
        } catch (ArithmeticException e) {
            throw RgmaException.badRequest(where + " needs a whole number, got " + literal);
        } catch (DateTimeParseException e) {
            throw RgmaException.badRequest(where + ": '" + literal + "' is not a valid " + name().toLowerCase(Locale.ROOT));
        }
    }
}
