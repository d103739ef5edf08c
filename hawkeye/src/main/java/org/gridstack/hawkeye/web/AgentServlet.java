package org.gridstack.hawkeye.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Clock;
import java.util.List;

import org.gridstack.hawkeye.agent.Agent;
import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.ClassAdSyntaxException;
import org.gridstack.hawkeye.classad.EvaluationBudget;
import org.gridstack.hawkeye.classad.EvaluationLimitException;
import org.gridstack.hawkeye.classad.EvaluationLimits;
import org.gridstack.hawkeye.classad.Evaluator;
import org.gridstack.hawkeye.module.ModuleState;
import org.gridstack.service.admission.AddressShare;
import org.gridstack.service.admission.ClientAddressResolver;

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
 * The agent's HTTP/JSON interface: {@code GET /v1/ads?constraint=EXPR&attrs=A,B} answers with
 * the host's ad (whole or projected) when it satisfies the constraint, in the manager's answer
 * shape (so clients query either the same way); {@code GET /v1/modules} the modules' states;
 * {@code GET /metrics} Prometheus text. Seed steps {@code Agent-AnswerQuery} and
 * {@code Agent-SendClientAnswer} are timed. Each address holds a bounded share of queries at
 * once. Thread-safe (Tomcat runs many requests at once: the seed's agent served one).
 */
@ThreadSafe
// HttpServlet's own fields (a lock object, a cached Allow header) are the container's, which uses
// them thread-safely (the Servlet contract for a shared servlet instance)
@SuppressWarnings("ThreadSafe")
public final class AgentServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    private final transient Agent agent;
    private final transient MeterRegistry meters;
    private final transient EvaluationLimits limits;
    private final transient AddressShare share;
    private final transient ClientAddressResolver resolver = ClientAddressResolver.direct();
    private final transient Timer answer;
    private final transient Timer send;
    private final transient ObjectMapper mapper = new ObjectMapper();

    public AgentServlet(Agent agent, MeterRegistry meters, EvaluationLimits limits, int queriesPerAddress) {
        this.agent = requireNonNull(agent, "agent is null");
        this.meters = requireNonNull(meters, "meters is null");
        this.limits = requireNonNull(limits, "limits is null");
        this.share = new AddressShare(queriesPerAddress);
        this.answer = Timer.builder("hawkeye.step").tag("step", "Agent-AnswerQuery").register(meters);
        this.send = Timer.builder("hawkeye.step").tag("step", "Agent-SendClientAnswer").register(meters);
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getRequestURI();
        switch (path) {
            case "/v1/ads" -> query(req, resp);
            case "/v1/modules" -> modules(resp);
            case "/metrics" -> {
                if (meters instanceof PrometheusMeterRegistry p) {
                    resp.setContentType("text/plain; version=0.0.4; charset=utf-8");
                    resp.getWriter().write(p.scrape());
                } else {
                    JsonAnswers.error(resp, 404, "metrics are not exported in Prometheus form here");
                }
            }
            default -> JsonAnswers.error(resp, 404, "no such resource: " + path + " (this is a Hawkeye agent: GET /v1/ads)");
        }
    }

    private void query(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        InetAddress client = resolver.clientAddress(req);
        AddressShare.Slot slot = share.tryEnter(client);
        if (slot == null) {
            resp.setHeader("Retry-After", "1");
            JsonAnswers.error(resp, 429, "address " + client.getHostAddress() + " already has " + share.perAddress()
                    + " queries running");
            return;
        }
        try (slot) {
            QueryRequest q;
            try {
                q = QueryRequest.from(req);
            } catch (ClassAdSyntaxException e) {
                JsonAnswers.syntaxError(resp, "constraint", e);
                return;
            } catch (IllegalArgumentException e) {
                JsonAnswers.error(resp, 400, e.getMessage());
                return;
            }
            Timer.Sample s = Timer.start();
            List<ClassAd> ads;
            try {
                ClassAd ad = agent.ad();
                boolean matches = q.constraint() == null || Evaluator.matches(q.constraint(), ad,
                        new EvaluationBudget(limits), Clock.systemUTC());
                ads = !matches ? List.of() : List.of(q.attributes().isEmpty() ? ad : ad.project(q.attributes()));
            } catch (EvaluationLimitException e) {
                JsonAnswers.error(resp, 503, "the query went over its limits: " + e.getMessage());
                return;
            } finally {
                s.stop(answer);
            }
            Timer.Sample w = Timer.start();
            JsonAnswers.ads(resp, ads);
            w.stop(send);
        }
    }

    private void modules(HttpServletResponse resp) throws IOException {
        ObjectNode body = mapper.createObjectNode();
        ArrayNode list = body.putArray("modules");
        for (ModuleState s : agent.modules().states().values()) {
            ObjectNode m = list.addObject();
            m.put("name", s.module());
            m.put("stale", s.stale());
            m.put("collectedAt", s.collectedAt() == null ? null : s.collectedAt().toString());
            m.put("problem", s.problem());
            m.put("failures", s.failures());
            m.put("attributes", s.ad().size());
        }
        resp.setContentType("application/json");
        resp.setCharacterEncoding("UTF-8");
        mapper.writeValue(resp.getOutputStream(), body);
    }
}
