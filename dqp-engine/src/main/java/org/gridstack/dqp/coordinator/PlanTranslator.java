package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableIntList;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.dataservice.ScanFilter;
import org.gridstack.dqp.dataservice.ScanRequest;
import org.gridstack.dqp.dataservice.TableDescription;
import org.gridstack.dqp.entropy.EntropyClient;
import org.gridstack.dqp.evaluator.expression.RexCompiler;
import org.gridstack.dqp.evaluator.expression.RowExpression;
import org.gridstack.dqp.evaluator.expression.UnsupportedSqlException;
import org.gridstack.dqp.evaluator.operator.AggregateOperator;
import org.gridstack.dqp.evaluator.operator.HashJoinOperator;
import org.gridstack.dqp.evaluator.operator.Operator;
import org.gridstack.dqp.evaluator.operator.ProjectOperator;
import org.gridstack.dqp.evaluator.operator.ProfiledOperator;
import org.gridstack.dqp.evaluator.operator.QueryContext;
import org.gridstack.dqp.evaluator.operator.SelectOperator;
import org.gridstack.dqp.evaluator.operator.SetOperationOperator;
import org.gridstack.dqp.evaluator.operator.SortOperator;
import org.gridstack.dqp.evaluator.operator.ValuesOperator;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.sql.type.SqlTypeName;
import org.gridstack.dqp.block.ColumnType;
import org.gridstack.dqp.evaluator.EvaluatorClient;
import org.gridstack.dqp.evaluator.exchange.ExchangeInboxes;

/**
 * Translates Calcite's optimised plan into the engine's pull-based operators: a table scan becomes
 * TABLE_SCAN with the filters the data service understands pushed down ({@link ScanPushdown}) and
 * the rest in a SELECT above it; joins of one data service's tables and aggregates over one table's
 * scan or over such a join become that data service's own join and aggregation when they can
 * ({@link JoinPushdown}), HASH_JOIN and AGGREGATE otherwise; Filter becomes SELECT, Project PROJECT (each
 * {@code calculateEntropy} call in it an OPERATION_CALL below it), Join HASH_JOIN (inner, left,
 * right, full, semi, anti), Union/Intersect/Minus the set operations, Sort SORT, Values VALUES.
 * Where each scan and OPERATION_CALL runs, and the EXCHANGEs between them, is the
 * {@link FragmentPlanner}'s decision. Anything else is an {@link UnsupportedSqlException} naming
 * the construct. One translator per query; not thread-safe.
 */
public final class PlanTranslator {
    /**
     * Where fragments run: scans on the evaluator beside each data service ({@code evaluatorFor}),
     * OPERATION_CALL partitions on {@code evaluators} (partition i on evaluator i mod n), pushing to
     * this process's {@code inboxes} at {@code self}, over {@code http} (the coordinator's one client,
     * so connections are reused from query to query); null placement runs everything in this process.
     */
    public record Placement(String queryId, Function<URI, EvaluatorClient> evaluatorFor,
            List<EvaluatorClient> evaluators, ExchangeInboxes inboxes,
            URI self, HttpClient http) {
        public Placement {
            requireNonNull(http, "http is null");
            evaluators = List.copyOf(requireNonNull(evaluators, "evaluators is null"));
            requireNonNull(queryId, "queryId is null");
            requireNonNull(evaluatorFor, "evaluatorFor is null");
            requireNonNull(inboxes, "inboxes is null");
            requireNonNull(self, "self is null");
        }
    }

    /**
     * How the query runs: block size (tuples) and byte bound (0: none; EXCHANGE blocks of scan
     * fragments) and codec, OPERATION_CALL copies and parallelism, placement (null: all here).
     */
    public record Options(int blockSize, long blockBytes, String codec, List<EntropyClient> entropyCopies,
            int operationCallParallelism, Placement placement) {
        public Options {
            requireNonNull(codec, "codec is null");
            entropyCopies = List.copyOf(requireNonNull(entropyCopies, "entropyCopies is null"));
            if (blockSize < 1) {
                throw new IllegalArgumentException("blockSize must be at least 1, is " + blockSize);
            }
            if (operationCallParallelism < 1) {
                throw new IllegalArgumentException("operationCallParallelism must be at least 1, is " + operationCallParallelism);
            }
        }
    }

