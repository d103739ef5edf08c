package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;

/**
 * Seed 001's NetLogger steps of one LDAP search as Micrometer timers ({@code mds.step}, tags
 * {@code server} = gris|giis and {@code step}): {@code init_search} (request checks up to the
 * data), {@code invoke_provider} (getting the providers' or registrants' data, cached or not),
 * {@code generate_result} (integrating those outputs into one directory under the suffixes;
 * memoised, so nearly free while the data is cached), {@code search_index} (matching, without
 * the time spent sending), {@code transmit} (sending the entries and the result). Seed 001's
 * {@code connect} step is the client's to time. Thread-safe.
 */
@ThreadSafe
public final class StepTimers {
    private final Timer initSearch;
    private final Timer invokeProvider;
    private final Timer generateResult;
    private final Timer searchIndex;
    private final Timer transmit;

    public StepTimers(MeterRegistry meters, String server) {
        requireNonNull(meters, "meters is null");
        requireNonNull(server, "server is null");
        this.initSearch = timer(meters, server, "init_search");
        this.invokeProvider = timer(meters, server, "invoke_provider");
        this.generateResult = timer(meters, server, "generate_result");
        this.searchIndex = timer(meters, server, "search_index");
        this.transmit = timer(meters, server, "transmit");
    }

    /** Timers in Micrometer's global registry (no-op unless something registered a backend there). */
    public static StepTimers global(String server) {
        return new StepTimers(Metrics.globalRegistry, server);
    }

    private static Timer timer(MeterRegistry meters, String server, String step) {
        return Timer.builder("mds.step").description("seed 001's NetLogger steps").tag("server", server).tag("step", step)
                .register(meters);
    }

    void initSearch(long nanos) {
        initSearch.record(nanos, TimeUnit.NANOSECONDS);
    }

    void invokeProvider(long nanos) {
        invokeProvider.record(nanos, TimeUnit.NANOSECONDS);
    }

    void generateResult(long nanos) {
        generateResult.record(nanos, TimeUnit.NANOSECONDS);
    }

    void searchIndex(long nanos) {
        searchIndex.record(nanos, TimeUnit.NANOSECONDS);
    }

    void transmit(long nanos) {
        transmit.record(nanos, TimeUnit.NANOSECONDS);
    }
}
