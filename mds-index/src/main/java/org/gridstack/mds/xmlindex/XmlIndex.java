package org.gridstack.mds.xmlindex;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.atomic.AtomicLong;
import org.gridstack.service.work.CancelSwitch;

/**
 * An MDS4-style index (WS-MDS Index Service): registrations of XML content sources, each with a
 * refresh interval; the index polls each source at its interval and keeps its latest document
 * in the aggregate ({@link BaseXDocumentStore}); a registration lives for twice its refresh
 * interval unless renewed (registering the same name again), after which its document is
 * removed (within a second; MDS4 took up to 5 minutes). XPath queries run over the aggregate.
 * Step timings go to Micrometer as {@code mds.step} timers tagged {@code server=index} and
 * {@code step} ({@code register}, {@code invoke_provider}, {@code search_index}). Thread-safe;
 * registrations, stores and expiry are serialised on the index (they are rare; fetching runs
 * outside the lock), queries run concurrently.
 */
@ThreadSafe
public final class XmlIndex implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(XmlIndex.class);
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    /** Shortest and longest refresh interval accepted. */
    public static final Duration MIN_REFRESH = Duration.ofSeconds(1);
    public static final Duration MAX_REFRESH = Duration.ofDays(1);

    /** A registration as clients see it. */
    @Immutable
    public record Registration(String name, String url, Duration refresh, Instant expires, Instant lastFetched,
            String lastError) {
    }

    /**
     * A registration, the identity of its source (renewals keep it; a new URL or interval makes a
     * new one) and its polling task (null while the first fetch runs).
     */
    @ThreadSafe
    private record State(Registration registration, long id,
            @SuppressWarnings("ThreadSafe") /* a Future: cancel() may be called from any thread */ ScheduledFuture<?> poller) {
        void stop() {
            if (poller != null) {
                poller.cancel(false);
            }
        }
    }

    private final BaseXDocumentStore store;
    private final XmlSources sources;
    private final Clock clock;
    private final int maxRegistrations;
    /** Changed only under this index's monitor; read without it. */
    private final ConcurrentMap<String, State> states = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final ScheduledExecutorService pollers;
    private final Timer registerTimer;
    private final Timer fetchTimer;
    private final Timer searchTimer;

    public XmlIndex(BaseXDocumentStore store, XmlSources sources, Clock clock, MeterRegistry meters, int maxRegistrations) {
        this.store = requireNonNull(store, "store is null");
        this.sources = requireNonNull(sources, "sources is null");
        this.clock = requireNonNull(clock, "clock is null");
        requireNonNull(meters, "meters is null");
        this.maxRegistrations = maxRegistrations;
        AtomicInteger n = new AtomicInteger();
        this.pollers = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "xml-index-poller-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.registerTimer = timer(meters, "register");
        this.fetchTimer = timer(meters, "invoke_provider");
        this.searchTimer = timer(meters, "search_index");
        pollers.scheduleWithFixedDelay(this::expire, 1, 1, TimeUnit.SECONDS);
    }

    private static Timer timer(MeterRegistry meters, String step) {
        return Timer.builder("mds.step").description("seed 001's NetLogger steps").tag("server", "index").tag("step", step)
                .register(meters);
    }

    /**
     * Registers or renews a source. The first document is fetched before this returns (so a
     * query right after sees it, or the caller learns why it failed).
     */
    public synchronized Registration register(String name, String url, Duration refresh) {
        requireNonNull(name, "name is null");
        requireNonNull(url, "url is null");
        requireNonNull(refresh, "refresh is null");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("name '" + name + "' must be 1 to 100 letters, digits, '.', '_' or '-'");
        }
        if (refresh.compareTo(MIN_REFRESH) < 0 || refresh.compareTo(MAX_REFRESH) > 0) {
            throw new IllegalArgumentException("refresh " + refresh.toSeconds() + " s is not between "
                    + MIN_REFRESH.toSeconds() + " s and " + MAX_REFRESH.toSeconds() + " s");
        }
        return registerTimer.record(() -> {
            XmlSource source = sources.forUrl(url, refresh.compareTo(Duration.ofSeconds(30)) < 0 ? refresh : Duration.ofSeconds(30));
            Instant expires = clock.instant().plus(refresh.multipliedBy(2));
            State old = states.get(name);
            if (old != null && old.registration.url.equals(url) && old.registration.refresh.equals(refresh)) {
                Registration renewed = new Registration(name, url, refresh, expires, old.registration.lastFetched,
                        old.registration.lastError);
                states.put(name, new State(renewed, old.id, old.poller));
                return renewed;
            }
            if (old == null && states.size() >= maxRegistrations) {
                throw new IllegalStateException("the index holds its maximum of " + maxRegistrations + " registrations");
            }
            if (old != null && old.poller != null) {
                old.poller.cancel(false);
            }
            Registration r = new Registration(name, url, refresh, expires, null, null);
            long id = ids.incrementAndGet();
            states.put(name, new State(r, id, null));
            poll(name, id, source);
            ScheduledFuture<?> poller = pollers.scheduleWithFixedDelay(() -> poll(name, id, source), refresh.toMillis(),
                    refresh.toMillis(), TimeUnit.MILLISECONDS);
            states.computeIfPresent(name, (k, s) -> new State(s.registration, s.id, poller));
            return states.get(name).registration;
        });
    }

    /** Fetches (without holding the monitor), then stores only if the registration is still the same one. */
    private void poll(String name, long id, XmlSource source) {
        String xml = null;
        String error = null;
        try {
            xml = fetchTimer.recordCallable(source::fetch);
        } catch (Exception e) {
            error = e.getMessage() == null ? e.toString() : e.getMessage();
        }
        synchronized (this) {
            State s = states.get(name);
            if (s == null || s.id != id) {
                return; // expired, removed or replaced meanwhile: its document must not come back
            }
            Instant fetched = null;
            if (xml != null) {
                try {
                    store.put(name, xml);
                    fetched = clock.instant();
                } catch (IOException e) {
                    error = e.getMessage();
                }
            }
            if (error != null) {
                log.warn("XML index source {}: {}", name, error);
            }
            Registration r = s.registration;
            states.put(name, new State(new Registration(name, r.url, r.refresh, r.expires,
                    fetched != null ? fetched : r.lastFetched, error), id, s.poller));
        }
    }

    /** Removes a registration and its document; true when there was one. */
    public synchronized boolean unregister(String name) {
        State s = states.get(name);
        if (s == null) {
            return false;
        }
        s.stop();
        try {
            store.delete(name);
        } catch (IOException e) {
            log.warn("{}", e.getMessage());
        }
        states.remove(name);
        return true;
    }

    /** Drops expired registrations: document first, then the registration, so nobody sees one without the other. */
    private synchronized void expire() {
        Instant now = clock.instant();
        for (Map.Entry<String, State> e : states.entrySet()) {
            State s = e.getValue();
            if (!now.isBefore(s.registration.expires)) {
                s.stop();
                try {
                    store.delete(e.getKey());
                } catch (IOException x) {
                    log.warn("{}", x.getMessage());
                }
                states.remove(e.getKey());
                log.info("XML index registration {} expired", e.getKey());
            }
        }
    }

    public List<Registration> registrations() {
        List<Registration> out = new ArrayList<>();
        states.values().forEach(s -> out.add(s.registration));
        out.sort(Comparator.comparing(Registration::name));
        return out;
    }

    /** XPath over the aggregate. */
    public List<BaseXDocumentStore.Item> query(String xpath) throws XmlQueryException {
        return query(xpath, new CancelSwitch());
    }

    /** XPath over the aggregate, stopped when {@code cancel} is pulled (see {@link BaseXDocumentStore#query(String, org.gridstack.service.work.CancelSwitch)}). */
    public List<BaseXDocumentStore.Item> query(String xpath, CancelSwitch cancel) throws XmlQueryException {
        requireNonNull(xpath, "xpath is null");
        long start = System.nanoTime();
        try {
            return store.query(xpath, cancel);
        } finally {
            searchTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void close() {
        pollers.shutdownNow();
    }
}
