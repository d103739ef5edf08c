package org.gridstack.dqp.coordinator;

import java.util.Map;

import org.gridstack.dqp.web.HttpServiceLauncher;
import org.gridstack.dqp.web.RunningService;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * Spring wiring of the coordinator around a {@link QueryEngine} handed in ready: its query API and
 * the EXCHANGE inboxes through which evaluators push blocks to it (it plays the root evaluator).
 * Stateless.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({CoordinatorController.class, org.gridstack.dqp.evaluator.exchange.ExchangeController.class})
public class CoordinatorApplication {
    /** Serves {@code engine} on {@code port} (0: a free one). */
    public static RunningService start(QueryEngine engine, int port) {
        return start(engine, HttpServiceLauncher.LOOPBACK, port);
    }

    /** As {@link #start(QueryEngine, int)}, bound to {@code address} (e.g. 0.0.0.0 for other hosts). */
    public static RunningService start(QueryEngine engine, String address, int port) {
        RunningService service = HttpServiceLauncher.start("coordinator", CoordinatorApplication.class, address, port,
                Map.of("queryEngine", engine, "exchangeInboxes", engine.inboxes()));
        engine.selfUri(service.baseUri());
        return service;
    }
}
