package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.calcite.plan.RelOptUtil;
import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.dataservice.DataServiceClient;
import org.gridstack.dqp.dataservice.DataServiceException;
import org.gridstack.dqp.entropy.EntropyClient;
import org.gridstack.dqp.evaluator.EvaluatorClient;
import org.gridstack.dqp.evaluator.exchange.ExchangeInboxes;
import org.gridstack.dqp.evaluator.operator.ExchangeReceiveOperator;
import org.gridstack.dqp.evaluator.operator.Operator;
import org.gridstack.dqp.evaluator.operator.QueryContext;
import org.gridstack.dqp.http.PeerHttp;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gridstack.dqp.evaluator.operator.QueryTimeoutException;

/**
 * The coordinator's core, without HTTP: builds the catalog from the data services, plans SQL with
 * {@link QueryPlanner}, translates the plan with {@link PlanTranslator} and hands back a
 * {@link RunningQuery} to pull from. Thread-safe.
 */
@ThreadSafe
public final class QueryEngine {
    private final CoordinatorSettings settings;
    private final DistributedCatalog catalog;
    private final QueryPlanner planner;
    @SuppressWarnings("ThreadSafe") // an unmodifiable list (Stream.toList) of @ThreadSafe clients
    private final List<EntropyClient> entropy;
    @SuppressWarnings("ThreadSafe") // an unmodifiable list (Stream.toList) of @ThreadSafe clients
    private final List<EvaluatorClient> evaluators;
    private final ExchangeInboxes inboxes = new ExchangeInboxes();
    private final AtomicReference<URI> self = new AtomicReference<>();
    private final HttpClient http;

    private QueryEngine(CoordinatorSettings settings, HttpClient http, DistributedCatalog catalog, List<EntropyClient> entropy,
            List<EvaluatorClient> evaluators) {
        this.settings = settings;
        this.http = http;
        this.catalog = catalog;
        this.planner = new QueryPlanner(catalog);
        this.entropy = entropy;
        this.evaluators = evaluators;
    }

    /** Asks the data services for their catalogs. */
    public static QueryEngine start(CoordinatorSettings settings) throws DataServiceException {
        requireNonNull(settings, "settings is null");
        HttpClient http = PeerHttp.newSharedClient();
        Duration callTimeout = settings.queryTimeout();
        List<DataServiceClient> services = settings.dataServices().stream()
                .map(uri -> new DataServiceClient(uri, http, callTimeout)).toList();
        List<EntropyClient> entropy = settings.entropyServices().stream()
                .map(uri -> new EntropyClient(uri, http, callTimeout)).toList();
        List<EvaluatorClient> evaluators = settings.evaluators().stream()
                .map(uri -> new EvaluatorClient(uri, http, callTimeout)).toList();
        return new QueryEngine(settings, http, DistributedCatalog.build(services), entropy, evaluators);
    }

    public CoordinatorSettings settings() {
        return settings;
    }

    public DistributedCatalog catalog() {
        return catalog;
    }

    /** The EXCHANGE inboxes of the coordinator (the root evaluator), served by its web layer. */
    public ExchangeInboxes inboxes() {
        return inboxes;
    }

    /** Tells the engine its own base URL (known once its web server listens): the consumer URL of EXCHANGEs. */
    public void selfUri(URI uri) {
        self.set(requireNonNull(uri, "uri is null"));
    }

    // data service i's scans run on evaluator i mod n: leaves sit next to the data
    private EvaluatorClient evaluatorFor(URI dataService) {
        int i = settings.dataServices().indexOf(dataService);
        return evaluators.get(Math.floorMod(i, evaluators.size()));
    }

    /**
     * Plans {@code request}, places its scan fragments on their evaluators and returns the query,
     * not yet pulled.
     *
     * @throws IOException when an evaluator cannot take a fragment (naming it)
     * @throws SqlQueryException, {@link org.gridstack.dqp.evaluator.expression.UnsupportedSqlException}
     *         or IllegalArgumentException for bad input
     */
    public RunningQuery start(QueryRequest request) throws IOException {
        return start(request, UUID.randomUUID().toString());
    }

    /** As {@link #start(QueryRequest)}, under the query id {@code queryId} (also the id of its EXCHANGEs). */
    public RunningQuery start(QueryRequest request, String queryId) throws IOException {
        return start(request, queryId, false);
    }

