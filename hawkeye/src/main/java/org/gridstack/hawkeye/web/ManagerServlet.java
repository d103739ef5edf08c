package org.gridstack.hawkeye.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.ClassAdJson;
import org.gridstack.hawkeye.classad.ClassAdSyntaxException;
import org.gridstack.hawkeye.classad.EvaluationBudget;
import org.gridstack.hawkeye.classad.EvaluationLimitException;
import org.gridstack.hawkeye.manager.AdStore;
import org.gridstack.hawkeye.manager.AgentCredentials;
import org.gridstack.hawkeye.manager.Manager;
import org.gridstack.hawkeye.manager.StoredAd;
import org.gridstack.hawkeye.trigger.Trigger;
import org.gridstack.hawkeye.trigger.TriggerAction;
import org.gridstack.hawkeye.trigger.TriggerStatus;
import org.gridstack.service.admission.AddressShare;
import org.gridstack.service.admission.ClientAddressResolver;
import org.gridstack.service.http.BodyTooLargeException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The manager's HTTP/JSON interface.
 * <ul>
 * <li>{@code GET /v1/ads?constraint=EXPR&attrs=A,B}: the ads satisfying the constraint, whole or
 *     only the attributes asked for (seed step {@code Mgr-ProcessQuery})</li>
 * <li>{@code GET /v1/agents?constraint=EXPR}: where those hosts' agents answer (locating agents)</li>
 * <li>{@code POST /v1/ads} {@code {"name":..,"agentUrl":..,"ad":{..}}} with
 *     {@code Authorization: Bearer TOKEN}: an agent's push</li>
 * <li>{@code GET/POST /v1/triggers}, {@code DELETE /v1/triggers/NAME}: triggers (changes need a credential)</li>
 * <li>{@code GET /metrics}: Prometheus text</li>
 * </ul>
 * Each client address holds a bounded share of queries and of pushes at once (HTTP 429 past it);
 * anonymous queries are bounded by the manager's evaluation limits (HTTP 503 past them).
 * Thread-safe.
 */
