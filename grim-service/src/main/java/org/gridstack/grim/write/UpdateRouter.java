package org.gridstack.grim.write;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.gridstack.grim.backends.GrimStore;
import org.gridstack.grim.config.GrimProperties;
import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;
import org.gridstack.grim.store.postgres.PostgresBackend;
import org.gridstack.grim.store.replication.Replication;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * The write path of provider updates, the one place that decides where a write goes:
 * <ul>
 * <li>{@code backend=all} with PostgreSQL started: PostgreSQL is the system of record. The updates
 *     are committed there together with a change-log entry, and BaseX and LDAP apply the log in
 *     commit order ({@link Replication}); the answer waits until every copy has applied the entry,
 *     up to {@code grim.updates.timeout}, and otherwise names the copies that will apply it later.
 *     Concurrent writers therefore leave every copy with the same final state, a copy that fails
 *     catches up, and a crash after the commit loses nothing.</li>
 * <li>{@code backend=all} without PostgreSQL: queued on every copy in one order ({@link OrderedSubmission}).</li>
 * <li>{@code backend=NAME}: that copy only (the seed's per-backend update experiments); the copies
 *     then differ on purpose until that copy is next rebuilt.</li>
 * </ul>
 * Owns the group-commit writers and the replication; closing stops them. Thread-safe.
 */
@ThreadSafe
public final class UpdateRouter implements AutoCloseable {
    private final GrimStore store;
    private final Duration timeout;
    @SuppressWarnings("ThreadSafe") // filled by the constructor alone, only read after; UpdateBatcher is @ThreadSafe
    private final Map<String, UpdateBatcher> direct = new LinkedHashMap<>();
    private final UpdateBatcher logged;
    private final Replication replication;
    private final OrderedSubmission ordered = new OrderedSubmission();

    /** Where a write names to go, resolved once (per request, or per WebSocket connection). */
    public record Route(List<String> targets, boolean replicated) {
    }

    /**
     * What a write achieved.
     *
     * @param stored  updates stored per copy that has them
     * @param change  the change-log position that holds them (0 when not replicated)
     * @param pending copies that have not applied the change yet and will (empty when all have)
     */
    public record Outcome(Map<String, Integer> stored, long change, List<String> pending) {
    }

    public UpdateRouter(GrimStore store, GrimProperties.Updates settings, MeterRegistry meters) {
        this.store = requireNonNull(store, "store is null");
        requireNonNull(settings, "settings is null");
        this.timeout = settings.getTimeout();
        store.backends().forEach((name, b) -> direct.put(name,
                UpdateBatcher.forBackend(b, settings.getWriters(), settings.getMaxBatchRequests(), meters)));
        if (store.backends().get("postgres") instanceof PostgresBackend postgres) {
            logged = UpdateBatcher.forSystemOfRecord("postgres", postgres, settings.getWriters(), settings.getMaxBatchRequests(), meters);
            List<GrimBackend> copies = new ArrayList<>(store.backends().values());
            copies.remove(postgres);
            replication = new Replication(postgres, "postgres", copies, store.loadedAtChange(), meters);
        } else {
            logged = null;
            replication = null;
        }
    }

    /** The route for the {@code backend} parameter of a write (400 when missing or unknown). */
    public Route route(String backend) {
        List<String> targets = store.writeTargets(backend);
        return new Route(targets, targets.size() > 1 && replication != null);
    }

    /** Stores {@code updates} (validated) along {@code route}; fails with a GrimException. */
    public CompletableFuture<Outcome> submit(Route route, List<Update> updates) {
        if (route.replicated()) {
            return logged.submitAsync(updates).thenCompose(stored -> {
                replication.committed(stored.position());
                return replication.awaitApplied(stored.position(), timeout).thenApply(pending -> {
                    Map<String, Integer> counts = new LinkedHashMap<>();
                    for (String t : route.targets()) {
                        if (!pending.contains(t)) {
                            counts.put(t, stored.updates());
                        }
                    }
                    return new Outcome(counts, stored.position(), pending);
                });
            });
        }
        if (route.targets().size() == 1) {
            String t = route.targets().get(0);
            return direct.get(t).submitAsync(updates).thenApply(s -> {
                if (replication != null) {
                    replication.singleBackendWrite(t, s.updates());
                }
                return new Outcome(Map.of(t, s.updates()), 0, List.of());
            });
        }
        Map<String, UpdateBatcher> targets = new LinkedHashMap<>();
        route.targets().forEach(t -> targets.put(t, direct.get(t)));
        return ordered.submit(targets, updates).thenApply(counts -> new Outcome(counts, 0, List.of()));
    }

    /** {@link #submit}, waiting for the outcome (the commit within the timeout, then the copies within another). */
    public Outcome submitAndWait(Route route, List<Update> updates) {
        CompletableFuture<Outcome> f = submit(route, updates);
        try {
            return f.get(2 * timeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GrimException(503, "interrupted while waiting for the update to be stored");
        } catch (TimeoutException e) {
            throw new GrimException(503, "the update was not confirmed within " + timeout.toMillis() + " ms; it may still be stored");
        } catch (ExecutionException e) {
            Throwable c = e.getCause() instanceof CompletionException ce && ce.getCause() != null ? ce.getCause() : e.getCause();
            if (c instanceof GrimException g) {
                throw new GrimException(g.status(), g.getMessage(), g);
            }
            throw new GrimException(503, "storing the update failed (the service log has the cause)", c);
        }
    }

    /** The replication of {@code backend=all} writes, when PostgreSQL is started. */
    public Optional<Replication> replication() {
        return Optional.ofNullable(replication);
    }

    @Override
    public void close() {
        if (replication != null) {
            replication.close();
        }
        if (logged != null) {
            logged.close();
        }
        direct.values().forEach(UpdateBatcher::close);
    }
}
