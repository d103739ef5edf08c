package org.gridstack.client.frontier;

import java.util.Locale;

/**
 * How hard a request asks the caches on the way to bypass what they hold. The values map to the
 * {@code Cache-Control} headers the C client sends; {@code max-stale=1} is always there so that a
 * cache may serve a just-expired object while it revalidates.
 */
public enum RefreshPolicy {
    /** Take what the cache has (normal operation). */
    NONE("max-stale=1"),
    /** Let the cache revalidate with the server (If-Modified-Since); cheap when nothing changed. */
    SOFT("max-stale=1,max-age=0"),
    /** Force every cache on the way to fetch a fresh copy from the server. */
    HARD("max-stale=1,no-cache");

    private final String cacheControl;

    RefreshPolicy(String cacheControl) {
        this.cacheControl = cacheControl;
    }

    /** The {@code Cache-Control} request header value. */
    public String cacheControl() {
        return cacheControl;
    }

    /** The next stronger policy, or null after {@link #HARD}: the C client's escalation order. */
    public RefreshPolicy stronger() {
        return this == NONE ? SOFT : this == SOFT ? HARD : null;
    }

    /** The stronger of the two. */
    public RefreshPolicy max(RefreshPolicy other) {
        return other.ordinal() > ordinal() ? other : this;
    }

    /** Parses {@code none|soft|hard}, case-insensitively. */
    public static RefreshPolicy parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("refresh policy must be none, soft or hard, not '" + text + "'", e);
        }
    }
}
