package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.RelDecorrelator;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.tools.ValidationException;
import org.gridstack.dqp.evaluator.expression.UnsupportedSqlException;
import java.math.BigDecimal;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelConversionException;

/**
 * Turns SQL into an optimised relational plan with Apache Calcite: Calcite's parser (PostgreSQL's
 * lexing: double-quoted identifiers kept as written, unquoted ones folded to lower case, lookup
 * case-sensitive), its validator against the {@link DistributedCatalog} with PostgreSQL's typing
 * rules ({@link PostgresTypeSystem}), conversion to relational algebra, then
 * Calcite's rules in fixed phases:
 * <ol>
 * <li>filters pushed into and below joins ({@code FILTER_INTO_JOIN}, {@code JOIN_CONDITION_PUSH}, ...);</li>
 * <li>predicates inferred across equi-joins pushed to the other side as well
 *     ({@code JOIN_PUSH_TRANSITIVE_PREDICATES}), after join ordering;</li>
 * <li>join order chosen from the tables' row estimates ({@code JOIN_TO_MULTI_JOIN} and
 *     {@code MULTI_JOIN_OPTIMIZE}, Calcite's heuristic join ordering, which avoids cross products);</li>
 * <li>unused columns trimmed ({@link RelFieldTrimmer});</li>
 * <li>projections and filters folded into the table scans ({@code PROJECT_TABLE_SCAN},
 *     {@code FILTER_SCAN}), which become the data services' pushed-down scans.</li>
 * </ol>
 * Only queries (SELECT, VALUES, set operations, ORDER BY) are accepted: the engine is read-only.
 * Successful plans are kept in a {@link PlanCache} keyed by the SQL text. Thread-safe (a Calcite
 * planner per planning; cached plans are only read).
 */
@ThreadSafe
public final class QueryPlanner {
    /** Plans kept by {@link #plan} (least recently used first out). */
    static final int PLAN_CACHE_CAPACITY = 256;
    /** Leaves constant expressions as they are: the engine's {@code RexCompiler} evaluates them. */
    private static final RexExecutor NON_REDUCING = (rexBuilder, constants, reduced) -> reduced.addAll(constants);
    /**
     * Replaces approximate numeric literals ({@code 1e3}) by exact ones, as PostgreSQL types them: always
     * numeric, so one with an integral value ({@code 1e0}, whose exact literal Calcite would type as
     * integer, so that {@code 1e0/3} divided as integers) becomes {@code CAST('1' AS numeric)}.
     */
    private static final SqlShuttle EXACT_NUMERIC_LITERALS = new SqlShuttle() {
        @Override
        public SqlNode visit(SqlLiteral literal) {
            if (literal instanceof SqlNumericLiteral number && !number.isExact()) {
                BigDecimal value = number.getValueAs(BigDecimal.class);
                SqlParserPos pos = literal.getParserPosition();
                if (value.scale() <= 0) {
                    return SqlStdOperatorTable.CAST.createCall(pos,
                            SqlLiteral.createCharString(value.toPlainString(), pos),
                            new SqlDataTypeSpec(new SqlBasicTypeNameSpec(
                                    SqlTypeName.DECIMAL, pos), pos));
                }
                return SqlLiteral.createExactNumeric(value.toPlainString(), pos);
            }
            return literal;
        }
    };
    /**
     * Casts every EXTRACT to numeric: PostgreSQL's EXTRACT is numeric ({@code extract(year from d) / 7}
     * divides as numeric, {@code extract(second from t)} has six decimals), Calcite's bigint.
     */
    private static final SqlShuttle EXTRACT_AS_NUMERIC = new SqlShuttle() {
        @Override
        public SqlNode visit(SqlCall call) {
            SqlNode visited = super.visit(call);
            if (visited instanceof SqlCall extract && extract.getKind() == SqlKind.EXTRACT) {
                SqlParserPos pos = extract.getParserPosition();
                return SqlStdOperatorTable.CAST.createCall(pos, extract,
                        new SqlDataTypeSpec(new SqlBasicTypeNameSpec(
                                SqlTypeName.DECIMAL, pos), pos));
            }
            return visited;
        }
    };
    private final DistributedCatalog catalog;
    @SuppressWarnings("ThreadSafe") // Calcite's FrameworkConfig: built once, final fields, only read by Frameworks.getPlanner
    private final FrameworkConfig config;
    private final PlanCache cache = new PlanCache(PLAN_CACHE_CAPACITY);

