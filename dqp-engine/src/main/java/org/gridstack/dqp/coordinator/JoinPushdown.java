package org.gridstack.dqp.coordinator;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableIntList;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.dataservice.ScanAggregate;
import org.gridstack.dqp.dataservice.ScanColumn;
import org.gridstack.dqp.dataservice.ScanFilter;
import org.gridstack.dqp.dataservice.ScanJoin;
import org.gridstack.dqp.dataservice.ScanRequest;
import java.util.Comparator;

/**
 * Joins (and aggregates over joins) that one data service computes itself: a tree of inner, left,
 * right and full joins, and projections of plain columns, over scans of that service's tables whose
 * filters all push down, whose conditions are only {@code column = column} of one type each, and
 * which read no column of a type the engine does not carry. Join trees nested on the right are
 * pushed when they and the join above them are inner joins (then the order of the joins does not
 * matter), and one table's distinct rows (an {@code IN} sub-query) as any table but the first. Only
 * the joined rows, or the aggregate rows, travel. Anything else is left to the
 * engine (null). Stateless; thread-safe.
 */
@ThreadSafe
final class JoinPushdown {
    private JoinPushdown() {
    }

    // one table of a pushed join: its scan's table, the names of the columns it outputs, its pushed filters,
    // and the columns its rows are made distinct on (empty: all rows; an IN sub-query's grouping)
    private record Side(RemoteTable table, List<String> columns, List<ScanFilter> filters, List<String> distinctOn) {
    }

    // the join of table i (i >= 1) to the tables before it
    private record Step(ScanJoin.Type type, List<ScanColumn> leftKeys, List<String> rightKeys) {
    }

    // a plan node the data service can compute: its tables, their joins, and the table column of each output field
    private record Tree(List<Side> sides, List<Step> steps, List<ScanColumn> fields) {
        // the data service joins distinct rows only to the tables before them
        boolean rootIsDistinct() {
            return !sides.get(0).distinctOn().isEmpty();
        }

        boolean innerOnly() {
            return steps.stream().allMatch(s -> s.type() == ScanJoin.Type.INNER);
        }

        Column column(ScanColumn c) {
            BlockSchema schema = sides.get(c.table()).table().description().schema();
            return schema.column(schema.names().indexOf(c.column()));
        }
    }

    /** The join computed by its data service, or null. */
    static ScanPushdown.PushedRequest join(Join join, String codec) {
        Tree tree = tree(join);
        if (tree == null || tree.rootIsDistinct()) {
            return null;
        }
        Shipped shipped = ship(tree, tree.fields());
        BlockSchema relSchema = PlanTranslator.schemaOf(join.getRowType());
        return new ScanPushdown.PushedRequest(tree.sides().get(0).table(), request(tree, shipped.columns(), List.of(), codec),
                shipped.schema(relSchema, 0), shipped.order());
    }

    /**
     * The aggregate over a join computed by the join's data service, when its groups and the
     * arguments of its COUNT/SUM/MIN/MAX/AVG calls are plain columns of the join: one row per group
     * travels. Null when it cannot be pushed.
     */
    static ScanPushdown.PushedRequest aggregate(Aggregate aggregate, String codec) {
        RelNode input = aggregate.getInput();
        List<RexNode> projection = null;
        if (input instanceof Project project) {
            projection = project.getProjects();
            input = project.getInput();
        }
        if (!(input instanceof Join join) || aggregate.getAggCallList().isEmpty()) {
            return null;
        }
        Tree tree = tree(join);
        if (tree == null || tree.rootIsDistinct()) {
            return null;
        }
        List<ScanColumn> groups = new ArrayList<>();
        for (int g : aggregate.getGroupSet().toArray()) {
            int field = ScanPushdown.field(projection, g);
            if (field < 0) {
                return null;
            }
            groups.add(tree.fields().get(field));
        }
        List<ScanAggregate> aggregates = new ArrayList<>();
        for (AggregateCall call : aggregate.getAggCallList()) {
            String function = ScanPushdown.pushableFunction(call);
            if (function == null) {
                return null;
            }
            if (call.getArgList().isEmpty()) {
                aggregates.add(new ScanAggregate(function, null, false, 0));
                continue;
            }
            int field = ScanPushdown.field(projection, call.getArgList().get(0));
            if (field < 0) {
                return null;
            }
            ScanColumn argument = tree.fields().get(field);
            aggregates.add(new ScanAggregate(function, argument.column(), call.isDistinct(), argument.table()));
        }
        Shipped shipped = ship(tree, groups);
        int[] order = new int[groups.size() + aggregates.size()];
        boolean identity = shipped.order() == null;
        for (int i = 0; i < order.length; i++) {
            order[i] = i < groups.size() ? (shipped.order() == null ? i : shipped.order()[i]) : shipped.columns().size() + i - groups.size();
        }
        BlockSchema relSchema = PlanTranslator.schemaOf(aggregate.getRowType());
        return new ScanPushdown.PushedRequest(tree.sides().get(0).table(), request(tree, shipped.columns(), aggregates, codec),
                shipped.schema(relSchema, aggregates.size()), identity ? null : order);
    }

