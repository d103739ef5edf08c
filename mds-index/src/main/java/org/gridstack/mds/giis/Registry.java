package org.gridstack.mds.giis;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import com.google.errorprone.annotations.ThreadSafe;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import org.gridstack.mds.registration.Registration;

/**
 * A GIIS's soft-state registrations: each lives for its {@code ttl} from its last renewal.
 * Reads, renewals and expiry never take a global lock (seed 001: R-GMA's registry made every
 * query wait behind its expiry delete): the map is concurrent, a reader skips entries that have
 * expired, and {@link #sweep} removes an expired entry only if it was not renewed meanwhile
 * (conditional remove). Thread-safe.
 */
@ThreadSafe
public final class Registry {
    /** A registration, the address it came from, and when it expires unless renewed. */
    @Immutable
    public record Live(Registration registration, String sender, Instant expires) {
    }

    private final ConcurrentMap<String, Live> byKey = new ConcurrentHashMap<>();

    private final int capacity;
    private final int perSender;

    /**
     * @param capacity  most registrations held at once (renewals of held ones always succeed)
     * @param perSender most registrations held at once that came from one address
     */
    public Registry(int capacity, int perSender) {
        if (capacity < 1 || perSender < 1) {
            throw new IllegalArgumentException("capacity " + capacity + " and perSender " + perSender + " must be at least 1");
        }
        this.capacity = capacity;
        this.perSender = perSender;
    }

    /**
     * Adds or renews a registration that came from {@code sender}; returns the previous state
     * (null when new).
     *
     * @throws IllegalStateException when a new registration would exceed the capacity, in all or
     *                               of its sender
     */
    public Live renew(Registration registration, String sender, Instant now) {
        requireNonNull(registration, "registration is null");
        requireNonNull(sender, "sender is null");
        Live next = new Live(registration, sender, now.plus(registration.ttl()));
        Live[] previous = new Live[1];
        byKey.computeIfPresent(registration.key(), (k, v) -> {
            previous[0] = v;
            return next;
        });
        if (previous[0] != null) {
            return previous[0];
        }
        if (byKey.size() >= capacity) {
            throw new IllegalStateException("this GIIS holds its maximum of " + capacity + " registrations");
        }
        long fromSender = byKey.values().stream().filter(l -> l.sender.equals(sender)).count();
        if (fromSender >= perSender) {
            throw new IllegalStateException("this GIIS holds its maximum of " + perSender + " registrations from " + sender);
        }
        return byKey.put(registration.key(), next);
    }

    public boolean isLive(String key, Instant now) {
        Live l = byKey.get(key);
        return l != null && now.isBefore(l.expires);
    }

    /** The registrations alive at {@code now}. */
    public List<Live> live(Instant now) {
        List<Live> out = new ArrayList<>();
        for (Live l : byKey.values()) {
            if (now.isBefore(l.expires)) {
                out.add(l);
            }
        }
        return out;
    }

    /** Removes and returns what expired by {@code now}. */
    public List<Registration> sweep(Instant now) {
        List<Registration> removed = new ArrayList<>();
        for (Map.Entry<String, Live> e : byKey.entrySet()) {
            Live l = e.getValue();
            if (!now.isBefore(l.expires) && byKey.remove(e.getKey(), l)) {
                removed.add(l.registration);
            }
        }
        return removed;
    }

    public int size() {
        return byKey.size();
    }
}