    private final Options options;
    private final QueryContext context;
    private final List<Operator> created = new ArrayList<>();
    private final FragmentPlanner fragments;

    public PlanTranslator(Options options, QueryContext context) {
        this.options = requireNonNull(options, "options is null");
        this.context = requireNonNull(context, "context is null");
        this.fragments = new FragmentPlanner(options, context, this::track);
    }

    /** The operator tree of {@code plan}; on failure every operator built so far is closed. */
    public Operator translate(RelNode plan) {
        for (RelDataTypeField field : plan.getRowType().getFieldList()) {
            if (field.getType().getSqlTypeName() == SqlTypeName.ANY) {
                throw new UnsupportedSqlException("column " + field.getName() + " has type " + ScanPushdown.uncarriedTypeName(plan, field.getName())
                        + ", which the engine does not carry (supported: " + ColumnType.SUPPORTED
                        + "); select the other columns by name");
            }
        }
        try {
            return node(plan);
        } catch (RuntimeException e) {
            created.forEach(Operator::close);
            throw e;
        }
    }

    private <T extends Operator> T track(T operator) {
        created.add(operator);
        return operator;
    }

    private Operator node(RelNode rel) {
        Operator op = operator(rel);
        return context.analyzing() ? new ProfiledOperator(op) : op; // EXPLAIN ANALYZE: counted one by one
    }

    private Operator operator(RelNode rel) {
        if (rel instanceof Bindables.BindableTableScan scan) {
            return scan(scan, scan.filters, scan.projects);
        }
        if (rel instanceof TableScan scan) {
            return scan(scan, List.of(), null);
        }
        if (rel instanceof Filter filter) {
            Operator input = node(filter.getInput());
            return track(new SelectOperator(input, compiler(rel).compile(filter.getCondition()), filter.getCondition().toString()));
        }
        if (rel instanceof Project project) {
            return project(project);
        }
        if (rel instanceof Join join) {
            return join(join);
        }
        if (rel instanceof Aggregate aggregate) {
            return aggregate(aggregate);
        }
        if (rel instanceof Sort sort) {
            return sort(sort);
        }
        if (rel instanceof SetOp setOp) {
            return setOperation(setOp);
        }
        if (rel instanceof Correlate) {
            throw new UnsupportedSqlException("correlated sub-queries (a sub-query that refers to the outer query's columns)"
                    + " are not supported; uncorrelated IN, EXISTS and scalar sub-queries are");
        }
        if (rel instanceof Values values) {
            List<Object[]> rows = new ArrayList<>();
            for (List<RexLiteral> tuple : values.getTuples()) {
                Object[] row = new Object[tuple.size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = RexCompiler.literalValue(tuple.get(i));
                }
                rows.add(row);
            }
            // no rows (a filter Calcite found always false): the columns of uncarried types hold no values
            return track(new ValuesOperator(rows.isEmpty() ? emptySchemaOf(values.getRowType()) : schemaOf(values), rows));
        }
        throw new UnsupportedSqlException("the plan needs " + rel.getRelTypeName() + ", which the engine does not run"
                + " (supported: scans, filters, projections, joins, GROUP BY with COUNT/SUM/MIN/MAX/AVG,"
                + " UNION/INTERSECT/EXCEPT, ORDER BY, LIMIT/OFFSET, VALUES)");
    }

