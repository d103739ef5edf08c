package org.gridstack.rgma.consumer;

import com.google.errorprone.annotations.Immutable;
import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;

import org.gridstack.rgma.metrics.Steps;
import org.gridstack.rgma.producer.ContinuousSubscriber;
import org.gridstack.rgma.registry.ProducerKind;
import org.gridstack.rgma.registry.ProducerRegistration;
import org.gridstack.rgma.registry.QueryType;
import org.gridstack.rgma.registry.RegistryService;
import org.gridstack.rgma.schema.SchemaService;
import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.rgma.sql.SelectStatement;
import org.gridstack.rgma.storage.Tuples;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * R-GMA's ConsumerServlet: takes a consumer's query and type, finds the producers through the
 * registry's mediation (or uses the producers it is given), asks each ProducerServlet over HTTP
 * and merges the rows, at most {@code maxRows} of them. Continuous queries become
 * {@link ContinuousQuery} subscriptions that keep polling their producers and re-mediating, so
 * producers that register later join the stream and producers that die leave it.
 *
 * <p>Thread-safe.
 */
@ThreadSafe
public final class ConsumerService implements ContinuousSubscriber, AutoCloseable {
    /** Settings of continuous queries. */
    @Immutable
    public record StreamSettings(Duration pollInterval, Duration rediscoverInterval, int bufferRows, int threads,
            int fanOutThreads) {
        public StreamSettings {
            requireNonNull(pollInterval, "pollInterval is null");
            requireNonNull(rediscoverInterval, "rediscoverInterval is null");
            if (bufferRows < 1 || threads < 1 || fanOutThreads < 1) {
                throw new IllegalArgumentException("rgma.consumer.stream-buffer-rows, stream-threads and fan-out-threads must be at least 1");
            }
        }
    }

    private final SchemaService schema;
    private final RegistryService registry;
    private final ProducerClient producers;
    @SuppressWarnings("ThreadSafe") // the service's ServiceEndpoint, itself @ThreadSafe
    private final Supplier<String> localEndpoint;
    private final int maxRows;
    private final Steps steps;
    private final StreamSettings streams;
    private final ScheduledExecutorService pollers;
    private final ExecutorService fanOut;
    @SuppressWarnings("ThreadSafe") // a concurrent key set (ConcurrentHashMap.newKeySet)
    private final Set<ContinuousQuery> active = ConcurrentHashMap.newKeySet();

    public ConsumerService(SchemaService schema, RegistryService registry, ProducerClient producers,
            Supplier<String> localEndpoint, int maxRows, Steps steps, StreamSettings streams, MeterRegistry meters) {
        this.schema = requireNonNull(schema, "schema is null");
        this.registry = requireNonNull(registry, "registry is null");
        this.producers = requireNonNull(producers, "producers is null");
        this.localEndpoint = requireNonNull(localEndpoint, "localEndpoint is null");
        this.maxRows = maxRows;
        this.steps = requireNonNull(steps, "steps is null");
        this.streams = requireNonNull(streams, "streams is null");
        this.pollers = Executors.newScheduledThreadPool(streams.threads(), r -> {
            Thread t = new Thread(r, "rgma-continuous-poller");
            t.setDaemon(true);
            return t;
        });
        this.fanOut = Executors.newFixedThreadPool(streams.fanOutThreads(), r -> {
            Thread t = new Thread(r, "rgma-consumer-fan-out");
            t.setDaemon(true);
            return t;
        });
        Gauge.builder("rgma.consumer.streams", active, Set::size).register(meters);
    }

    /** The checked form of {@code select} (400/404 when it is wrong). */
    public SelectStatement parse(String select) {
        return schema.sql().select(select);
    }

