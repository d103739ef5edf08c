package org.gridstack.client.frontier;

import com.google.errorprone.annotations.Immutable;
import java.util.Objects;
import org.gridstack.frontier.protocol.Ttl;

/**
 * Per-query settings: the TTL class sent in the URL and the refresh the first request starts
 * with (the client may start harder when its {@code forcereload} or table map asks for it).
 * Immutable.
 */
@Immutable
public record QueryOptions(Ttl ttl, RefreshPolicy refresh) {
    public static final QueryOptions DEFAULT = new QueryOptions(Ttl.LONG, RefreshPolicy.NONE);

    public QueryOptions {
        Objects.requireNonNull(ttl, "ttl is null");
        Objects.requireNonNull(refresh, "refresh is null");
    }

    public QueryOptions withTtl(Ttl newTtl) {
        return new QueryOptions(newTtl, refresh);
    }

    public QueryOptions withRefresh(RefreshPolicy newRefresh) {
        return new QueryOptions(ttl, newRefresh);
    }
}
