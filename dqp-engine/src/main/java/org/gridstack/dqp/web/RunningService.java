package org.gridstack.dqp.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.URI;

import org.springframework.context.ConfigurableApplicationContext;

/**
 * A started HTTP service: its name, port and base URL (on the address it is bound to); closing stops its web server and context.
 * Thread-safe.
 */
@ThreadSafe
public final class RunningService implements AutoCloseable {
    private final String name;
    private final String host;
    private final int port;
    @SuppressWarnings("ThreadSafe") // Spring's context: close() is safe from any thread (it takes the context's shutdown lock)
    private final ConfigurableApplicationContext context;

    RunningService(String name, String bindAddress, int port, ConfigurableApplicationContext context) {
        this.name = requireNonNull(name, "name is null");
        requireNonNull(bindAddress, "bindAddress is null");
        // a wildcard bind answers on loopback too; a specific address answers only there
        String literal = bindAddress.contains(":") && !bindAddress.startsWith("[") ? "[" + bindAddress + "]" : bindAddress;
        this.host = bindAddress.equals("0.0.0.0") || bindAddress.equals("::") || bindAddress.equals("[::]") ? "127.0.0.1" : literal;
        this.port = port;
        this.context = requireNonNull(context, "context is null");
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    /** {@code http://address:port}: the address it is bound to, or 127.0.0.1 when bound to every address. */
    public URI baseUri() {
        return URI.create("http://" + host + ":" + port);
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