    /**
     * Answers a one-off query (latest, history or static).
     *
     * @param given producers to ask instead of consulting the registry (null or empty: mediate)
     */
    public ConsumerAnswer query(String selectText, QueryType type, List<String> given) {
        if (type == QueryType.CONTINUOUS) {
            throw RgmaException.badRequest("continuous queries are streamed: use /rgma/consumer/stream");
        }
        SelectStatement select;
        try (Steps.Span s = steps.start(Steps.CONSUMER_SERVLET_START)) {
            select = parse(selectText);
        }
        List<ProducerAddress> targets = targets(select, type, given, EnumSet.allOf(ProducerKind.class));
        // ask the producers at once (R-GMA 3.4 asked them one after the other); each answers at most maxRows rows
        List<CompletableFuture<Tuples>> calls = new ArrayList<>();
        for (ProducerAddress target : targets) {
            calls.add(CompletableFuture.supplyAsync(() -> ask(target, type, select), fanOut));
        }
        List<List<Object>> rows = new ArrayList<>();
        List<Long> answered = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        boolean truncated = false;
        for (int i = 0; i < targets.size(); i++) {
            ProducerAddress target = targets.get(i);
            Tuples t;
            try {
                t = calls.get(i).join();
            } catch (CompletionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RgmaException r && r.status() == 400 && given != null && !given.isEmpty()) {
                    throw r;
                }
                warnings.add("producer " + target.id() + (cause instanceof RgmaException ? ": " + cause.getMessage()
                        : " at " + target.endpoint() + " could not be reached: " + cause.getMessage()));
                continue;
            }
            try (Steps.Span s = steps.start(Steps.CONSUMER_SERVLET_RETRIEVE)) {
                int room = maxRows - rows.size();
                if (t.rows().size() > room) {
                    rows.addAll(t.rows().subList(0, room));
                    truncated = true;
                } else {
                    rows.addAll(t.rows());
                }
                truncated |= t.truncated();
                answered.add(target.id());
            }
        }
        return new ConsumerAnswer(select.columns(), rows, truncated, answered, warnings);
    }

    private Tuples ask(ProducerAddress target, QueryType type, SelectStatement select) {
        try (Steps.Span s = steps.start(Steps.CONSUMER_SERVLET_START_QUERY)) {
            return producers.query(target.endpoint(), target.id(), type, select.text(), 0, maxRows);
        } catch (IOException e) {
            throw new CompletionException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RgmaException(503, "interrupted");
        }
    }

    /** The producers to ask: the given ones (each must be local or known to the registry), or the registry's choice. */
    List<ProducerAddress> targets(SelectStatement select, QueryType type, List<String> given, Set<ProducerKind> kinds) {
        if (given != null && !given.isEmpty()) {
            List<ProducerAddress> out = new ArrayList<>();
            String local = localEndpoint.get();
            for (String g : given) {
                ProducerAddress a = ProducerAddress.parse(g, local);
                if (!a.endpoint().equals(local) && registry.producers().stream().noneMatch(r -> r.endpoint().equals(a.endpoint()))) {
                    throw RgmaException.badRequest("producer endpoint " + a.endpoint() + " is neither this service nor known to"
                            + " the registry");
                }
                out.add(a);
            }
            return out;
        }
        return mediate(select, type, kinds).stream().map(r -> new ProducerAddress(r.endpoint(), r.id())).toList();
    }

    /** Asks the registry for the producers of {@code select}'s table whose predicate can contribute. */
    public List<ProducerRegistration> mediate(SelectStatement select, QueryType type, Set<ProducerKind> kinds) {
        long start = System.nanoTime();
        List<ProducerRegistration> found;
        try {
            long inner = System.nanoTime();
            found = registry.lookup(select.table().name(), type, select.equalities(), kinds);
            steps.record(Steps.REGISTRY_SERVLET_PROCESS_QUERY, System.nanoTime() - inner);
        } finally {
            steps.record(Steps.CONSUMER_SERVLET_SEND_QUERY_REGISTRY, System.nanoTime() - start);
        }
        return found;
    }

    /**
     * Starts a continuous query; rows go to {@code sink} until it refuses a batch or the handle is
     * closed.
     *
     * @param given producers to follow instead of mediating (null or empty: mediate, and keep
     *     mediating so new producers join)
     * @param fromStart whether producers found at the start are read from their first stored tuple
     *     (an archiver) rather than from the newest (a consumer: only tuples published from now on)
     */
    public ContinuousQuery stream(String selectText, List<String> given, Set<ProducerKind> kinds, boolean fromStart, Sink sink) {
        SelectStatement select = parse(selectText);
        List<ProducerAddress> fixed = given == null || given.isEmpty() ? null
                : targets(select, QueryType.CONTINUOUS, given, kinds);
        ContinuousQuery q = new ContinuousQuery(this, select, fixed, kinds, fromStart, sink, streams, active::remove);
        active.add(q);
        q.start(pollers);
        return q;
    }

    @Override
    public AutoCloseable subscribePrimaries(String select, Sink sink) {
        return stream(select, null, EnumSet.of(ProducerKind.PRIMARY), true, sink);
    }

    ProducerClient producerClient() {
        return producers;
    }

    /** Continuous queries running now. */
    public int activeStreams() {
        return active.size();
    }

    /**
     * Ends every continuous query now, telling each reader {@code reason}; their streams finish
     * instead of holding the request threads that write them (the server stops without waiting for
     * readers that may never leave).
     */
    public void endStreams(String reason) {
        for (ContinuousQuery q : active) {
            q.end(reason);
        }
    }

    @Override
    public void close() {
        for (ContinuousQuery q : active) {
            q.close();
        }
        pollers.shutdownNow();
        fanOut.shutdownNow();
    }
}
