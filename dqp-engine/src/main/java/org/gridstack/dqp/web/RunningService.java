package org.gridstack.dqp.web;

import static java.util.Objects.requireNonNull;

import java.net.URI;

import org.springframework.context.ConfigurableApplicationContext;

/**
 * A started HTTP service: its name, port and base URL; closing stops its web server and context.
 * Thread-safe.
 */
public final class RunningService implements AutoCloseable {
    private final String name;
    private final int port;
    private final ConfigurableApplicationContext context;

    RunningService(String name, int port, ConfigurableApplicationContext context) {
        this.name = requireNonNull(name, "name is null");
        this.port = port;
        this.context = requireNonNull(context, "context is null");
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    /** {@code http://127.0.0.1:port} */
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The Spring context, for tests that need a bean. */
    public ConfigurableApplicationContext context() {
        return context;
    }

    @Override
    public void close() {
        context.close();
    }
}