    public QueryPlanner(DistributedCatalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.config = Frameworks.newConfigBuilder()
                .typeSystem(PostgresTypeSystem.INSTANCE)
                // PostgreSQL accepts GROUP BY ordinals and aliases, != and %
                .parserConfig(SqlParser.config()
                        .withQuoting(Quoting.DOUBLE_QUOTE)
                        .withUnquotedCasing(Casing.TO_LOWER)
                        .withQuotedCasing(Casing.UNCHANGED)
                        .withCaseSensitive(true)
                        .withConformance(SqlConformanceEnum.LENIENT))
                .sqlValidatorConfig(SqlValidator.Config.DEFAULT.withConformance(SqlConformanceEnum.LENIENT)
                        // PostgreSQL's common type when comparing integers with numerics
                        .withTypeCoercionFactory(PostgresTypeCoercion::new))
                .operatorTable(PostgresOperators.TABLE)
                // PostgreSQL's common type of CASE and COALESCE over exact numbers (values keep their scale)
                .convertletTable(PostgresConvertlets.INSTANCE)
                // constants are evaluated by the engine with PostgreSQL's semantics, never folded by
                // Calcite's own (which truncates cast(2.5 as integer) to 2, for one)
                .executor(NON_REDUCING)
                .defaultSchema(catalog.schema())
                .build();
    }

    /** The optimised plan of {@code sql} and Calcite's logical plan before optimisation (for display). */
    public record Planned(RelNode optimised, String logicalText, List<String> fieldNames) {
    }

    /**
     * The optimised plan of {@code sql}: from the plan cache when the same text was planned before
     * (the catalog never changes for this planner), otherwise parsed, validated and optimised.
     *
     * @throws SqlQueryException for syntax errors (with line and column), unknown tables or columns
     *         (listing what exists), writes and DDL
     */
    public Planned plan(String sql) {
        requireNonNull(sql, "sql is null");
        return cache.get(sql, this::planAnew);
    }

    /** The plan cache (for tests and diagnostics). */
    PlanCache cache() {
        return cache;
    }

    private Planned planAnew(String sql) {
        AtomicReference<SqlValidator> validator = new AtomicReference<>();
        Planner planner = Frameworks.getPlanner(capturingValidator(validator));
        try {
            SqlNode validated = validate(planner, parse(planner, sql));
            // PostgreSQL's common type of CASE and COALESCE results where Calcite derives another: the same
            // text again, with casts to PostgreSQL's type around the results, validated afresh
            PostgresCaseTypes.Casts casts = PostgresCaseTypes.find(validated, validator.get());
            if (!casts.isEmpty()) {
                planner.close();
                planner = Frameworks.getPlanner(config);
                validated = validate(planner, casts.apply(parse(planner, sql)));
            }
            RelRoot root;
            try {
                root = planner.rel(validated);
            } catch (RelConversionException e) {
                throw new SqlQueryException("cannot plan the query: " + e.getMessage(), 0, 0, e);
            }
            RelNode logical = root.project();
            PostgresOperatorCheck.check(logical);
            String logicalText = RelOptUtil.toString(logical);
            RelNode optimised;
            try {
                optimised = optimise(AggregateCallTypes.align(logical));
            } catch (AssertionError | RuntimeException e) {
                // a rule of Calcite's that cannot handle this plan: refuse, naming where, rather than answer a 500
                throw new UnsupportedSqlException("the planner cannot optimise this query: " + failedStep(e) + " failed ("
                        + firstLine(e.getMessage()) + "); this combination of expressions is not supported", e);
            }
            return new Planned(optimised, logicalText, root.fields.rightList());
        } finally {
            planner.close();
        }
    }

