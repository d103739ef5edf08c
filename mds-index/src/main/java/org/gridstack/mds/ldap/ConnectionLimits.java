package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.time.Duration;

/**
 * What one client connection may hold of an LDAP front-end before a request is decoded: how long
 * it may stay idle between requests (slapd's idle timeout), how long one request may take to
 * arrive once its first byte is in (a half-sent request must not hold a thread for good), how
 * deeply a request's BER elements may nest (a filter of thousands of nested {@code (&...)} is
 * refused before the SDK decodes it recursively), and how many connections one client address may
 * hold at once. Immutable; thread-safe.
 *
 * @param idleTimeout         a connection without a request for this long is closed (zero: never)
 * @param readTimeout         a request not complete this long after its first byte closes its connection
 * @param maxNesting          most nested BER elements in one request (a filter of depth d nests d + 2)
 * @param maxPerAddress       most connections from one client address at once (0: no limit of its own)
 */
@Immutable
public record ConnectionLimits(Duration idleTimeout, Duration readTimeout, int maxNesting, int maxPerAddress) {
    /**
     * slapd evaluates 1,000 nested filters and refuses 10,000 ("filter nested too deeply"); the
     * SDK's recursive decoder overflows its stack at a few thousand.
     */
    public static final int DEFAULT_MAX_NESTING = 1024;

    public ConnectionLimits {
        requireNonNull(idleTimeout, "idleTimeout is null");
        requireNonNull(readTimeout, "readTimeout is null");
        if (idleTimeout.isNegative()) {
            throw new IllegalArgumentException("idleTimeout must not be negative (0: no idle timeout)");
        }
        if (readTimeout.isNegative() || readTimeout.isZero()) {
            throw new IllegalArgumentException("readTimeout must be positive");
        }
        if (maxNesting < 8) {
            throw new IllegalArgumentException("maxNesting " + maxNesting + " must be at least 8 (plain requests nest 5 deep)");
        }
        if (maxPerAddress < 0) {
            throw new IllegalArgumentException("maxPerAddress " + maxPerAddress + " is negative (0: no limit)");
        }
    }

    /**
     * Idle connections closed after 10 minutes, requests read within 30 s, nesting 1,024, 1,000
     * connections per address (half the listeners' default of 2,000 connections: one address
     * cannot take them all, and the benchmarks' 800 clients on loopback still fit).
     */
    public static ConnectionLimits defaults() {
        return new ConnectionLimits(Duration.ofMinutes(10), Duration.ofSeconds(30), DEFAULT_MAX_NESTING, 1000);
    }
}
