package org.gridstack.hawkeye.manager;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import java.util.concurrent.ConcurrentMap;
import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.EvaluationBudget;
import org.gridstack.hawkeye.classad.Evaluator;
import org.gridstack.hawkeye.classad.Expr;

/**
 * The manager's resident store: the latest ad per host (names case-insensitive), indexed by
 * literal attribute values ({@link AttributeIndex}), with expiry of hosts that stop reporting.
 * Queries evaluate the constraint on the index's candidates only, within the caller's
 * {@link EvaluationBudget}. Thread-safe: updates of one host are serialized, queries run
 * concurrently with updates and see each host's old or new ad.
 */
@ThreadSafe
public final class AdStore {
    private final ConcurrentMap<String, StoredAd> ads = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Integer> hostsPerSource = new ConcurrentHashMap<>();
    private final AttributeIndex index = new AttributeIndex();
    private final Clock clock;
    private final int maxHostsPerSource;

    /**
     * @param maxHostsPerSource how many different hosts one address may hold ads for (a flood of
     *     invented host names from one address stops there)
     */
    public AdStore(Clock clock, int maxHostsPerSource) {
        this.clock = requireNonNull(clock, "clock is null");
        if (maxHostsPerSource < 1) {
            throw new IllegalArgumentException("maxHostsPerSource " + maxHostsPerSource + " is below 1");
        }
        this.maxHostsPerSource = maxHostsPerSource;
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** Thrown when an address already holds {@code maxHostsPerSource} hosts. */
    public static final class TooManyHostsException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooManyHostsException(String message) {
            super(message);
        }
    }

    /**
     * Stores {@code ad} as host {@code name}'s latest and returns the ad it replaced (null if new).
     *
     * @throws TooManyHostsException when a new host would pass the source address's limit
     */
    public StoredAd put(String name, ClassAd ad, String agentUrl, String sourceAddress) {
        String key = key(name);
        StoredAd stored = new StoredAd(name, ad, agentUrl, clock.instant(), sourceAddress);
        StoredAd[] previous = new StoredAd[1];
        ads.compute(key, (k, old) -> {
            if (old == null || !old.sourceAddress().equals(sourceAddress)) {
                int held = hostsPerSource.getOrDefault(sourceAddress, 0);
                if (held >= maxHostsPerSource) {
                    throw new TooManyHostsException("address " + sourceAddress + " already reports "
                            + held + " hosts, the most one address may");
                }
                hostsPerSource.merge(sourceAddress, 1, Integer::sum);
                if (old != null) {
                    hostsPerSource.computeIfPresent(old.sourceAddress(), (a, n) -> n <= 1 ? null : n - 1);
                }
            }
            if (old != null) {
                index.remove(k, old.ad());
            }
            index.add(k, ad);
            previous[0] = old;
            return stored;
        });
        return previous[0];
    }

    /** Host {@code name}'s latest ad, or null. */
    public StoredAd get(String name) {
        return ads.get(key(name));
    }

    public int size() {
        return ads.size();
    }

    public Collection<StoredAd> all() {
        return List.copyOf(ads.values());
    }

    /** Removes the hosts whose latest ad is older than {@code maxAge}; returns them. */
    public List<StoredAd> expire(Duration maxAge) {
        Instant cutoff = clock.instant().minus(maxAge);
        List<StoredAd> expired = new ArrayList<>();
        for (Map.Entry<String, StoredAd> e : ads.entrySet()) {
            if (e.getValue().receivedAt().isBefore(cutoff)) {
                ads.computeIfPresent(e.getKey(), (k, old) -> {
                    if (!old.receivedAt().isBefore(cutoff)) {
                        return old; // refreshed meanwhile
                    }
                    index.remove(k, old.ad());
                    hostsPerSource.computeIfPresent(old.sourceAddress(), (a, n) -> n <= 1 ? null : n - 1);
                    expired.add(old);
                    return null;
                });
            }
        }
        return expired;
    }

    /**
     * The stored ads {@code constraint} evaluates to TRUE for (all when null), in no particular
     * order, at most {@code limit} of them.
     *
     * @throws org.gridstack.hawkeye.classad.EvaluationLimitException when the budget runs out
     */
    public List<StoredAd> query(Expr constraint, EvaluationBudget budget, int limit) {
        List<StoredAd> out = new ArrayList<>();
        if (constraint == null) {
            for (StoredAd s : ads.values()) {
                if (out.size() >= limit) {
                    break;
                }
                out.add(s);
            }
            return out;
        }
        List<String> candidates = index.candidates(constraint);
        Iterable<StoredAd> scan = candidates == null ? ads.values() : candidates.stream().map(ads::get).toList();
        for (StoredAd s : scan) {
            if (s == null) {
                continue; // expired meanwhile
            }
            if (Evaluator.matches(constraint, s.ad(), budget, clock)) {
                out.add(s);
                if (out.size() >= limit) {
                    break;
                }
            }
        }
        return out;
    }
}
