package org.gridstack.dqp.block;

import java.sql.Types;

/**
 * The column types the engine moves between services: the types of the demo's tables. Each knows
 * its JDBC type code, the Java class of its values and the SQL type name used in WebRowSet metadata.
 * Immutable.
 */
public enum ColumnType {
    VARCHAR(Types.VARCHAR, String.class),
    INTEGER(Types.INTEGER, Integer.class),
    BIGINT(Types.BIGINT, Long.class),
    DOUBLE(Types.DOUBLE, Double.class),
    BOOLEAN(Types.BOOLEAN, Boolean.class);

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
        switch (jdbcType) {
            case Types.VARCHAR, Types.CHAR, Types.LONGVARCHAR, Types.NVARCHAR, Types.NCHAR, Types.LONGNVARCHAR:
                return VARCHAR;
            case Types.INTEGER, Types.SMALLINT, Types.TINYINT:
                return INTEGER;
            case Types.BIGINT:
                return BIGINT;
            case Types.DOUBLE, Types.FLOAT, Types.REAL:
                return DOUBLE;
            case Types.BOOLEAN, Types.BIT:
                return BOOLEAN;
            default:
                throw new IllegalArgumentException("column type " + typeName + " (java.sql.Types " + jdbcType
                        + ") is not supported; supported: varchar/text, integer, bigint, double precision, boolean");
        }
    }

    /** The text form of a non-null value (WebRowSet and CSV). */
    public String format(Object value) {
        return value.toString();
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
                case INTEGER -> Integer.valueOf(text.trim());
                case BIGINT -> Long.valueOf(text.trim());
                case DOUBLE -> Double.valueOf(text.trim());
                case BOOLEAN -> parseBoolean(text.trim());
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a " + name() + " value", e);
        }
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