    private Operator scan(TableScan scan, List<RexNode> filters, ImmutableIntList projects) {
        RemoteTable table = scan.getTable().unwrap(RemoteTable.class);
        if (table == null) {
            throw new UnsupportedSqlException("table " + scan.getTable().getQualifiedName() + " is not a data service table");
        }
        BlockSchema tableSchema = table.description().schema();
        // without a projection the plan reads every column, also those of types the engine does not carry
        // without a projection: the carried columns, then a NULL for each uncarried one (translate()
        // refuses a plan whose output still has one; operators above read only what they need)
        int uncarriedPlaceholders = projects == null ? scan.getRowType().getFieldCount() - tableSchema.size() : 0;
        int[] output = projects == null ? range(tableSchema.size()) : projects.toIntArray();
        ScanPushdown.refuseUncarried(table, output, filters);
        RexBuilder rexBuilder = scan.getCluster().getRexBuilder();
        List<ScanFilter> pushed = new ArrayList<>();
        List<RexNode> residual = new ArrayList<>();
        for (RexNode filter : filters) {
            for (RexNode conjunct : RelOptUtil.conjunctions(RexUtil.expandSearch(rexBuilder, null, filter))) {
                ScanFilter f = ScanPushdown.toScanFilter(conjunct, tableSchema);
                if (f == null) {
                    residual.add(conjunct);
                } else {
                    pushed.add(f);
                }
            }
        }
        // the columns fetched: the output ones and those the residual filters read
        TreeSet<Integer> needed = new TreeSet<>();
        for (int o : output) {
            needed.add(o);
        }
        for (RexNode r : residual) {
            needed.addAll(RelOptUtil.InputFinder.bits(r).asList());
        }
        List<Integer> fetched = new ArrayList<>(needed);
        List<String> names = new ArrayList<>();
        List<Column> columns = new ArrayList<>();
        for (int f : fetched) {
            names.add(tableSchema.column(f).name());
            columns.add(tableSchema.column(f));
        }
        ScanRequest request = new ScanRequest(table.description().name(), names, pushed, options.codec());
        Operator op = fragments.scan(table, request, new BlockSchema(columns));
        if (!residual.isEmpty()) {
            RexNode condition = RexUtil.composeConjunction(rexBuilder, residual);
            RexNode remapped = remap(condition, fetched);
            op = track(new SelectOperator(op, new RexCompiler(rexBuilder).compile(remapped), condition.toString()));
        }
        if (fetched.size() != output.length || !isIdentity(fetched, output) || uncarriedPlaceholders > 0) {
            List<RowExpression> exprs = new ArrayList<>();
            List<Column> out = new ArrayList<>();
            for (int o : output) {
                int position = fetched.indexOf(o);
                exprs.add(row -> row[position]);
                out.add(tableSchema.column(o));
            }
            for (TableDescription.UnsupportedColumn u : uncarriedPlaceholders > 0 ? table.description().unsupported()
                    : List.<TableDescription.UnsupportedColumn>of()) {
                exprs.add(row -> null);
                out.add(new Column(u.name(), ColumnType.VARCHAR, true));
            }
            op = track(new ProjectOperator(op, exprs, new BlockSchema(out)));
        }
        return op;
    }

    private static boolean isIdentity(List<Integer> fetched, int[] output) {
        for (int i = 0; i < output.length; i++) {
            if (fetched.get(i) != output[i]) {
                return false;
            }
        }
        return true;
    }

