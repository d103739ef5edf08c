package org.gridstack.dqp.dataservice;

import java.util.Map;

import org.gridstack.dqp.web.HttpServiceLauncher;
import org.gridstack.dqp.web.RequestBodyLimit;
import org.gridstack.dqp.web.RunningService;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.gridstack.service.http.BodyLimitFilter;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * Spring wiring of one data service: the web layer ({@link DataServiceController}) around a
 * {@link DataService} handed in ready. Stateless.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(DataServiceController.class)
public class DataServiceApplication {
    /** Request bodies (scan requests) over {@link RequestBodyLimit#DEFAULT_MAX_BYTES} get 413. */
    @Bean
    FilterRegistrationBean<BodyLimitFilter> gdsBodyLimit(
            DataService dataService) {
        return RequestBodyLimit.on(dataService.settings().name(), RequestBodyLimit.DEFAULT_MAX_BYTES, "/gds/*");
    }

    /** Serves {@code service} over HTTP on {@code port} (0: a free one); the caller closes both. */
    public static RunningService start(DataService service, int port) {
        return start(service, HttpServiceLauncher.LOOPBACK, port);
    }

    /** As {@link #start(DataService, int)}, bound to {@code address} (e.g. 0.0.0.0 for other hosts). */
    public static RunningService start(DataService service, String address, int port) {
        return HttpServiceLauncher.start("data-service-" + service.settings().name(), DataServiceApplication.class, address, port,
                Map.of("dataService", service));
    }
}
