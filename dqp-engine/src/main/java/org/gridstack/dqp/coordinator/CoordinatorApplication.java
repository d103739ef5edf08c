package org.gridstack.dqp.coordinator;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.gridstack.dqp.web.HttpServiceLauncher;
import org.gridstack.dqp.web.RunningService;
import org.gridstack.service.http.BodyLimitFilter;
import org.gridstack.service.http.BrokenAnswerValve;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.gridstack.dqp.evaluator.exchange.ExchangeController;

/**
 * Spring wiring of the coordinator around a {@link QueryEngine} handed in ready: its query API and
 * the EXCHANGE inboxes through which evaluators push blocks to it (it plays the root evaluator).
 * Tomcat's connection timeout is the engine's {@code sendTimeout}, so a client that stops reading its
 * answer is cut off (the blocked write fails and the query and its slot are freed), while request
 * bodies (EXCHANGE streams from evaluators) may pause up to the query timeout; a partial answer
 * is broken off by {@link BrokenAnswerValve}; request bodies of the API are bounded by
 * {@code maxRequestBytes} (413 in the engine's JSON error shape). Stateless.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({CoordinatorController.class, ExchangeController.class})
public class CoordinatorApplication {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Serves {@code engine} on {@code port} (0: a free one). */
    public static RunningService start(QueryEngine engine, int port) {
        return start(engine, HttpServiceLauncher.LOOPBACK, port);
    }

    /** As {@link #start(QueryEngine, int)}, bound to {@code address} (e.g. 0.0.0.0 for other hosts). */
    public static RunningService start(QueryEngine engine, String address, int port) {
        RunningService service = HttpServiceLauncher.start("coordinator", CoordinatorApplication.class, address, port,
                Map.of("queryEngine", engine, "exchangeInboxes", engine.inboxes()),
                Map.of("server.tomcat.connection-timeout", engine.settings().sendTimeout().toMillis() + "ms"));
        engine.selfUri(service.baseUri());
        return service;
    }

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> coordinatorTomcat(QueryEngine engine) {
        long bodyReadMillis = Math.max(engine.settings().queryTimeout().toMillis(), 60_000);
        return factory -> {
            factory.addContextValves(new BrokenAnswerValve());
            // the connection timeout (sendTimeout) bounds writes to a client that stopped reading; reading a
            // request body, such as an evaluator's EXCHANGE stream waiting for its next block, gets its own longer bound
            factory.addConnectorCustomizers(connector -> {
                connector.setProperty("disableUploadTimeout", "false");
                connector.setProperty("connectionUploadTimeout", Long.toString(bodyReadMillis));
            });
        };
    }

    @Bean
    FilterRegistrationBean<BodyLimitFilter> apiBodyLimit(QueryEngine engine) {
        FilterRegistrationBean<BodyLimitFilter> registration = new FilterRegistrationBean<>(new BodyLimitFilter(
                engine.settings().maxRequestBytes(), (request, response, limit) -> {
                    response.setStatus(413);
                    response.setContentType("application/json");
                    response.getOutputStream().write(JSON.writeValueAsString(Map.of("error",
                            "the request body is larger than " + limit + " bytes, the limit")).getBytes(StandardCharsets.UTF_8));
                }));
        registration.addUrlPatterns("/api/*");
        return registration;
    }
}
