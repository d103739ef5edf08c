package org.gridstack.dqp.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;

import org.slf4j.MDC;

/**
 * Labels log lines with the service that wrote them: several services share one process (the
 * demo) and one logging system, so the label is the SLF4J MDC entry {@value #KEY}, which the log
 * pattern shows ({@code logging.pattern.level}). As a servlet filter it labels the lines of one
 * service's request threads; {@link #during} labels a stretch of code on the calling thread (a
 * service's start-up, an engine thread's work). Stateless apart from its label; thread-safe.
 */
@ThreadSafe
public final class ServiceLogLabel implements Filter {
    /** The MDC key of the label. */
    public static final String KEY = "dqp.service";
    /** The log level pattern that shows the label (no label: {@code dqp}). */
    public static final String LEVEL_PATTERN = "%5p [%X{" + KEY + ":-dqp}]";
    private final String label;

    public ServiceLogLabel(String label) {
        this.label = requireNonNull(label, "label is null");
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException {
        try (Restore ignored = during(label)) {
            chain.doFilter(request, response);
        }
    }

    /** Sets the calling thread's label to {@code label} until the result is closed, which restores the previous one. */
    public static Restore during(String label) {
        requireNonNull(label, "label is null");
        String previous = MDC.get(KEY);
        MDC.put(KEY, label);
        return () -> {
            if (previous == null) {
                MDC.remove(KEY);
            } else {
                MDC.put(KEY, previous);
            }
        };
    }

    /** Restores the label that was set before. */
    @FunctionalInterface
    public interface Restore extends AutoCloseable {
        @Override
        void close();
    }
}
