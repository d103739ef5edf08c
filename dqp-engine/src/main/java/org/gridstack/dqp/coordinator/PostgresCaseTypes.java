package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.validate.SqlValidator;

/**
 * PostgreSQL's common type ({@code select_common_type}) of a CASE's results, and of COALESCE's
 * arguments (Calcite's validator turns COALESCE into a CASE), where Calcite's
 * {@code leastRestrictive}, which neither the type system nor the type coercion can override for a
 * CASE, derives another:
 * <ul>
 * <li>{@code real} with {@code numeric} (and integers) is {@code real} in PostgreSQL (numeric casts
 *     implicitly to real, real not to numeric; double precision is chosen only when present),
 *     where Calcite says double precision, so {@code 1.1} of a real printed
 *     {@code 1.100000023841858};</li>
 * <li>exact numbers of which one is a {@code numeric(p,s)} and the others integers or numerics of
 *     another precision or scale meet as {@code numeric} without a scale, so each value keeps its
 *     own ({@code coalesce(cast(null as numeric(10,2)), 3)} is {@code 3}), where Calcite says
 *     {@code numeric(p,s)}; this matters where Calcite's simplification folds the CASE to one
 *     branch cast to the CASE's type ({@link PostgresConvertlets} keeps the scales of the CASEs
 *     that stay).</li>
 * </ul>
 * Other mixes (double precision with any number, integers of different widths, equal numerics) are
 * typed alike by both. For an unconstrained numeric, only the integer results are cast when there are
 * some (one unconstrained operand makes Calcite's type unconstrained), and casts written in the
 * query are not wrapped in another. {@link #find} reads, from a validated query, which branches need a cast;
 * {@link Casts#apply} puts those casts into the same query freshly parsed, which is then validated
 * again: the casts make Calcite derive PostgreSQL's type. Immutable; thread-safe.
 */
final class PostgresCaseTypes {
    private PostgresCaseTypes() {
    }

