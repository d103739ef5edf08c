package org.gridstack.client.frontier;

import com.google.errorprone.annotations.Immutable;
import java.util.Locale;
import java.util.Objects;
import org.gridstack.frontier.protocol.Ttl;

/**
 * The client-wide {@code forcereload} setting: which refresh every request starts with. Either a
 * policy for all queries ({@code none}, {@code soft}, {@code hard}) or a TTL limit
 * ({@code short}, {@code long}, {@code forever}, optionally prefixed {@code soft-}): queries whose
 * TTL class is at most that limit are refreshed (hard, or soft with the prefix), others are not.
 * So {@code forcereload=short} refreshes only {@code ttl=short} queries and {@code forever}
 * refreshes everything. Immutable.
 */
@Immutable
public record ForceReload(RefreshPolicy policy, Ttl upTo) {
    public static final ForceReload NONE = new ForceReload(RefreshPolicy.NONE, Ttl.FOREVER);

    public ForceReload {
        Objects.requireNonNull(policy, "policy is null");
        Objects.requireNonNull(upTo, "upTo is null");
    }

    /** The refresh a query of this TTL class starts with. */
    public RefreshPolicy policyFor(Ttl ttl) {
        return ttl.ordinal() <= upTo.ordinal() ? policy : RefreshPolicy.NONE;
    }

    public static ForceReload parse(String text) {
        String t = Objects.requireNonNull(text, "text is null").trim().toLowerCase(Locale.ROOT);
        RefreshPolicy policy = RefreshPolicy.HARD;
        if (t.startsWith("soft-")) {
            policy = RefreshPolicy.SOFT;
            t = t.substring("soft-".length());
        }
        switch (t) {
            case "none", "soft", "hard":
                if (policy == RefreshPolicy.SOFT) {
                    break;
                }
                return new ForceReload(RefreshPolicy.parse(t), Ttl.FOREVER);
            case "short":
                return new ForceReload(policy, Ttl.SHORT);
            case "long":
                return new ForceReload(policy, Ttl.LONG);
            case "forever":
                return new ForceReload(policy, Ttl.FOREVER);
            default:
                break;
        }
        throw new IllegalArgumentException("forcereload must be none, soft, hard, short, long, forever or soft-short|long|forever, not '" + text + "'");
    }

    @Override
    public String toString() {
        if (policy == RefreshPolicy.NONE) {
            return "none";
        }
        if (upTo == Ttl.FOREVER) {
            return policy.name().toLowerCase(Locale.ROOT);
        }
        return (policy == RefreshPolicy.SOFT ? "soft-" : "") + upTo.urlValue();
    }
}
