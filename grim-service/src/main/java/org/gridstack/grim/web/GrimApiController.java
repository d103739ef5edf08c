package org.gridstack.grim.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.backends.GrimStore;
import org.gridstack.grim.config.GrimProperties;
import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Defaults;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.InputDomain;
import org.gridstack.grim.store.NativeResult;
import org.gridstack.grim.store.OperationParameters;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.QueryLimits;
import org.gridstack.grim.store.Update;
import org.gridstack.service.http.ClientHangUps;
import org.gridstack.grim.store.replication.CopyDigest;
import org.gridstack.grim.store.replication.Replication;
import org.gridstack.grim.store.replication.ReplicationStatus;
import org.gridstack.grim.write.UpdateRouter;
import org.gridstack.service.work.CancelSwitch;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.http.HttpServletRequest;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gridstack.grim.model.Dataset;

/**
 * The GRIM API (JSON by default, XML with {@code Accept: application/xml}): collections, the 14
 * operations on any backend and mode, provider updates (authenticated, group-committed) and
 * read-only native queries.
 */
@RestController
@RequestMapping(path = "/api/v1", produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_XML_VALUE})
class GrimApiController {
    private final GrimStore store;
    private final GrimProperties properties;
    private final UpdateRouter writes;
    private final MeterRegistry meters;
    private final NativeQueryGate gate;
    private final ClientHangUps hangUps;
    private final AtomicBoolean checking = new AtomicBoolean();

    GrimApiController(GrimStore store, GrimProperties properties, UpdateRouter writes, MeterRegistry meters, NativeQueryGate gate,
            ClientHangUps hangUps) {
        this.store = store;
        this.properties = properties;
        this.writes = writes;
        this.meters = meters;
        this.gate = gate;
        this.hangUps = hangUps;
    }