    /** {@link #config} with a type coercion factory that hands the validator it is made for to {@code validator}. */
    private FrameworkConfig capturingValidator(AtomicReference<SqlValidator> validator) {
        SqlValidator.Config validatorConfig = config.getSqlValidatorConfig();
        return Frameworks.newConfigBuilder(config)
                .sqlValidatorConfig(validatorConfig.withTypeCoercionFactory((typeFactory, made) -> {
                    validator.set(made);
                    return validatorConfig.typeCoercionFactory().create(typeFactory, made);
                }))
                .build();
    }

    /** {@code sql} parsed by {@code planner} and rewritten to PostgreSQL's readings, not yet validated. */
    private static SqlNode parse(Planner planner, String sql) {
        SqlNode parsed;
        try {
            parsed = planner.parse(sql);
        } catch (SqlParseException e) {
            int line = e.getPos() == null ? 0 : e.getPos().getLineNum();
            int column = e.getPos() == null ? 0 : e.getPos().getColumnNum();
            throw new SqlQueryException("SQL syntax error at line " + line + ", column " + column + ": "
                    + firstLine(e.getMessage()), line, column, e);
        }
        if (!parsed.getKind().belongsTo(SqlKind.QUERY) && parsed.getKind() != SqlKind.ORDER_BY) {
            throw new SqlQueryException("the engine is read-only: " + parsed.getKind()
                    + " statements are refused; send a SELECT", 1, 1, null);
        }
        // PostgreSQL reads 2.5e0 as numeric, as 2.5: only a cast makes a double precision
        parsed = parsed.accept(EXACT_NUMERIC_LITERALS).accept(EXTRACT_AS_NUMERIC);
        // PostgreSQL's typing of real with other numbers, date arithmetic and extract(epoch from time)
        parsed = parsed.accept(PostgresOperators.REPLACE);
        PostgresOperatorCheck.checkParsed(parsed);
        return parsed;
    }

    private SqlNode validate(Planner planner, SqlNode parsed) {
        try {
            return planner.validate(parsed);
        } catch (ValidationException e) {
            throw validationError(e);
        }
    }

    private SqlQueryException validationError(ValidationException e) {
        Throwable cause = e.getCause();
        int line = 0;
        int column = 0;
        String message = e.getMessage();
        if (cause instanceof CalciteContextException context) {
            line = context.getPosLine();
            column = context.getPosColumn();
            message = context.getCause() == null ? context.getMessage() : context.getCause().getMessage();
        }
        if (message != null && message.startsWith("Cannot apply '")) {
            // an operator or function Calcite's SQL lacks for these types, which PostgreSQL may have (date + bigint
            // has none, timestamp - timestamp is an interval): say that the engine does not support it
            message = firstLine(message).replaceFirst("^Cannot apply '([^']*)' to arguments of type '([^']*)'\\.",
                    "$1 with arguments of type $2 is not supported by the engine.");
        }
        StringBuilder text = new StringBuilder("invalid query at line ").append(line).append(", column ").append(column)
                .append(": ").append(message);
        if (message != null && (message.contains("not found") || message.contains("No match found for function"))) {
            text.append("; the catalog has ").append(catalog.describe()).append(" and the function ")
                    .append(EntropyFunction.NAME).append("(varchar)");
        }
        return new SqlQueryException(text.toString(), line, column, e);
    }

    /** The Calcite class and method in which {@code failure} happened ("Calcite's Aggregate.typeMatchesInferred"). */
    private static String failedStep(Throwable failure) {
        for (StackTraceElement frame : failure.getStackTrace()) {
            String type = frame.getClassName();
            if (type.startsWith("org.apache.calcite.") && !type.startsWith("org.apache.calcite.util.")
                    && !type.startsWith("org.apache.calcite.plan.RelOptUtil")) {
                return "Calcite's " + type.substring(type.lastIndexOf('.') + 1) + "." + frame.getMethodName();
            }
        }
        return "a Calcite rule";
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        String[] lines = message.split("\n");
        StringBuilder out = new StringBuilder(lines[0]);
        // Calcite lists what it expected on the next lines; keep a short hint
        for (int i = 1; i < lines.length && i < 4; i++) {
            out.append(' ').append(lines[i].trim());
        }
        return out.toString();
    }

