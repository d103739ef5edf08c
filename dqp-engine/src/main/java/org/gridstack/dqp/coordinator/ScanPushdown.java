package org.gridstack.dqp.coordinator;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableIntList;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.dataservice.FilterOperator;
import org.gridstack.dqp.dataservice.ScanFilter;
import org.gridstack.dqp.dataservice.ScanRequest;
import org.gridstack.dqp.dataservice.TableDescription;
import org.gridstack.dqp.evaluator.expression.RexCompiler;
import org.gridstack.dqp.evaluator.expression.UnsupportedSqlException;
import java.util.EnumSet;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.gridstack.dqp.block.ColumnType;
import org.gridstack.dqp.dataservice.ScanAggregate;
import org.gridstack.dqp.evaluator.expression.Values;

/**
 * What a data service can do itself: which filters of a scan push down (a column compared with a
 * literal of its own type, LIKE, IS [NOT] NULL, a boolean column), whether a whole aggregate over one
 * table's scan pushes down ({@link JoinPushdown} does joins), and the refusal of plans that read a column of a type the engine does
 * not carry (named with its database type). Stateless; thread-safe.
 */
@ThreadSafe
final class ScanPushdown {
    private ScanPushdown() {
    }

    /**
     * What a data service computes itself (an aggregate, a join): the scan request, the schema of the
     * rows it ships, and where each output field of the plan node is among them ({@code order[i]};
     * null when they are the node's fields in order).
     */
    record PushedRequest(RemoteTable table, ScanRequest request, BlockSchema schema, int[] order) {
        PushedRequest(RemoteTable table, ScanRequest request, BlockSchema schema) {
            this(table, request, schema, null);
        }
    }

    // the database's type name of an uncarried column of one of the plan's tables
    static String uncarriedTypeName(RelNode rel, String column) {
        RemoteTable table = rel instanceof TableScan scan ? scan.getTable().unwrap(RemoteTable.class) : null;
        if (table != null) {
            for (TableDescription.UnsupportedColumn u : table.description().unsupported()) {
                if (u.name().equals(column)) {
                    return u.typeName();
                }
            }
        }
        for (RelNode input : rel.getInputs()) {
            String name = uncarriedTypeName(input, column);
            if (!name.equals("unknown")) {
                return name;
            }
        }
        return "unknown";
    }

    // columns after the carried ones are those of types the engine does not carry (RemoteTable)
    static void refuseUncarried(RemoteTable table, int[] output, List<RexNode> filters) {
        TreeSet<Integer> read = new TreeSet<>();
        for (int o : output) {
            read.add(o);
        }
        for (RexNode f : filters) {
            read.addAll(RelOptUtil.InputFinder.bits(f).asList());
        }
        int carried = table.description().schema().size();
        for (int i : read) {
            if (i >= carried) {
                TableDescription.UnsupportedColumn column = table.description().unsupported().get(i - carried);
                throw new UnsupportedSqlException("column " + column.name() + " of table " + table.description().name()
                        + " has type " + column.typeName() + ", which the engine does not carry (supported: "
                        + ColumnType.SUPPORTED + "); select the other columns by name");
            }
        }
    }

    private static final Set<ColumnType> PUSHABLE = EnumSet.of(
            ColumnType.VARCHAR, ColumnType.SMALLINT,
            ColumnType.INTEGER, ColumnType.BIGINT,
            ColumnType.DOUBLE, ColumnType.BOOLEAN);

    static ScanFilter toScanFilter(RexNode conjunct, BlockSchema table) {
        // a boolean column as the condition, or its negation: = true, = false
        if (conjunct instanceof RexInputRef ref && table.column(ref.getIndex()).type() == ColumnType.BOOLEAN) {
            return new ScanFilter(table.column(ref.getIndex()).name(), FilterOperator.EQ, true);
        }
        if (conjunct instanceof RexCall not && not.getKind() == SqlKind.NOT && not.getOperands().get(0) instanceof RexInputRef ref
                && table.column(ref.getIndex()).type() == ColumnType.BOOLEAN) {
            return new ScanFilter(table.column(ref.getIndex()).name(), FilterOperator.EQ, false);
        }
        if (!(conjunct instanceof RexCall call)) {
            return null;
        }
        List<RexNode> ops = call.getOperands();
        SqlKind kind = call.getKind();
        if ((kind == SqlKind.IS_NULL || kind == SqlKind.IS_NOT_NULL) && ops.get(0) instanceof RexInputRef ref) {
            return new ScanFilter(table.column(ref.getIndex()).name(),
                    kind == SqlKind.IS_NULL ? FilterOperator.IS_NULL : FilterOperator.IS_NOT_NULL, null);
        }
        if (ops.size() != 2) {
            return null;
        }
        boolean flipped = false;
        RexNode left = ops.get(0);
        RexNode right = ops.get(1);
        if (left instanceof RexLiteral && right instanceof RexInputRef) {
            RexNode t = left;
            left = right;
            right = t;
            flipped = true;
        }
        if (!(left instanceof RexInputRef ref) || !(right instanceof RexLiteral literal) || literal.isNull()) {
            return null;
        }
        FilterOperator op = switch (kind) {
            case EQUALS -> FilterOperator.EQ;
            case NOT_EQUALS -> FilterOperator.NE;
            case LESS_THAN -> flipped ? FilterOperator.GT : FilterOperator.LT;
            case LESS_THAN_OR_EQUAL -> flipped ? FilterOperator.GE : FilterOperator.LE;
            case GREATER_THAN -> flipped ? FilterOperator.LT : FilterOperator.GT;
            case GREATER_THAN_OR_EQUAL -> flipped ? FilterOperator.LE : FilterOperator.GE;
            case LIKE -> flipped || call.getOperator().getName().toUpperCase().contains("NOT") ? null : FilterOperator.LIKE;
            default -> null;
        };
        if (op == null) {
            return null;
        }
        Column column = table.column(ref.getIndex());
        // pushed only where the data service's comparison is the engine's: same type on both sides
        if (!PUSHABLE.contains(column.type())
                || Values.columnType(literal.getType().getSqlTypeName()) != column.type()) {
            return null;
        }
        Object value = RexCompiler.literalValue(literal);
        if (value instanceof Double d && (d.isNaN() || d.isInfinite())) {
            return null;
        }
        return new ScanFilter(table.column(ref.getIndex()).name(), op, value);
    }

