package org.gridstack.hawkeye.web;

import java.io.IOException;

import org.gridstack.hawkeye.agent.Agent;
import org.gridstack.hawkeye.classad.EvaluationLimits;
import org.gridstack.hawkeye.manager.Manager;
import org.gridstack.service.http.BodyLimitFilter;

import io.micrometer.core.instrument.MeterRegistry;

/** Starts the manager's and the agent's HTTP servers with their filters. Stateless. */
public final class HawkeyeServers {
    /** Request threads of one server. */
    public static final int MAX_THREADS = 200;
    /** The largest request body an agent accepts (it takes only GETs). */
    private static final long AGENT_MAX_BODY = 8 << 10;

    private HawkeyeServers() {
    }

    /** The manager on {@code host}:{@code port}, pushes limited to the manager's {@code maxPushBytes}. */
    public static HttpServer manager(String host, int port, Manager manager, MeterRegistry meters) throws IOException {
        BodyLimitFilter limit = new BodyLimitFilter(manager.settings().maxPushBytes(),
                (request, response, max) -> JsonAnswers.error(response, 413,
                        "the request body is larger than the limit of " + max + " bytes"));
        return HttpServer.start(host, port, MAX_THREADS, new ManagerServlet(manager, meters), limit);
    }

    /** The agent on {@code host}:{@code port}. */
    public static HttpServer agent(String host, int port, Agent agent, MeterRegistry meters) throws IOException {
        BodyLimitFilter limit = new BodyLimitFilter(AGENT_MAX_BODY,
                (request, response, max) -> JsonAnswers.error(response, 413,
                        "the request body is larger than the limit of " + max + " bytes"));
        return HttpServer.start(host, port, MAX_THREADS, new AgentServlet(agent, meters, EvaluationLimits.QUERY, 32), limit);
    }
}