    private static RelNode optimise(RelNode logical) {
        // uncorrelated IN, EXISTS and scalar sub-queries become joins and aggregates
        HepProgram subQueries = new HepProgramBuilder()
                .addRuleCollection(List.of(
                        CoreRules.FILTER_SUB_QUERY_TO_CORRELATE,
                        CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE,
                        CoreRules.JOIN_SUB_QUERY_TO_CORRELATE))
                .build();
        logical = run(subQueries, logical);
        logical = RelDecorrelator.decorrelateQuery(logical, RelFactories.LOGICAL_BUILDER.create(logical.getCluster(), null));
        HepProgram pushFilters = new HepProgramBuilder()
                .addRuleCollection(List.of(
                        CoreRules.FILTER_INTO_JOIN,
                        CoreRules.JOIN_CONDITION_PUSH,
                        CoreRules.FILTER_MERGE,
                        CoreRules.FILTER_PROJECT_TRANSPOSE,
                        CoreRules.FILTER_AGGREGATE_TRANSPOSE,
                        CoreRules.PROJECT_MERGE,
                        CoreRules.PROJECT_REMOVE))
                .build();
        RelNode rel = run(pushFilters, logical);
        HepProgram transitive = new HepProgramBuilder()
                .addMatchLimit(64)
                .addRuleInstance(CoreRules.JOIN_PUSH_TRANSITIVE_PREDICATES)
                .build();
        HepProgram orderJoins = new HepProgramBuilder()
                .addMatchOrder(HepMatchOrder.BOTTOM_UP)
                .addRuleInstance(CoreRules.JOIN_TO_MULTI_JOIN)
                .addRuleCollection(List.of(CoreRules.PROJECT_MULTI_JOIN_MERGE, CoreRules.FILTER_MULTI_JOIN_MERGE))
                .addRuleInstance(CoreRules.MULTI_JOIN_OPTIMIZE)
                .build();
        if (containsJoin(rel)) {
            rel = run(orderJoins, rel);
            rel = run(pushFilters, rel);
            // a filter on one side of an equi-join holds for the other side's key too (p.orf = pg.orf and
            // pg.orf like 'YCL0%' gives p.orf like 'YCL0%'): each scan then reads only what can join
            rel = carriedPredicates(transitive, rel);
            rel = run(pushFilters, rel);
        }
        RelBuilder builder = RelFactories.LOGICAL_BUILDER.create(rel.getCluster(), null);
        rel = new RelFieldTrimmer(null, builder).trim(rel);
        HepProgram intoScans = new HepProgramBuilder()
                .addRuleCollection(List.of(
                        CoreRules.FILTER_PROJECT_TRANSPOSE,
                        CoreRules.PROJECT_TABLE_SCAN,
                        CoreRules.FILTER_SCAN,
                        CoreRules.PROJECT_MERGE,
                        CoreRules.PROJECT_REMOVE))
                .build();
        return run(intoScans, rel);
    }

    /**
     * {@code rel} with predicates carried across its equi-joins; {@code rel} as it is when it holds an
     * outer join. Over outer joins Calcite's rule builds filters whose column types lose their
     * nullability ("RexChecker.visitInputRef ... type mismatch" with assertions on, a mistyped filter
     * without them), so the step is skipped there in tests and in production alike. The step only adds
     * filters that already follow from the plan, so the plan without them gives the same answer.
     */
    private static RelNode carriedPredicates(HepProgram transitive, RelNode rel) {
        return containsOuterJoin(rel) ? rel : run(transitive, rel);
    }

    private static boolean containsOuterJoin(RelNode rel) {
        if (rel instanceof Join join
                && (join.getJoinType().generatesNullsOnLeft() || join.getJoinType().generatesNullsOnRight())) {
            return true;
        }
        for (RelNode input : rel.getInputs()) {
            if (containsOuterJoin(input)) {
                return true;
            }
        }
        return false;
    }

    private static boolean containsJoin(RelNode rel) {
        if (rel instanceof Join) {
            return true;
        }
        for (RelNode input : rel.getInputs()) {
            if (containsJoin(input)) {
                return true;
            }
        }
        return false;
    }

    private static RelNode run(HepProgram program, RelNode rel) {
        HepPlanner planner = new HepPlanner(program);
        planner.setRoot(rel);
        return planner.findBestExp();
    }
}
