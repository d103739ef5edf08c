package org.gridstack.mds.cli;

import org.gridstack.mds.ldap.StepTimers;
import org.gridstack.mds.metrics.MetricsApplication;
import org.springframework.context.ConfigurableApplicationContext;

import picocli.CommandLine.Option;

/** {@code --metrics-port}: the step timers on Actuator's Prometheus endpoint (a picocli mixin). */
final class MetricsOptions {
    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve the step timers on http://HOST:PORT/actuator/prometheus (default: not served).")
    Integer metricsPort;

    private ConfigurableApplicationContext app;

    /** Starts the endpoint when asked for; the timers to give the server. */
    StepTimers start(String server) {
        if (metricsPort == null) {
            return StepTimers.global(server);
        }
        if (metricsPort < 0 || metricsPort > 65535) {
            throw new IllegalArgumentException("--metrics-port " + metricsPort + " is not between 0 and 65535");
        }
        app = MetricsApplication.start(metricsPort);
        System.out.println("step timers on http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port")
                + "/actuator/prometheus");
        return new StepTimers(MetricsApplication.registry(app), server);
    }

    void close() {
        if (app != null) {
            app.close();
        }
    }
}
