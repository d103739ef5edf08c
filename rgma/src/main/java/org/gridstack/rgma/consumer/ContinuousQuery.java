package org.gridstack.rgma.consumer;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.gridstack.rgma.producer.ContinuousSubscriber;
import org.gridstack.rgma.registry.ProducerKind;
import org.gridstack.rgma.registry.ProducerRegistration;
import org.gridstack.rgma.registry.QueryType;
import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.rgma.sql.SelectStatement;
import org.gridstack.rgma.storage.Tuples;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One continuous query: every poll interval it asks each of its producers for the tuples after
 * the last one it saw, and hands them to its sink. Every rediscover interval it asks the registry
 * again: producers that registered since join (from their first tuple), producers that expired
 * or stopped answering leave, and the query goes on. Producers found when the query started are
 * followed from their newest tuple, so only tuples published after the start arrive.
 *
 * <p>The query never blocks on its reader: the sink is offered rows and says whether it took them;
 * a sink that refuses (its buffer is full because the reader stopped reading) ends the query.
 * Producers are asked with short, bounded requests, so a stalled reader holds no producer.
 *
 * <p>Polls of one query never overlap (fixed-delay scheduling); {@link #close()} may be called
 * from any thread.
 */
@ThreadSafe
public final class ContinuousQuery implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ContinuousQuery.class);
    /** The end reason of a query whose reader did not keep up. */
    public static final String CUT = "the stream was cut: its reader fell behind";

    private final ConsumerService service;
    @SuppressWarnings("ThreadSafe") // a record of unmodifiable lists and immutable values (RgmaSql's cache shares it)
    private final SelectStatement select;
    @SuppressWarnings("ThreadSafe") // made by ConsumerService for this query alone (or null), never changed
    private final List<ProducerAddress> fixed;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (Set.copyOf)
    private final Set<ProducerKind> kinds;
    private final boolean fromStart;
    @SuppressWarnings("ThreadSafe") // the reader's sink, called from one poller at a time (poll() is synchronized)
    private final ContinuousSubscriber.Sink sink;
    private final ConsumerService.StreamSettings settings;
    @SuppressWarnings("ThreadSafe") // ConsumerService's active::remove, a concurrent set
    private final Consumer<ContinuousQuery> onClose;
    @GuardedBy("this")
    private final Map<ProducerAddress, Long> cursors = new HashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Why the query ended, when it was ended rather than closed by its reader. */
    @SuppressWarnings("ThreadSafe") // volatile: written when the query is ended, before close(); read without a lock
    private volatile String endReason = CUT;
    @SuppressWarnings("ThreadSafe") // volatile: set once by start(), read by close() without a lock
    private volatile ScheduledFuture<?> task;
    @GuardedBy("this")
    private long nextDiscovery;
    @GuardedBy("this")
    private boolean started;

    ContinuousQuery(ConsumerService service, SelectStatement select, List<ProducerAddress> fixed, Set<ProducerKind> kinds,
            boolean fromStart, ContinuousSubscriber.Sink sink, ConsumerService.StreamSettings settings, Consumer<ContinuousQuery> onClose) {
        this.service = requireNonNull(service, "service is null");
        this.select = requireNonNull(select, "select is null");
        this.fixed = fixed;
        this.kinds = Set.copyOf(requireNonNull(kinds, "kinds is null"));
        this.fromStart = fromStart;
        this.sink = requireNonNull(sink, "sink is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.onClose = requireNonNull(onClose, "onClose is null");
    }

    /** Finds the producers and takes their current positions before returning, then polls in the background. */
    void start(ScheduledExecutorService pollers) {
        synchronized (this) {
            discover();
            started = true;
        }
        poll();
        long period = settings.pollInterval().toMillis();
        ScheduledFuture<?> t = pollers.scheduleWithFixedDelay(this::poll, period, period, TimeUnit.MILLISECONDS);
        task = t;
        if (closed.get()) {
            t.cancel(false); // closed (by its reader, or cut by the first poll) before the task was known
        }
    }

    /** The checked query. */
    public SelectStatement select() {
        return select;
    }

    /** Producers followed now (ids). */
    public synchronized List<Long> producers() {
        return cursors.keySet().stream().map(ProducerAddress::id).sorted().toList();
    }

    @GuardedBy("this")
    private void discover() {
        List<ProducerAddress> now = fixed != null ? fixed : service.mediate(select, QueryType.CONTINUOUS, kinds).stream()
                .map((ProducerRegistration r) -> new ProducerAddress(r.endpoint(), r.id())).toList();
        cursors.keySet().retainAll(now);
        for (ProducerAddress a : now) {
            // producers present at the start: from their newest tuple on; producers that came later: from their first
            cursors.putIfAbsent(a, started || fromStart ? 0L : -1L);
        }
        nextDiscovery = System.nanoTime() + settings.rediscoverInterval().toNanos();
    }

    private synchronized void poll() {
        if (closed.get()) {
            return;
        }
        try {
            if (System.nanoTime() - nextDiscovery >= 0) {
                discover();
            }
            for (Map.Entry<ProducerAddress, Long> e : List.copyOf(cursors.entrySet())) {
                ProducerAddress a = e.getKey();
                Tuples t;
                try {
                    t = service.producerClient().query(a.endpoint(), a.id(), QueryType.CONTINUOUS, select.text(), e.getValue(),
                            settings.bufferRows());
                } catch (RgmaException | IOException ex) {
                    log.debug("continuous query leaves producer {}: {}", a.id(), ex.getMessage());
                    cursors.remove(a);
                    continue;
                }
                if (!t.rows().isEmpty() && !sink.accept(t.columns(), t.rows())) {
                    log.info("continuous query on {} cut: its reader does not keep up", select.table().name());
                    end(CUT);
                    return;
                }
                cursors.put(a, t.lastSeq());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.warn("continuous query poll failed; retrying", e);
        }
    }

    /** Whether the query has ended (closed, or cut because its reader fell behind). */
    public boolean isClosed() {
        return closed.get();
    }

    /** Why the query has ended (meaningful once {@link #isClosed()}): cut ({@link #CUT}), or what {@link #end} was told. */
    public String endReason() {
        return endReason;
    }

    /** Ends the query for {@code reason} (its reader is told), e.g. because the server is stopping. */
    public void end(String reason) {
        if (!closed.get()) {
            endReason = requireNonNull(reason, "reason is null");
        }
        close();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return; // the reader and a poll that cut the query may both close it: onClose runs once
        }
        ScheduledFuture<?> t = task;
        if (t != null) {
            t.cancel(false);
        }
        onClose.accept(this);
    }
}