    private static RexNode remap(RexNode node, List<Integer> fetched) {
        return node.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(fetched.indexOf(ref.getIndex()), ref.getType());
            }
        });
    }

    private Operator project(Project project) {
        Operator input = node(project.getInput());
        RexBuilder rexBuilder = project.getCluster().getRexBuilder();
        int width = project.getInput().getRowType().getFieldCount();
        List<RexNode> calls = new ArrayList<>();
        List<RexNode> rewritten = new ArrayList<>();
        for (RexNode e : project.getProjects()) {
            rewritten.add(e.accept(new RexShuttle() {
                @Override
                public RexNode visitCall(RexCall call) {
                    if (call.getOperator().getName().equalsIgnoreCase(EntropyFunction.NAME)) {
                        calls.add(call);
                        return new RexInputRef(width + calls.size() - 1, call.getType());
                    }
                    return super.visitCall(call);
                }
            }));
        }
        RexCompiler compiler = new RexCompiler(rexBuilder);
        for (int i = 0; i < calls.size(); i++) {
            RexCall call = (RexCall) calls.get(i);
            for (RexNode operand : call.getOperands()) {
                if (containsEntropy(operand)) {
                    throw new UnsupportedSqlException("calculateEntropy inside another calculateEntropy call is not supported");
                }
            }
            RowExpression argument = compiler.compile(call.getOperands().get(0));
            input = fragments.operationCall(input, argument, "entropy_" + i);
        }
        List<RowExpression> exprs = new ArrayList<>();
        for (RexNode e : rewritten) {
            exprs.add(compiler.compile(e));
        }
        return track(new ProjectOperator(input, exprs, schemaOf(project)));
    }

    private static boolean containsEntropy(RexNode node) {
        return node instanceof RexCall c && (c.getOperator().getName().equalsIgnoreCase(EntropyFunction.NAME)
                || c.getOperands().stream().anyMatch(PlanTranslator::containsEntropy));
    }

    private Operator setOperation(SetOp setOp) {
        SetOperationOperator.Kind kind = switch (setOp.kind) {
            case UNION -> SetOperationOperator.Kind.UNION;
            case INTERSECT -> SetOperationOperator.Kind.INTERSECT;
            case EXCEPT -> SetOperationOperator.Kind.EXCEPT;
            default -> throw new UnsupportedSqlException("the set operation " + setOp.kind + " is not supported");
        };
        List<Operator> inputs = new ArrayList<>();
        for (RelNode input : setOp.getInputs()) {
            inputs.add(node(input));
        }
        return track(new SetOperationOperator(inputs, kind, setOp.all, schemaOf(setOp), context));
    }

    private Operator join(Join join) {
        ScanPushdown.PushedRequest pushed = JoinPushdown.join(join, options.codec());
        if (pushed != null) {
            return pushedOperator(pushed, join);
        }
        boolean right = join.getJoinType() == JoinRelType.RIGHT;
        HashJoinOperator.Type type = switch (join.getJoinType()) {
            case INNER -> HashJoinOperator.Type.INNER;
            case LEFT, RIGHT -> HashJoinOperator.Type.LEFT;
            case FULL -> HashJoinOperator.Type.FULL;
            case SEMI -> HashJoinOperator.Type.SEMI;
            case ANTI -> HashJoinOperator.Type.ANTI;
            default -> throw new UnsupportedSqlException(join.getJoinType() + " JOIN is not supported"
                    + " (inner, left, right, full, semi and anti joins are)");
        };
        JoinInfo info = join.analyzeCondition();
        Operator left = node(join.getLeft());
        Operator rightInput = node(join.getRight());
        int leftWidth = join.getLeft().getRowType().getFieldCount();
        int rightWidth = join.getRight().getRowType().getFieldCount();
        RexNode residualCondition = info.nonEquiConditions.isEmpty() ? null
                : RexUtil.composeConjunction(join.getCluster().getRexBuilder(), info.nonEquiConditions);
        if (!right) {
            // the residual is applied per key-matching pair, which is also what LEFT JOIN ... ON needs
            RowExpression residual = residualCondition == null ? null : compiler(join).compile(residualCondition);
            return track(new HashJoinOperator(left, rightInput, info.leftKeys.toIntArray(), info.rightKeys.toIntArray(), type, residual,
                    context));
        }
        // RIGHT JOIN: a LEFT hash join probing with the right input, then the columns put back in order
        RowExpression residual = null;
        if (residualCondition != null) {
            RexNode swapped = residualCondition.accept(new RexShuttle() {
                @Override
                public RexNode visitInputRef(RexInputRef ref) {
                    int i = ref.getIndex();
                    return new RexInputRef(i < leftWidth ? rightWidth + i : i - leftWidth, ref.getType());
                }
            });
            residual = compiler(join).compile(swapped);
        }
        Operator swappedJoin = track(new HashJoinOperator(rightInput, left, info.rightKeys.toIntArray(), info.leftKeys.toIntArray(),
                type, residual, context));
        List<RowExpression> reorder = new ArrayList<>();
        for (int i = 0; i < leftWidth + rightWidth; i++) {
            int from = i < leftWidth ? rightWidth + i : i - leftWidth;
            reorder.add(row -> row[from]);
        }
        return track(new ProjectOperator(swappedJoin, reorder, schemaOf(join)));
    }

    // the data service's rows, with the node's fields picked from them when they travel in another order
    private Operator pushedOperator(ScanPushdown.PushedRequest pushed, RelNode rel) {
        Operator scan = fragments.scan(pushed.table(), pushed.request(), pushed.schema());
        if (pushed.order() == null) {
            return scan;
        }
        List<RowExpression> exprs = new ArrayList<>();
        for (int from : pushed.order()) {
            exprs.add(row -> row[from]);
        }
        return track(new ProjectOperator(scan, exprs, schemaOf(rel)));
    }

    private Operator aggregate(Aggregate aggregate) {
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
            throw new UnsupportedSqlException("GROUPING SETS, ROLLUP and CUBE are not supported");
        }
        ScanPushdown.PushedRequest pushed = ScanPushdown.aggregate(aggregate, options.codec());
        if (pushed == null) {
            pushed = JoinPushdown.aggregate(aggregate, options.codec());
        }
        if (pushed != null) {
            return pushedOperator(pushed, aggregate);
        }
        Operator input = node(aggregate.getInput());
        List<AggregateOperator.Call> calls = new ArrayList<>();
        for (AggregateCall call : aggregate.getAggCallList()) {
            if (call.filterArg >= 0) {
                throw new UnsupportedSqlException("aggregate FILTER (WHERE ...) is not supported");
            }
            List<Integer> args = call.getArgList();
            AggregateOperator.Function f = switch (call.getAggregation().getKind()) {
                case COUNT -> args.isEmpty() ? AggregateOperator.Function.COUNT_STAR : AggregateOperator.Function.COUNT;
                case SUM, SUM0 -> AggregateOperator.Function.SUM;
                case MIN -> AggregateOperator.Function.MIN;
                case MAX -> AggregateOperator.Function.MAX;
                case AVG -> AggregateOperator.Function.AVG;
                case SINGLE_VALUE -> AggregateOperator.Function.SINGLE_VALUE;
                case LITERAL_AGG -> AggregateOperator.Function.LITERAL;
                default -> throw new UnsupportedSqlException("the aggregate " + call.getAggregation().getName()
                        + " is not supported (COUNT, SUM, MIN, MAX, AVG are)");
            };
            if (args.size() > 1) {
                throw new UnsupportedSqlException(call.getAggregation().getName() + " over several columns is not supported");
            }
            Object literal = f == AggregateOperator.Function.LITERAL && call.rexList.get(0) instanceof RexLiteral l
                    ? RexCompiler.literalValue(l) : null;
            calls.add(new AggregateOperator.Call(f, args.isEmpty() ? -1 : args.get(0), call.isDistinct(),
                    call.getType().getSqlTypeName(), literal));
        }
        return track(new AggregateOperator(input, aggregate.getGroupSet().toArray(), calls, schemaOf(aggregate), context));
    }

    private Operator sort(Sort sort) {
        Operator input = node(sort.getInput());
        List<SortOperator.Key> keys = new ArrayList<>();
        for (RelFieldCollation c : sort.getCollation().getFieldCollations()) {
            keys.add(new SortOperator.Key(c.getFieldIndex(), c.getDirection().isDescending()));
        }
        long offset = sort.offset == null ? 0 : literalLong(sort.offset, "OFFSET");
        long fetch = sort.fetch == null ? -1 : literalLong(sort.fetch, "LIMIT");
        return track(new SortOperator(input, keys, offset, fetch, context));
    }

    private static long literalLong(RexNode node, String what) {
        if (node instanceof RexLiteral literal && !literal.isNull()) {
            return ((Number) RexCompiler.literalValue(literal)).longValue();
        }
        throw new UnsupportedSqlException(what + " must be a number literal");
    }

    private RexCompiler compiler(RelNode rel) {
        return new RexCompiler(rel.getCluster().getRexBuilder());
    }

    /**
     * The schema of {@code rel}'s rows; a column of a type the engine does not carry (the placeholder
     * of an uncarried table column that the plan still holds, say because a UNION compares whole
     * rows) is refused naming the column, its type and the operator that needs it.
     */
    static BlockSchema schemaOf(RelNode rel) {
        for (RelDataTypeField field : rel.getRowType().getFieldList()) {
            if (field.getType().getSqlTypeName() == SqlTypeName.ANY) {
                Double most = rel.getCluster().getMetadataQuery().getMaxRowCount(rel);
                Set<RelColumnOrigin> origins = rel.getCluster().getMetadataQuery()
                        .getColumnOrigins(rel, field.getIndex());
                if (most != null && most == 0 || origins == null || origins.isEmpty()) {
                    // no table column behind it (an empty VALUES that replaced a scan under a filter Calcite found
                    // always false) or no rows: the column holds no values; only scans could fetch any, and a scan
                    // of an uncarried column is refused by name
                    return emptySchemaOf(rel.getRowType());
                }
                throw new UnsupportedSqlException(uncarriedOrigin(rel, field) + ", which the engine does not carry (supported: "
                        + ColumnType.SUPPORTED + "), and the query needs its values in "
                        + rel.getRelTypeName().replace("Logical", "").toUpperCase(Locale.ROOT)
                        + "; leave the column out (select the other columns by name)");
            }
        }
        return schemaOf(rel.getRowType());
    }

    /** "column c of table t has type jsonb" for the uncarried table column(s) that {@code field} of {@code rel} comes from. */
    private static String uncarriedOrigin(RelNode rel, RelDataTypeField field) {
        Set<String> origins = new TreeSet<>();
        try {
            Set<RelColumnOrigin> found = rel.getCluster().getMetadataQuery()
                    .getColumnOrigins(rel, field.getIndex());
            for (RelColumnOrigin origin : found == null ? Set.<RelColumnOrigin>of() : found) {
                RemoteTable table = origin.getOriginTable().unwrap(RemoteTable.class);
                String column = origin.getOriginTable().getRowType().getFieldList().get(origin.getOriginColumnOrdinal()).getName();
                if (table != null) {
                    String type = table.description().unsupported().stream().filter(u -> u.name().equals(column))
                            .map(TableDescription.UnsupportedColumn::typeName).findFirst().orElse("unknown");
                    origins.add("column " + column + " of table " + table.description().name() + " has type " + type);
                }
            }
        } catch (RuntimeException e) {
            // no lineage: name the field as the plan does
        }
        return origins.isEmpty() ? "column " + field.getName() + " has type " + ScanPushdown.uncarriedTypeName(rel, field.getName())
                : String.join(" and ", origins);
    }

    /** The schema of a relation without rows: columns of uncarried types become varchar (they hold nothing). */
    private static BlockSchema emptySchemaOf(RelDataType rowType) {
        List<Column> columns = new ArrayList<>();
        for (RelDataTypeField f : rowType.getFieldList()) {
            SqlTypeName type = f.getType().getSqlTypeName();
            columns.add(new Column(f.getName(), type == SqlTypeName.ANY ? ColumnType.VARCHAR
                    : org.gridstack.dqp.evaluator.expression.Values.columnType(type), true));
        }
        return new BlockSchema(columns);
    }

    static BlockSchema schemaOf(RelDataType rowType) {
        List<Column> columns = new ArrayList<>();
        for (RelDataTypeField f : rowType.getFieldList()) {
            columns.add(new Column(f.getName(), org.gridstack.dqp.evaluator.expression.Values.columnType(
                    f.getType().getSqlTypeName()), f.getType().isNullable()));
        }
        return new BlockSchema(columns);
    }

    static int[] range(int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = i;
        }
        return r;
    }
}
