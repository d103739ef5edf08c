package org.gridstack.grim.store.replication;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.gridstack.grim.store.GrimBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * One system of record and the copies derived from it: a {@link ReplicaFollower} per copy, waits
 * for "every copy has applied position N", the log's trimming (entries every copy has applied are
 * deleted every few seconds) and the lag per copy as Micrometer gauges
 * ({@code grim.replication.lag.changes}, {@code grim.replication.lag.seconds},
 * {@code grim.replication.position}, counter {@code grim.replication.resyncs}, tag {@code backend}).
 * Thread-safe.
 */
@ThreadSafe
public final class Replication implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Replication.class);

    private final SystemOfRecord source;
    private final String sourceName;
    @SuppressWarnings("ThreadSafe") // filled by the constructor alone, only read after; ReplicaFollower is @ThreadSafe
    private final Map<String, ReplicaFollower> followers = new LinkedHashMap<>();
    private final ScheduledExecutorService trimmer;
    @SuppressWarnings("ThreadSafe") // volatile: the newest committed position, written and read without a lock
    private volatile long latest;
    private final ConcurrentMap<String, LongAdder> singleBackend = new ConcurrentHashMap<>();

    /**
     * @param startPosition the position every copy holds now (they were all loaded from one snapshot at it)
     */
    public Replication(SystemOfRecord source, String sourceName, List<GrimBackend> copies, long startPosition, MeterRegistry meters) {
        this.source = requireNonNull(source, "source is null");
        this.sourceName = requireNonNull(sourceName, "sourceName is null");
        requireNonNull(copies, "copies is null");
        requireNonNull(meters, "meters is null");
        this.latest = startPosition;
        for (GrimBackend copy : copies) {
            ReplicaFollower f = new ReplicaFollower(source, copy, startPosition);
            followers.put(copy.name(), f);
            Gauge.builder("grim.replication.lag.changes", f, x -> x.status().lagChanges()).tag("backend", copy.name())
                    .description("committed changes this copy has not applied yet").register(meters);
            Gauge.builder("grim.replication.lag.seconds", f, x -> x.status().lagSeconds()).tag("backend", copy.name())
                    .description("how long the oldest change this copy has not applied has waited").register(meters);
            Gauge.builder("grim.replication.position", f, ReplicaFollower::position).tag("backend", copy.name())
                    .description("change-log position this copy has applied").register(meters);
            FunctionCounter.builder("grim.replication.resyncs", f, x -> x.status().resyncs()).tag("backend", copy.name())
                    .description("times this copy was rebuilt from the system of record").register(meters);
        }
        followers.values().forEach(ReplicaFollower::start);
        trimmer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "grim-change-log-trim");
            t.setDaemon(true);
            return t;
        });
        trimmer.scheduleWithFixedDelay(this::trim, 5, 5, TimeUnit.SECONDS);
        log.info("{} is the system of record; {} follow its change log from position {}", sourceName, followers.keySet(), startPosition);
    }

    /** The entry at {@code position} is committed: wakes the followers. */
    public void committed(long position) {
        if (position > latest) {
            latest = position;
        }
        followers.values().forEach(f -> f.committed(position));
    }

    /**
     * Completes when every copy has applied {@code position}, or after {@code timeout} at the
     * latest; completes with the copies that had not applied it by then (empty: all have). A copy
     * that is failing or being rebuilt is not waited for at all (it is named at once), so while a
     * copy is down writers are answered without holding a thread for the whole timeout.
     */
    public CompletableFuture<List<String>> awaitApplied(long position, Duration timeout) {
        List<CompletableFuture<Void>> each = new ArrayList<>();
        for (ReplicaFollower f : followers.values()) {
            if (f.following() || f.position() >= position) {
                each.add(f.applied(position).completeOnTimeout(null, timeout.toMillis(), TimeUnit.MILLISECONDS));
            }
        }
        return CompletableFuture.allOf(each.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
            List<String> pending = new ArrayList<>();
            for (ReplicaFollower f : followers.values()) {
                if (f.position() < position) {
                    pending.add(f.name());
                    f.forgetDone(position);
                }
            }
            return pending;
        });
    }

    public String sourceName() {
        return sourceName;
    }

    /** The copies that follow the system of record, by backend name. */
    public List<String> copies() {
        return List.copyOf(followers.keySet());
    }

    /** {@code updates} were stored on {@code backend} only (a single-backend write): counted, so the difference is not silent. */
    public void singleBackendWrite(String backend, int updates) {
        singleBackend.computeIfAbsent(backend, b -> new LongAdder()).add(updates);
    }

    public ReplicationStatus status() {
        List<ReplicaStatus> copies = new ArrayList<>();
        followers.values().forEach(f -> copies.add(f.status()));
        Map<String, Long> single = new TreeMap<>();
        singleBackend.forEach((b, n) -> single.put(b, n.sum()));
        return new ReplicationStatus(sourceName, latest, copies, single);
    }

    private void trim() {
        try {
            long applied = followers.values().stream().mapToLong(ReplicaFollower::position).min().orElse(latest);
            source.trimThrough(applied);
        } catch (RuntimeException e) {
            log.warn("trimming the change log failed (it is retried): {}", e.getMessage());
        }
    }

    @Override
    public void close() {
        trimmer.shutdownNow();
        followers.values().forEach(ReplicaFollower::close);
    }
}
