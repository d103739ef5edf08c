package org.gridstack.dqp.coordinator;

import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.type.SqlTypeName;
import org.gridstack.dqp.evaluator.expression.UnsupportedSqlException;
import java.util.Locale;
import org.apache.calcite.sql.fun.SqlCase;

/**
 * Refuses, on the logical plan before any rule rewrites it, the operators whose Calcite typing
 * differs from PostgreSQL's so that an answer would differ: {@code %} of real or double precision
 * values (PostgreSQL has no such operator, while a data service would be sent {@code MOD(...)},
 * which PostgreSQL answers through numeric), and {@code %} of a numeric and an integer that
 * Calcite types as integer (PostgreSQL's result is numeric). Checked here, not only where the
 * engine evaluates, because constant parts may be evaluated or pushed down elsewhere. Stateless.
 */
final class PostgresOperatorCheck {
    private PostgresOperatorCheck() {
    }

    /**
     * Throws {@link UnsupportedSqlException} when a {@code %} (or {@code mod}) of the parsed query has
     * an operand written as a cast to real or double precision (or arithmetic over one). Checked before validation because a
     * typed NULL ({@code cast(null as real)}) becomes a NULL literal of whatever type Calcite's implicit
     * coercion casts it to, so the logical plan no longer shows that it was real.
     */
    static void checkParsed(SqlNode parsed) {
        parsed.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                boolean modulo = call.getKind() == SqlKind.MOD
                        || call.getKind() == SqlKind.OTHER_FUNCTION && "mod".equalsIgnoreCase(call.getOperator().getName());
                if (modulo && call.getOperandList().stream().anyMatch(PostgresOperatorCheck::castToApproximate)) {
                    throw approximateModulo();
                }
                return super.visit(call);
            }
        });
    }

    /**
     * Whether {@code operand} is written as a cast to real or double precision, or as arithmetic,
     * COALESCE, NULLIF or CASE over such a value (whose PostgreSQL type is then double precision too).
     */
    private static boolean castToApproximate(SqlNode operand) {
        if (!(operand instanceof SqlCall call)) {
            return false;
        }
        if (call.getKind() == SqlKind.CAST) {
            if (call.operandCount() == 2 && call.operand(1) instanceof SqlDataTypeSpec spec
                    && spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec) {
                SqlTypeName target = SqlTypeName.get(spec.getTypeName().getSimple().toUpperCase(Locale.ROOT));
                return target != null && SqlTypeName.APPROX_TYPES.contains(target);
            }
            return false;
        }
        if (call instanceof SqlCase sqlCase) {
            return sqlCase.getThenOperands().stream().anyMatch(PostgresOperatorCheck::castToApproximate)
                    || castToApproximate(sqlCase.getElseOperand());
        }
        return switch (call.getKind()) {
            case PLUS, MINUS, TIMES, DIVIDE, MINUS_PREFIX, PLUS_PREFIX, COALESCE, NULLIF ->
                    call.getOperandList().stream().anyMatch(PostgresOperatorCheck::castToApproximate);
            default -> false;
        };
    }

    private static UnsupportedSqlException approximateModulo() {
        return new UnsupportedSqlException("% of real or double precision values is not supported"
                + " (PostgreSQL has no such operator); cast to numeric");
    }

    /** Throws {@link UnsupportedSqlException} naming the first such operator in {@code plan}. */
    static void check(RelNode plan) {
        plan.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                other.accept(new OperatorFinder(this));
                return super.visit(other);
            }
        });
    }

    /**
     * Whether {@code operand} is real or double precision, also when the validator's implicit
     * coercion already cast it to an exact type (% takes exact operands in Calcite).
     */
    private static boolean approximate(RexNode operand) {
        if (SqlTypeName.APPROX_TYPES.contains(operand.getType().getSqlTypeName())) {
            return true;
        }
        return operand instanceof RexCall cast && cast.getKind() == SqlKind.CAST && approximate(cast.getOperands().get(0));
    }

    private static final class OperatorFinder extends RexShuttle {
        private final RelHomogeneousShuttle plans;

        OperatorFinder(RelHomogeneousShuttle plans) {
            this.plans = plans;
        }

        @Override
        public RexNode visitCall(RexCall call) {
            if (call.getKind() == SqlKind.MOD) {
                if (call.getOperands().stream().anyMatch(PostgresOperatorCheck::approximate)) {
                    throw approximateModulo();
                }
                if (call.getType().getSqlTypeName() != SqlTypeName.DECIMAL
                        && call.getOperands().stream().anyMatch(o -> o.getType().getSqlTypeName() == SqlTypeName.DECIMAL)) {
                    throw new UnsupportedSqlException("% of numeric and integer values is not supported yet;"
                            + " cast both operands to numeric");
                }
            }
            return super.visitCall(call);
        }

        @Override
        public RexNode visitSubQuery(RexSubQuery subQuery) {
            subQuery.rel.accept(plans);
            return super.visitSubQuery(subQuery);
        }
    }
}
