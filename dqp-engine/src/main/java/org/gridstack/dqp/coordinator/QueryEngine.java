package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.apache.calcite.plan.RelOptUtil;
import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.dataservice.DataServiceClient;
import org.gridstack.dqp.dataservice.DataServiceException;
import org.gridstack.dqp.entropy.EntropyClient;
import org.gridstack.dqp.evaluator.operator.Operator;
import org.gridstack.dqp.evaluator.operator.QueryContext;

/**
 * The coordinator's core, without HTTP: builds the catalog from the data services, plans SQL with
 * {@link QueryPlanner}, translates the plan with {@link PlanTranslator} and hands back a
 * {@link RunningQuery} to pull from. Thread-safe.
 */
public final class QueryEngine {
    private final CoordinatorSettings settings;
    private final DistributedCatalog catalog;
    private final QueryPlanner planner;
    private final List<EntropyClient> entropy;

    private QueryEngine(CoordinatorSettings settings, DistributedCatalog catalog, List<EntropyClient> entropy) {
        this.settings = settings;
        this.catalog = catalog;
        this.planner = new QueryPlanner(catalog);
        this.entropy = entropy;
    }

    /** Asks the data services for their catalogs. */
    public static QueryEngine start(CoordinatorSettings settings) throws DataServiceException {
        requireNonNull(settings, "settings is null");
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();
        Duration callTimeout = settings.queryTimeout();
        List<DataServiceClient> services = settings.dataServices().stream()
                .map(uri -> new DataServiceClient(uri, http, callTimeout)).toList();
        List<EntropyClient> entropy = settings.entropyServices().stream()
                .map(uri -> new EntropyClient(uri, http, callTimeout)).toList();
        return new QueryEngine(settings, DistributedCatalog.build(services), entropy);
    }

    public CoordinatorSettings settings() {
        return settings;
    }

    public DistributedCatalog catalog() {
        return catalog;
    }

    /**
     * Plans {@code request} and returns the query, not yet pulled.
     *
     * @throws SqlQueryException, {@link org.gridstack.dqp.evaluator.expression.UnsupportedSqlException}
     *         or IllegalArgumentException for bad input
     */
    public RunningQuery start(QueryRequest request) {
        Options o = options(request);
        QueryPlanner.Planned planned = planner.plan(request.sql());
        QueryContext context = new QueryContext(settings.queryTimeout());
        Operator root = new PlanTranslator(o.translator, context).translate(planned.optimised());
        return new RunningQuery(resultSchema(root.schema(), planned.fieldNames()), root, context);
    }

    /** The plans of {@code sql}: Calcite's logical and optimised plans and the engine's operator tree. */
    public Map<String, String> explain(QueryRequest request) {
        Options o = options(request);
        QueryPlanner.Planned planned = planner.plan(request.sql());
        QueryContext context = new QueryContext(settings.queryTimeout());
        Operator root = new PlanTranslator(o.translator, context).translate(planned.optimised());
        try {
            StringBuilder tree = new StringBuilder();
            describe(root, 0, tree);
            return Map.of("logical", planned.logicalText(), "optimised", RelOptUtil.toString(planned.optimised()),
                    "operators", tree.toString());
        } finally {
            root.close();
        }
    }

    private static void describe(Operator op, int depth, StringBuilder out) {
        out.append("  ".repeat(depth)).append(op.describe()).append('\n');
        for (Operator input : op.inputs()) {
            describe(input, depth + 1, out);
        }
    }

    private record Options(PlanTranslator.Options translator) {
    }

    private Options options(QueryRequest request) {
        requireNonNull(request, "request is null");
        if (request.sql() == null || request.sql().isBlank()) {
            throw new IllegalArgumentException("send {\"sql\": \"select ...\"}; the sql is missing");
        }
        if (request.sql().length() > settings.maxSqlLength()) {
            throw new IllegalArgumentException("the SQL has " + request.sql().length() + " characters; the limit is "
                    + settings.maxSqlLength());
        }
        int blockSize = request.blockSize() == null ? settings.defaultBlockSize() : request.blockSize();
        if (blockSize < 1 || blockSize > settings.maxBlockSize()) {
            throw new IllegalArgumentException("blockSize " + blockSize + " is outside 1.." + settings.maxBlockSize());
        }
        String codec = BlockCodec.named(request.codec() == null ? "binary" : request.codec()).name();
        int parallelism = request.parallelism() == null ? Math.max(1, entropy.size()) : request.parallelism();
        if (parallelism < 1 || parallelism > 64) {
            throw new IllegalArgumentException("parallelism " + parallelism + " is outside 1..64");
        }
        return new Options(new PlanTranslator.Options(blockSize, codec, entropy, parallelism));
    }

    private static BlockSchema resultSchema(BlockSchema operators, List<String> names) {
        List<Column> columns = new java.util.ArrayList<>();
        for (int i = 0; i < operators.size(); i++) {
            Column c = operators.column(i);
            columns.add(new Column(i < names.size() ? names.get(i) : c.name(), c.type(), c.nullable()));
        }
        return new BlockSchema(columns);
    }
}
