package org.gridstack.hawkeye.manager;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.trigger.TriggerEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Hawkeye manager (the seed's Aggregate Information Server and Directory Server): keeps the
 * latest ad per host in an {@link AdStore}, expires hosts that stop reporting, tells the
 * {@link TriggerEngine} of every new ad, and locates agents. Thread-safe; {@link #close()} stops
 * the expiry sweep.
 */
@ThreadSafe
public final class Manager implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Manager.class);

    @SuppressWarnings("ThreadSafe") // a record of immutable values and unmodifiable copies (Set.copyOf, List.copyOf)
    private final ManagerSettings settings;
    private final AdStore store;
    private final TriggerEngine triggers;
    private final ScheduledExecutorService sweeper;

    public Manager(ManagerSettings settings, Clock clock, TriggerEngine triggers) {
        this.settings = requireNonNull(settings, "settings is null");
        this.store = new AdStore(requireNonNull(clock, "clock is null"), settings.maxHostsPerSource());
        this.triggers = requireNonNull(triggers, "triggers is null");
        this.sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hawkeye-expiry");
            t.setDaemon(true);
            return t;
        });
        long everyMillis = Math.max(50, Math.min(5000, settings.expiry().toMillis() / 4));
        sweeper.scheduleWithFixedDelay(this::expireNow, everyMillis, everyMillis, TimeUnit.MILLISECONDS);
    }

    public ManagerSettings settings() {
        return settings;
    }

    public AdStore store() {
        return store;
    }

    public TriggerEngine triggers() {
        return triggers;
    }

    /** Accepts a pushed ad (the caller checked the credential and the address's share). */
    public void accept(String name, ClassAd ad, String agentUrl, String sourceAddress) {
        store.put(name, ad, agentUrl, sourceAddress);
        triggers.adUpdated(name, ad);
    }

    /** Drops the hosts whose last ad is older than the expiry. */
    public void expireNow() {
        try {
            List<StoredAd> expired = store.expire(settings.expiry());
            for (StoredAd s : expired) {
                log.info("host {} expired: no ad for {} s", s.name(), settings.expiry().toSeconds());
                triggers.hostGone(s.name());
            }
        } catch (RuntimeException e) {
            log.warn("expiry sweep failed", e);
        }
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
        triggers.close();
    }
}
