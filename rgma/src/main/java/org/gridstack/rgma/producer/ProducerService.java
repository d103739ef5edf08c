package org.gridstack.rgma.producer;

import com.google.errorprone.annotations.Immutable;
import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.InetAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.gridstack.rgma.metrics.Steps;
import org.gridstack.rgma.registry.ProducerKind;
import org.gridstack.rgma.registry.ProducerRegistration;
import org.gridstack.rgma.registry.QueryType;
import org.gridstack.rgma.registry.RegistryService;
import org.gridstack.rgma.schema.SchemaService;
import org.gridstack.rgma.sql.Equalities;
import org.gridstack.rgma.sql.InsertStatement;
import org.gridstack.rgma.sql.JsonRows;
import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.rgma.sql.SelectStatement;
import org.gridstack.rgma.sql.TableDefinition;
import org.gridstack.rgma.storage.ConnectionSource;
import org.gridstack.rgma.storage.StorageKind;
import org.gridstack.rgma.storage.TupleStore;
import org.gridstack.rgma.storage.Tuples;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * R-GMA's ProducerServlet (the generic model's Information Server): hosts primary, secondary
 * and on-demand producers, stores their tuples, answers latest, history, continuous and static
 * queries on one producer, and keeps their registrations alive in the registry.
 *
 * <p>Only a producer's owner changes its tuples: creating a producer returns a random token,
 * and inserts, renewals and closing need it. A producer not heard from within its termination
 * interval is closed (the registry expires it too); its tuples stay until its retention passes
 * and are then purged. Queries on a producer's tuples use the configured
 * {@link ConnectionSource} (a pool, or a connection per producer per query).
 *
 * <p>Thread-safe.
 */
