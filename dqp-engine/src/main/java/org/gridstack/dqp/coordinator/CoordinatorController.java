package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import org.gridstack.dqp.dataservice.DataServiceException;
import org.gridstack.dqp.evaluator.expression.UnsupportedSqlException;
import org.gridstack.dqp.evaluator.operator.QueryCancelledException;
import org.gridstack.dqp.evaluator.operator.QueryTimeoutException;
import org.gridstack.dqp.evaluator.operator.QueryTooLargeException;
import org.gridstack.service.admission.AddressShare;
import org.gridstack.service.admission.ClientAddressResolver;
import org.gridstack.service.http.BodyTooLargeException;
import org.gridstack.service.http.BrokenAnswerValve;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import java.util.ArrayList;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * The coordinator's HTTP API (version 1):
 * <ul>
 * <li>{@code POST /api/v1/query} with a JSON {@link QueryRequest} ({@link QueryRequestReader}): the
 *     answer streamed as JSON ({@code queryId}, {@code columns}, {@code rows}, {@code profile}) or,
 *     with {@code Accept: text/csv}, as CSV; {@code EXPLAIN [ANALYZE] select ...} answers the plan as
 *     rows; the query id is in the header {@value #QUERY_ID_HEADER} of every answer;</li>
 * <li>{@code DELETE /api/v1/query/{id}}: cancels a running query;</li>
 * <li>{@code GET /api/v1/plan?sql=...}: Calcite's logical and optimised plans and the operator tree;</li>
 * <li>{@code GET /api/v1/catalog}: the tables of every data service.</li>
 * </ul>
 * Admission: one client address (keyed by {@link ClientAddressResolver}) holds at most its
 * {@code addressShare} of the {@code maxConcurrentQueries} slots ({@link AddressShare}); both refusals
 * are 503. The first block is pulled before the status is sent, so failures up to then get their own
 * status in the engine's error shape ({@code {"error", "queryId"}}): 400 for malformed bodies, bad SQL
 * (with {@code line} and {@code column}), unknown names (listing what exists), writes, unsupported
 * constructs and queries over their memory budget; 409 cancelled; 413/415 for bodies too large or not
 * JSON; 502 naming a failed data service, evaluator or entropy copy; 504 on the query timeout. A
 * failure later ends the JSON with an {@code error} field and the response is broken off without its
 * last chunk ({@link BrokenAnswerValve}; CSV likewise). A client that disconnects or stops reading
 * (Tomcat's connection timeout, the engine's {@code sendTimeout}) cancels the query.
 * Each answered query is recorded as Micrometer meters ({@code dqp.query} by outcome,
 * {@code dqp.query.cost} by part, {@code dqp.query.rows}) on {@code /actuator/prometheus}.
 * Thread-safe.
 */
@RestController
@RequestMapping("/api/v1")
@ThreadSafe
public class CoordinatorController {
    private static final Logger log = LoggerFactory.getLogger(CoordinatorController.class);
    private final QueryEngine engine;
    private final Semaphore running;
    private final MeterRegistry meters;
    private final AddressShare share;
    private final ClientAddressResolver addresses = ClientAddressResolver.direct();
    @SuppressWarnings("ThreadSafe") // RunningQuery: through this map only cancel() is called, which it allows from any thread
    private final ConcurrentMap<String, RunningQuery> queries = new ConcurrentHashMap<>();

    public CoordinatorController(QueryEngine engine, MeterRegistry meters) {
        this.engine = requireNonNull(engine, "engine is null");
        this.meters = requireNonNull(meters, "meters is null");
        this.running = new Semaphore(engine.settings().maxConcurrentQueries());
        this.share = AddressShare.ofCapacity(engine.settings().maxConcurrentQueries(), engine.settings().addressShare());
    }

    // the seed's Figure 7 steps as meters: dqp.query (wall, by outcome) and dqp.query.cost (by part)
    private void record(QueryProfile profile, String outcome) {
        Timer.builder("dqp.query").tag("outcome", outcome).register(meters).record(millis(profile.wallMs()));
        cost("dataServiceAccess", profile.dataServiceAccessMs());
        cost("blockTransfer", profile.blockTransferMs());
        cost("translation", profile.translationMs());
        cost("delivery", profile.deliveryMs());
        cost("operationCall", profile.operationCallMs());
        meters.counter("dqp.query.rows").increment(profile.rows());
    }

    private void cost(String part, double ms) {
        Timer.builder("dqp.query.cost").tag("part", part).register(meters).record(millis(ms));
    }

    private static Duration millis(double ms) {
        return Duration.ofNanos((long) (ms * 1e6));
    }

    /** The response header (and JSON field {@code queryId}) carrying the query's id. */
    public static final String QUERY_ID_HEADER = "X-Dqp-Query-Id";
    private static final String QUERY_ID_ATTRIBUTE = CoordinatorController.class.getName() + ".queryId";
    private static final Pattern EXPLAIN = Pattern.compile("(?is)\\s*explain\\s+(analyze\\s+)?(.*)");

    @PostMapping("/query")
    public void query(HttpServletRequest httpRequest, HttpServletResponse response) throws IOException {
        String contentType = httpRequest.getContentType();
        if (contentType != null && !MediaType.parseMediaType(contentType).isCompatibleWith(MediaType.APPLICATION_JSON)) {
            throw new UnsupportedMediaTypeException("the body must be JSON (Content-Type: application/json), not " + contentType);
        }
        QueryRequest request = QueryRequestReader.read(httpRequest.getInputStream().readAllBytes());
        String id = UUID.randomUUID().toString();
        httpRequest.setAttribute(QUERY_ID_ATTRIBUTE, id);
        response.setHeader(QUERY_ID_HEADER, id);
        String accept = httpRequest.getHeader("Accept");
        boolean csv = accept != null && accept.contains("text/csv");
        Matcher explain = EXPLAIN.matcher(request.sql());
        boolean analyze = false;
        if (explain.matches()) {
            request = new QueryRequest(explain.group(2), request.blockSize(), request.codec(), request.parallelism(), request.blockBytes());
            if (explain.group(1) == null) {
                explain(request, id, csv, response);
                return;
            }
            analyze = true;
        }
        InetAddress client = addresses.clientAddress(httpRequest);
        AddressShare.Slot slot = share.tryEnter(client);
        if (slot == null) {
            throw new TooBusyException("your address " + client.getHostAddress() + " runs " + share.perAddress()
                    + " queries already, its share of the coordinator's " + engine.settings().maxConcurrentQueries() + "; retry later");
        }
        try (slot) {
            if (!running.tryAcquire()) {
                throw new TooBusyException("the coordinator runs " + engine.settings().maxConcurrentQueries()
                        + " queries, its limit; retry later");
            }
            try (RunningQuery query = engine.start(request, id, analyze)) {
                queries.put(id, query);
                try {
                    if (analyze) {
                        analyze(query, csv, response);
                    } else {
                        answer(query, csv, httpRequest, response);
                    }
                } finally {
                    queries.remove(id);
                }
            } finally {
                running.release();
            }
        }
    }

    private void answer(RunningQuery query, boolean csv, HttpServletRequest httpRequest, HttpServletResponse response) throws IOException {
        List<Object[]> first = query.nextBlock();
        response.setStatus(200);
        response.setContentType(csv ? "text/csv;charset=UTF-8" : MediaType.APPLICATION_JSON_VALUE);
        ResultEncoder encoder = csv ? ResultEncoder.csv(response.getOutputStream()) : ResultEncoder.json(response.getOutputStream());
        String error = null;
        try {
            long t = System.nanoTime();
            encoder.begin(query.id(), query.schema());
            List<Object[]> block = first;
            while (block != null) {
                encoder.rows(block);
                query.addDeliveryNanos(System.nanoTime() - t);
                try {
                    block = query.nextBlock();
                } catch (IOException | RuntimeException e) {
                    error = message(e);
                    log.warn("query {} failed after its first rows: {}", query.id(), error);
                    block = null;
                }
                t = System.nanoTime();
            }
            QueryProfile profile = query.profile();
            encoder.end(error, profile);
            record(profile, error == null ? "ok" : "failed");
            if (error != null) {
                // a partial answer must not pass for a whole one: the response ends without its last chunk
                BrokenAnswerValve.mark(httpRequest, error);
            }
        } catch (IOException clientGone) {
            // the client disconnected or stopped reading (send timeout): closing the query cancels everything
            query.cancel("client disconnected");
            record(query.profile(), "cancelled");
            BrokenAnswerValve.mark(httpRequest, "client gone: " + clientGone.getMessage());
        }
    }

    private void explain(QueryRequest request, String id, boolean csv, HttpServletResponse response) throws IOException {
        Map<String, String> plans = engine.explain(request);
        List<String> lines = new ArrayList<>();
        for (String part : List.of("operators", "optimised")) {
            lines.addAll(plans.get(part).lines().toList());
        }
        planAnswer(id, lines, csv, response);
    }

    // EXPLAIN ANALYZE: the query runs to its end (rows dropped), then its operators' counters and profile are the answer
    private void analyze(RunningQuery query, boolean csv, HttpServletResponse response) throws IOException {
        while (query.nextBlock() != null) {
            // only counted
        }
        List<String> lines = new ArrayList<>(query.analyzedPlan());
        QueryProfile profile = query.profile();
        profile.parts().forEach((part, value) -> lines.add(part + ": " + value));
        record(profile, "ok");
        planAnswer(query.id(), lines, csv, response);
    }

    private static void planAnswer(String id, List<String> plan, boolean csv, HttpServletResponse response) throws IOException {
        List<Object[]> lines = plan.stream().map(line -> new Object[] {line}).toList();
        response.setStatus(200);
        response.setContentType(csv ? "text/csv;charset=UTF-8" : MediaType.APPLICATION_JSON_VALUE);
        ResultEncoder encoder = csv ? ResultEncoder.csv(response.getOutputStream()) : ResultEncoder.json(response.getOutputStream());
        encoder.begin(id, new BlockSchema(List.of(
                new Column("plan", ColumnType.VARCHAR, false))));
        encoder.rows(lines);
        encoder.end(null, null);
    }

    /**
     * {@code DELETE /api/v1/query/{id}}: cancels the running query {@code id} on the coordinator and its
     * evaluators (its own answer then ends broken, or with 409 when nothing was sent yet); 404 when no
     * query of that id runs.
     */
    @DeleteMapping("/query/{id}")
    public ResponseEntity<Map<String, Object>> cancel(@PathVariable String id) {
        RunningQuery query = queries.get(id);
        if (query == null) {
            return error(HttpStatus.NOT_FOUND, "no query " + id + " is running (it may have ended)", null);
        }
        query.cancel("DELETE /api/v1/query/" + id);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("queryId", id);
        body.put("cancelled", true);
        return ResponseEntity.accepted().contentType(MediaType.APPLICATION_JSON).body(body);
    }

    /** Queries running now (for tests and operators). */
    public int runningQueries() {
        return queries.size();
    }

    @GetMapping("/plan")
    public Map<String, String> plan(@RequestParam String sql, @RequestParam(required = false) Integer blockSize,
            @RequestParam(required = false) String codec) {
        return engine.explain(new QueryRequest(sql, blockSize, codec, null));
    }

    @GetMapping("/catalog")
    public Map<String, Object> catalog() {
        Map<String, Object> tables = new LinkedHashMap<>();
        engine.catalog().tables().values().stream()
                .sorted((a, b) -> a.description().name().compareTo(b.description().name()))
                .forEach(t -> tables.put(t.description().name(), Map.of("service", t.service().base().toString(),
                        "columns", t.description().schema().names(), "estimatedRows", t.description().estimatedRows())));
        return Map.of("tables", tables);
    }

    /** Too many queries run already, or too many from one address (503). */
    static final class TooBusyException extends RuntimeException {
        TooBusyException(String message) {
            super(message);
        }
    }

    /** The body is not JSON (415). */
    static final class UnsupportedMediaTypeException extends RuntimeException {
        UnsupportedMediaTypeException(String message) {
            super(message);
        }
    }

    @ExceptionHandler(SqlQueryException.class)
    ResponseEntity<Map<String, Object>> badSql(SqlQueryException e, HttpServletRequest request) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", e.getMessage());
        body.put("line", e.line());
        body.put("column", e.column());
        Object id = request.getAttribute(QUERY_ID_ATTRIBUTE);
        if (id != null) {
            body.put("queryId", id);
        }
        return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_JSON).body(body);
    }

    @ExceptionHandler({UnsupportedSqlException.class, IllegalArgumentException.class, QueryTooLargeException.class})
    ResponseEntity<Map<String, Object>> badRequest(Exception e, HttpServletRequest request) {
        return error(HttpStatus.BAD_REQUEST, e.getMessage(), request);
    }

    @ExceptionHandler(UnsupportedMediaTypeException.class)
    ResponseEntity<Map<String, Object>> notJson(UnsupportedMediaTypeException e, HttpServletRequest request) {
        return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE, e.getMessage(), request);
    }

    @ExceptionHandler(BodyTooLargeException.class)
    ResponseEntity<Map<String, Object>> bodyTooLarge(BodyTooLargeException e, HttpServletRequest request) {
        return error(HttpStatus.PAYLOAD_TOO_LARGE, "the request body is larger than " + e.limit() + " bytes, the limit", request);
    }

    @ExceptionHandler({MissingServletRequestParameterException.class,
            MethodArgumentTypeMismatchException.class})
    ResponseEntity<Map<String, Object>> badParameter(Exception e, HttpServletRequest request) {
        return error(HttpStatus.BAD_REQUEST, e instanceof MissingServletRequestParameterException m
                ? "the parameter " + m.getParameterName() + " is missing" : "a parameter has the wrong type", request);
    }

    @ExceptionHandler(TooBusyException.class)
    ResponseEntity<Map<String, Object>> busy(TooBusyException e, HttpServletRequest request) {
        return error(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage(), request);
    }

    @ExceptionHandler(QueryTimeoutException.class)
    ResponseEntity<Map<String, Object>> timeout(QueryTimeoutException e, HttpServletRequest request) {
        return error(HttpStatus.GATEWAY_TIMEOUT, e.getMessage(), request);
    }

    @ExceptionHandler(QueryCancelledException.class)
    ResponseEntity<Map<String, Object>> cancelled(QueryCancelledException e, HttpServletRequest request) {
        return error(HttpStatus.CONFLICT, e.getMessage(), request);
    }

    @ExceptionHandler(IOException.class)
    ResponseEntity<Map<String, Object>> failed(IOException e, HttpServletRequest request, HttpServletResponse response) {
        if (response.isCommitted()) {
            return null; // the client is gone or the stream was cut: nothing more can be said
        }
        return error(HttpStatus.BAD_GATEWAY, message(e), request);
    }

    @ExceptionHandler(ArithmeticException.class)
    ResponseEntity<Map<String, Object>> arithmetic(ArithmeticException e, HttpServletRequest request) {
        return error(HttpStatus.BAD_REQUEST, "arithmetic error: " + e.getMessage(), request);
    }

    private static String message(Throwable e) {
        return e instanceof DataServiceException || e instanceof QueryTimeoutException || e.getMessage() != null
                ? e.getMessage() : e.toString();
    }

    /** The engine's error shape: {@code {"error": "...", "queryId": "..."}} (the id when the query got one). */
    static ResponseEntity<Map<String, Object>> error(HttpStatus status, String message, HttpServletRequest request) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", message == null ? status.getReasonPhrase() : message);
        Object id = request == null ? null : request.getAttribute(QUERY_ID_ATTRIBUTE);
        if (id != null) {
            body.put("queryId", id);
        }
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
