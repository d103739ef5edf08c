package org.gridstack.mds.registration;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.time.Duration;

import com.unboundid.ldap.sdk.DN;

/**
 * One soft-state registration of a GRIS or GIIS with a GIIS, with MDS2's names: the registrant's
 * host ({@code hn}), {@code port} and suffix ({@code rootdn}); {@code regperiod} (how often it
 * re-registers: 600 s in MDS2), {@code ttl} (how long the registration lives unless renewed:
 * 1200 s), {@code cachettl} (how long the GIIS may keep the registrant's data: 30 s) and
 * {@code timeout} (how long the GIIS waits for the registrant when it pulls its data: 20 s).
 * Immutable; thread-safe.
 */
@Immutable
public record Registration(String host, int port, DN rootDn, Duration regperiod, Duration ttl, Duration cachettl,
        Duration timeout) {
    public static final Duration DEFAULT_REGPERIOD = Duration.ofSeconds(600);
    public static final Duration DEFAULT_TTL = Duration.ofSeconds(1200);
    public static final Duration DEFAULT_CACHETTL = Duration.ofSeconds(30);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(20);

    public Registration {
        requireNonNull(host, "host is null");
        requireNonNull(rootDn, "rootDn is null");
        requireNonNull(regperiod, "regperiod is null");
        requireNonNull(ttl, "ttl is null");
        requireNonNull(cachettl, "cachettl is null");
        requireNonNull(timeout, "timeout is null");
        if (host.isBlank() || host.chars().anyMatch(c -> c <= ' ' || c == '/')) {
            throw new IllegalArgumentException("hn '" + host + "' is not a host name or address");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not between 1 and 65535");
        }
        if (rootDn.isNullDN()) {
            throw new IllegalArgumentException("rootdn must name the registrant's suffix, e.g. Mds-Vo-name=local,o=Grid");
        }
        positive("regperiod", regperiod);
        positive("ttl", ttl);
        positive("timeout", timeout);
        if (cachettl.isNegative()) {
            throw new IllegalArgumentException("cachettl " + cachettl.toSeconds() + " s is negative");
        }
    }

    private static void positive(String name, Duration d) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " " + d.toSeconds() + " s must be positive");
        }
    }

    /** What identifies a registrant: renewals with the same key extend the same registration. */
    public String key() {
        return "ldap://" + host + ":" + port + "/" + rootDn.toNormalizedString();
    }
}
