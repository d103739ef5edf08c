package org.gridstack.dqp.coordinator;

import com.google.errorprone.annotations.ThreadSafe;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type system set to PostgreSQL's typing rules where they differ from Calcite's defaults:
 * <ul>
 * <li>{@code numeric} without a precision is unbounded in PostgreSQL: DECIMAL's precision and scale
 *     go up to {@value #NUMERIC_PRECISION} and a DECIMAL without precision is
 *     DECIMAL({@value #NUMERIC_PRECISION}, 0), which the engine reads as "numeric of any scale"
 *     ({@link #isUnconstrained});</li>
 * <li>{@code sum} of smallint/integer is bigint, of bigint numeric (PostgreSQL widens instead of
 *     overflowing); {@code avg} of an exact type is numeric, of real or double precision double;</li>
 * <li>times and timestamps carry up to six fractional digits (microseconds);</li>
 * <li>CASE and set operations over strings of different lengths are varchar, not blank-padded char.</li>
 * </ul>
 * Stateless; thread-safe.
 */
@ThreadSafe
public final class PostgresTypeSystem extends RelDataTypeSystemImpl {
    /** PostgreSQL's largest declared numeric precision. */
    public static final int NUMERIC_PRECISION = 1000;
    /** PostgreSQL's fractional digits of times and timestamps (microseconds). */
    public static final int TIME_PRECISION = 6;
    /** The one instance. */
    public static final PostgresTypeSystem INSTANCE = new PostgresTypeSystem();

    private PostgresTypeSystem() {
    }

    /** Whether {@code type} is {@code numeric} without a declared scale (values keep their own scale). */
    public static boolean isUnconstrained(RelDataType type) {
        return type.getSqlTypeName() == SqlTypeName.DECIMAL && type.getPrecision() == NUMERIC_PRECISION && type.getScale() == 0;
    }

    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        return switch (typeName) {
            case DECIMAL -> NUMERIC_PRECISION;
            // PostgreSQL's times and timestamps have microseconds: time '01:02:03.000004' keeps them
            case TIME, TIME_WITH_LOCAL_TIME_ZONE, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TIME_PRECISION;
            default -> super.getMaxPrecision(typeName);
        };
    }

    @Override
    public int getMaxScale(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL ? NUMERIC_PRECISION : super.getMaxScale(typeName);
    }

    @Override
    public int getDefaultPrecision(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL ? NUMERIC_PRECISION : super.getDefaultPrecision(typeName);
    }

    @Override
    @SuppressWarnings("deprecation")
    public int getMaxNumericPrecision() {
        return NUMERIC_PRECISION;
    }

    @Override
    @SuppressWarnings("deprecation")
    public int getMaxNumericScale() {
        return NUMERIC_PRECISION;
    }

    @Override
    public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        RelDataType type = switch (argumentType.getSqlTypeName()) {
            case TINYINT, SMALLINT, INTEGER -> typeFactory.createSqlType(SqlTypeName.BIGINT);
            case BIGINT, DECIMAL -> numeric(typeFactory);
            default -> argumentType;
        };
        return typeFactory.createTypeWithNullability(type, argumentType.isNullable());
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        RelDataType type = switch (argumentType.getSqlTypeName()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL -> numeric(typeFactory);
            case REAL, FLOAT, DOUBLE -> typeFactory.createSqlType(SqlTypeName.DOUBLE);
            default -> argumentType;
        };
        return typeFactory.createTypeWithNullability(type, argumentType.isNullable());
    }

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }

    private static RelDataType numeric(RelDataTypeFactory typeFactory) {
        return typeFactory.createSqlType(SqlTypeName.DECIMAL, NUMERIC_PRECISION, 0);
    }
}
