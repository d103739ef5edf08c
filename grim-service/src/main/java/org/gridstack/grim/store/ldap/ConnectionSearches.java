package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;
import static org.gridstack.grim.store.ldap.LdapCollections.*;

import com.google.errorprone.annotations.Immutable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gridstack.grim.store.FourHopPaths;

import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.SearchResultEntry;

/**
 * The network reads of docs/operations.md as LDAP searches: connections by sequence number
 * (#7, #8, #9) and the four-hop paths from an endpoint (#12), in both modes. Immutable and
 * thread-safe.
 */
@Immutable
final class ConnectionSearches {
    private final GlueLdapMapping glue;

    ConnectionSearches(GlueLdapMapping glue) {
        this.glue = requireNonNull(glue, "glue is null");
    }

    /** #7, #8, #9: the connections whose sequence number is within {@code from..to}. */
    List<List<Object>> sequenceRange(LdapSession s, long from, long to) {
        String seq = glue.attribute(CONNECTIONS, "sequence");
        Filter f = from == to ? Filter.createEqualityFilter(seq, String.valueOf(from))
                : Filter.createANDFilter(Filter.createGreaterOrEqualFilter(seq, String.valueOf(from)),
                        Filter.createLessOrEqualFilter(seq, String.valueOf(to)));
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry e : s.searchAll(glue.allOf(glue.objectClassFilter(CONNECTIONS), f),
                GlueDit.attributes(CONNECTIONS, "connection_id", "source_endpoint", "target_endpoint", "sequence"))) {
            Long v = glue.integer(e, CONNECTIONS, "sequence");
            if (v != null && v >= from && v <= to) {
                rows.add(Arrays.<Object>asList(glue.text(e, CONNECTIONS, "connection_id"), glue.text(e, CONNECTIONS, "source_endpoint"),
                        glue.text(e, CONNECTIONS, "target_endpoint"), v));
            }
        }
        return rows;
    }

    /** BEST: endpoints per search (a server evaluates an OR term by term on every candidate). */
    static final int HOP_CHUNK = 32;
    /** FAITHFUL: a frontier longer than this reads every connection instead of naming each endpoint. */
    static final int HOP_READ_ALL = 256;

    /**
     * One step per hop level. FAITHFUL: one search per level, an OR over the frontier, or every
     * connection once the frontier is longer than {@link #HOP_READ_ALL} (a long OR costs the server
     * more than a scan); BEST: the frontier in ORs of at most {@link #HOP_CHUNK} endpoints.
     */
    List<List<Object>> networkHop(LdapSession s, boolean best, String start) {
        Map<String, List<String>> next = new HashMap<>();
        Set<String> frontier = Set.of(start);
        Set<String> asked = new HashSet<>();
        String[] attrs = GlueDit.attributes(CONNECTIONS, "source_endpoint", "target_endpoint");
        for (int level = 0; level < 4 && !frontier.isEmpty(); level++) {
            asked.addAll(frontier);
            List<SearchResultEntry> found = new ArrayList<>();
            if (best) {
                List<String> ids = new ArrayList<>(frontier);
                for (int i = 0; i < ids.size(); i += HOP_CHUNK) {
                    found.addAll(s.searchAll(glue.entriesWithAnyOf(CONNECTIONS, "source_endpoint",
                            ids.subList(i, Math.min(ids.size(), i + HOP_CHUNK))),
                            attrs));
                }
            } else if (frontier.size() > HOP_READ_ALL) {
                found.addAll(s.searchAll(glue.objectClassFilter(CONNECTIONS), attrs));
            } else {
                found.addAll(s.searchAll(glue.entriesWithAnyOf(CONNECTIONS, "source_endpoint", frontier), attrs));
            }
            Set<String> reached = new LinkedHashSet<>();
            for (SearchResultEntry e : found) {
                String src = glue.text(e, CONNECTIONS, "source_endpoint");
                String dst = glue.text(e, CONNECTIONS, "target_endpoint");
                if (src != null && dst != null && frontier.contains(src)) {
                    next.computeIfAbsent(src, k -> new ArrayList<>()).add(dst);
                    if (!asked.contains(dst)) {
                        reached.add(dst);
                    }
                }
            }
            frontier = reached;
        }
        return FourHopPaths.from(next, start);
    }
}
