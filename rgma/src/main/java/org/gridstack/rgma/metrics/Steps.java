package org.gridstack.rgma.metrics;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The seed's NetLogger steps of an R-GMA producer query (its Table 4) and registry query (its
 * Table 5) as Micrometer timers {@code rgma.step} tagged {@code step=<the seed's step name>},
 * published on {@code /actuator/prometheus} as {@code rgma_step_seconds}. Thread-safe.
 */
@ThreadSafe
public final class Steps {
    /** Table 4, step 3: the ConsumerServlet parses the query and sets up. */
    public static final String CONSUMER_SERVLET_START = "ConsumerServlet-Start";
    /** Table 5, step 2: the ConsumerServlet asks the registry for producers (client side of mediation). */
    public static final String CONSUMER_SERVLET_SEND_QUERY_REGISTRY = "ConsumerServlet-SendQueryRegistry";
    /** Table 5, step 3: the registry finds the producers (server side of mediation). */
    public static final String REGISTRY_SERVLET_PROCESS_QUERY = "RegistryServlet-ProcessQuery";
    /** Table 4, step 4: the ConsumerServlet sends the query to one ProducerServlet and gets its answer. */
    public static final String CONSUMER_SERVLET_START_QUERY = "ConsumerServlet-StartQuery";
    /** Table 4, step 5: the ProducerServlet queries one producer's tuple store. */
    public static final String PRODUCER_EXECUTE = "Producer-Execute";
    /** Table 4, step 9: the ConsumerServlet merges the producers' answers into the consumer's result. */
    public static final String CONSUMER_SERVLET_RETRIEVE = "ConsumerServlet-Retrieve";

    private final MeterRegistry meters;
    private final ConcurrentHashMap<String, Timer> timers = new ConcurrentHashMap<>();

    public Steps(MeterRegistry meters) {
        this.meters = requireNonNull(meters, "meters is null");
    }

    /** Records that {@code step} took {@code nanos}. */
    public void record(String step, long nanos) {
        timers.computeIfAbsent(step, s -> Timer.builder("rgma.step").tag("step", s)
                .description("time per NetLogger step of seed 001's R-GMA instrumentation").register(meters))
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    /** Starts timing a step; {@link Span#close()} records it. */
    public Span start(String step) {
        return new Span(step, System.nanoTime());
    }

    /** One step being timed. Not thread-safe: one thread starts and closes it. */
    public final class Span implements AutoCloseable {
        private final String step;
        private final long start;

        private Span(String step, long start) {
            this.step = step;
            this.start = start;
        }

        @Override
        public void close() {
            record(step, System.nanoTime() - start);
        }
    }
}
