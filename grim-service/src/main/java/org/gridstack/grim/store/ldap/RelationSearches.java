package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;
import static org.gridstack.grim.store.ldap.LdapCollections.*;

import com.google.errorprone.annotations.Immutable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The many-relations read of docs/operations.md (#10) as LDAP searches: from a host to its
 * subclusters (home and shared), their clusters' computing elements, the storage elements bound
 * to those and the storage elements' access protocols, in both modes. Immutable and thread-safe.
 */
@Immutable
final class RelationSearches {
    private final GlueLdapMapping glue;

    RelationSearches(GlueLdapMapping glue) {
        this.glue = requireNonNull(glue, "glue is null");
    }

    /** #10 FAITHFUL: one search per collection step from the host to the protocols. */
    List<List<Object>> manyRelationsFaithful(LdapSession s, String host) {
        Set<String> subs = new LinkedHashSet<>();
        for (SearchResultEntry h : s.searchAll(glue.entriesWith(HOSTS, "host_id", host),
                GlueDit.attributes(HOSTS, "host_id", "sub_cluster_id"))) {
            if (host.equals(glue.text(h, HOSTS, "host_id"))) {
                glue.addText(subs, h, HOSTS, "sub_cluster_id");
            }
        }
        for (SearchResultEntry r : s.searchAll(glue.entriesWith(SHARED_HOSTS, "host_id", host), GlueDit.allAttributes(SHARED_HOSTS))) {
            if (host.equals(glue.text(r, SHARED_HOSTS, "host_id"))) {
                subs.add(glue.text(r, SHARED_HOSTS, "sub_cluster_id"));
            }
        }
        if (subs.isEmpty()) {
            return List.of();
        }
        Map<String, String> clusterOf = new HashMap<>();
        for (SearchResultEntry e : s.searchAll(glue.entriesWithAnyOf(SUB_CLUSTERS, "sub_cluster_id", subs),
                GlueDit.attributes(SUB_CLUSTERS, "sub_cluster_id", "cluster_id"))) {
            String cl = glue.text(e, SUB_CLUSTERS, "cluster_id");
            if (cl != null) {
                clusterOf.put(glue.text(e, SUB_CLUSTERS, "sub_cluster_id"), cl);
            }
        }
        return cesBindsProtocols(s, subs, clusterOf, null);
    }

    /** #10 BEST: the host's subclusters and clusters read from the DIT, then the CEs, bindings and protocols. */
    List<List<Object>> manyRelationsBest(LdapSession s, String host) {
        // one search: the host (nested under its home subcluster) and the shared-host links (nested
        // under the subclusters they name); the subclusters' clusters are the DNs' grandparents
        Map<String, String> clusterOf = new HashMap<>();
        Set<String> subs = new LinkedHashSet<>();
        for (SearchResultEntry e : s.searchAll(glue.anyOf(glue.entriesWith(HOSTS, "host_id", host),
                glue.entriesWith(SHARED_HOSTS, "host_id", host)),
                glue.attributesWithObjectClass(GlueDit.attributes(HOSTS, "host_id", "sub_cluster_id")))) {
            if (!host.equals(glue.isEntryOf(e, HOSTS) ? glue.text(e, HOSTS, "host_id") : glue.text(e, SHARED_HOSTS, "host_id"))) {
                continue;
            }
            DN parent = glue.parsedDn(e).getParent();
            String sc = glue.rdnValue(parent, SUB_CLUSTERS.key().glueName());
            String cl = parent == null ? null : glue.rdnValue(parent.getParent(), CLUSTERS.key().glueName());
            if (sc != null) {
                subs.add(sc);
                if (cl != null) {
                    clusterOf.put(sc, cl);
                }
            }
        }
        return cesBindsProtocols(s, subs, clusterOf, s);
    }

    /**
     * CEs of the clusters, their SE bindings, the SEs' access protocols. FAITHFUL (dit == null):
     * three searches; BEST: one subtree search per cluster for its CEs and the bindings nested
     * under them, then one for the protocols.
     */
    private List<List<Object>> cesBindsProtocols(LdapSession s, Set<String> subs, Map<String, String> clusterOf, LdapSession dit) {
        Set<String> clusters = new LinkedHashSet<>(clusterOf.values());
        if (clusters.isEmpty()) {
            return List.of();
        }
        Map<String, List<String>> cesOf = new HashMap<>(); // cluster -> CEs
        Map<String, List<String>> sesOf = new HashMap<>(); // CE -> SEs
        String[] ceAttrs = GlueDit.attributes(COMPUTING_ELEMENTS, "ce_id", "cluster_id");
        String[] bindAttrs = GlueDit.attributes(CE_SE_BINDS, "ce_id", "se_id");
        if (dit == null) {
            for (SearchResultEntry e : s.searchAll(glue.entriesWithAnyOf(COMPUTING_ELEMENTS, "cluster_id", clusters), ceAttrs)) {
                addCe(cesOf, e);
            }
            Set<String> ces = new LinkedHashSet<>();
            cesOf.values().forEach(ces::addAll);
            if (ces.isEmpty()) {
                return List.of();
            }
            for (SearchResultEntry e : s.searchAll(glue.entriesWithAnyOf(CE_SE_BINDS, "ce_id", ces), bindAttrs)) {
                sesOf.computeIfAbsent(glue.text(e, CE_SE_BINDS, "ce_id"), k -> new ArrayList<>()).add(glue.text(e, CE_SE_BINDS, "se_id"));
            }
        } else {
            for (String cl : clusters) {
                for (SearchResultEntry e : s.search(GlueDit.dn(CLUSTERS, List.of(cl), null), SearchScope.SUB,
                        glue.anyOf(glue.objectClassFilter(COMPUTING_ELEMENTS), glue.objectClassFilter(CE_SE_BINDS)),
                        glue.attributesWithObjectClass(ceAttrs, bindAttrs))) {
                    if (glue.isEntryOf(e, COMPUTING_ELEMENTS)) {
                        addCe(cesOf, e);
                    } else {
                        sesOf.computeIfAbsent(glue.text(e, CE_SE_BINDS, "ce_id"),
                                k -> new ArrayList<>()).add(glue.text(e, CE_SE_BINDS, "se_id"));
                    }
                }
            }
        }
        Set<String> ses = new LinkedHashSet<>();
        sesOf.values().forEach(ses::addAll);
        if (ses.isEmpty()) {
            return List.of();
        }
        Map<String, List<String>> typesOf = new HashMap<>(); // SE -> protocol types
        for (SearchResultEntry e : s.searchAll(glue.entriesWithAnyOf(ACCESS_PROTOCOLS, "se_id", ses),
                GlueDit.attributes(ACCESS_PROTOCOLS, "protocol_id", "se_id", "type"))) {
            typesOf.computeIfAbsent(glue.text(e, ACCESS_PROTOCOLS, "se_id"),
                    k -> new ArrayList<>()).add(glue.text(e, ACCESS_PROTOCOLS, "type"));
        }
        List<List<Object>> rows = new ArrayList<>();
        for (String sc : subs) {
            String cl = clusterOf.get(sc);
            for (String ce : cesOf.getOrDefault(cl, List.of())) {
                for (String se : sesOf.getOrDefault(ce, List.of())) {
                    for (String type : typesOf.getOrDefault(se, List.of())) {
                        rows.add(Arrays.<Object>asList(sc, cl, ce, se, type));
                    }
                }
            }
        }
        return rows;
    }

    private void addCe(Map<String, List<String>> cesOf, Entry e) {
        String cl = glue.text(e, COMPUTING_ELEMENTS, "cluster_id");
        if (cl != null) {
            cesOf.computeIfAbsent(cl, k -> new ArrayList<>()).add(glue.text(e, COMPUTING_ELEMENTS, "ce_id"));
        }
    }
}
