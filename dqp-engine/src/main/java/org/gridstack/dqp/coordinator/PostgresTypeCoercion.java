package org.gridstack.dqp.coordinator;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * Calcite's implicit type coercion with PostgreSQL's common type for comparing an exact number with
 * a {@code numeric}: PostgreSQL compares both as {@code numeric} without a declared scale (an
 * integer type casts implicitly to numeric, and two numerics of different precision or scale meet
 * as unconstrained numeric), where Calcite would cast both to a {@code numeric(p, s)} taken from
 * the decimal operand's scale and the larger precision, so that {@code smallint -121 = 40.375}
 * failed with "numeric field overflow" ({@code numeric(5,3)}) and an integer of ten digits compared
 * with {@code 2.5} overflowed {@code numeric(10,1)}. The unconstrained numeric is
 * {@link PostgresTypeSystem#isUnconstrained}'s type, whose casts keep each value's scale.
 * Other comparisons are Calcite's.
 *
 * <p>An aggregate's operands are not cast from a character type to a number: PostgreSQL has no
 * {@code sum(character varying)} or {@code avg(text)} and refuses them, where Calcite would cast the
 * strings to numbers and answer. One instance per validator, as Calcite makes them.
 */
final class PostgresTypeCoercion extends TypeCoercionImpl {
    PostgresTypeCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
        super(typeFactory, validator);
    }

    @Override
    public RelDataType commonTypeForBinaryComparison(RelDataType type1, RelDataType type2) {
        if (type1 != null && type2 != null && SqlTypeUtil.isExactNumeric(type1) && SqlTypeUtil.isExactNumeric(type2)
                && (SqlTypeUtil.isDecimal(type1) || SqlTypeUtil.isDecimal(type2))) {
            boolean nullable = type1.isNullable() || type2.isNullable();
            RelDataType common = sameDecimal(type1, type2) ? type1
                    : factory.createSqlType(SqlTypeName.DECIMAL, PostgresTypeSystem.NUMERIC_PRECISION, 0);
            return factory.createTypeWithNullability(common, nullable);
        }
        return super.commonTypeForBinaryComparison(type1, type2);
    }

    private static boolean sameDecimal(RelDataType type1, RelDataType type2) {
        return SqlTypeUtil.isDecimal(type1) && SqlTypeUtil.isDecimal(type2) && type1.getPrecision() == type2.getPrecision()
                && type1.getScale() == type2.getScale();
    }

    @Override
    public boolean builtinFunctionCoercion(SqlCallBinding binding, List<RelDataType> operandTypes,
            List<SqlTypeFamily> expectedFamilies) {
        if (binding.getOperator() instanceof SqlAggFunction) {
            for (int i = 0; i < Math.min(binding.getOperandCount(), expectedFamilies.size()); i++) {
                RelDataType operand = binding.getOperandType(i);
                SqlTypeFamily expected = expectedFamilies.get(i);
                if (SqlTypeUtil.isCharacter(operand) && expected != null && expected != SqlTypeFamily.ANY
                        && expected != SqlTypeFamily.CHARACTER && expected != SqlTypeFamily.STRING) {
                    return false;
                }
            }
        }
        return super.builtinFunctionCoercion(binding, operandTypes, expectedFamilies);
    }
}
