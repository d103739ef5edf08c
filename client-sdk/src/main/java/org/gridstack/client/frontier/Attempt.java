package org.gridstack.client.frontier;

import com.google.errorprone.annotations.Immutable;
import java.net.URI;
import java.util.Locale;
import java.util.Objects;

/**
 * One request of a query: through which proxy (null = direct) to which server, with which
 * refresh, and how it ended ("ok" or the cause of the failure). Immutable.
 */
@Immutable
public record Attempt(URI proxy, URI server, RefreshPolicy refresh, Outcome outcome, String detail) {
    /** How an attempt ended; decides what the client tries next. */
    public enum Outcome {
        /** Checked answer with rows (or an accepted stale answer after a hard refresh). */
        OK,
        /** Could not connect or timed out: go to the next proxy/server at once. */
        UNREACHABLE,
        /** Broken, corrupt, truncated or 5xx answer, or a global_error: refresh, then move on. */
        BAD_ANSWER,
        /** The answer's max_age had expired in the cache: refresh. */
        STALE,
        /** The server ran the SQL and reported an error: refresh (a cache may hold an old error), final after a hard refresh. */
        SQL_ERROR
    }

    public Attempt {
        Objects.requireNonNull(server, "server is null");
        Objects.requireNonNull(refresh, "refresh is null");
        Objects.requireNonNull(outcome, "outcome is null");
        Objects.requireNonNull(detail, "detail is null");
    }

    @Override
    public String toString() {
        return (proxy == null ? "direct" : "proxy " + proxy) + " -> server " + server + " (refresh " + refresh.name().toLowerCase(Locale.ROOT)
                + "): " + outcome + (detail.isEmpty() ? "" : " " + detail);
    }
}
