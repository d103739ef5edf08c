package org.gridstack.frontier.cache;

import com.google.errorprone.annotations.ThreadSafe;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gridstack.frontier.db.TableChange;
import org.gridstack.frontier.db.TableName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Automatic cache invalidation, which FroNtier proposed and never built: when committed changes
 * to tables are seen (the modification tracker's NOTIFY), the URLs that read those tables are
 * purged from every registered Squid, parents before children so that a child cannot refill from
 * a parent that still holds the old answer. A cache that is down is retried with back-off and
 * reported; only registered caches are ever purged. With row-level changes ({@link #changed}), a
 * URL whose payload summary no changed row image can satisfy is kept (counted as skipped).
 * Thread-safe.
 */
@ThreadSafe
public final class CacheInvalidator implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(CacheInvalidator.class);
    /** How long a late answer's second purge waits for the cache to finish storing it. */
    static final Duration LATE_PURGE_DELAY = Duration.ofMillis(200);

    /**
     * A cache to purge.
     *
     * @param name for logs
     * @param host where it listens
     * @param port where it listens
     * @param urlBase how it names the servlet's URLs in its cache key, e.g. {@code http://servlet:8080}
     *     for a forward proxy, or the accelerator's own {@code http://host:port}
     * @param tier 1 is nearest the servlet; purged before 2, and so on
     */
    public record Cache(String name, String host, int port, String urlBase, int tier) {
        public Cache {
            Objects.requireNonNull(name, "name is null");
            Objects.requireNonNull(host, "host is null");
            Objects.requireNonNull(urlBase, "urlBase is null");
        }

        /** Parses {@code name=host:port,urlBase,tier}. */
        public static Cache parse(String spec) {
            try {
                String[] nameRest = spec.split("=", 2);
                String[] parts = nameRest[1].split(",");
                String[] hostPort = parts[0].split(":");
                return new Cache(nameRest[0].trim(), hostPort[0].trim(), Integer.parseInt(hostPort[1].trim()),
                        parts[1].trim().replaceAll("/+$", ""), Integer.parseInt(parts[2].trim()));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("cache '" + spec + "' is not of the form name=host:port,urlBase,tier", e);
            }
        }
    }

    private final ServedUrlRegistry registry;
    /** Registered caches; copy on write, read in tier order. */
    @SuppressWarnings("ThreadSafe") // volatile: an unmodifiable list replaced whole under this object's lock, read without a lock
    private volatile List<Cache> caches;
    private final int retries;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "frontier-invalidator");
        t.setDaemon(true);
        return t;
    });
    private final Counter purged;
    private final Counter notCached;
    private final Counter failures;
    private final Counter skipped;
    private final Counter latePurges;
    private final Timer staleness;

    public CacheInvalidator(ServedUrlRegistry registry, List<Cache> caches, int retries, MeterRegistry meters) {
        this.registry = Objects.requireNonNull(registry, "registry is null");
        this.caches = sortedByTier(caches);
        this.retries = retries;
        this.purged = Counter.builder("frontier.invalidation.purged").description("Cached URLs purged").register(meters);
        this.notCached = Counter.builder("frontier.invalidation.not.cached")
                .description("PURGEs of URLs the cache did not hold (over-invalidation upper bound)").register(meters);
        this.skipped = Counter.builder("frontier.invalidation.skipped")
                .description("Cached URLs reading a changed table kept because no changed row can affect their answer").register(meters);
        this.failures = Counter.builder("frontier.invalidation.failures").description("PURGEs that failed after retries").register(meters);
        this.latePurges = Counter.builder("frontier.invalidation.late.purges")
                .description("Answers computed while a change to their tables was seen, purged again after they were served").register(meters);
        registry.onLateAnswer(this::purgeLate);
        this.staleness = Timer.builder("frontier.invalidation.staleness")
                .description("From the change being seen to the last purge done").register(meters);
    }

    public List<Cache> caches() {
        return caches;
    }

    /** Registers one more cache (an operator's command, or a test that started one). */
    public synchronized void register(Cache cache) {
        List<Cache> next = new ArrayList<>(caches);
        next.add(Objects.requireNonNull(cache, "cache is null"));
        caches = sortedByTier(next);
    }

    private static List<Cache> sortedByTier(List<Cache> caches) {
        List<Cache> sorted = new ArrayList<>(caches);
        sorted.sort(Comparator.comparingInt(Cache::tier));
        return List.copyOf(sorted);
    }

    /** Called when tables changed; purges asynchronously, in tier order. */
    public void tablesChanged(Set<TableName> tables) {
        Instant seen = Instant.now();
        registry.changeSeen(tables);
        worker.execute(() -> {
            List<String> targets = registry.takeReaders(tables);
            int purged = purgeEverywhere(targets, seen);
            if (purged > 0) {
                log.info("purged {} URL(s) reading {} from {} cache(s)", targets.size(), tables, purged);
            }
        });
    }

    /** Called with what changed (row images or whole tables); purges asynchronously, in tier order. */
    public void changed(List<TableChange> changes) {
        Instant seen = Instant.now();
        List<TableChange> copy = List.copyOf(changes);
        registry.changeSeen(copy.stream().map(TableChange::table).toList());
        worker.execute(() -> {
            Set<String> targets = new LinkedHashSet<>();
            int kept = 0;
            for (var change : copy) {
                ServedUrlRegistry.Affected affected = registry.takeAffected(change);
                targets.addAll(affected.urls());
                kept += affected.skipped();
            }
            skipped.increment(kept);
            int purged = purgeEverywhere(targets, seen);
            if (purged > 0) {
                log.info("purged {} URL(s), kept {}, for changes to {} from {} cache(s)", targets.size(), kept,
                        copy.stream().map(c -> c.table() + (c.wholeTableChanged() ? "" : " (" + c.rows().size() + " row images)")).toList(),
                        purged);
            }
        });
    }

    /**
     * Purges an answer again that was computed while a change to its tables was seen: the change's
     * own purge may have run before the cache stored it. Waits {@link #LATE_PURGE_DELAY} first, so
     * that the cache has finished storing the answer the servlet has just sent.
     */
    void purgeLate(String target) {
        CompletableFuture.delayedExecutor(LATE_PURGE_DELAY.toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
            try {
                worker.execute(() -> {
                    latePurges.increment();
                    if (purgeEverywhere(List.of(target), null) > 0) {
                        log.info("purged again an answer computed while its tables changed: {}", target);
                    }
                });
            } catch (RejectedExecutionException closed) {
                // the servlet is stopping: nothing to purge for any more
            }
        });
    }

    /**
     * PURGEs the URLs from every registered cache, parents first, and records the staleness
     * (change seen to last purge done; not with {@code seen} null). Returns the number of caches, 0
     * when nothing was to do.
     */
    private int purgeEverywhere(Collection<String> targets, Instant seen) {
        List<Cache> now = caches;
        if (targets.isEmpty() || now.isEmpty()) {
            return 0;
        }
        for (Cache cache : now) {
            for (String target : targets) {
                purge(cache, target);
            }
        }
        if (seen != null) {
            staleness.record(Duration.between(seen, Instant.now()));
        }
        return now.size();
    }

    private void purge(Cache cache, String target) {
        long backoff = 100;
        for (int attempt = 0; attempt <= retries; attempt++) {
            try {
                int status = send(cache, cache.urlBase() + target);
                if (status == 200) {
                    purged.increment();
                } else if (status == 404) {
                    notCached.increment();
                } else {
                    throw new IOException("PURGE answered HTTP " + status);
                }
                return;
            } catch (IOException e) {
                if (attempt == retries) {
                    failures.increment();
                    log.warn("cannot purge {} from cache {} ({}:{}): {}", target, cache.name(), cache.host(), cache.port(), e.getMessage());
                    return;
                }
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return;
                }
                backoff = Math.min(backoff * 2, 5_000);
            }
        }
    }

    private static int send(Cache cache, String url) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(cache.host(), cache.port()), 2_000);
            s.setSoTimeout(5_000);
            OutputStream out = s.getOutputStream();
            out.write(("PURGE " + url + " HTTP/1.0\r\nAccept: */*\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = in.read()) >= 0 && c != '\n') {
                line.append((char) c);
            }
            String[] parts = line.toString().split(" ");
            if (parts.length < 2) {
                throw new IOException("no HTTP answer to PURGE");
            }
            return Integer.parseInt(parts[1].trim());
        }
    }

    /**
     * Flushes one registered cache ({@code cacheName}) or all (null): every URL the servlet served
     * and still remembers is purged, parents first. Runs on the invalidation thread; the returned
     * future completes with the number of URLs purged.
     *
     * @throws IllegalArgumentException when no registered cache has that name
     */
    public Future<Integer> flush(String cacheName) {
        List<Cache> targets = cacheName == null ? caches
                : caches.stream().filter(c -> c.name().equals(cacheName)).toList();
        if (targets.isEmpty() && cacheName != null) {
            throw new IllegalArgumentException("no registered cache named '" + cacheName + "'; registered: "
                    + caches.stream().map(Cache::name).toList());
        }
        return worker.submit(() -> {
            List<String> urls = registry.takeAll();
            for (Cache cache : targets) {
                for (String url : urls) {
                    purge(cache, url);
                }
            }
            log.info("flushed {} URL(s) from {}", urls.size(), targets.stream().map(Cache::name).toList());
            return urls.size();
        });
    }

    /** Waits until queued purges are done (tests, shutdown). */
    public void drain(long timeout, TimeUnit unit) throws InterruptedException {
        var done = worker.submit(() -> { });
        try {
            done.get(timeout, unit);
        } catch (ExecutionException | TimeoutException e) {
            // nothing queued can fail this way; a timeout leaves purges running
        }
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
