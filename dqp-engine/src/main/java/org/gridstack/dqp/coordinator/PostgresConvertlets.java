package org.gridstack.dqp.coordinator;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexContext;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * Calcite's conversion of SQL calls to row expressions, with PostgreSQL's common type of a CASE (and
 * of COALESCE, which Calcite's validator turns into one) over exact numbers: where the results are
 * an integer and a {@code numeric(p,s)}, or numerics of different precision or scale, PostgreSQL's
 * common type is {@code numeric} without a scale, so each value keeps its own ({@code coalesce(null,
 * 3)} of a {@code numeric(10,2)} column is {@code 3}, not {@code 3.00}). Calcite types the CASE
 * {@code numeric(p,s)} and casts every branch to it, which rounds and pads to s decimals. This table
 * leaves the CASE's type as Calcite derived it but drops the casts Calcite added to the exact
 * branches, and gives back their own literals to number literals Calcite folded to the CASE's scale
 * (the engine's CASE converts each value to a numeric of its own scale); casts written in the query
 * stay. A CASE that Calcite's simplification later folds to one branch is cast to its type again. Every other call is converted by Calcite's {@link StandardConvertletTable}.
 * Stateless; thread-safe.
 */
@ThreadSafe
final class PostgresConvertlets implements SqlRexConvertletTable {
    static final PostgresConvertlets INSTANCE = new PostgresConvertlets();

    private PostgresConvertlets() {
    }

    @Override
    public SqlRexConvertlet get(SqlCall call) {
        if (call instanceof SqlCase sqlCase) {
            return (cx, c) -> keepOwnScales(cx, StandardConvertletTable.INSTANCE.convertCase(cx, sqlCase), sqlCase);
        }
        return StandardConvertletTable.INSTANCE.get(call);
    }

    private static RexNode keepOwnScales(SqlRexContext cx, RexNode converted, SqlCase sqlCase) {
        if (!(converted instanceof RexCall caseCall) || caseCall.getKind() != SqlKind.CASE
                || caseCall.getType().getSqlTypeName() != SqlTypeName.DECIMAL) {
            return converted;
        }
        List<RexNode> operands = new ArrayList<>(caseCall.getOperands());
        boolean changed = false;
        for (int i = 0; i < operands.size(); i++) {
            boolean last = i == operands.size() - 1;
            if (i % 2 == 0 && !last) {
                continue; // a WHEN condition
            }
            SqlNode written = last ? sqlCase.getElseOperand() : sqlCase.getThenOperands().get(i / 2);
            RexNode operand = operands.get(i);
            RexNode own = null;
            // the casts Calcite's conversion added carry the CASE's own position; casts in the query their own
            if (operand instanceof RexCall cast && cast.getKind() == SqlKind.CAST
                    && cast.getParserPosition().equals(sqlCase.getParserPosition())) {
                own = cast.getOperands().get(0);
            } else if (operand instanceof RexLiteral && numberLiteral(written)) {
                // a literal (or a cast of one) Calcite cast to the CASE's type became a literal of its scale (3 became 3.00)
                own = cx.convertExpression(written);
            }
            if (own != null && SqlTypeUtil.isExactNumeric(own.getType())) {
                operands.set(i, own);
                changed = true;
            }
        }
        return changed ? caseCall.clone(caseCall.getType(), operands) : converted;
    }

    private static boolean numberLiteral(SqlNode node) {
        if (node instanceof SqlCall minus && minus.getKind() == SqlKind.MINUS_PREFIX) {
            return numberLiteral(minus.operand(0));
        }
        if (node instanceof SqlCall cast && cast.getKind() == SqlKind.CAST) {
            // cast(1 as numeric(10,2)) is a literal of its scale, which a cast to the CASE's type would change
            return numberLiteral(cast.operand(0));
        }
        return node instanceof SqlNumericLiteral;
    }
}
