package org.gridstack.dqp.coordinator;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Map;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlExtractFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlMonotonicity;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.avatica.util.TimeUnitRange;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import org.apache.calcite.util.Static;

/**
 * Calcite's {@code + - * /} and {@code EXTRACT} with PostgreSQL's operator resolution where it
 * differs from Calcite's, put into a parsed query by {@link #REPLACE} before validation and found first
 * in the validator's operator table ({@link #TABLE}):
 * <ul>
 * <li>{@code real} with an integer type or {@code numeric} (either side) is computed in
 *     {@code double precision}, as PostgreSQL resolves it ({@code float48pl}: the integer or
 *     numeric converts to float8): {@code cast(1.1 as real) + 1} is {@code 2.100000023841858} of
 *     type double precision, where Calcite's typing gives real;</li>
 * <li>{@code date + integer}, {@code integer + date} and {@code date - integer} (smallint or
 *     integer; PostgreSQL has no such operator for bigint or numeric) are {@code date};
 *     {@code date - date} is {@code integer} (days);</li>
 * <li>{@code extract(epoch from time)} is accepted (seconds since midnight, numeric), which
 *     Calcite's validation refuses; {@code extract(hour|minute|second from date)} is refused when the
 *     query is planned, as PostgreSQL does (Calcite takes it).</li>
 * </ul>
 * Every other operand combination is typed and checked as Calcite's own operator does. The
 * operators keep Calcite's {@link SqlKind}s, so the rules and the engine's expression compiler
 * treat them as the standard ones. Stateless; thread-safe.
 */
@ThreadSafe
final class PostgresOperators {
    static final SqlBinaryOperator PLUS = new Arithmetic(SqlStdOperatorTable.PLUS);
    static final SqlBinaryOperator MINUS = new Arithmetic(SqlStdOperatorTable.MINUS);
    static final SqlBinaryOperator MULTIPLY = new Arithmetic(SqlStdOperatorTable.MULTIPLY);
    static final SqlBinaryOperator DIVIDE = new Arithmetic(SqlStdOperatorTable.DIVIDE);
    static final SqlExtractFunction EXTRACT = new Extract();
    private static final Map<SqlOperator, SqlOperator> REPLACEMENTS = Map.of(
            SqlStdOperatorTable.PLUS, PLUS, SqlStdOperatorTable.MINUS, MINUS, SqlStdOperatorTable.MULTIPLY, MULTIPLY,
            SqlStdOperatorTable.DIVIDE, DIVIDE, SqlStdOperatorTable.EXTRACT, EXTRACT);

    /**
     * The validator's operator table: these operators ahead of Calcite's standard ones (the validator
     * looks each operator of a call up again by name when it derives the call's type).
     */
    static final SqlOperatorTable TABLE = SqlOperatorTables.chain(SqlOperatorTables.of(PLUS, MINUS, MULTIPLY, DIVIDE, EXTRACT),
            SqlStdOperatorTable.instance());

    /** Replaces Calcite's operators of a parsed (not yet validated) query by these, in place. */
    static final SqlShuttle REPLACE = new SqlShuttle() {
        @Override
        public SqlNode visit(SqlCall call) {
            SqlNode visited = super.visit(call);
            if (visited instanceof SqlBasicCall basic) {
                SqlOperator replacement = REPLACEMENTS.get(basic.getOperator());
                if (replacement != null && basic.getOperator().getClass() != replacement.getClass()) {
                    basic.setOperator(replacement);
                }
            }
            return visited;
        }
    };

    private PostgresOperators() {
    }

    /**
     * PostgreSQL's result type of {@code left kind right} where it differs from Calcite's, or null
     * where Calcite's typing is PostgreSQL's (or PostgreSQL has no such operator).
     */
    static RelDataType resultType(SqlKind kind, RelDataType left, RelDataType right, RelDataTypeFactory types) {
        SqlTypeName l = left.getSqlTypeName();
        SqlTypeName r = right.getSqlTypeName();
        boolean nullable = left.isNullable() || right.isNullable();
        SqlTypeName result = null;
        if (realWithOtherNumber(l, r) || realWithOtherNumber(r, l)) {
            result = SqlTypeName.DOUBLE;
        } else if (kind == SqlKind.PLUS && (l == SqlTypeName.DATE && dayCount(r) || dayCount(l) && r == SqlTypeName.DATE)
                || kind == SqlKind.MINUS && l == SqlTypeName.DATE && dayCount(r)) {
            result = SqlTypeName.DATE;
        } else if (kind == SqlKind.MINUS && l == SqlTypeName.DATE && r == SqlTypeName.DATE) {
            result = SqlTypeName.INTEGER;
        }
        return result == null ? null : types.createTypeWithNullability(types.createSqlType(result), nullable);
    }

