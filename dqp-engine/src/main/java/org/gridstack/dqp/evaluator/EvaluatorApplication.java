package org.gridstack.dqp.evaluator;

import java.util.Map;

import org.gridstack.dqp.evaluator.exchange.ExchangeController;
import org.gridstack.dqp.web.HttpServiceLauncher;
import org.gridstack.dqp.web.RequestBodyLimit;
import org.gridstack.dqp.web.RunningService;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.gridstack.service.http.BodyLimitFilter;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

/** Spring wiring of one evaluator: its fragment API and its EXCHANGE inboxes around an {@link Evaluator}. Stateless. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({EvaluatorController.class, ExchangeController.class})
public class EvaluatorApplication {
    /**
     * Fragment placements over {@link RequestBodyLimit#DEFAULT_MAX_BYTES} get 413; EXCHANGE streams, as long as
     * their fragments' output, are not limited (their producers are placed by the coordinator).
     */
    @Bean
    FilterRegistrationBean<BodyLimitFilter> fragmentBodyLimit(
            Evaluator evaluator) {
        return RequestBodyLimit.on(evaluator.name(), RequestBodyLimit.DEFAULT_MAX_BYTES, "/gqes/v1/fragments", "/gqes/v1/fragments/*",
                "/gqes/v1/queries/*");
    }

    /** Serves {@code evaluator} on {@code port} (0: a free one). */
    public static RunningService start(Evaluator evaluator, int port) {
        return start(evaluator, HttpServiceLauncher.LOOPBACK, port);
    }

    /** As {@link #start(Evaluator, int)}, bound to {@code address} (e.g. 0.0.0.0 for other hosts). */
    public static RunningService start(Evaluator evaluator, String address, int port) {
        return HttpServiceLauncher.start("evaluator-" + evaluator.name(), EvaluatorApplication.class, address, port,
                Map.of("evaluator", evaluator, "exchangeInboxes", evaluator.inboxes()));
    }
}