    /**
     * As {@link #start(QueryRequest, String)}; with {@code analyze} every operator counts its rows,
     * blocks, bytes and time ({@link RunningQuery#analyzedPlan}, EXPLAIN ANALYZE).
     */
    public RunningQuery start(QueryRequest request, String queryId, boolean analyze) throws IOException {
        requireNonNull(queryId, "queryId is null");
        long startNanos = System.nanoTime();
        Options o = options(request, queryId);
        QueryPlanner.Planned planned = plan(request.sql());
        QueryContext context = new QueryContext(settings.queryTimeout(), settings.maxQueryMemory());
        if (analyze) {
            context.analyze();
        }
        Operator root = new PlanTranslator(o.translator, context).translate(planned.optimised());
        try {
            placeScanFragments(root);
        } catch (IOException | RuntimeException e) {
            root.close();
            throw e;
        }
        return new RunningQuery(queryId, resultSchema(root.schema(), planned.fieldNames()), root, context, startNanos);
    }

    // every scan fragment starts with the query, so all the query's scans run at once (a join's two
    // inputs overlap instead of the probe side waiting for the build side); inboxes bound what waits.
    // The placements themselves overlap too: one round trip in all.
    private void placeScanFragments(Operator root) throws IOException {
        List<CompletableFuture<Void>> placed = new ArrayList<>();
        collectPlacements(root, placed);
        for (CompletableFuture<Void> p : placed) {
            try {
                p.get(settings.queryTimeout().toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof IOException io ? io : new IOException(String.valueOf(e.getCause().getMessage()), e.getCause());
            } catch (TimeoutException e) {
                throw new QueryTimeoutException("placing the scan fragments on the evaluators took longer than "
                        + settings.queryTimeout());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while placing the scan fragments");
            }
        }
    }

    private static void collectPlacements(Operator op, List<CompletableFuture<Void>> placed) {
        if (op instanceof ExchangeReceiveOperator receiver) {
            placed.add(receiver.placeFragmentAsync());
        }
        for (Operator input : op.inputs()) {
            collectPlacements(input, placed);
        }
    }

    /** The plans of {@code sql}: Calcite's logical and optimised plans and the engine's operator tree. */
    public Map<String, String> explain(QueryRequest request) {
        Options o = options(request, UUID.randomUUID().toString());
        QueryPlanner.Planned planned = plan(request.sql());
        QueryContext context = new QueryContext(settings.queryTimeout(), settings.maxQueryMemory());
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

    /** The deepest nesting of parentheses a query may have (the parser recurses per level). */
    static final int MAX_NESTING = 200;

    private QueryPlanner.Planned plan(String sql) {
        int depth = 0;
        int deepest = 0;
        char quote = 0;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote; // a doubled quote closes and reopens: same depth either way
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(') {
                deepest = Math.max(deepest, ++depth);
            } else if (c == ')') {
                depth--;
            }
        }
        if (deepest > MAX_NESTING) {
            throw new IllegalArgumentException("the query nests parentheses " + deepest + " deep; the limit is " + MAX_NESTING);
        }
        try {
            return planner.plan(sql);
        } catch (StackOverflowError e) {
            throw new IllegalArgumentException("the query is nested too deeply to plan; simplify it");
        }
    }

    private Options options(QueryRequest request, String queryId) {
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
        PlanTranslator.Placement placement = null;
        if (!evaluators.isEmpty()) {
            URI me = self.get();
            if (me == null) {
                throw new IllegalStateException("the coordinator's own URL is not known yet");
            }
            placement = new PlanTranslator.Placement(queryId, this::evaluatorFor, evaluators, inboxes, me, http);
        }
        long blockBytes = request.blockBytes() == null ? 0 : request.blockBytes();
        if (blockBytes < 0 || blockBytes > 64L * 1024 * 1024) {
            throw new IllegalArgumentException("blockBytes " + blockBytes + " is outside 0..67108864 (0: no byte bound)");
        }
        return new Options(new PlanTranslator.Options(blockSize, blockBytes, codec, entropy, parallelism, placement));
    }

    private static BlockSchema resultSchema(BlockSchema operators, List<String> names) {
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < operators.size(); i++) {
            Column c = operators.column(i);
            columns.add(new Column(i < names.size() ? names.get(i) : c.name(), c.type(), c.nullable()));
        }
        return new BlockSchema(columns);
    }
}
