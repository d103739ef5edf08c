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

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The host reads of docs/operations.md as LDAP searches: hosts of a cluster running a release,
 * scoped (#1) and not (#2), and a host's details with its operating system and memory (#5, #6),
 * in both modes. Every equality the answer depends on is checked again exactly in Java.
 * Immutable and thread-safe.
 */
@Immutable
final class HostSearches {
    private final GlueLdapMapping glue;
    private final OperatingSystemSearch operatingSystems;

    HostSearches(GlueLdapMapping glue, OperatingSystemSearch operatingSystems) {
        this.glue = requireNonNull(glue, "glue is null");
        this.operatingSystems = requireNonNull(operatingSystems, "operatingSystems is null");
    }

    /** #1: the hosts of cluster {@code cluster} running release {@code release}, searched under the cluster's entry. */
    List<List<Object>> scopedHosts(LdapSession s, boolean best, String cluster, String release) {
        Set<String> os = operatingSystems.idsWhere(s, "release", release);
        DN base;
        if (best) {
            base = GlueDit.dn(CLUSTERS, List.of(cluster), null);
        } else {
            base = null;
            for (SearchResultEntry e : s.searchAll(glue.entriesWith(CLUSTERS, "cluster_id", cluster),
                    glue.attribute(CLUSTERS, "cluster_id"))) {
                if (cluster.equals(glue.text(e, CLUSTERS, "cluster_id"))) {
                    base = glue.parsedDn(e);
                }
            }
        }
        if (base == null || os.isEmpty()) {
            return List.of();
        }
        return hostsWithOs(s.search(base, SearchScope.SUB, glue.entriesWithAnyOf(HOSTS, "os_id", os),
                GlueDit.attributes(HOSTS, "host_id", "host_name", "cluster_id", "os_id")), cluster, os);
    }

    /** #2: the same answer as #1 from searches over the whole tree. */
    List<List<Object>> nonScopedHosts(LdapSession s, boolean best, String cluster, String release) {
        if (!best) {
            Set<String> os = operatingSystems.idsWhere(s, "release", release);
            if (os.isEmpty()) {
                return List.of();
            }
            return hostsWithOs(s.searchAll(glue.allOf(glue.objectClassFilter(HOSTS), glue.equalityFilter(HOSTS, "cluster_id", cluster),
                    glue.anyValueFilter(HOSTS, "os_id", os)),
                    GlueDit.attributes(HOSTS, "host_id", "host_name", "cluster_id", "os_id")), cluster, os);
        }
        List<SearchResultEntry> all = s.searchAll(glue.anyOf(glue.entriesWith(OPERATING_SYSTEMS, "release", release),
                glue.entriesWith(HOSTS, "cluster_id", cluster)),
                glue.attributesWithObjectClass(GlueDit.attributes(OPERATING_SYSTEMS, "os_id", "release"),
                        GlueDit.attributes(HOSTS, "host_id", "host_name", "cluster_id", "os_id")));
        Set<String> os = new HashSet<>();
        for (SearchResultEntry e : all) {
            if (glue.isEntryOf(e, OPERATING_SYSTEMS) && release.equals(glue.text(e, OPERATING_SYSTEMS, "release"))) {
                os.add(glue.text(e, OPERATING_SYSTEMS, "os_id"));
            }
        }
        List<SearchResultEntry> hosts = new ArrayList<>();
        for (SearchResultEntry e : all) {
            if (glue.isEntryOf(e, HOSTS)) {
                hosts.add(e);
            }
        }
        return hostsWithOs(hosts, cluster, os);
    }

    private List<List<Object>> hostsWithOs(List<SearchResultEntry> hosts, String cluster, Set<String> os) {
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry h : hosts) {
            if (cluster.equals(glue.text(h, HOSTS, "cluster_id")) && os.contains(glue.text(h, HOSTS, "os_id"))) {
                rows.add(Arrays.<Object>asList(glue.text(h, HOSTS, "host_id"), glue.text(h, HOSTS, "host_name")));
            }
        }
        return rows;
    }

    /** #5, #6: the hosts whose {@code column} (indexed ID or unindexed name) equals {@code value}, with OS name and RAM. */
    List<List<Object>> hostDetails(LdapSession s, boolean best, String column, String value) {
        List<SearchResultEntry> hosts = new ArrayList<>();
        for (SearchResultEntry h : s.searchAll(glue.entriesWith(HOSTS, column, value),
                GlueDit.attributes(HOSTS, "host_id", "host_name", "os_id", "memory_id"))) {
            if (value.equals(glue.text(h, HOSTS, column))) {
                hosts.add(h);
            }
        }
        Set<String> osIds = new LinkedHashSet<>();
        Set<String> memIds = new LinkedHashSet<>();
        for (SearchResultEntry h : hosts) {
            glue.addText(osIds, h, HOSTS, "os_id");
            glue.addText(memIds, h, HOSTS, "memory_id");
        }
        if (osIds.isEmpty() || memIds.isEmpty()) {
            return List.of();
        }
        Map<String, Entry> os = new HashMap<>();
        Map<String, Entry> mem = new HashMap<>();
        String[] osAttrs = GlueDit.attributes(OPERATING_SYSTEMS, "os_id", "name");
        String[] memAttrs = GlueDit.attributes(MEMORIES, "memory_id", "ram_size");
        if (best) {
            for (SearchResultEntry e : s.searchAll(glue.anyOf(glue.entriesWithAnyOf(OPERATING_SYSTEMS, "os_id", osIds),
                    glue.entriesWithAnyOf(MEMORIES, "memory_id", memIds)),
                    glue.attributesWithObjectClass(osAttrs, memAttrs))) {
                if (glue.isEntryOf(e, OPERATING_SYSTEMS)) {
                    os.put(glue.text(e, OPERATING_SYSTEMS, "os_id"), e);
                } else if (glue.isEntryOf(e, MEMORIES)) {
                    mem.put(glue.text(e, MEMORIES, "memory_id"), e);
                }
            }
        } else {
            for (SearchResultEntry e : s.searchAll(glue.entriesWithAnyOf(OPERATING_SYSTEMS, "os_id", osIds), osAttrs)) {
                os.put(glue.text(e, OPERATING_SYSTEMS, "os_id"), e);
            }
            for (SearchResultEntry e : s.searchAll(glue.entriesWithAnyOf(MEMORIES, "memory_id", memIds), memAttrs)) {
                mem.put(glue.text(e, MEMORIES, "memory_id"), e);
            }
        }
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry h : hosts) {
            Entry o = os.get(glue.text(h, HOSTS, "os_id"));
            Entry m = mem.get(glue.text(h, HOSTS, "memory_id"));
            if (o != null && m != null) {
                rows.add(Arrays.<Object>asList(glue.text(h, HOSTS, "host_id"), glue.text(h, HOSTS, "host_name"), glue.text(o, OPERATING_SYSTEMS, "name"),
                        glue.integer(m, MEMORIES, "ram_size")));
            }
        }
        return rows;
    }
}
