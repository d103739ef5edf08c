package org.gridstack.hawkeye.manager;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.gridstack.hawkeye.classad.EvaluationLimits;
import org.gridstack.service.admission.AddressRange;

/**
 * The manager's settings, validated. {@code expiry}: a host whose last ad is older is dropped
 * (HTCondor's collector: {@code CLASSAD_LIFETIME}, 900 s; here three push intervals by
 * default). {@code agentCredentials}: the tokens agents present to push ads (empty refuses every
 * push). {@code queryLimits}: per anonymous query. {@code maxResults}: the most ads one answer
 * holds. {@code maxHostsPerSource}, {@code pushesPerAddress}, {@code queriesPerAddress},
 * {@code maxPushBytes}: what one client address may take. {@code trustedProxies}: CIDRs whose
 * X-Forwarded-For is believed. Every setting is checked here, once: a bad one is refused with an
 * IllegalArgumentException naming it (and its command-line option) and the value. Immutable.
 */
public record ManagerSettings(Duration expiry, Set<String> agentCredentials, EvaluationLimits queryLimits,
        int maxResults, int maxHostsPerSource, int pushesPerAddress, int queriesPerAddress, long maxPushBytes,
        List<String> trustedProxies) {

    public ManagerSettings {
        requireNonNull(expiry, "expiry is null");
        agentCredentials = Set.copyOf(requireNonNull(agentCredentials, "agentCredentials is null"));
        requireNonNull(queryLimits, "queryLimits is null");
        trustedProxies = List.copyOf(requireNonNull(trustedProxies, "trustedProxies is null"));
        if (expiry.isNegative() || expiry.isZero()) {
            throw new IllegalArgumentException("expiry (--expiry) must be positive, got " + expiry);
        }
        atLeastOne("maxResults", maxResults);
        atLeastOne("maxHostsPerSource (--hosts-per-address)", maxHostsPerSource);
        atLeastOne("pushesPerAddress (--pushes-per-address)", pushesPerAddress);
        atLeastOne("queriesPerAddress (--queries-per-address)", queriesPerAddress);
        atLeastOne("maxPushBytes", maxPushBytes);
        for (String c : agentCredentials) {
            if (c.length() < 16) {
                // the credential itself stays out of the message: it is a secret
                throw new IllegalArgumentException("an agent credential (--credential-file) is shorter than 16 characters");
            }
        }
        for (String cidr : trustedProxies) {
            if (cidr.isBlank()) {
                continue;
            }
            try {
                AddressRange.parse(cidr);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("trustedProxies (--trusted-proxy): '" + cidr
                        + "' is not an address or address block such as 10.1.0.0/16 (" + e.getMessage() + ")", e);
            }
        }
    }

    private static void atLeastOne(String setting, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(setting + " must be at least 1, got " + value);
        }
    }

    /** Defaults: expiry 180 s, 10000 results, 1024 hosts, 8 pushes and 16 queries per address, 4 MiB pushes. */
    public static ManagerSettings defaults(Set<String> agentCredentials) {
        return new ManagerSettings(Duration.ofSeconds(180), agentCredentials, EvaluationLimits.QUERY, 10_000, 1024, 8, 16,
                4L << 20, List.of());
    }

    public ManagerSettings withExpiry(Duration value) {
        return new ManagerSettings(value, agentCredentials, queryLimits, maxResults, maxHostsPerSource, pushesPerAddress,
                queriesPerAddress, maxPushBytes, trustedProxies);
    }

    public ManagerSettings withQueryLimits(EvaluationLimits value) {
        return new ManagerSettings(expiry, agentCredentials, value, maxResults, maxHostsPerSource, pushesPerAddress,
                queriesPerAddress, maxPushBytes, trustedProxies);
    }

    public ManagerSettings withMaxHostsPerSource(int value) {
        return new ManagerSettings(expiry, agentCredentials, queryLimits, maxResults, value, pushesPerAddress,
                queriesPerAddress, maxPushBytes, trustedProxies);
    }

    /** The same settings with these per-address shares: queries and pushes at once, hosts held. */
    public ManagerSettings withShares(int queries, int pushes, int hosts) {
        return new ManagerSettings(expiry, agentCredentials, queryLimits, maxResults, hosts, pushes, queries, maxPushBytes,
                trustedProxies);
    }

    /** The same settings, believing X-Forwarded-For from these CIDRs. */
    public ManagerSettings withTrustedProxies(List<String> cidrs) {
        return new ManagerSettings(expiry, agentCredentials, queryLimits, maxResults, maxHostsPerSource, pushesPerAddress,
                queriesPerAddress, maxPushBytes, cidrs);
    }
}