@ThreadSafe
// HttpServlet's own fields (a lock object, a cached Allow header) are the container's, which uses
// them thread-safely (the Servlet contract for a shared servlet instance)
@SuppressWarnings("ThreadSafe")
public final class ManagerServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    private final transient Manager manager;
    private final transient AgentCredentials credentials;
    private final transient ClientAddressResolver resolver;
    private final transient AddressShare queryShare;
    private final transient AddressShare pushShare;
    private final transient MeterRegistry meters;
    private final transient Timer processQuery;
    private final transient Timer sendAnswer;
    private final transient Timer storeAd;
    private final transient ObjectMapper mapper = new ObjectMapper();
    private final transient ClassAdJson json = ClassAdJson.standard();

    public ManagerServlet(Manager manager, MeterRegistry meters) {
        this.manager = requireNonNull(manager, "manager is null");
        this.meters = requireNonNull(meters, "meters is null");
        this.credentials = new AgentCredentials(manager.settings().agentCredentials());
        this.resolver = manager.settings().trustedProxies().isEmpty() ? ClientAddressResolver.direct()
                : ClientAddressResolver.trusting(manager.settings().trustedProxies());
        this.queryShare = new AddressShare(manager.settings().queriesPerAddress());
        this.pushShare = new AddressShare(manager.settings().pushesPerAddress());
        this.processQuery = Timer.builder("hawkeye.step").tag("step", "Mgr-ProcessQuery").register(meters);
        this.sendAnswer = Timer.builder("hawkeye.step").tag("step", "Mgr-SendClientAnswer").register(meters);
        this.storeAd = Timer.builder("hawkeye.step").tag("step", "Mgr-StoreAd").register(meters);
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = path(req);
        switch (path) {
            case "/v1/ads" -> withShare(req, resp, queryShare, () -> query(req, resp));
            case "/v1/agents" -> withShare(req, resp, queryShare, () -> agents(req, resp));
            case "/v1/triggers" -> triggers(resp);
            case "/metrics" -> metrics(resp);
            case "/" -> JsonAnswers.error(resp, 404, "this is a Hawkeye manager: GET /v1/ads?constraint=EXPR&attrs=A,B");
            default -> JsonAnswers.error(resp, 404, "no such resource: " + path);
        }
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = path(req);
        if (path.equals("/v1/ads")) {
            withShare(req, resp, pushShare, () -> push(req, resp));
        } else if (path.equals("/v1/triggers")) {
            if (!credentials.accepts(req.getHeader("Authorization"))) {
                resp.setHeader("WWW-Authenticate", "Bearer");
                JsonAnswers.error(resp, 401, "registering a trigger needs a credential (Authorization: Bearer TOKEN)");
                return;
            }
            registerTrigger(req, resp);
        } else {
            JsonAnswers.error(resp, 404, "no such resource: " + path);
        }
    }

    @Override
    protected void doDelete(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = path(req);
        if (!path.startsWith("/v1/triggers/")) {
            JsonAnswers.error(resp, 404, "no such resource: " + path);
            return;
        }
        if (!credentials.accepts(req.getHeader("Authorization"))) {
            JsonAnswers.error(resp, 401, "removing a trigger needs a credential (Authorization: Bearer TOKEN)");
            return;
        }
        String name = path.substring("/v1/triggers/".length());
        if (manager.triggers().remove(name)) {
            resp.setStatus(204);
        } else {
            JsonAnswers.error(resp, 404, "no trigger named " + name);
        }
    }

    private static String path(HttpServletRequest req) {
        String p = req.getRequestURI();
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    private interface Work {
        void run() throws IOException;
    }

    private void withShare(HttpServletRequest req, HttpServletResponse resp, AddressShare share, Work work)
            throws IOException {
        InetAddress client = resolver.clientAddress(req);
        AddressShare.Slot slot = share.tryEnter(client);
        if (slot == null) {
            resp.setHeader("Retry-After", "1");
            JsonAnswers.error(resp, 429, "address " + client.getHostAddress() + " already has " + share.perAddress()
                    + " requests of this kind running; retry when one has finished");
            return;
        }
        try (slot) {
            work.run();
        } catch (BodyTooLargeException e) {
            JsonAnswers.error(resp, 413, "the ad is larger than the limit of " + manager.settings().maxPushBytes() + " bytes");
        }
    }

    private List<StoredAd> select(HttpServletRequest req, HttpServletResponse resp, QueryRequest[] parsed) throws IOException {
        QueryRequest q;
        try {
            q = QueryRequest.from(req);
        } catch (ClassAdSyntaxException e) {
            JsonAnswers.syntaxError(resp, "constraint", e);
            return null;
        } catch (IllegalArgumentException e) {
            JsonAnswers.error(resp, 400, e.getMessage());
            return null;
        }
        parsed[0] = q;
        Timer.Sample s = Timer.start();
        try {
            return manager.store().query(q.constraint(), new EvaluationBudget(manager.settings().queryLimits()),
                    manager.settings().maxResults());
        } catch (EvaluationLimitException e) {
            JsonAnswers.error(resp, 503, "the query went over its limits: " + e.getMessage());
            return null;
        } finally {
            s.stop(processQuery);
        }
    }

    private void query(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        QueryRequest[] q = new QueryRequest[1];
        List<StoredAd> found = select(req, resp, q);
        if (found == null) {
            return;
        }
        List<ClassAd> ads = new ArrayList<>(found.size());
        for (StoredAd s : found) {
            ads.add(q[0].attributes().isEmpty() ? s.ad() : s.ad().project(q[0].attributes()));
        }
        Timer.Sample s = Timer.start();
        JsonAnswers.ads(resp, ads);
        s.stop(sendAnswer);
    }

    private void agents(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        QueryRequest[] q = new QueryRequest[1];
        List<StoredAd> found = select(req, resp, q);
        if (found == null) {
            return;
        }
        ObjectNode body = mapper.createObjectNode();
        ArrayNode agents = body.putArray("agents");
        for (StoredAd s : found) {
            agents.addObject().put("name", s.name()).put("url", s.agentUrl());
        }
        writeJson(resp, 200, body);
    }

    private void push(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (!credentials.accepts(req.getHeader("Authorization"))) {
            resp.setHeader("WWW-Authenticate", "Bearer");
            JsonAnswers.error(resp, 401, "pushing ads needs an agent credential (Authorization: Bearer TOKEN)");
            return;
        }
        Timer.Sample s = Timer.start();
        JsonNode body;
        try (InputStream in = req.getInputStream()) {
            body = mapper.readTree(in);
        } catch (JsonProcessingException e) {
            JsonAnswers.error(resp, 400, "the push is not JSON: line " + e.getLocation().getLineNr() + ":"
                    + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage());
            return;
        }
        if (body == null || !body.path("name").isTextual() || body.path("name").asText().isBlank()
                || !body.path("ad").isObject()) {
            JsonAnswers.error(resp, 400, "a push is {\"name\": HOST, \"agentUrl\": URL, \"ad\": {...}}");
            return;
        }
        String name = body.path("name").asText();
        if (name.length() > 255) {
            JsonAnswers.error(resp, 400, "a host name is at most 255 characters");
            return;
        }
        String agentUrl = body.path("agentUrl").isTextual() ? body.path("agentUrl").asText() : null;
        if (agentUrl != null && !validUrl(agentUrl)) {
            JsonAnswers.error(resp, 400, "agentUrl " + agentUrl + " is not an http URL");
            return;
        }
        ClassAd ad;
        try {
            ad = json.readAd(body.get("ad"), "");
        } catch (ClassAdSyntaxException e) {
            JsonAnswers.syntaxError(resp, "ad", e);
            return;
        }
        try {
            manager.accept(name, ad, agentUrl, resolver.clientAddress(req).getHostAddress());
        } catch (AdStore.TooManyHostsException e) {
            JsonAnswers.error(resp, 429, e.getMessage());
            return;
        } finally {
            s.stop(storeAd);
        }
        resp.setStatus(204);
    }

    private static boolean validUrl(String url) {
        try {
            URI u = URI.create(url);
            return ("http".equals(u.getScheme()) || "https".equals(u.getScheme())) && u.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private void triggers(HttpServletResponse resp) throws IOException {
        ObjectNode body = mapper.createObjectNode();
        ArrayNode list = body.putArray("triggers");
        for (TriggerStatus t : manager.triggers().statuses()) {
            list.addPOJO(t);
        }
        writeJson(resp, 200, body);
    }

    private void registerTrigger(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        JsonNode body;
        try (InputStream in = req.getInputStream()) {
            body = mapper.readTree(in);
        } catch (JsonProcessingException e) {
            JsonAnswers.error(resp, 400, "the trigger is not JSON: " + e.getOriginalMessage());
            return;
        }
        try {
            Duration limit = Duration.ofSeconds(body.path("timeLimitSeconds").asLong(30));
            TriggerAction action;
            if (body.path("command").isArray()) {
                List<String> argv = new ArrayList<>();
                body.path("command").forEach(n -> argv.add(n.asText()));
                action = new TriggerAction.Command(argv, limit);
            } else if (body.path("webhook").isTextual()) {
                action = new TriggerAction.Webhook(URI.create(body.path("webhook").asText()), limit);
            } else {
                JsonAnswers.error(resp, 400, "a trigger needs \"command\": [argv...] or \"webhook\": URL");
                return;
            }
            Trigger t = Trigger.of(body.path("name").asText(""), body.path("constraint").asText(""), action,
                    Duration.ofSeconds(body.path("minIntervalSeconds").asLong(60)), body.path("maxRetries").asInt(3));
            manager.triggers().register(t);
            resp.setStatus(201);
        } catch (ClassAdSyntaxException e) {
            JsonAnswers.syntaxError(resp, "constraint", e);
        } catch (IllegalArgumentException e) {
            JsonAnswers.error(resp, 400, e.getMessage());
        }
    }

    private void metrics(HttpServletResponse resp) throws IOException {
        if (!(meters instanceof PrometheusMeterRegistry p)) {
            JsonAnswers.error(resp, 404, "metrics are not exported in Prometheus form here");
            return;
        }
        resp.setContentType("text/plain; version=0.0.4; charset=utf-8");
        resp.getWriter().write(p.scrape());
    }

    private void writeJson(HttpServletResponse resp, int status, JsonNode body) throws IOException {
        resp.setStatus(status);
        resp.setContentType("application/json");
        resp.setCharacterEncoding("UTF-8");
        mapper.writeValue(resp.getOutputStream(), body);
    }
}
