package org.gridstack.service.admission;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How many units of a service's capacity (query slots, pooled database connections, LDAP
 * connections, ...) one client address may hold at once, so that one address cannot take all of
 * them and make every other client wait. A request over its address's share is refused at once;
 * the caller answers in its own protocol (HTTP 429/503, an LDAP busy result).
 *
 * <p>The key is the client's address and nothing the client can choose: an IPv4 address whole,
 * an IPv6 address by its /64 prefix (one host is normally given a whole /64, so keying on the
 * full IPv6 address would let it rotate through 2<sup>64</sup> "clients"). Behind a proxy the
 * caller passes the address {@link ClientAddressResolver} trusts, not a header.
 *
 * <p>Thread-safe. Memory is bounded by the number of slots held: an address holding nothing has
 * no entry.
 */
@ThreadSafe
public final class AddressShare {

    /** One request's place in its address's share; closing it (more than once is fine) gives it back. */
    public interface Slot extends AutoCloseable {
        @Override
        void close();
    }

    /** The slot of a request that takes no share (for callers that admit some requests without one). */
    public static final Slot NONE = () -> { };

    private final int perAddress;
    // the check cannot prove Key thread-safe (a record of an array): its array is made in Key.of and
    // never written again
    @SuppressWarnings("ThreadSafe")
    private final ConcurrentHashMap<Key, Integer> held = new ConcurrentHashMap<>();

    /**
     * @param perAddress units one address may hold at once, at least 1
     */
    public AddressShare(int perAddress) {
        if (perAddress < 1) {
            throw new IllegalArgumentException("perAddress must be at least 1, got " + perAddress);
        }
        this.perAddress = perAddress;
    }

    /**
     * A share of {@code capacity}: {@code floor(capacity * share)} units per address, at least one.
     *
     * @param capacity the units the service has (pool size, slots), at least 1
     * @param share the fraction one address may hold, in (0, 1]
     */
    public static AddressShare ofCapacity(int capacity, double share) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        }
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("share must be in (0, 1], got " + share);
        }
        return new AddressShare(Math.max(1, (int) Math.floor(capacity * share)));
    }

    /** Units one address may hold at once. */
    public int perAddress() {
        return perAddress;
    }

    /** Units {@code client}'s address (its /64 for IPv6) holds now. */
    public int holding(InetAddress client) {
        return held.getOrDefault(Key.of(client), 0);
    }

    /** Addresses that hold at least one unit now. */
    public int addresses() {
        return held.size();
    }

    /**
     * A slot for one more unit of {@code client}'s address, or {@code null} when the address
     * already holds its share. The caller must close the slot when the unit is given back.
     */
    public Slot tryEnter(InetAddress client) {
        Key key = Key.of(Objects.requireNonNull(client, "client is null"));
        boolean[] entered = new boolean[1];
        held.compute(key, (k, n) -> {
            int now = n == null ? 0 : n;
            if (now >= perAddress) {
                return n;
            }
            entered[0] = true;
            return now + 1;
        });
        if (!entered[0]) {
            return null;
        }
        AtomicBoolean closed = new AtomicBoolean();
        return () -> {
            if (closed.compareAndSet(false, true)) {
                held.computeIfPresent(key, (k, n) -> n <= 1 ? null : n - 1);
            }
        };
    }

    /** An IPv4 address, or the first 8 bytes (the /64) of an IPv6 address. */
    private record Key(byte[] bytes) {
        static Key of(InetAddress address) {
            byte[] raw = address.getAddress();
            return new Key(address instanceof Inet4Address ? raw : Arrays.copyOf(raw, 8));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(bytes, k.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return Arrays.toString(bytes);
        }
    }
}
