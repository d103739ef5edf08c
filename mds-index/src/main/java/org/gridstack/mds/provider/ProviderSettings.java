package org.gridstack.mds.provider;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.time.Duration;

/**
 * The MDS2 settings of one information provider, with MDS2's names: {@code cachetime} (how long
 * its output stays valid), {@code timelimit} (how long one run may take before it is killed and
 * its last data is served as stale) and {@code sizelimit} (how many entries of one run are kept;
 * 0 keeps all). The name identifies the provider in logs and diagnostics.
 *
 * <p>Defaults (see {@link #of(String)}): cachetime 60 s (MDS2's value for CPU and memory
 * providers), timelimit 20 s, sizelimit 0. Immutable and thread-safe.
 */
@Immutable
public record ProviderSettings(String name, Duration cachetime, Duration timelimit, int sizelimit) {
    /** The default {@code cachetime}: 60 s. */
    public static final Duration DEFAULT_CACHETIME = Duration.ofSeconds(60);
    /** The default {@code timelimit}: 20 s. */
    public static final Duration DEFAULT_TIMELIMIT = Duration.ofSeconds(20);

    public ProviderSettings {
        requireNonNull(name, "name is null");
        requireNonNull(cachetime, "cachetime is null");
        requireNonNull(timelimit, "timelimit is null");
        if (name.isBlank() || name.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("provider name '" + name + "' must be non-blank printable text");
        }
        if (cachetime.isNegative()) {
            throw new IllegalArgumentException("provider " + name + ": cachetime " + cachetime + " is negative; use 0 to never cache");
        }
        if (timelimit.isNegative() || timelimit.isZero()) {
            throw new IllegalArgumentException("provider " + name + ": timelimit " + timelimit + " must be positive");
        }
        if (sizelimit < 0) {
            throw new IllegalArgumentException("provider " + name + ": sizelimit " + sizelimit + " is negative; use 0 for no limit");
        }
    }

    /** The defaults for a provider called {@code name}. */
    public static ProviderSettings of(String name) {
        return new ProviderSettings(name, DEFAULT_CACHETIME, DEFAULT_TIMELIMIT, 0);
    }

    public ProviderSettings withCachetime(Duration value) {
        return new ProviderSettings(name, value, timelimit, sizelimit);
    }

    public ProviderSettings withTimelimit(Duration value) {
        return new ProviderSettings(name, cachetime, value, sizelimit);
    }

    public ProviderSettings withSizelimit(int value) {
        return new ProviderSettings(name, cachetime, timelimit, value);
    }
}
