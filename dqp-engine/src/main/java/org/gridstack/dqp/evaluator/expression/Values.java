package org.gridstack.dqp.evaluator.expression;

import org.apache.calcite.sql.type.SqlTypeName;
import org.gridstack.dqp.block.ColumnType;

/**
 * Converts values to the Java class the engine uses for a SQL type (INTEGER as Integer, BIGINT as
 * Long, DOUBLE/DECIMAL as Double, text as String), and maps Calcite's types to the wire's
 * {@link ColumnType}. Stateless; thread-safe.
 */
public final class Values {
    private Values() {
    }

    /** The wire type of values of SQL type {@code type}. */
    public static ColumnType columnType(SqlTypeName type) {
        return switch (type) {
            case CHAR, VARCHAR -> ColumnType.VARCHAR;
            case TINYINT, SMALLINT, INTEGER -> ColumnType.INTEGER;
            case BIGINT -> ColumnType.BIGINT;
            case FLOAT, REAL, DOUBLE, DECIMAL -> ColumnType.DOUBLE;
            case BOOLEAN -> ColumnType.BOOLEAN;
            default -> throw new UnsupportedSqlException("values of type " + type + " are not supported;"
                    + " supported: VARCHAR, INTEGER, BIGINT, DOUBLE, BOOLEAN");
        };
    }

    /** {@code value} as the class of {@code type}; null stays null. */
    public static Object coerce(Object value, SqlTypeName type) {
        if (value == null) {
            return null;
        }
        return switch (type) {
            case CHAR, VARCHAR -> value instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)
                    ? Long.toString(d.longValue()) : value.toString();
            case TINYINT, SMALLINT, INTEGER -> value instanceof Number n ? Integer.valueOf(Math.toIntExact(n.longValue()))
                    : Integer.valueOf(value.toString().trim());
            case BIGINT -> value instanceof Number n ? Long.valueOf(n.longValue()) : Long.valueOf(value.toString().trim());
            case FLOAT, REAL, DOUBLE, DECIMAL -> value instanceof Number n ? Double.valueOf(n.doubleValue())
                    : Double.valueOf(value.toString().trim());
            case BOOLEAN -> value instanceof Boolean ? value : Boolean.valueOf(value.toString().trim());
            default -> value;
        };
    }
}
