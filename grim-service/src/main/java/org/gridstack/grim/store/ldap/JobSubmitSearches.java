package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;
import static org.gridstack.grim.store.ldap.LdapCollections.*;

import com.google.errorprone.annotations.Immutable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The job-submission read of docs/operations.md (#11) as LDAP searches: the subclusters of a
 * cluster where an active user has an account and a binary is installed, with the count and total
 * RAM of their members running an operating system, in both modes. Immutable and thread-safe.
 */
@Immutable
final class JobSubmitSearches {
    private final GlueLdapMapping glue;
    private final OperatingSystemSearch operatingSystems;

    JobSubmitSearches(GlueLdapMapping glue, OperatingSystemSearch operatingSystems) {
        this.glue = requireNonNull(glue, "glue is null");
        this.operatingSystems = requireNonNull(operatingSystems, "operatingSystems is null");
    }

    /** #11 FAITHFUL: one search per collection step. */
    List<List<Object>> jobSubmitFaithful(LdapSession s, String cluster, String user, String binary, String osName) {
        if (!activeUser(s.searchAll(glue.entriesWith(USER_ACCOUNTS, "user_id", user),
                GlueDit.attributes(USER_ACCOUNTS, "user_id", "status")), user)) {
            return List.of();
        }
        Set<String> subs = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(glue.entriesWith(SUB_CLUSTERS, "cluster_id", cluster),
                GlueDit.attributes(SUB_CLUSTERS, "sub_cluster_id", "cluster_id"))) {
            if (cluster.equals(glue.text(e, SUB_CLUSTERS, "cluster_id"))) {
                subs.add(glue.text(e, SUB_CLUSTERS, "sub_cluster_id"));
            }
        }
        if (subs.isEmpty()) {
            return List.of();
        }
        Set<String> withAccount = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(glue.entriesWith(SUB_CLUSTER_ACCOUNTS, "user_id", user),
                GlueDit.allAttributes(SUB_CLUSTER_ACCOUNTS))) {
            if (user.equals(glue.text(e, SUB_CLUSTER_ACCOUNTS, "user_id"))) {
                withAccount.add(glue.text(e, SUB_CLUSTER_ACCOUNTS, "sub_cluster_id"));
            }
        }
        subs.retainAll(withAccount);
        if (subs.isEmpty()) {
            return List.of();
        }
        Set<String> apps = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(glue.entriesWith(APPLICATIONS, "binary_name", binary),
                GlueDit.attributes(APPLICATIONS, "application_id", "binary_name"))) {
            if (binary.equals(glue.text(e, APPLICATIONS, "binary_name"))) {
                apps.add(glue.text(e, APPLICATIONS, "application_id"));
            }
        }
        if (apps.isEmpty()) {
            return List.of();
        }
        Set<String> resident = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(glue.entriesWithAnyOf(SUB_CLUSTER_APPLICATIONS, "application_id", apps),
                GlueDit.allAttributes(SUB_CLUSTER_APPLICATIONS))) {
            resident.add(glue.text(e, SUB_CLUSTER_APPLICATIONS, "sub_cluster_id"));
        }
        subs.retainAll(resident);
        if (subs.isEmpty()) {
            return List.of();
        }
        Set<String> os = operatingSystems.idsWhere(s, "name", osName);
        Map<String, Set<String>> members = new HashMap<>();
        Map<String, Entry> hosts = new HashMap<>();
        String[] hostAttrs = GlueDit.attributes(HOSTS, "host_id", "sub_cluster_id", "os_id", "memory_id");
        for (SearchResultEntry h : s.searchAll(glue.entriesWithAnyOf(HOSTS, "sub_cluster_id", subs), hostAttrs)) {
            hosts.put(glue.text(h, HOSTS, "host_id"), h);
            members.computeIfAbsent(glue.text(h, HOSTS, "sub_cluster_id"), k -> new HashSet<>()).add(glue.text(h, HOSTS, "host_id"));
        }
        Set<String> shared = new HashSet<>();
        for (SearchResultEntry r : s.searchAll(glue.entriesWithAnyOf(SHARED_HOSTS, "sub_cluster_id", subs),
                GlueDit.allAttributes(SHARED_HOSTS))) {
            members.computeIfAbsent(glue.text(r, SHARED_HOSTS, "sub_cluster_id"),
                    k -> new HashSet<>()).add(glue.text(r, SHARED_HOSTS, "host_id"));
            if (!hosts.containsKey(glue.text(r, SHARED_HOSTS, "host_id"))) {
                shared.add(glue.text(r, SHARED_HOSTS, "host_id"));
            }
        }
        if (!shared.isEmpty()) {
            for (SearchResultEntry h : s.searchAll(glue.entriesWithAnyOf(HOSTS, "host_id", shared), hostAttrs)) {
                hosts.put(glue.text(h, HOSTS, "host_id"), h);
            }
        }
        return totals(s, subs, members, hosts, os, null);
    }

    /** #11 BEST: three or four searches, ORs over several object classes and the DIT below the cluster. */
    List<List<Object>> jobSubmitBest(LdapSession s, String cluster, String user, String binary, String osName) {
        // 1: the user, the applications named B, the operating systems named O and every memory
        // description (a small collection: 120 objects at scale 1) in one OR search
        List<SearchResultEntry> first = s.searchAll(glue.anyOf(glue.entriesWith(USER_ACCOUNTS, "user_id", user),
                glue.entriesWith(APPLICATIONS, "binary_name", binary),
                glue.entriesWith(OPERATING_SYSTEMS, "name", osName), glue.objectClassFilter(MEMORIES)),
                glue.attributesWithObjectClass(GlueDit.attributes(USER_ACCOUNTS, "user_id", "status"),
                        GlueDit.attributes(APPLICATIONS, "application_id", "binary_name"),
                        GlueDit.attributes(OPERATING_SYSTEMS, "os_id", "name"), GlueDit.attributes(MEMORIES, "memory_id", "ram_size")));
        Map<String, Long> ram = new HashMap<>();
        List<SearchResultEntry> users = new ArrayList<>();
        Set<String> apps = new HashSet<>();
        Set<String> os = new HashSet<>();
        for (SearchResultEntry e : first) {
            if (glue.isEntryOf(e, USER_ACCOUNTS)) {
                users.add(e);
            } else if (glue.isEntryOf(e, APPLICATIONS) && binary.equals(glue.text(e, APPLICATIONS, "binary_name"))) {
                apps.add(glue.text(e, APPLICATIONS, "application_id"));
            } else if (glue.isEntryOf(e, OPERATING_SYSTEMS) && osName.equals(glue.text(e, OPERATING_SYSTEMS, "name"))) {
                os.add(glue.text(e, OPERATING_SYSTEMS, "os_id"));
            } else if (glue.isEntryOf(e, MEMORIES) && glue.integer(e, MEMORIES, "ram_size") != null) {
                ram.put(glue.text(e, MEMORIES, "memory_id"), glue.integer(e, MEMORIES, "ram_size"));
            }
        }
        if (!activeUser(users, user) || apps.isEmpty() || os.isEmpty()) {
            return List.of();
        }
        // 2: under cluster C, the account and application links (nested under C's subclusters)
        Set<String> withAccount = new HashSet<>();
        Set<String> resident = new HashSet<>();
        for (SearchResultEntry e : s.search(GlueDit.dn(CLUSTERS, List.of(cluster), null), SearchScope.SUB,
                glue.anyOf(glue.entriesWith(SUB_CLUSTER_ACCOUNTS, "user_id", user),
                        glue.entriesWithAnyOf(SUB_CLUSTER_APPLICATIONS, "application_id", apps)),
                glue.attributesWithObjectClass(GlueDit.allAttributes(SUB_CLUSTER_ACCOUNTS),
                        GlueDit.allAttributes(SUB_CLUSTER_APPLICATIONS)))) {
            if (glue.isEntryOf(e, SUB_CLUSTER_ACCOUNTS) && user.equals(glue.text(e, SUB_CLUSTER_ACCOUNTS, "user_id"))) {
                withAccount.add(glue.text(e, SUB_CLUSTER_ACCOUNTS, "sub_cluster_id"));
            } else if (glue.isEntryOf(e, SUB_CLUSTER_APPLICATIONS)) {
                resident.add(glue.text(e, SUB_CLUSTER_APPLICATIONS, "sub_cluster_id"));
            }
        }
        Set<String> subs = new HashSet<>(withAccount);
        subs.retainAll(resident);
        if (subs.isEmpty()) {
            return List.of();
        }
        // 3: home members running O and the shared-host links of those subclusters
        Map<String, Set<String>> members = new HashMap<>();
        Map<String, Entry> hosts = new HashMap<>();
        String[] hostAttrs = GlueDit.attributes(HOSTS, "host_id", "sub_cluster_id", "os_id", "memory_id");
        Set<String> shared = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(glue.anyOf(glue.allOf(glue.objectClassFilter(HOSTS),
                glue.anyValueFilter(HOSTS, "sub_cluster_id", subs), glue.anyValueFilter(HOSTS, "os_id", os)),
                glue.entriesWithAnyOf(SHARED_HOSTS, "sub_cluster_id", subs)),
                        glue.attributesWithObjectClass(hostAttrs, GlueDit.allAttributes(SHARED_HOSTS)))) {
            if (glue.isEntryOf(e, HOSTS)) {
                hosts.put(glue.text(e, HOSTS, "host_id"), e);
                members.computeIfAbsent(glue.text(e, HOSTS, "sub_cluster_id"), k -> new HashSet<>()).add(glue.text(e, HOSTS, "host_id"));
            } else {
                members.computeIfAbsent(glue.text(e, SHARED_HOSTS, "sub_cluster_id"),
                        k -> new HashSet<>()).add(glue.text(e, SHARED_HOSTS, "host_id"));
                shared.add(glue.text(e, SHARED_HOSTS, "host_id"));
            }
        }
        shared.removeAll(hosts.keySet());
        // 4 (only when hosts of other subclusters are shared in): those running O
        if (!shared.isEmpty()) {
            for (SearchResultEntry h : s.searchAll(glue.allOf(glue.objectClassFilter(HOSTS),
                    glue.anyValueFilter(HOSTS, "host_id", shared), glue.anyValueFilter(HOSTS, "os_id", os)), hostAttrs)) {
                hosts.put(glue.text(h, HOSTS, "host_id"), h);
            }
        }
        return totals(s, subs, members, hosts, os, ram);
    }

    /**
     * One row per subcluster with members running one of {@code os}; reads the members' memory
     * (one search) unless {@code knownRam} (memory id to RAM size) is given.
     */
    private List<List<Object>> totals(LdapSession s, Set<String> subs, Map<String, Set<String>> members, Map<String, Entry> hosts,
            Set<String> os, Map<String, Long> knownRam) {
        Set<String> memIds = new HashSet<>();
        if (knownRam == null) {
            for (Entry h : hosts.values()) {
                if (os.contains(glue.text(h, HOSTS, "os_id"))) {
                    glue.addText(memIds, h, HOSTS, "memory_id");
                }
            }
        }
        Map<String, Long> ram = knownRam == null ? new HashMap<>() : knownRam;
        if (!memIds.isEmpty()) {
            for (SearchResultEntry m : s.searchAll(glue.entriesWithAnyOf(MEMORIES, "memory_id", memIds),
                    GlueDit.attributes(MEMORIES, "memory_id", "ram_size"))) {
                Long r = glue.integer(m, MEMORIES, "ram_size");
                if (r != null) {
                    ram.put(glue.text(m, MEMORIES, "memory_id"), r);
                }
            }
        }
        List<List<Object>> rows = new ArrayList<>();
        for (String sc : subs) {
            long count = 0;
            long total = 0;
            for (String id : members.getOrDefault(sc, Set.of())) {
                Entry h = hosts.get(id);
                if (h != null && os.contains(glue.text(h, HOSTS, "os_id"))) {
                    count++;
                    total += ram.getOrDefault(glue.text(h, HOSTS, "memory_id"), 0L);
                }
            }
            if (count > 0) {
                rows.add(Arrays.<Object>asList(sc, count, total));
            }
        }
        return rows;
    }

    private boolean activeUser(List<SearchResultEntry> users, String user) {
        for (SearchResultEntry e : users) {
            if (user.equals(glue.text(e, USER_ACCOUNTS, "user_id")) && "active".equals(glue.text(e, USER_ACCOUNTS, "status"))) {
                return true;
            }
        }
        return false;
    }
}
