package org.gridstack.mds.metrics;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * A Spring Boot application with nothing but Actuator (health, prometheus) on an HTTP port: the
 * GRIS and GIIS commands start it when given {@code --metrics-port}, and record their step timers
 * in its {@link MeterRegistry}, so they appear on {@code /actuator/prometheus}.
 */
@SpringBootApplication
public class MetricsApplication {

    /** Starts the endpoint; the caller closes the returned context. */
    public static ConfigurableApplicationContext start(int port) {
        return new SpringApplicationBuilder(MetricsApplication.class)
                // as command-line arguments: properties(...) would be defaults, which another
                // application.properties on the class path (the benchmarks') overrides
                .run("--server.port=" + port, "--management.endpoints.web.exposure.include=health,prometheus",
                        "--spring.main.banner-mode=off");
    }

    public static MeterRegistry registry(ConfigurableApplicationContext app) {
        return app.getBean(MeterRegistry.class);
    }
}
