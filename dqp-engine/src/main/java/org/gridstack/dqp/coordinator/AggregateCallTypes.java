package org.gridstack.dqp.coordinator;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import java.util.Set;

/**
 * Makes the aggregates of a logical plan agree with their inputs' types. Calcite's SQL-to-relational
 * conversion folds constant arguments ({@code max(nullif(139, 174))} gets the argument {@code 139},
 * NOT NULL) but keeps the aggregate's result type derived from the unfolded one (nullable), and
 * every later copy of that aggregate then fails Calcite's consistency check (an assertion, so with
 * assertions on) before any rule could run. Such an aggregate is rebuilt with the types inferred from
 * its input, under a projection that casts its columns back to the types the rest of the plan
 * expects, so the answer and its column types stay as planned. Sub-queries' plans are handled too.
 * Stateless; thread-safe.
 */
@ThreadSafe
final class AggregateCallTypes {
    private AggregateCallTypes() {
    }

    /** {@code plan} with every aggregate's declared types equal to those inferred from its input. */
    static RelNode align(RelNode plan) {
        return plan.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode rel = super.visit(other);
                RelHomogeneousShuttle plans = this;
                rel = rel.accept(new RexShuttle() {
                    @Override
                    public RexNode visitSubQuery(RexSubQuery subQuery) {
                        RelNode inner = subQuery.rel.accept(plans);
                        return inner == subQuery.rel ? subQuery : subQuery.clone(inner);
                    }
                });
                return rel instanceof LogicalAggregate aggregate ? aligned(aggregate) : rel;
            }
        });
    }

    private static RelNode aligned(LogicalAggregate aggregate) {
        RelNode input = aggregate.getInput();
        List<AggregateCall> calls = new ArrayList<>();
        boolean changed = false;
        for (AggregateCall call : aggregate.getAggCallList()) {
            AggregateCall inferred = AggregateCall.create(call.getParserPosition(), call.getAggregation(), call.isDistinct(),
                    call.isApproximate(), call.ignoreNulls(), call.rexList, call.getArgList(), call.filterArg, call.distinctKeys,
                    call.getCollation(), aggregate.getGroupCount(), input, null, call.getName());
            changed |= !inferred.getType().equals(call.getType());
            calls.add(inferred);
        }
        if (!changed) {
            return aggregate;
        }
        LogicalAggregate rebuilt = LogicalAggregate.create(input, aggregate.getHints(), aggregate.getGroupSet(),
                aggregate.getGroupSets(), calls);
        RexBuilder rex = aggregate.getCluster().getRexBuilder();
        List<RexNode> columns = new ArrayList<>();
        RelDataType expected = aggregate.getRowType();
        for (int i = 0; i < expected.getFieldCount(); i++) {
            RelDataType want = expected.getFieldList().get(i).getType();
            RexNode column = rex.makeInputRef(rebuilt, i);
            columns.add(column.getType().equals(want) ? column : rex.makeAbstractCast(want, column, false));
        }
        return LogicalProject.create(rebuilt, List.of(), columns, expected.getFieldNames(), Set.of());
    }
}