    private static boolean realWithOtherNumber(SqlTypeName real, SqlTypeName other) {
        return real == SqlTypeName.REAL && other != SqlTypeName.REAL && SqlTypeName.NUMERIC_TYPES.contains(other);
    }

    // PostgreSQL's date +/- takes an integer (smallint converts to it implicitly; bigint does not)
    private static boolean dayCount(SqlTypeName type) {
        return type == SqlTypeName.TINYINT || type == SqlTypeName.SMALLINT || type == SqlTypeName.INTEGER;
    }

    /** Calcite's binary arithmetic operator, typed as PostgreSQL where {@link #resultType} says so. */
    private static final class Arithmetic extends SqlBinaryOperator {
        private final SqlOperator standard;

        Arithmetic(SqlOperator standard) {
            super(standard.getName(), standard.getKind(), standard.getLeftPrec(), true, returnType(standard), InferTypes.FIRST_KNOWN,
                    operandTypes(standard));
            this.standard = standard;
        }

        @Override
        public SqlMonotonicity getMonotonicity(SqlOperatorBinding call) {
            return standard.getMonotonicity(call);
        }

        private static SqlReturnTypeInference returnType(SqlOperator standard) {
            SqlReturnTypeInference calcite = Objects.requireNonNull(standard.getReturnTypeInference(), "return type");
            return binding -> {
                RelDataType postgres = binding.getOperandCount() == 2 ? resultType(standard.getKind(), binding.getOperandType(0),
                        binding.getOperandType(1), binding.getTypeFactory()) : null;
                return postgres != null ? postgres : calcite.inferReturnType(binding);
            };
        }

        private static SqlOperandTypeChecker operandTypes(SqlOperator standard) {
            SqlOperandTypeChecker calcite = Objects.requireNonNull(standard.getOperandTypeChecker(), "operand types");
            return new SqlOperandTypeChecker() {
                @Override
                public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
                    if (binding.getOperandCount() == 2 && (standard.getKind() == SqlKind.PLUS || standard.getKind() == SqlKind.MINUS)
                            && resultType(standard.getKind(), binding.getOperandType(0), binding.getOperandType(1),
                                    binding.getTypeFactory()) != null) {
                        return true;
                    }
                    return calcite.checkOperandTypes(binding, throwOnFailure);
                }

                @Override
                public SqlOperandCountRange getOperandCountRange() {
                    return calcite.getOperandCountRange();
                }

                @Override
                public String getAllowedSignatures(SqlOperator op, String opName) {
                    String dates = switch (standard.getKind()) {
                        case PLUS -> "\n'<DATE> + <INTEGER>'\n'<INTEGER> + <DATE>'";
                        case MINUS -> "\n'<DATE> - <INTEGER>'\n'<DATE> - <DATE>'";
                        default -> "";
                    };
                    return calcite.getAllowedSignatures(op, opName) + dates;
                }

                @Override
                public Consistency getConsistency() {
                    return calcite.getConsistency();
                }
            };
        }
    }

    /**
     * Calcite's EXTRACT that also takes PostgreSQL's {@code extract(epoch from time)} and, as
     * PostgreSQL, refuses the units of a time of day of a date.
     */
    private static final class Extract extends SqlExtractFunction {
        private static final Set<TimeUnitRange> TIME_OF_DAY = EnumSet.of(TimeUnitRange.HOUR, TimeUnitRange.MINUTE,
                TimeUnitRange.SECOND, TimeUnitRange.MILLISECOND, TimeUnitRange.MICROSECOND, TimeUnitRange.NANOSECOND);

        Extract() {
            super("EXTRACT", false);
        }

        @Override
        public void validateCall(SqlCall call, SqlValidator validator, SqlValidatorScope scope, SqlValidatorScope operandScope) {
            SqlTypeName from = validator.deriveType(scope, call.operand(1)).getSqlTypeName();
            if (call.operand(0) instanceof SqlIntervalQualifier unit && from == SqlTypeName.DATE
                    && TIME_OF_DAY.contains(unit.timeUnitRange)) {
                // PostgreSQL refuses these when it plans the query (unit "second" not supported for type date),
                // also where no row would be read; Calcite takes them
                throw validator.newValidationError(call, Static.RESOURCE.canNotApplyOp2Type(getName(),
                        call.getCallSignature(validator, scope), getAllowedSignatures()));
            }
            if (call.operand(0) instanceof SqlIntervalQualifier unit && unit.timeUnitRange == TimeUnitRange.EPOCH
                    && from == SqlTypeName.TIME) {
                // Calcite's check allows the epoch of dates, timestamps and intervals only
                for (SqlNode operand : call.getOperandList()) {
                    operand.validateExpr(validator, operandScope);
                }
                return;
            }
            super.validateCall(call, validator, scope, operandScope);
        }
    }
}
