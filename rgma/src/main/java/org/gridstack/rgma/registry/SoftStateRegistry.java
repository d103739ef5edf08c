package org.gridstack.rgma.registry;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.gridstack.rgma.sql.Equalities;
import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.service.admission.AddressShare;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The registry with soft state: a registration lives for its termination interval after it was
 * made or last renewed. Lookups (mediation) read a concurrent map and skip expired entries by
 * their deadline, so they never wait for expiry: a sweeper removes expired entries in the
 * background, one entry at a time, without a lock a lookup could wait behind (the seed found
 * R-GMA's registry spending 90 % of a lookup waiting for its expiry {@code DELETE}).
 *
 * <p>Registrations per address are bounded by an {@link AddressShare}: each live registration
 * holds one unit of its address's share, given back when it expires or is removed; a flood from
 * one address is refused (429) while others still register and look up.
 *
 * <p>Thread-safe.
 */
@ThreadSafe
public final class SoftStateRegistry implements RegistryService, AutoCloseable {
    @SuppressWarnings("ThreadSafe") // Entry: final fields and a volatile deadline
    private final ConcurrentHashMap<Long, Entry> entries = new ConcurrentHashMap<>();
    private final AddressShare perAddress;
    @SuppressWarnings("ThreadSafe") // System::nanoTime, or a test's clock
    private final LongSupplier nanoClock;
    private final ScheduledExecutorService sweeper;

    private static final class Entry {
        final ProducerRegistration registration;
        final AddressShare.Slot slot;
        volatile long deadline;

        Entry(ProducerRegistration registration, AddressShare.Slot slot, long deadline) {
            this.registration = registration;
            this.slot = slot;
            this.deadline = deadline;
        }
    }

    /**
     * @param maxPerAddress live registrations one address may hold
     * @param sweepMillis how often expired entries are removed (lookups skip them anyway)
     */
    public SoftStateRegistry(int maxPerAddress, long sweepMillis, MeterRegistry meters) {
        this(maxPerAddress, sweepMillis, meters, System::nanoTime);
    }

    SoftStateRegistry(int maxPerAddress, long sweepMillis, MeterRegistry meters, LongSupplier nanoClock) {
        this.perAddress = new AddressShare(maxPerAddress);
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
        if (sweepMillis < 1) {
            throw new IllegalArgumentException("rgma.registry.sweep-interval must be positive");
        }
        this.sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "rgma-registry-sweeper");
            t.setDaemon(true);
            return t;
        });
        sweeper.scheduleWithFixedDelay(this::sweep, sweepMillis, sweepMillis, TimeUnit.MILLISECONDS);
        Gauge.builder("rgma.registry.producers", entries, m -> m.size()).register(meters);
    }

    @Override
    public void register(ProducerRegistration registration, InetAddress from) {
        requireNonNull(registration, "registration is null");
        AddressShare.Slot slot = perAddress.tryEnter(requireNonNull(from, "from is null"));
        if (slot == null) {
            throw new RgmaException(429, "address " + from.getHostAddress() + " already holds " + perAddress.perAddress()
                    + " live registrations (rgma.registry.max-per-address); close producers or let them expire");
        }
        long deadline = nanoClock.getAsLong() + registration.terminationInterval().toNanos();
        Entry previous = entries.put(registration.id(), new Entry(registration, slot, deadline));
        if (previous != null) {
            previous.slot.close();
        }
    }

    @Override
    public boolean renew(long id) {
        Entry e = entries.get(id);
        long now = nanoClock.getAsLong();
        if (e == null || now - e.deadline > 0) {
            return false;
        }
        e.deadline = now + e.registration.terminationInterval().toNanos();
        return true;
    }

    @Override
    public void unregister(long id) {
        Entry e = entries.remove(id);
        if (e != null) {
            e.slot.close();
        }
    }

    @Override
    public List<ProducerRegistration> lookup(String table, QueryType type, Equalities query, Set<ProducerKind> kinds) {
        long now = nanoClock.getAsLong();
        List<ProducerRegistration> found = new ArrayList<>();
        for (Entry e : entries.values()) {
            ProducerRegistration r = e.registration;
            if (now - e.deadline < 0 && r.table().equals(table) && r.queryTypes().contains(type) && kinds.contains(r.kind())
                    && r.equalities().canOverlap(query)) {
                found.add(r);
            }
        }
        found.sort(Comparator.comparingLong(ProducerRegistration::id));
        return found;
    }

    @Override
    public List<ProducerRegistration> producers() {
        long now = nanoClock.getAsLong();
        List<ProducerRegistration> all = new ArrayList<>();
        for (Entry e : entries.values()) {
            if (now - e.deadline < 0) {
                all.add(e.registration);
            }
        }
        all.sort(Comparator.comparingLong(ProducerRegistration::id));
        return all;
    }

    /** Removes expired entries, giving their address share back. */
    void sweep() {
        long now = nanoClock.getAsLong();
        entries.forEach((id, e) -> {
            if (now - e.deadline >= 0 && entries.remove(id, e)) {
                e.slot.close();
            }
        });
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
    }
}
