package org.gridstack.dqp.coordinator;

import java.util.Map;

import org.gridstack.dqp.web.HttpServiceLauncher;
import org.gridstack.dqp.web.RunningService;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/** Spring wiring of the coordinator around a {@link QueryEngine} handed in ready. Stateless. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(CoordinatorController.class)
public class CoordinatorApplication {
    /** Serves {@code engine} on {@code port} (0: a free one). */
    public static RunningService start(QueryEngine engine, int port) {
        return HttpServiceLauncher.start("coordinator", CoordinatorApplication.class, port, Map.of("queryEngine", engine));
    }
}