    /**
     * The aggregate computed by the data service itself, when its input is one table's scan whose
     * filters all push down and its calls are COUNT/SUM/MIN/MAX/AVG of columns: one row per group
     * travels instead of every row. Null when it cannot be pushed.
     */
    static PushedRequest aggregate(Aggregate aggregate, String codec) {
        RelNode input = aggregate.getInput();
        // the field trimmer leaves COUNT(*) a projection of a constant over the scan
        List<RexNode> projection = null;
        if (input instanceof Project project) {
            projection = project.getProjects();
            input = project.getInput();
        }
        if (!(input instanceof TableScan scan)) {
            return null;
        }
        List<RexNode> scanFilters = scan instanceof Bindables.BindableTableScan b ? b.filters : List.of();
        ImmutableIntList projects = scan instanceof Bindables.BindableTableScan b ? b.projects : null;
        RemoteTable table = scan.getTable().unwrap(RemoteTable.class);
        if (table == null) {
            return null;
        }
        BlockSchema tableSchema = table.description().schema();
        int[] output = projects == null ? PlanTranslator.range(scan.getRowType().getFieldCount()) : projects.toIntArray();
        // only the columns the filters, groups and aggregates read must be carried (count(*) reads none)
        refuseUncarried(table, new int[0], scanFilters);
        RexBuilder rexBuilder = scan.getCluster().getRexBuilder();
        List<ScanFilter> filters = new ArrayList<>();
        for (RexNode filter : scanFilters) {
            for (RexNode conjunct : RelOptUtil.conjunctions(RexUtil.expandSearch(rexBuilder, null, filter))) {
                ScanFilter f = toScanFilter(conjunct, tableSchema);
                if (f == null) {
                    return null;
                }
                filters.add(f);
            }
        }
        List<String> groupColumns = new ArrayList<>();
        for (int g : aggregate.getGroupSet().toArray()) {
            int field = field(projection, g);
            if (field < 0) {
                return null;
            }
            refuseUncarried(table, new int[] {output[field]}, List.of());
            groupColumns.add(tableSchema.column(output[field]).name());
        }
        List<ScanAggregate> aggregates = new ArrayList<>();
        for (AggregateCall call : aggregate.getAggCallList()) {
            String function = pushableFunction(call);
            if (function == null) {
                return null;
            }
            int field = call.getArgList().isEmpty() ? -1 : field(projection, call.getArgList().get(0));
            if (!call.getArgList().isEmpty() && field < 0) {
                return null;
            }
            if (field >= 0) {
                refuseUncarried(table, new int[] {output[field]}, List.of());
            }
            String column = field < 0 ? null : tableSchema.column(output[field]).name();
            aggregates.add(new ScanAggregate(function, column, call.isDistinct()));
        }
        if (aggregates.isEmpty()) {
            return null;
        }
        BlockSchema schema = PlanTranslator.schemaOf(aggregate.getRowType());
        return new PushedRequest(table, new ScanRequest(table.description().name(), groupColumns, filters, codec, aggregates), schema);
    }

    // the scan field under position i of an optional projection, or -1 when it is not a plain column
    static int field(List<RexNode> projection, int i) {
        if (projection == null) {
            return i;
        }
        return projection.get(i) instanceof RexInputRef ref ? ref.getIndex() : -1;
    }

    /**
     * The SQL name of {@code call}'s function when a data service computes it in its own query
     * (COUNT, SUM, MIN, MAX or AVG of at most one column, COUNT(*) included, without FILTER), else null.
     */
    static String pushableFunction(AggregateCall call) {
        String function = switch (call.getAggregation().getKind()) {
            case COUNT, SUM, MIN, MAX, AVG -> call.getAggregation().getKind().name();
            default -> null;
        };
        if (function == null || call.filterArg >= 0 || call.getArgList().size() > 1
                || (call.getArgList().isEmpty() && !function.equals("COUNT"))) {
            return null;
        }
        return function;
    }
}
