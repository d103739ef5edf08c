package org.gridstack.dqp.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Map;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import java.util.LinkedHashMap;
import org.springframework.boot.Banner;

/**
 * Starts one of the engine's HTTP services as its own Spring Boot servlet context on its own port,
 * so one process can host several (the demo: two data services, evaluators, the entropy service
 * and the coordinator). The service's core object is handed in as a ready singleton: Spring wires
 * the web layer around it and does not own it. Stateless; thread-safe.
 */
@ThreadSafe
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
        return start(serviceName, configuration, address, port, beans, Map.of());
    }

    /** As above, with Spring Boot {@code properties} of this service added (e.g. Tomcat's timeouts). */
    public static RunningService start(String serviceName, Class<?> configuration, String address, int port,
            Map<String, Object> beans, Map<String, String> properties) {
        requireNonNull(properties, "properties is null");
        requireNonNull(address, "address is null");
        requireNonNull(serviceName, "serviceName is null");
        requireNonNull(configuration, "configuration is null");
        requireNonNull(beans, "beans is null");
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("server.port", Integer.toString(port));
        settings.put("server.address", address);
        settings.put("spring.application.name", serviceName);
        settings.put("server.shutdown", "immediate");
        settings.put("spring.mvc.async.request-timeout", "-1");
        settings.put("server.tomcat.threads.max", "64");
        settings.put("management.endpoints.web.exposure.include", "health,prometheus");
        settings.put("management.metrics.tags.service", serviceName);
        // no service uses a Spring DataSource (the data service pools its own connections): a JDBC
        // starter elsewhere on the classpath (the benchmarks) must not make Spring look for a database
        settings.put("spring.autoconfigure.exclude", "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration");
        // another application's application.properties on the classpath (the benchmarks hold several) must not
        // configure these services: read only dqp-engine.properties, which does not exist, and pass the settings
        // as command-line arguments, which win over any properties file
        settings.put("spring.config.name", "dqp-engine");
        // the services of one process share its logging: each line is labelled with its own service
        // (ServiceLogLabel), not with the name of the first application that started
        settings.put("logging.include-application-name", "false");
        settings.put("logging.pattern.level", ServiceLogLabel.LEVEL_PATTERN);
        settings.putAll(properties);
        String[] args = settings.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toArray(String[]::new);
        Map<String, Object> withLabel = new LinkedHashMap<>(beans);
        withLabel.put("serviceLogLabel", new ServiceLogLabel(serviceName));
        ConfigurableApplicationContext context;
        try (ServiceLogLabel.Restore ignored = ServiceLogLabel.during(serviceName)) {
            context = new SpringApplicationBuilder(configuration)
                    .web(WebApplicationType.SERVLET)
                    .bannerMode(Banner.Mode.OFF)
                    .logStartupInfo(false)
                    .registerShutdownHook(false)
                    .initializers(ctx -> withLabel.forEach(ctx.getBeanFactory()::registerSingleton))
                    .run(args);
        }
        int actual = ((WebServerApplicationContext) context).getWebServer().getPort();
        return new RunningService(serviceName, address, actual, context);
    }
}
