package org.gridstack.mds.cache;

import java.util.Locale;

/**
 * How the provider cache treats each provider's {@code cachetime}; the seeds measured the two
 * extremes ({@link #ON} and {@link #OFF}).
 */
public enum CacheMode {
    /**
     * Honour each provider's cachetime: a read that finds the data expired runs the provider
     * (one run shared by all readers) and waits for it, at most the provider's timelimit.
     */
    AUTO,
    /**
     * Forced on: once a provider has data, reads never wait for it; expired data is refreshed in
     * the background while the previous data is served.
     */
    ON,
    /**
     * Forced off: every read runs every provider itself (MDS2's uncached GRIS), still bounded by
     * each provider's timelimit.
     */
    OFF;

    /** {@code auto}, {@code on} or {@code off}, any case; anything else is an error that lists them. */
    public static CacheMode parse(String text) {
        try {
            return valueOf(text.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("cache mode '" + text + "' is not one of auto, on, off");
        }
    }
}
