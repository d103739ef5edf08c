package org.gridstack.rgma.web;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.function.Supplier;

import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

/**
 * This server's base URL as producers register it: {@code rgma.producer.endpoint}, or
 * {@code http://127.0.0.1:<port>} once Tomcat listens. Thread-safe.
 */
@ThreadSafe
public final class ServiceEndpoint implements Supplier<String>, ApplicationListener<WebServerInitializedEvent> {
    private final String configured;
    @SuppressWarnings("ThreadSafe") // volatile: set once when Tomcat listens, read without a lock
    private volatile String url;

    public ServiceEndpoint(String configured) {
        this.configured = configured == null ? "" : configured.strip().replaceAll("/+$", "");
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        url = configured.isEmpty() ? "http://127.0.0.1:" + event.getWebServer().getPort() : configured;
    }

    @Override
    public String get() {
        String u = url;
        if (u == null) {
            throw new IllegalStateException("the server does not listen yet");
        }
        return u;
    }
}