    /**
     * The casts to add to the CASE results of {@code validated} (validated by {@code validator}) whose
     * type Calcite derived differently from PostgreSQL: empty when there are none.
     */
    static Casts find(SqlNode validated, SqlValidator validator) {
        requireNonNull(validated, "validated is null");
        requireNonNull(validator, "validator is null");
        List<Cast> casts = new ArrayList<>();
        validated.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlCase sqlCase) {
                    inspect(sqlCase, validator, casts);
                }
                return super.visit(call);
            }
        });
        return new Casts(List.copyOf(casts));
    }

    private static void inspect(SqlCase sqlCase, SqlValidator validator, List<Cast> casts) {
        List<SqlNode> results = new ArrayList<>(sqlCase.getThenOperands().getList());
        results.add(sqlCase.getElseOperand());
        List<RelDataType> types = new ArrayList<>();
        for (SqlNode result : results) {
            RelDataType type = result == null ? null : validator.getValidatedNodeTypeIfKnown(result);
            if (type == null) {
                return;
            }
            types.add(type);
        }
        RelDataType calcite = validator.getValidatedNodeTypeIfKnown(sqlCase);
        RelDataType postgres = commonType(types, validator.getTypeFactory());
        if (calcite == null || postgres == null || sameType(calcite, postgres)) {
            return;
        }
        boolean integers = types.stream().anyMatch(SqlTypeUtil::isIntType);
        for (int i = 0; i < results.size(); i++) {
            RelDataType type = types.get(i);
            // one unconstrained numeric makes the CASE unconstrained; a cast around a cast to numeric(p,s) would
            // lose that cast's scale (Calcite's simplification drops the inner cast: cast(1 as numeric(10,2)) gave 1)
            boolean keep = postgres.getSqlTypeName() == SqlTypeName.DECIMAL && type.getSqlTypeName() == SqlTypeName.DECIMAL
                    && (integers || results.get(i).getKind() == SqlKind.CAST);
            if (type.getSqlTypeName() != SqlTypeName.NULL && !sameType(type, postgres) && !keep) {
                casts.add(new Cast(sqlCase.getParserPosition(), results.get(i).getParserPosition(), postgres));
            }
        }
    }

    /** PostgreSQL's common type of numeric results where it differs in kind from Calcite's; otherwise null. */
    private static RelDataType commonType(List<RelDataType> types, RelDataTypeFactory factory) {
        boolean real = false;
        boolean decimal = false;
        RelDataType firstDecimal = null;
        boolean differentDecimals = false;
        boolean integer = false;
        for (RelDataType type : types) {
            SqlTypeName name = type.getSqlTypeName();
            if (name == SqlTypeName.NULL) {
                continue;
            }
            if (name == SqlTypeName.REAL) {
                real = true;
            } else if (name == SqlTypeName.DECIMAL) {
                decimal = true;
                if (firstDecimal == null) {
                    firstDecimal = type;
                } else if (!sameType(firstDecimal, type)) {
                    differentDecimals = true;
                }
            } else if (SqlTypeUtil.isIntType(type)) {
                integer = true;
            } else {
                return null; // double precision, or not a number: Calcite's type is PostgreSQL's or an error
            }
        }
        if (real) {
            return decimal ? factory.createSqlType(SqlTypeName.REAL) : null;
        }
        if (decimal && (integer || differentDecimals)) {
            return factory.createSqlType(SqlTypeName.DECIMAL, PostgresTypeSystem.NUMERIC_PRECISION, 0);
        }
        return null;
    }

    private static boolean sameType(RelDataType a, RelDataType b) {
        return a.getSqlTypeName() == b.getSqlTypeName() && a.getPrecision() == b.getPrecision() && a.getScale() == b.getScale();
    }

    /** One result (at {@code result}) of the CASE or COALESCE at {@code call} to be cast to {@code type}. */
    record Cast(SqlParserPos call, SqlParserPos result, RelDataType type) {
    }

    /** The casts found in one query; {@link #apply} adds them to the query freshly parsed. */
    record Casts(List<Cast> casts) {
        boolean isEmpty() {
            return casts.isEmpty();
        }

        /** {@code parsed} (the same query text parsed again) with the casts around the results they name. */
        SqlNode apply(SqlNode parsed) {
            Set<SqlParserPos> calls = new HashSet<>();
            for (Cast cast : casts) {
                calls.add(cast.call());
            }
            return parsed.accept(new SqlShuttle() {
                @Override
                public SqlNode visit(SqlCall call) {
                    SqlNode visited = super.visit(call);
                    if (!(visited instanceof SqlCall outer) || !calls.contains(outer.getParserPosition())) {
                        return visited;
                    }
                    if (outer instanceof SqlCase sqlCase) {
                        SqlNodeList thens = sqlCase.getThenOperands();
                        for (int i = 0; i < thens.size(); i++) {
                            thens.set(i, castIfNamed(outer.getParserPosition(), thens.get(i)));
                        }
                        sqlCase.setOperand(3, castIfNamed(outer.getParserPosition(), sqlCase.getElseOperand()));
                    } else if ("COALESCE".equalsIgnoreCase(outer.getOperator().getName())) {
                        for (int i = 0; i < outer.operandCount(); i++) {
                            outer.setOperand(i, castIfNamed(outer.getParserPosition(), outer.operand(i)));
                        }
                    }
                    return outer;
                }
            });
        }

        private SqlNode castIfNamed(SqlParserPos call, SqlNode result) {
            if (result == null) {
                return null;
            }
            for (Cast cast : casts) {
                if (cast.call().equals(call) && cast.result().equals(result.getParserPosition())) {
                    return SqlStdOperatorTable.CAST.createCall(result.getParserPosition(), result,
                            SqlTypeUtil.convertTypeToSpec(cast.type()));
                }
            }
            return result;
        }
    }
}