    // the distinct table columns that travel (by table, then in order of first use) and each field's position among them
    private record Shipped(List<ScanColumn> columns, int[] order, int[] firstField) {
        // the shipped columns typed as the node's fields that read them, then the node's trailing fields (aggregates)
        BlockSchema schema(BlockSchema relSchema, int trailing) {
            List<Column> out = new ArrayList<>();
            for (int f : firstField) {
                out.add(relSchema.column(f));
            }
            for (int i = relSchema.size() - trailing; i < relSchema.size(); i++) {
                out.add(relSchema.column(i));
            }
            return new BlockSchema(out);
        }
    }

    private static Shipped ship(Tree tree, List<ScanColumn> fields) {
        Map<ScanColumn, Integer> first = new LinkedHashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            first.putIfAbsent(fields.get(i), i);
        }
        List<ScanColumn> columns = new ArrayList<>(first.keySet());
        columns.sort(Comparator.comparingInt(ScanColumn::table)); // stable: first use within a table
        int[] order = new int[fields.size()];
        boolean identity = columns.size() == fields.size();
        for (int i = 0; i < fields.size(); i++) {
            order[i] = columns.indexOf(fields.get(i));
            identity &= order[i] == i;
        }
        int[] firstField = columns.stream().mapToInt(first::get).toArray();
        return new Shipped(columns, identity ? null : order, firstField);
    }

    private static ScanRequest request(Tree tree, List<ScanColumn> shipped, List<ScanAggregate> aggregates, String codec) {
        List<List<String>> columns = new ArrayList<>();
        for (int t = 0; t < tree.sides().size(); t++) {
            int table = t;
            columns.add(shipped.stream().filter(c -> c.table() == table).map(ScanColumn::column).toList());
        }
        List<ScanJoin> joins = new ArrayList<>();
        for (int t = 1; t < tree.sides().size(); t++) {
            Side side = tree.sides().get(t);
            Step step = tree.steps().get(t - 1);
            joins.add(new ScanJoin(side.table().description().name(), columns.get(t), side.filters(), step.type(), step.leftKeys(),
                    step.rightKeys(), side.distinctOn()));
        }
        Side root = tree.sides().get(0);
        return new ScanRequest(root.table().description().name(), columns.get(0), root.filters(), codec, aggregates, joins);
    }

    // the pushable tree under rel, or null
    private static Tree tree(RelNode rel) {
        if (rel instanceof TableScan scan) {
            Side side = side(scan);
            if (side == null) {
                return null;
            }
            return new Tree(List.of(side), List.of(), side.columns().stream().map(c -> new ScanColumn(0, c)).toList());
        }
        if (rel instanceof Project project) {
            Tree input = tree(project.getInput());
            if (input == null) {
                return null;
            }
            List<ScanColumn> fields = new ArrayList<>();
            for (RexNode e : project.getProjects()) {
                if (!(e instanceof RexInputRef ref)) {
                    return null;
                }
                fields.add(input.fields().get(ref.getIndex()));
            }
            return new Tree(input.sides(), input.steps(), fields);
        }
        if (rel instanceof Join join) {
            return joined(join);
        }
        // the distinct rows of one table (what an IN sub-query becomes): group keys only, over its scan
        if (rel instanceof Aggregate distinct && distinct.getAggCallList().isEmpty() && distinct.getGroupType() == Aggregate.Group.SIMPLE
                && !distinct.getGroupSet().isEmpty() && distinct.getInput() instanceof TableScan scan) {
            Side all = side(scan);
            if (all == null) {
                return null;
            }
            List<String> groups = new ArrayList<>();
            for (int g : distinct.getGroupSet().toArray()) {
                if (groups.contains(all.columns().get(g))) {
                    return null; // one column grouped twice: its distinct rows have fewer columns than the node
                }
                groups.add(all.columns().get(g));
            }
            Side side = new Side(all.table(), groups, all.filters(), groups);
            return new Tree(List.of(side), List.of(), groups.stream().map(c -> new ScanColumn(0, c)).toList());
        }
        return null;
    }

    private static Tree joined(Join join) {
        ScanJoin.Type type = switch (join.getJoinType()) {
            case INNER -> ScanJoin.Type.INNER;
            case LEFT -> ScanJoin.Type.LEFT;
            case RIGHT -> ScanJoin.Type.RIGHT;
            case FULL -> ScanJoin.Type.FULL;
            default -> null;
        };
        Tree left = type == null ? null : tree(join.getLeft());
        Tree right = left == null ? null : tree(join.getRight());
        if (right == null || !left.sides().get(0).table().service().base().equals(right.sides().get(0).table().service().base())) {
            return null;
        }
        // distinct rows are joined to the tables before them: an inner join may take its right input first
        boolean swap = left.rootIsDistinct() && !right.rootIsDistinct() && type == ScanJoin.Type.INNER && left.innerOnly();
        Tree first = swap ? right : left;
        Tree second = swap ? left : right;
        // a join tree as the second input is flattened into the left-to-right order, which only inner joins allow
        if (second.sides().size() > 1 && (type != ScanJoin.Type.INNER || !second.innerOnly())) {
            return null;
        }
        int offset = first.sides().size();
        List<Side> sides = new ArrayList<>(first.sides());
        sides.addAll(second.sides());
        List<List<ScanColumn>> leftKeys = new ArrayList<>();
        List<List<String>> rightKeys = new ArrayList<>();
        List<ScanJoin.Type> types = new ArrayList<>();
        for (Step s : first.steps()) {
            leftKeys.add(new ArrayList<>(s.leftKeys()));
            rightKeys.add(new ArrayList<>(s.rightKeys()));
            types.add(s.type());
        }
        leftKeys.add(new ArrayList<>());
        rightKeys.add(new ArrayList<>());
        types.add(type);
        for (Step s : second.steps()) {
            leftKeys.add(new ArrayList<>(s.leftKeys().stream().map(k -> new ScanColumn(k.table() + offset, k.column())).toList()));
            rightKeys.add(new ArrayList<>(s.rightKeys()));
            types.add(s.type());
        }
        List<ScanColumn> fields = new ArrayList<>();
        left.fields().forEach(f -> fields.add(swap ? new ScanColumn(f.table() + offset, f.column()) : f));
        right.fields().forEach(f -> fields.add(swap ? f : new ScanColumn(f.table() + offset, f.column())));
        Tree tree = new Tree(sides, List.of(), fields);
        int leftWidth = left.fields().size();
        for (RexNode conjunct : RelOptUtil.conjunctions(join.getCondition())) {
            if (!(conjunct instanceof RexCall call) || call.getKind() != SqlKind.EQUALS
                    || !(call.getOperands().get(0) instanceof RexInputRef a) || !(call.getOperands().get(1) instanceof RexInputRef b)) {
                return null;
            }
            int l = Math.min(a.getIndex(), b.getIndex());
            int r = Math.max(a.getIndex(), b.getIndex());
            if (l >= leftWidth || r < leftWidth) {
                return null;
            }
            // the key's column of the later table is the right key of that table's join
            boolean inOrder = fields.get(l).table() < fields.get(r).table();
            ScanColumn lc = inOrder ? fields.get(l) : fields.get(r);
            ScanColumn rc = inOrder ? fields.get(r) : fields.get(l);
            if (tree.column(lc).type() != tree.column(rc).type()) {
                return null;
            }
            // the key belongs to the join of its right table (this one, or a later inner one of a flattened right tree)
            leftKeys.get(rc.table() - 1).add(lc);
            rightKeys.get(rc.table() - 1).add(rc.column());
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i) != ScanJoin.Type.INNER && leftKeys.get(i).isEmpty()) {
                return null;
            }
            steps.add(new Step(types.get(i), List.copyOf(leftKeys.get(i)), List.copyOf(rightKeys.get(i))));
        }
        // a join without any key at all is a cross product: the engine's own (bounded) nested loop runs it
        if (steps.stream().allMatch(s -> s.leftKeys().isEmpty())) {
            return null;
        }
        return new Tree(sides, steps, fields);
    }

    // null when a filter does not push down or the scan reads a column of a type the engine does not carry
    private static Side side(TableScan scan) {
        RemoteTable table = scan.getTable().unwrap(RemoteTable.class);
        if (table == null) {
            return null;
        }
        List<RexNode> scanFilters = scan instanceof Bindables.BindableTableScan b ? b.filters : List.of();
        ImmutableIntList projects = scan instanceof Bindables.BindableTableScan b ? b.projects : null;
        BlockSchema tableSchema = table.description().schema();
        int[] output = projects == null ? PlanTranslator.range(scan.getRowType().getFieldCount()) : projects.toIntArray();
        for (int o : output) {
            if (o >= tableSchema.size()) {
                return null;
            }
        }
        if (output.length == 0) {
            return null;
        }
        List<ScanFilter> filters = new ArrayList<>();
        RexBuilder rexBuilder = scan.getCluster().getRexBuilder();
        for (RexNode filter : scanFilters) {
            for (int i : RelOptUtil.InputFinder.bits(filter).asList()) {
                if (i >= tableSchema.size()) {
                    return null;
                }
            }
            for (RexNode conjunct : RelOptUtil.conjunctions(RexUtil.expandSearch(rexBuilder, null, filter))) {
                ScanFilter f = ScanPushdown.toScanFilter(conjunct, tableSchema);
                if (f == null) {
                    return null;
                }
                filters.add(f);
            }
        }
        List<String> columns = new ArrayList<>();
        for (int o : output) {
            columns.add(tableSchema.column(o).name());
        }
        return new Side(table, columns, filters, List.of());
    }
}
