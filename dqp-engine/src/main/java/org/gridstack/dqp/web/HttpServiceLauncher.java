package org.gridstack.dqp.web;

import static java.util.Objects.requireNonNull;

import java.util.Map;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts one of the engine's HTTP services as its own Spring Boot servlet context on its own port,
 * so one process can host several (the demo: two data services, evaluators, the entropy service
 * and the coordinator). The service's core object is handed in as a ready singleton: Spring wires
 * the web layer around it and does not own it. Stateless; thread-safe.
 */
public final class HttpServiceLauncher {
    private HttpServiceLauncher() {
    }

    /** The address services bind to unless told otherwise: loopback, so a demo is not reachable from other hosts. */
    public static final String LOOPBACK = "127.0.0.1";

    /**
     * Starts {@code configuration} on {@code address}:{@code port} (port 0: a free one) with
     * {@code beans} registered under their names before the context refreshes.
     */
    public static RunningService start(String serviceName, Class<?> configuration, String address, int port,
            Map<String, Object> beans) {
        requireNonNull(address, "address is null");
        requireNonNull(serviceName, "serviceName is null");
        requireNonNull(configuration, "configuration is null");
        requireNonNull(beans, "beans is null");
        ConfigurableApplicationContext context = new SpringApplicationBuilder(configuration)
                .web(WebApplicationType.SERVLET)
                .bannerMode(org.springframework.boot.Banner.Mode.OFF)
                .logStartupInfo(false)
                .registerShutdownHook(false)
                .properties(Map.of(
                        "server.port", Integer.toString(port),
                        "server.address", address,
                        "spring.application.name", serviceName,
                        "server.shutdown", "immediate",
                        "spring.mvc.async.request-timeout", "-1",
                        "server.tomcat.threads.max", "64",
                        "management.endpoints.web.exposure.include", "health,prometheus",
                        "management.metrics.tags.service", serviceName))
                .initializers(ctx -> beans.forEach(ctx.getBeanFactory()::registerSingleton))
                .run();
        int actual = ((WebServerApplicationContext) context).getWebServer().getPort();
        return new RunningService(serviceName, actual, context);
    }
}
