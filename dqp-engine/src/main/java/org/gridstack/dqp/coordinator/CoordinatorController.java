package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;

import jakarta.servlet.http.HttpServletResponse;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.gridstack.dqp.dataservice.DataServiceException;
import org.gridstack.dqp.evaluator.expression.UnsupportedSqlException;
import org.gridstack.dqp.evaluator.operator.QueryTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The coordinator's HTTP API (version 1):
 * <ul>
 * <li>{@code POST /api/v1/query} with a {@link QueryRequest}: the answer streamed as JSON
 *     ({@code columns}, {@code rows}, {@code profile}) or, with {@code Accept: text/csv}, as CSV;</li>
 * <li>{@code GET /api/v1/plan?sql=...}: Calcite's logical and optimised plans and the operator tree;</li>
 * <li>{@code GET /api/v1/catalog}: the tables of every data service.</li>
 * </ul>
 * The first block is pulled before the status is sent, so failures up to then get their own status:
 * 400 for bad SQL (with {@code line} and {@code column}), unknown names (listing what exists),
 * writes and unsupported constructs; 502 naming a failed data or entropy service; 503 when
 * {@code maxConcurrentQueries} run; 504 on the query timeout. A failure later ends the JSON with an
 * {@code error} field (CSV: the response is cut). A client that disconnects cancels the query.
 * Each answered query is recorded as Micrometer meters ({@code dqp.query} by outcome,
 * {@code dqp.query.cost} by part, {@code dqp.query.rows}) on {@code /actuator/prometheus}.
 * Thread-safe.
 */
@RestController
@RequestMapping("/api/v1")
public class CoordinatorController {
    private static final Logger log = LoggerFactory.getLogger(CoordinatorController.class);
    private final QueryEngine engine;
    private final Semaphore running;
    private final MeterRegistry meters;

    public CoordinatorController(QueryEngine engine, MeterRegistry meters) {
        this.engine = requireNonNull(engine, "engine is null");
        this.meters = requireNonNull(meters, "meters is null");
        this.running = new Semaphore(engine.settings().maxConcurrentQueries());
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

    @PostMapping("/query")
    public void query(@RequestBody QueryRequest request,
            @RequestHeader(value = "Accept", required = false) String accept, HttpServletResponse response) throws IOException {
        if (!running.tryAcquire()) {
            throw new TooBusyException("the coordinator runs " + engine.settings().maxConcurrentQueries()
                    + " queries, its limit; retry later");
        }
        try (RunningQuery query = engine.start(request)) {
            List<Object[]> first = query.nextBlock();
            boolean csv = accept != null && accept.contains("text/csv");
            response.setStatus(200);
            response.setContentType(csv ? "text/csv;charset=UTF-8" : MediaType.APPLICATION_JSON_VALUE);
            ResultEncoder encoder = csv ? ResultEncoder.csv(response.getOutputStream()) : ResultEncoder.json(response.getOutputStream());
            String error = null;
            try {
                long t = System.nanoTime();
                encoder.begin(query.schema());
                List<Object[]> block = first;
                while (block != null) {
                    encoder.rows(block);
                    query.addDeliveryNanos(System.nanoTime() - t);
                    try {
                        block = query.nextBlock();
                    } catch (IOException | RuntimeException e) {
                        error = message(e);
                        log.warn("query failed after its first rows: {}", error);
                        block = null;
                    }
                    t = System.nanoTime();
                }
                QueryProfile profile = query.profile();
                encoder.end(error, profile);
                record(profile, error == null ? "ok" : "failed");
            } catch (IOException clientGone) {
                // the client disconnected (or CSV had to be cut): closing the query cancels everything
                query.cancel("client disconnected");
                record(query.profile(), "cancelled");
                throw clientGone;
            }
        } finally {
            running.release();
        }
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

    /** Too many queries run already (503). */
    static final class TooBusyException extends RuntimeException {
        TooBusyException(String message) {
            super(message);
        }
    }

    @ExceptionHandler(SqlQueryException.class)
    ResponseEntity<Map<String, Object>> badSql(SqlQueryException e) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", e.getMessage());
        body.put("line", e.line());
        body.put("column", e.column());
        return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_JSON).body(body);
    }

    @ExceptionHandler({UnsupportedSqlException.class, IllegalArgumentException.class})
    ResponseEntity<Map<String, Object>> badRequest(RuntimeException e) {
        return error(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    @ExceptionHandler(TooBusyException.class)
    ResponseEntity<Map<String, Object>> busy(TooBusyException e) {
        return error(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
    }

    @ExceptionHandler(QueryTimeoutException.class)
    ResponseEntity<Map<String, Object>> timeout(QueryTimeoutException e) {
        return error(HttpStatus.GATEWAY_TIMEOUT, e.getMessage());
    }

    @ExceptionHandler(org.gridstack.dqp.evaluator.operator.QueryTooLargeException.class)
    ResponseEntity<Map<String, Object>> tooLarge(org.gridstack.dqp.evaluator.operator.QueryTooLargeException e) {
        return error(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    @ExceptionHandler(IOException.class)
    ResponseEntity<Map<String, Object>> failed(IOException e, HttpServletResponse response) {
        if (response.isCommitted()) {
            return null; // the client is gone or the stream was cut: nothing more can be said
        }
        return error(HttpStatus.BAD_GATEWAY, message(e));
    }

    @ExceptionHandler(ArithmeticException.class)
    ResponseEntity<Map<String, Object>> arithmetic(ArithmeticException e) {
        return error(HttpStatus.BAD_REQUEST, "arithmetic error: " + e.getMessage());
    }

    private static String message(Throwable e) {
        return e instanceof DataServiceException || e instanceof QueryTimeoutException || e.getMessage() != null
                ? e.getMessage() : e.toString();
    }

    private static ResponseEntity<Map<String, Object>> error(HttpStatus status, String message) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("error", message == null ? status.getReasonPhrase() : message));
    }
}