    @AnonymousRead
    @GetMapping
    Map<String, Object> index() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("service", "GRIM: GLUE grid resource information manager");
        m.put("backends", List.copyOf(store.backends().keySet()));
        m.put("collections", "/api/v1/collections");
        m.put("operations", "/api/v1/operations");
        m.put("operation", "/api/v1/operations/{name}?backend=postgres|basex|ldap&mode=faithful|best&<parameters>");
        m.put("updates", "POST /api/v1/updates?backend=postgres|basex|ldap|all (Authorization: Bearer TOKEN)");
        m.put("update operation", "POST /api/v1/operations/update?backend=...&host=H&value=V (Authorization: Bearer TOKEN)");
        m.put("native", "POST /api/v1/native?backend=... (text/plain: SQL, XQuery or an LDAP filter/URL)");
        return m;
    }

    @AnonymousRead
    @GetMapping("/collections")
    Map<String, Object> collections() {
        Map<String, Map<String, Long>> counts = new LinkedHashMap<>();
        store.backends().forEach((name, b) -> counts.put(name, b.counts()));
        List<Map<String, Object>> list = new ArrayList<>();
        Map<String, Long> totals = new LinkedHashMap<>();
        for (CollectionDef def : GlueModel.collections()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("name", def.name());
            c.put("glueName", def.glueName());
            c.put("kind", def.isRelationship() ? "relationship" : "entity");
            Map<String, Long> per = new LinkedHashMap<>();
            counts.forEach((backend, m) -> {
                long n = m.getOrDefault(def.name(), 0L);
                per.put(backend, n);
                totals.merge(backend, n, Long::sum);
            });
            c.put("objects", per);
            list.add(c);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scale", properties.getScale());
        m.put("seed", properties.getSeed());
        m.put("consistentAfterLoad", store.consistentAfterLoad());
        m.put("totals", totals);
        m.put("collections", list);
        return m;
    }

    @AnonymousRead
    @GetMapping("/operations")
    List<Map<String, Object>> operations() {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Operation op : Operation.values()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", op.label());
            m.put("number", op.number());
            m.put("question", op.question());
            Map<String, Object> defaults = Defaults.of(op, store.connections());
            Map<String, Object> params = new LinkedHashMap<>();
            op.parameters().forEach((name, type) -> params.put(name, Map.of("type", type.name().toLowerCase(), "default", defaults.get(name))));
            m.put("parameters", params);
            m.put("columns", op.columns());
            list.add(m);
        }
        return list;
    }

    /** Runs a read operation; the update operation changes data and is refused here (405): see {@link #updateOperation}. */
    @AnonymousRead
    @GetMapping("/operations/{name}")
    OperationResponse operation(@PathVariable String name, @RequestParam Map<String, String> query) {
        Operation op;
        try {
            op = Operation.byLabel(name);
        } catch (IllegalArgumentException e) {
            throw GrimException.notFound(e.getMessage());
        }
        if (op == Operation.UPDATE) {
            throw new GrimException(405, "the update operation changes data: send it as POST /api/v1/operations/update?backend=...&host=H&value=V"
                    + " with a provider token ('Authorization: Bearer TOKEN')");
        }
        Map<String, String> rest = new LinkedHashMap<>(query);
        return run(op, store.backend(rest.remove("backend")), rest);
    }

    /**
     * The benchmark's update operation (#14: set {@code load_last_1min} of host H to V on ONE
     * backend, as the platform's own single-update transaction, bypassing the group commit): a
     * write, so it needs a provider token (checked by {@link ProviderTokenInterceptor}) and an
     * explicit backend. It changes only that backend's copy; providers use PATCH with
     * {@code backend=all} to keep the copies equal.
     */
    @PostMapping("/operations/update")
    OperationResponse updateOperation(@RequestParam Map<String, String> query) {
        Map<String, String> rest = new LinkedHashMap<>(query);
        String backendName = rest.remove("backend");
        if (backendName == null || backendName.isBlank() || "all".equals(backendName.trim())) {
            throw GrimException.badRequest("the update operation runs on one backend: give backend=" + String.join("|", store.backends().keySet()));
        }
        return run(Operation.UPDATE, store.backend(backendName), rest);
    }

    /** Validates the parameters once (400 naming the first wrong one), then runs the operation on {@code backend}. */
    private OperationResponse run(Operation op, GrimBackend backend, Map<String, String> rest) {
        Mode mode = Mode.parse(rest.remove("mode"));
        OperationParameters params = OperationParameters.parse(op, rest, store.connections());
        Timer.Sample sample = Timer.start(meters);
        OperationResult r = backend.execute(params, mode);
        sample.stop(meters.timer("grim.operation", "operation", op.label(), "backend", backend.name(), "mode", mode.label()));
        return OperationResponse.of(r, params.asMap());
    }

    // Writes: ProviderTokenInterceptor checks the provider token before the body is read.

    @PostMapping(path = "/updates", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Map<String, Object>> updates(@RequestParam(required = false) String backend, @RequestBody UpdateRequest body) {
        List<Update> updates = body.toUpdates(properties.getUpdates().getMaxUpdatesPerRequest());
        return stored(backend, updates);
    }

    @PatchMapping(path = "/objects/{collection}/{key}", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Map<String, Object>> setAttributes(@PathVariable String collection, @PathVariable String key, @RequestParam(required = false) String backend,
            @RequestBody Map<String, Object> values) {
        return stored(backend, List.of(new Update(Update.Kind.SET, collection, UpdateRequest.splitKey(key), values).validated()));
    }

    @PostMapping(path = "/objects/{collection}/{key}", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Map<String, Object>> insert(@PathVariable String collection, @PathVariable String key, @RequestParam(required = false) String backend,
            @RequestBody Map<String, Object> values) {
        return stored(backend, List.of(new Update(Update.Kind.INSERT, collection, UpdateRequest.splitKey(key), values).validated()));
    }

    @DeleteMapping(path = "/objects/{collection}/{key}")
    ResponseEntity<Map<String, Object>> delete(@PathVariable String collection, @PathVariable String key, @RequestParam(required = false) String backend) {
        return stored(backend, List.of(new Update(Update.Kind.DELETE, collection, UpdateRequest.splitKey(key), Map.of()).validated()));
    }

    /**
     * 200 {@code {"stored": {backend: n}, "change": N}} once every copy has the updates; 202 with
     * {@code "pending"} naming the copies that will apply change N later (they lag, see
     * {@code /api/v1/replication}).
     */
    private ResponseEntity<Map<String, Object>> stored(String backendName, List<Update> updates) {
        UpdateRouter.Outcome o = writes.submitAndWait(writes.route(backendName), updates);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("stored", o.stored());
        if (o.change() > 0) {
            body.put("change", o.change());
        }
        if (o.pending().isEmpty()) {
            return ResponseEntity.ok(body);
        }
        body.put("pending", o.pending());
        body.put("message", "committed as change " + o.change() + " in " + String.join(", ", o.stored().keySet()) + "; "
                + String.join(", ", o.pending()) + " will apply it when able (see /api/v1/replication)");
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(body);
    }

    /** Where each copy stands behind the system of record (404 when PostgreSQL is not started). */
    @AnonymousRead
    @GetMapping("/replication")
    ReplicationStatus replication() {
        return writes.replication().map(Replication::status).orElseThrow(() -> GrimException.notFound(
                "no system of record: PostgreSQL is not started, so backend=all writes are queued on every copy in one order instead"));
    }

    /**
     * Compares the copies: waits until every copy has applied the newest change (up to the update
     * timeout), then reads each copy whole and answers its object count and {@link CopyDigest}.
     * Meaningful while no writes are in flight. Reads every copy, so it needs the provider token
     * and runs one at a time (429 otherwise).
     */
    @GetMapping("/replication/check")
    Map<String, Object> checkCopies() throws InterruptedException {
        if (!checking.compareAndSet(false, true)) {
            throw new GrimException(429, "a comparison of the copies is running; retry when it has finished");
        }
        try {
            List<String> lagging = List.of();
            long at = 0;
            if (writes.replication().isPresent()) {
                Replication r = writes.replication().get();
                at = r.status().latestChange();
                try {
                    lagging = r.awaitApplied(at, properties.getUpdates().getTimeout()).get();
                } catch (ExecutionException e) {
                    throw new GrimException(503, "waiting for the copies failed (the service log has the cause)", e);
                }
            }
            Map<String, Object> copies = new LinkedHashMap<>();
            Set<String> digests = new HashSet<>();
            for (Map.Entry<String, Dataset> e : store.snapshots().entrySet()) {
                String digest = CopyDigest.of(e.getValue());
                digests.add(digest);
                copies.put(e.getKey(), Map.of("objects", e.getValue().totalObjects(), "digest", digest));
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("equal", digests.size() == 1);
            body.put("change", at);
            body.put("lagging", lagging);
            body.put("copies", copies);
            return body;
        } finally {
            checking.set(false);
        }
    }

    @AnonymousRead
    @PostMapping(path = "/native", consumes = {MediaType.TEXT_PLAIN_VALUE, MediaType.ALL_VALUE})
    NativeResponse nativeQuery(@RequestParam(required = false) String backend, @RequestBody(required = false) String query,
            @RequestParam(name = "q", required = false) String q, HttpServletRequest request) {
        return runNative(backend, query != null && !query.isBlank() ? query : q, request);
    }

    @AnonymousRead
    @GetMapping("/native")
    NativeResponse nativeQueryGet(@RequestParam(required = false) String backend, @RequestParam(name = "q", required = false) String q,
            HttpServletRequest request) {
        return runNative(backend, q, request);
    }

    /**
     * Runs an anonymous native query within the limits and {@link NativeQueryGate}'s bounds (429
     * beyond them); stopped when its client hangs up ({@link ClientHangUps}).
     */
    private NativeResponse runNative(String backendName, String query, HttpServletRequest request) {
        if (query == null || query.isBlank()) {
            throw GrimException.badRequest("no query: send the SQL, XQuery or LDAP filter as the text/plain body or as parameter q");
        }
        GrimBackend b = store.backend(backendName);
        InputDomain.checkQuery(query);
        GrimProperties.NativeQueries n = properties.getNativeQueries();
        NativeResult r;
        CancelSwitch cancel = new CancelSwitch();
        try (NativeQueryGate.Permit permit = gate.enter(request.getRemoteAddr(), b.name());
                ClientHangUps.Watch hangUp = hangUps.watch(request, cancel::cancel)) {
            r = b.nativeQuery(query, new QueryLimits(n.getTimeout(), n.getMaxRows(), n.getMaxBytes(), n.getMaxMemoryMb()), cancel);
        } catch (StackOverflowError e) {
            throw GrimException.badRequest("the query nests too deeply for the " + b.name() + " parser (" + depth(query)
                    + " levels of parentheses); flatten it");
        }
        return new NativeResponse(r.backend(), r.language(), r.columns(), r.rows(), r.rows().size(), r.truncated(), r.qrtNanos() / 1e6);
    }

    /** The deepest nesting of parentheses in {@code query}. */
    private static int depth(String query) {
        int depth = 0;
        int max = 0;
        for (int i = 0; i < query.length(); i++) {
            char c = query.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            max = Math.max(max, depth);
        }
        return max;
    }

    /** A native query's answer. */
    record NativeResponse(String backend, String language, List<String> columns, List<List<Object>> data, int rows, boolean truncated,
            double qrtMillis) {
    }
}