@ThreadSafe
public final class ProducerService implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ProducerService.class);

    /** Limits of queries on this service, from configuration. */
    @Immutable
    public record QueryLimits(int maxRows, Duration timeout) {
        public QueryLimits {
            if (maxRows < 1) {
                throw new IllegalArgumentException("rgma.query.max-rows must be at least 1");
            }
            requireNonNull(timeout, "timeout is null");
        }
    }

    private final SchemaService schema;
    private final TupleStore store;
    private final ConnectionSource queryConnections;
    private final RegistryService registry;
    @SuppressWarnings("ThreadSafe") // the service's ServiceEndpoint, itself @ThreadSafe
    private final Supplier<String> endpoint;
    private final QueryLimits limits;
    private final Duration minTermination;
    private final Steps steps;
    @SuppressWarnings("ThreadSafe") // the ConsumerService, itself @ThreadSafe
    private final ContinuousSubscriber subscriber;
    private final ConcurrentHashMap<Long, HostedProducer> producers = new ConcurrentHashMap<>();
    // the values: on-demand sources answer each query on its own connection, an archiver is only
    // closed (once, by whoever removes it), Retired is a record of a TableDefinition (unmodifiable lists)
    @SuppressWarnings("ThreadSafe")
    private final ConcurrentHashMap<Long, OnDemandSource> onDemand = new ConcurrentHashMap<>();
    @SuppressWarnings("ThreadSafe")
    private final ConcurrentHashMap<Long, AutoCloseable> archivers = new ConcurrentHashMap<>();
    @SuppressWarnings("ThreadSafe")
    private final ConcurrentHashMap<Long, Retired> retired = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(System.currentTimeMillis() << 8);
    private final SecureRandom random = new SecureRandom();
    private final ScheduledExecutorService maintenance;

    /** A closed producer whose tuples wait for their retention to pass. */
    private record Retired(TableDefinition table, StorageKind storage, long purgeAfterNanos) {
    }

    /**
     * @param endpoint this service's base URL as consumers reach it (known once the server listens)
     * @param subscriber the consumer side secondary producers subscribe through
     * @param maintenanceMillis how often termination and retention are enforced
     */
    public ProducerService(SchemaService schema, TupleStore store, ConnectionSource queryConnections, RegistryService registry,
            Supplier<String> endpoint, QueryLimits limits, Duration minTermination, Steps steps, ContinuousSubscriber subscriber,
            long maintenanceMillis) {
        this.schema = requireNonNull(schema, "schema is null");
        this.store = requireNonNull(store, "store is null");
        this.queryConnections = requireNonNull(queryConnections, "queryConnections is null");
        this.registry = requireNonNull(registry, "registry is null");
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.limits = requireNonNull(limits, "limits is null");
        this.minTermination = requireNonNull(minTermination, "minTermination is null");
        this.steps = requireNonNull(steps, "steps is null");
        this.subscriber = requireNonNull(subscriber, "subscriber is null");
        this.maintenance = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "rgma-producer-maintenance");
            t.setDaemon(true);
            return t;
        });
        maintenance.scheduleWithFixedDelay(this::terminate, maintenanceMillis, maintenanceMillis, TimeUnit.MILLISECONDS);
        long purgeMillis = Math.max(maintenanceMillis, 10_000);
        maintenance.scheduleWithFixedDelay(this::purge, purgeMillis, purgeMillis, TimeUnit.MILLISECONDS);
    }

    /** A created producer: its id and the token its owner uses to insert, renew and close. */
    public record Created(long id, String token, String table, ProducerKind kind) {
    }

    /** Creates a primary or secondary producer for a client at {@code from}. */
    public Created create(ProducerSpec spec, InetAddress from) {
        if (spec.kind() == ProducerKind.ON_DEMAND) {
            throw RgmaException.badRequest("on-demand producers are configured by the site (rgma.on-demand), not created"
                    + " over the API");
        }
        return create(spec, from, false);
    }

    private Created create(ProducerSpec spec, InetAddress from, boolean serviceOwned) {
        spec.check(serviceOwned ? Duration.ofMillis(1) : minTermination);
        TableDefinition table = schema.table(spec.table());
        Equalities predicate = schema.sql().predicate(table.name(), spec.predicate());
        long id = ids.incrementAndGet();
        byte[] secret = new byte[24];
        random.nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        HostedProducer p = new HostedProducer(id, token, spec, table, predicate, serviceOwned);
        registry.register(new ProducerRegistration(id, table.name(), spec.predicate(), predicate, spec.queryTypes(), spec.kind(),
                endpoint.get(), spec.terminationInterval()), from);
        producers.put(id, p);
        if (spec.kind() == ProducerKind.SECONDARY) {
            String where = spec.predicate().isEmpty() ? "" : " " + (spec.predicate().regionMatches(true, 0, "WHERE", 0, 5)
                    ? spec.predicate() : "WHERE " + spec.predicate());
            archivers.put(id, subscriber.subscribePrimaries("SELECT * FROM " + table.name() + where,
                    (columns, rows) -> archive(p, columns, rows)));
        }
        log.info("producer {} ({}) publishes {} for {}", id, spec.kind(), table.name(), from.getHostAddress());
        return new Created(id, token, table.name(), spec.kind());
    }

    /**
     * Adds an on-demand producer answering static queries from {@code source}; the service owns
     * it and keeps it registered until it closes.
     */
    public Created addOnDemand(OnDemandSource source, InetAddress from) {
        TableDefinition table = schema.createTable(source.createTable()).table();
        ProducerSpec spec = new ProducerSpec(ProducerKind.ON_DEMAND, table.name(), "", StorageKind.MEMORY, Duration.ZERO,
                Duration.ZERO, Duration.ofMinutes(1), Set.of(QueryType.STATIC));
        Created c = create(spec, from, true);
        onDemand.put(c.id(), source);
        return c;
    }

    /** Creates a producer the service itself owns and renews (the demo's host-load producer, site archivers). */
    public Created createOwned(ProducerSpec spec, InetAddress from) {
        return create(spec, from, true);
    }

    private boolean archive(HostedProducer p, List<String> columns, List<List<Object>> rows) {
        if (p.closed) {
            return false;
        }
        List<List<Object>> values = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            values.add(JsonRows.toJdbc(p.table, columns, row));
        }
        synchronized (p.insertLock) {
            store.insert(p.table, p.spec.storage(), p.id, values);
        }
        return true;
    }

    private HostedProducer owned(long id, String token) {
        HostedProducer p = producers.get(id);
        if (p == null || p.closed) {
            throw RgmaException.notFound("producer " + id + " does not exist (closed, expired or never created)");
        }
        if (!p.tokenMatches(token)) {
            throw new RgmaException(401, "producer " + id + " changes only with its own token (Authorization: Bearer <token>"
                    + " from its creation)");
        }
        return p;
    }

    /** Inserts tuples into producer {@code id}'s table, if {@code token} is the producer's; returns how many. */
    public int insert(long id, String token, String sql) {
        HostedProducer p = owned(id, token);
        if (p.spec.kind() != ProducerKind.PRIMARY) {
            throw RgmaException.badRequest("producer " + id + " is " + p.spec.kind() + "; only primary producers take INSERT");
        }
        InsertStatement insert = schema.sql().insert(sql);
        if (!insert.table().name().equals(p.table.name())) {
            throw RgmaException.badRequest("producer " + id + " publishes table " + p.table.name() + ", not "
                    + insert.table().name());
        }
        for (List<Object> row : insert.rows()) {
            String column = p.predicate.violatedBy(p.table, row);
            if (column != null) {
                throw RgmaException.badRequest("a tuple does not satisfy producer " + id + "'s predicate " + p.spec.predicate()
                        + " (column " + column + ")");
            }
        }
        synchronized (p.insertLock) {
            store.insert(p.table, p.spec.storage(), p.id, insert.rows());
        }
        contact(p);
        return insert.rows().size();
    }

    /**
     * Publishes rows (JDBC values in table order) as a producer the service owns (created with
     * {@link #createOwned}); no token, as the service is the owner.
     */
    public void publishOwned(long id, List<List<Object>> rows) {
        HostedProducer p = producers.get(id);
        if (p == null || !p.serviceOwned || p.spec.kind() != ProducerKind.PRIMARY) {
            throw RgmaException.notFound("producer " + id + " is not a primary producer this service owns");
        }
        synchronized (p.insertLock) {
            store.insert(p.table, p.spec.storage(), p.id, rows);
        }
        contact(p);
    }

    /** Producer {@code id}'s owner says it is alive. */
    public void renew(long id, String token) {
        contact(owned(id, token));
    }

    private void contact(HostedProducer p) {
        p.touch();
        if (!registry.renew(p.id)) {
            registry.register(new ProducerRegistration(p.id, p.table.name(), p.spec.predicate(), p.predicate,
                    p.spec.queryTypes(), p.spec.kind(), endpoint.get(), p.spec.terminationInterval()),
                    InetAddress.getLoopbackAddress());
        }
    }

    /** Closes producer {@code id} at its owner's request. */
    public void close(long id, String token) {
        retire(owned(id, token));
    }

    private void retire(HostedProducer p) {
        p.closed = true;
        producers.remove(p.id);
        registry.unregister(p.id);
        onDemand.remove(p.id);
        AutoCloseable archiver = archivers.remove(p.id);
        if (archiver != null) {
            try {
                archiver.close();
            } catch (Exception e) {
                log.warn("could not stop the archiver of producer {}", p.id, e);
            }
        }
        retired.put(p.id, new Retired(p.table, p.spec.storage(), System.nanoTime() + p.spec.keep().toNanos()));
        log.info("producer {} closed", p.id);
    }

    /** Registrations of the producers hosted here. */
    public int size() {
        return producers.size();
    }

    /**
     * Answers a query on producer {@code id}: latest, history, continuous (tuples after
     * {@code afterSeq}; {@code afterSeq < 0} returns no tuples and the current position) or static.
     */
    public Tuples query(long id, QueryType type, String selectText, long afterSeq, int maxRows) {
        HostedProducer p = producers.get(id);
        if (p == null || p.closed) {
            throw RgmaException.notFound("producer " + id + " does not exist (closed, expired or never created)");
        }
        if (!p.spec.queryTypes().contains(type)) {
            throw RgmaException.badRequest("producer " + id + " does not answer " + type.wireName() + " queries; it answers "
                    + p.spec.queryTypes());
        }
        SelectStatement select = schema.sql().select(selectText);
        if (!select.table().name().equals(p.table.name())) {
            throw RgmaException.badRequest("producer " + id + " publishes table " + p.table.name() + ", not "
                    + select.table().name());
        }
        int rows = Math.min(Math.max(1, maxRows), limits.maxRows());
        try (Steps.Span s = steps.start(Steps.PRODUCER_EXECUTE)) {
            switch (type) {
                case LATEST:
                    return store.read(queryConnections, select, p.spec.storage(), id, TupleStore.Read.LATEST,
                            p.spec.latestRetention(), 0, rows, limits.timeout());
                case HISTORY:
                    return store.read(queryConnections, select, p.spec.storage(), id, TupleStore.Read.HISTORY,
                            p.spec.historyRetention(), 0, rows, limits.timeout());
                case CONTINUOUS:
                    if (afterSeq < 0) {
                        return new Tuples(select.columns(), List.of(), false,
                                store.lastSeq(p.table, p.spec.storage(), id, queryConnections));
                    }
                    return store.read(queryConnections, select, p.spec.storage(), id, TupleStore.Read.AFTER, Duration.ZERO,
                            afterSeq, rows, limits.timeout());
                default:
                    return staticQuery(p, select, rows);
            }
        }
    }

    private Tuples staticQuery(HostedProducer p, SelectStatement select, int rows) {
        OnDemandSource source = onDemand.get(p.id);
        if (source == null) {
            throw RgmaException.notFound("producer " + p.id + " has closed");
        }
        synchronized (p.insertLock) {
            List<List<Object>> now;
            try {
                now = source.collect(p.table);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RgmaException(503, "interrupted while collecting from " + source.name());
            } catch (Exception e) {
                throw new RgmaException(502, "the information provider " + source.name() + " failed: " + e.getMessage(), e);
            }
            store.replace(p.table, p.spec.storage(), p.id, now);
            return store.read(queryConnections, select, p.spec.storage(), p.id, TupleStore.Read.AFTER, Duration.ZERO, 0, rows,
                    limits.timeout());
        }
    }

    /** Closes silent producers and renews the service's own. */
    void terminate() {
        try {
            long now = System.nanoTime();
            for (HostedProducer p : producers.values()) {
                if (p.serviceOwned) {
                    contact(p);
                } else if (now - p.lastContactNanos > p.spec.terminationInterval().toNanos()) {
                    log.info("producer {} not heard from within its termination interval {}; closing it", p.id,
                            p.spec.terminationInterval());
                    retire(p);
                }
            }
        } catch (RuntimeException e) {
            log.warn("producer termination check failed; retrying at the next interval", e);
        }
    }

    /** Deletes tuples past their producer's retention (reads never return them anyway). */
    void purge() {
        try {
            long now = System.nanoTime();
            Map<Long, HostedProducer> live = Map.copyOf(producers);
            for (HostedProducer p : live.values()) {
                if (p.spec.kind() != ProducerKind.ON_DEMAND) {
                    store.purge(p.table, p.spec.storage(), List.of(p.id), p.spec.keep());
                }
            }
            retired.forEach((id, r) -> {
                if (now - r.purgeAfterNanos() > 0) {
                    store.purge(r.table(), r.storage(), List.of(id), Duration.ZERO);
                    retired.remove(id);
                }
            });
        } catch (RuntimeException e) {
            log.warn("producer maintenance failed; retrying at the next interval", e);
        }
    }

    @Override
    public void close() {
        maintenance.shutdownNow();
        for (AutoCloseable a : archivers.values()) {
            try {
                a.close();
            } catch (Exception e) {
                log.debug("archiver close", e);
            }
        }
        for (HostedProducer p : producers.values()) {
            registry.unregister(p.id);
        }
    }
}
