package org.gridstack.grim.store.ldap;

import static org.gridstack.grim.model.GlueModel.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.FourHopPaths;
import org.gridstack.grim.store.GrimException;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.RDN;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The read operations of docs/operations.md as LDAP searches, in both modes (docs/backend-ldap.md
 * lists the requests of each). LDAP filters cannot join, so every mode joins in Java; FAITHFUL
 * issues one search per collection step (as an MDS2 client would: it looks scope entries up by
 * their ID instead of knowing the DIT), BEST the fewest searches: DNs built from IDs, OR filters
 * over several object classes, and relations read from the DIT (an entry's parent DN names the
 * object its nesting reference points to). GLUE's IA5 attributes match case-insensitively, so
 * every equality the answer depends on is checked again exactly in Java (SQL compares exactly).
 * Stateless and thread-safe.
 */
final class LdapOperations {
    static final CollectionDef D_HOST = GlueModel.collection(HOST);
    static final CollectionDef D_OS = GlueModel.collection(HOST_OS);
    static final CollectionDef D_MEM = GlueModel.collection(HOST_MEMORY);
    static final CollectionDef D_CLUSTER = GlueModel.collection(CLUSTER);
    static final CollectionDef D_SUB = GlueModel.collection(SUB_CLUSTER);
    static final CollectionDef D_SITE = GlueModel.collection(SITE);
    static final CollectionDef D_SE = GlueModel.collection(STORAGE_ELEMENT);
    static final CollectionDef D_CONN = GlueModel.collection(CONNECTION);
    static final CollectionDef D_SHARED = GlueModel.collection(SUB_CLUSTER_SHARED_HOST);
    static final CollectionDef D_CE = GlueModel.collection(COMPUTING_ELEMENT);
    static final CollectionDef D_BIND = GlueModel.collection(CE_SE_BIND);
    static final CollectionDef D_AP = GlueModel.collection(SE_ACCESS_PROTOCOL);
    static final CollectionDef D_USER = GlueModel.collection(USER_ACCOUNT);
    static final CollectionDef D_ACCOUNT = GlueModel.collection(SUB_CLUSTER_ACCOUNT);
    static final CollectionDef D_APP = GlueModel.collection(APPLICATION);
    static final CollectionDef D_SCAPP = GlueModel.collection(SUB_CLUSTER_APPLICATION);
    static final CollectionDef D_SOFTWARE = GlueModel.collection(SOFTWARE);

    private LdapOperations() {
    }

    /** The answer rows of a read operation (not connect/update), searching through {@code s}. */
    static List<List<Object>> run(LdapSession s, Operation op, Mode mode, Map<String, Object> p) {
        boolean best = mode == Mode.BEST;
        return switch (op) {
            case SCOPED_HOSTS -> scopedHosts(s, best, str(p, "cluster"), str(p, "release"));
            case NON_SCOPED_HOSTS -> nonScopedHosts(s, best, str(p, "cluster"), str(p, "release"));
            case SCOPED -> scoped(s, best, str(p, "site"), str(p, "name"));
            case NON_SCOPED -> storageElements(s, and(oc(D_SE), eq(D_SE, "site_id", str(p, "site")), eq(D_SE, "name", str(p, "name"))),
                    GlueDit.BASE, str(p, "site"), str(p, "name"));
            case INDEXED -> hostDetails(s, best, "host_id", str(p, "host"));
            case NON_INDEXED -> hostDetails(s, best, "host_name", str(p, "hostName"));
            case SELECTIVITY_1 -> connections(s, num(p, "sequence"), num(p, "sequence"));
            case SELECTIVITY_1_PCT, SELECTIVITY_10_PCT -> connections(s, num(p, "from"), num(p, "to"));
            case MANY_RELATIONS -> best ? manyRelationsBest(s, str(p, "host")) : manyRelationsFaithful(s, str(p, "host"));
            case JOB_SUBMIT -> best ? jobSubmitBest(s, str(p, "cluster"), str(p, "user"), str(p, "binary"), str(p, "os"))
                    : jobSubmitFaithful(s, str(p, "cluster"), str(p, "user"), str(p, "binary"), str(p, "os"));
            case NETWORK_HOP -> networkHop(s, best, str(p, "endpoint"));
            case SOFTWARE_LOOKUP -> select(s, D_SOFTWARE, "module_name", str(p, "moduleName"), "software_id", "name", "version");
            case HOST_LOOKUP -> select(s, D_HOST, "host_id", str(p, "host"), "host_id", "host_name", "load_last_1min");
            case STORAGE_LOOKUP -> select(s, D_SE, "control_host", str(p, "controlHost"), "se_id", "name", "control_host");
            case CONNECT, UPDATE -> throw new IllegalArgumentException(op.label() + " is not a search");
        };
    }

    // #1, #2 ------------------------------------------------------------------------------------

    private static List<List<Object>> scopedHosts(LdapSession s, boolean best, String cluster, String release) {
        Set<String> os = osIds(s, "release", release);
        DN base;
        if (best) {
            base = GlueDit.dn(D_CLUSTER, List.of(cluster), null);
        } else {
            base = null;
            for (SearchResultEntry e : s.searchAll(and(oc(D_CLUSTER), eq(D_CLUSTER, "cluster_id", cluster)), a(D_CLUSTER, "cluster_id"))) {
                if (cluster.equals(str(e, D_CLUSTER, "cluster_id"))) {
                    base = dnOf(e);
                }
            }
        }
        if (base == null || os.isEmpty()) {
            return List.of();
        }
        return hostsWithOs(s.search(base, SearchScope.SUB, and(oc(D_HOST), anyOf(D_HOST, "os_id", os)),
                GlueDit.attributes(D_HOST, "host_id", "host_name", "cluster_id", "os_id")), cluster, os);
    }

    private static List<List<Object>> nonScopedHosts(LdapSession s, boolean best, String cluster, String release) {
        if (!best) {
            Set<String> os = osIds(s, "release", release);
            if (os.isEmpty()) {
                return List.of();
            }
            return hostsWithOs(s.searchAll(and(oc(D_HOST), eq(D_HOST, "cluster_id", cluster), anyOf(D_HOST, "os_id", os)),
                    GlueDit.attributes(D_HOST, "host_id", "host_name", "cluster_id", "os_id")), cluster, os);
        }
        List<SearchResultEntry> all = s.searchAll(or(and(oc(D_OS), eq(D_OS, "release", release)), and(oc(D_HOST), eq(D_HOST, "cluster_id", cluster))),
                union(GlueDit.attributes(D_OS, "os_id", "release"), GlueDit.attributes(D_HOST, "host_id", "host_name", "cluster_id", "os_id")));
        Set<String> os = new HashSet<>();
        for (SearchResultEntry e : all) {
            if (is(e, D_OS) && release.equals(str(e, D_OS, "release"))) {
                os.add(str(e, D_OS, "os_id"));
            }
        }
        List<SearchResultEntry> hosts = new ArrayList<>();
        for (SearchResultEntry e : all) {
            if (is(e, D_HOST)) {
                hosts.add(e);
            }
        }
        return hostsWithOs(hosts, cluster, os);
    }

    private static Set<String> osIds(LdapSession s, String column, String value) {
        Set<String> os = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(and(oc(D_OS), eq(D_OS, column, value)), GlueDit.attributes(D_OS, "os_id", column))) {
            if (value.equals(str(e, D_OS, column))) {
                os.add(str(e, D_OS, "os_id"));
            }
        }
        return os;
    }

    private static List<List<Object>> hostsWithOs(List<SearchResultEntry> hosts, String cluster, Set<String> os) {
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry h : hosts) {
            if (cluster.equals(str(h, D_HOST, "cluster_id")) && os.contains(str(h, D_HOST, "os_id"))) {
                rows.add(row(str(h, D_HOST, "host_id"), str(h, D_HOST, "host_name")));
            }
        }
        return rows;
    }

    // #3, #4 ------------------------------------------------------------------------------------

    private static List<List<Object>> scoped(LdapSession s, boolean best, String site, String name) {
        String base = null;
        if (best) {
            base = GlueDit.dn(D_SITE, List.of(site), null).toString();
        } else {
            for (SearchResultEntry e : s.searchAll(and(oc(D_SITE), eq(D_SITE, "site_id", site)), a(D_SITE, "site_id"))) {
                if (site.equals(str(e, D_SITE, "site_id"))) {
                    base = e.getDN();
                }
            }
            if (base == null) {
                return List.of();
            }
        }
        return storageElements(s, and(oc(D_SE), eq(D_SE, "name", name)), base, site, name);
    }

    private static List<List<Object>> storageElements(LdapSession s, Filter filter, String base, String site, String name) {
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry e : s.search(base, SearchScope.SUB, filter, GlueDit.attributes(D_SE, "se_id", "name", "site_id"))) {
            if (site.equals(str(e, D_SE, "site_id")) && name.equals(str(e, D_SE, "name"))) {
                rows.add(row(str(e, D_SE, "se_id"), str(e, D_SE, "name")));
            }
        }
        return rows;
    }

    // #5, #6 ------------------------------------------------------------------------------------

    private static List<List<Object>> hostDetails(LdapSession s, boolean best, String column, String value) {
        List<SearchResultEntry> hosts = new ArrayList<>();
        for (SearchResultEntry h : s.searchAll(and(oc(D_HOST), eq(D_HOST, column, value)),
                GlueDit.attributes(D_HOST, "host_id", "host_name", "os_id", "memory_id"))) {
            if (value.equals(str(h, D_HOST, column))) {
                hosts.add(h);
            }
        }
        Set<String> osIds = new LinkedHashSet<>();
        Set<String> memIds = new LinkedHashSet<>();
        for (SearchResultEntry h : hosts) {
            addIfPresent(osIds, str(h, D_HOST, "os_id"));
            addIfPresent(memIds, str(h, D_HOST, "memory_id"));
        }
        if (osIds.isEmpty() || memIds.isEmpty()) {
            return List.of();
        }
        Map<String, Entry> os = new HashMap<>();
        Map<String, Entry> mem = new HashMap<>();
        String[] osAttrs = GlueDit.attributes(D_OS, "os_id", "name");
        String[] memAttrs = GlueDit.attributes(D_MEM, "memory_id", "ram_size");
        if (best) {
            for (SearchResultEntry e : s.searchAll(or(and(oc(D_OS), anyOf(D_OS, "os_id", osIds)), and(oc(D_MEM), anyOf(D_MEM, "memory_id", memIds))),
                    union(osAttrs, memAttrs))) {
                if (is(e, D_OS)) {
                    os.put(str(e, D_OS, "os_id"), e);
                } else if (is(e, D_MEM)) {
                    mem.put(str(e, D_MEM, "memory_id"), e);
                }
            }
        } else {
            for (SearchResultEntry e : s.searchAll(and(oc(D_OS), anyOf(D_OS, "os_id", osIds)), osAttrs)) {
                os.put(str(e, D_OS, "os_id"), e);
            }
            for (SearchResultEntry e : s.searchAll(and(oc(D_MEM), anyOf(D_MEM, "memory_id", memIds)), memAttrs)) {
                mem.put(str(e, D_MEM, "memory_id"), e);
            }
        }
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry h : hosts) {
            Entry o = os.get(str(h, D_HOST, "os_id"));
            Entry m = mem.get(str(h, D_HOST, "memory_id"));
            if (o != null && m != null) {
                rows.add(row(str(h, D_HOST, "host_id"), str(h, D_HOST, "host_name"), str(o, D_OS, "name"), lng(m, D_MEM, "ram_size")));
            }
        }
        return rows;
    }

    // #7, #8, #9 --------------------------------------------------------------------------------

    private static List<List<Object>> connections(LdapSession s, long from, long to) {
        String seq = a(D_CONN, "sequence");
        Filter f = from == to ? Filter.createEqualityFilter(seq, String.valueOf(from))
                : Filter.createANDFilter(Filter.createGreaterOrEqualFilter(seq, String.valueOf(from)),
                        Filter.createLessOrEqualFilter(seq, String.valueOf(to)));
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry e : s.searchAll(and(oc(D_CONN), f),
                GlueDit.attributes(D_CONN, "connection_id", "source_endpoint", "target_endpoint", "sequence"))) {
            Long v = lng(e, D_CONN, "sequence");
            if (v != null && v >= from && v <= to) {
                rows.add(row(str(e, D_CONN, "connection_id"), str(e, D_CONN, "source_endpoint"), str(e, D_CONN, "target_endpoint"), v));
            }
        }
        return rows;
    }

    // #10 ---------------------------------------------------------------------------------------

    private static List<List<Object>> manyRelationsFaithful(LdapSession s, String host) {
        Set<String> subs = new LinkedHashSet<>();
        for (SearchResultEntry h : s.searchAll(and(oc(D_HOST), eq(D_HOST, "host_id", host)), GlueDit.attributes(D_HOST, "host_id", "sub_cluster_id"))) {
            if (host.equals(str(h, D_HOST, "host_id"))) {
                addIfPresent(subs, str(h, D_HOST, "sub_cluster_id"));
            }
        }
        for (SearchResultEntry r : s.searchAll(and(oc(D_SHARED), eq(D_SHARED, "host_id", host)), GlueDit.allAttributes(D_SHARED))) {
            if (host.equals(str(r, D_SHARED, "host_id"))) {
                subs.add(str(r, D_SHARED, "sub_cluster_id"));
            }
        }
        if (subs.isEmpty()) {
            return List.of();
        }
        Map<String, String> clusterOf = new HashMap<>();
        for (SearchResultEntry e : s.searchAll(and(oc(D_SUB), anyOf(D_SUB, "sub_cluster_id", subs)), GlueDit.attributes(D_SUB, "sub_cluster_id", "cluster_id"))) {
            String cl = str(e, D_SUB, "cluster_id");
            if (cl != null) {
                clusterOf.put(str(e, D_SUB, "sub_cluster_id"), cl);
            }
        }
        return cesBindsProtocols(s, subs, clusterOf, null);
    }

    private static List<List<Object>> manyRelationsBest(LdapSession s, String host) {
        // one search: the host (nested under its home subcluster) and the shared-host links (nested
        // under the subclusters they name); the subclusters' clusters are the DNs' grandparents
        Map<String, String> clusterOf = new HashMap<>();
        Set<String> subs = new LinkedHashSet<>();
        for (SearchResultEntry e : s.searchAll(or(and(oc(D_HOST), eq(D_HOST, "host_id", host)), and(oc(D_SHARED), eq(D_SHARED, "host_id", host))),
                union(GlueDit.attributes(D_HOST, "host_id", "sub_cluster_id")))) {
            if (!host.equals(is(e, D_HOST) ? str(e, D_HOST, "host_id") : str(e, D_SHARED, "host_id"))) {
                continue;
            }
            DN parent = dnOf(e).getParent();
            String sc = rdnValue(parent, D_SUB.key().glueName());
            String cl = parent == null ? null : rdnValue(parent.getParent(), D_CLUSTER.key().glueName());
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
    private static List<List<Object>> cesBindsProtocols(LdapSession s, Set<String> subs, Map<String, String> clusterOf, LdapSession dit) {
        Set<String> clusters = new LinkedHashSet<>(clusterOf.values());
        if (clusters.isEmpty()) {
            return List.of();
        }
        Map<String, List<String>> cesOf = new HashMap<>(); // cluster -> CEs
        Map<String, List<String>> sesOf = new HashMap<>(); // CE -> SEs
        String[] ceAttrs = GlueDit.attributes(D_CE, "ce_id", "cluster_id");
        String[] bindAttrs = GlueDit.attributes(D_BIND, "ce_id", "se_id");
        if (dit == null) {
            for (SearchResultEntry e : s.searchAll(and(oc(D_CE), anyOf(D_CE, "cluster_id", clusters)), ceAttrs)) {
                addCe(cesOf, e);
            }
            Set<String> ces = new LinkedHashSet<>();
            cesOf.values().forEach(ces::addAll);
            if (ces.isEmpty()) {
                return List.of();
            }
            for (SearchResultEntry e : s.searchAll(and(oc(D_BIND), anyOf(D_BIND, "ce_id", ces)), bindAttrs)) {
                sesOf.computeIfAbsent(str(e, D_BIND, "ce_id"), k -> new ArrayList<>()).add(str(e, D_BIND, "se_id"));
            }
        } else {
            for (String cl : clusters) {
                for (SearchResultEntry e : s.search(GlueDit.dn(D_CLUSTER, List.of(cl), null), SearchScope.SUB, or(oc(D_CE), oc(D_BIND)),
                        union(ceAttrs, bindAttrs))) {
                    if (is(e, D_CE)) {
                        addCe(cesOf, e);
                    } else {
                        sesOf.computeIfAbsent(str(e, D_BIND, "ce_id"), k -> new ArrayList<>()).add(str(e, D_BIND, "se_id"));
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
        for (SearchResultEntry e : s.searchAll(and(oc(D_AP), anyOf(D_AP, "se_id", ses)), GlueDit.attributes(D_AP, "protocol_id", "se_id", "type"))) {
            typesOf.computeIfAbsent(str(e, D_AP, "se_id"), k -> new ArrayList<>()).add(str(e, D_AP, "type"));
        }
        List<List<Object>> rows = new ArrayList<>();
        for (String sc : subs) {
            String cl = clusterOf.get(sc);
            for (String ce : cesOf.getOrDefault(cl, List.of())) {
                for (String se : sesOf.getOrDefault(ce, List.of())) {
                    for (String type : typesOf.getOrDefault(se, List.of())) {
                        rows.add(row(sc, cl, ce, se, type));
                    }
                }
            }
        }
        return rows;
    }

    private static void addCe(Map<String, List<String>> cesOf, Entry e) {
        String cl = str(e, D_CE, "cluster_id");
        if (cl != null) {
            cesOf.computeIfAbsent(cl, k -> new ArrayList<>()).add(str(e, D_CE, "ce_id"));
        }
    }

    // #11 ---------------------------------------------------------------------------------------

    private static List<List<Object>> jobSubmitFaithful(LdapSession s, String cluster, String user, String binary, String osName) {
        if (!activeUser(s.searchAll(and(oc(D_USER), eq(D_USER, "user_id", user)), GlueDit.attributes(D_USER, "user_id", "status")), user)) {
            return List.of();
        }
        Set<String> subs = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(and(oc(D_SUB), eq(D_SUB, "cluster_id", cluster)), GlueDit.attributes(D_SUB, "sub_cluster_id", "cluster_id"))) {
            if (cluster.equals(str(e, D_SUB, "cluster_id"))) {
                subs.add(str(e, D_SUB, "sub_cluster_id"));
            }
        }
        if (subs.isEmpty()) {
            return List.of();
        }
        Set<String> withAccount = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(and(oc(D_ACCOUNT), eq(D_ACCOUNT, "user_id", user)), GlueDit.allAttributes(D_ACCOUNT))) {
            if (user.equals(str(e, D_ACCOUNT, "user_id"))) {
                withAccount.add(str(e, D_ACCOUNT, "sub_cluster_id"));
            }
        }
        subs.retainAll(withAccount);
        if (subs.isEmpty()) {
            return List.of();
        }
        Set<String> apps = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(and(oc(D_APP), eq(D_APP, "binary_name", binary)), GlueDit.attributes(D_APP, "application_id", "binary_name"))) {
            if (binary.equals(str(e, D_APP, "binary_name"))) {
                apps.add(str(e, D_APP, "application_id"));
            }
        }
        if (apps.isEmpty()) {
            return List.of();
        }
        Set<String> resident = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(and(oc(D_SCAPP), anyOf(D_SCAPP, "application_id", apps)), GlueDit.allAttributes(D_SCAPP))) {
            resident.add(str(e, D_SCAPP, "sub_cluster_id"));
        }
        subs.retainAll(resident);
        if (subs.isEmpty()) {
            return List.of();
        }
        Set<String> os = osIds(s, "name", osName);
        Map<String, Set<String>> members = new HashMap<>();
        Map<String, Entry> hosts = new HashMap<>();
        String[] hostAttrs = GlueDit.attributes(D_HOST, "host_id", "sub_cluster_id", "os_id", "memory_id");
        for (SearchResultEntry h : s.searchAll(and(oc(D_HOST), anyOf(D_HOST, "sub_cluster_id", subs)), hostAttrs)) {
            hosts.put(str(h, D_HOST, "host_id"), h);
            members.computeIfAbsent(str(h, D_HOST, "sub_cluster_id"), k -> new HashSet<>()).add(str(h, D_HOST, "host_id"));
        }
        Set<String> shared = new HashSet<>();
        for (SearchResultEntry r : s.searchAll(and(oc(D_SHARED), anyOf(D_SHARED, "sub_cluster_id", subs)), GlueDit.allAttributes(D_SHARED))) {
            members.computeIfAbsent(str(r, D_SHARED, "sub_cluster_id"), k -> new HashSet<>()).add(str(r, D_SHARED, "host_id"));
            if (!hosts.containsKey(str(r, D_SHARED, "host_id"))) {
                shared.add(str(r, D_SHARED, "host_id"));
            }
        }
        if (!shared.isEmpty()) {
            for (SearchResultEntry h : s.searchAll(and(oc(D_HOST), anyOf(D_HOST, "host_id", shared)), hostAttrs)) {
                hosts.put(str(h, D_HOST, "host_id"), h);
            }
        }
        return totals(s, subs, members, hosts, os, null);
    }

    private static List<List<Object>> jobSubmitBest(LdapSession s, String cluster, String user, String binary, String osName) {
        // 1: the user, the applications named B, the operating systems named O and every memory
        // description (a small collection: 120 objects at scale 1) in one OR search
        List<SearchResultEntry> first = s.searchAll(or(and(oc(D_USER), eq(D_USER, "user_id", user)), and(oc(D_APP), eq(D_APP, "binary_name", binary)),
                and(oc(D_OS), eq(D_OS, "name", osName)), oc(D_MEM)),
                union(GlueDit.attributes(D_USER, "user_id", "status"), GlueDit.attributes(D_APP, "application_id", "binary_name"),
                        GlueDit.attributes(D_OS, "os_id", "name"), GlueDit.attributes(D_MEM, "memory_id", "ram_size")));
        Map<String, Long> ram = new HashMap<>();
        List<SearchResultEntry> users = new ArrayList<>();
        Set<String> apps = new HashSet<>();
        Set<String> os = new HashSet<>();
        for (SearchResultEntry e : first) {
            if (is(e, D_USER)) {
                users.add(e);
            } else if (is(e, D_APP) && binary.equals(str(e, D_APP, "binary_name"))) {
                apps.add(str(e, D_APP, "application_id"));
            } else if (is(e, D_OS) && osName.equals(str(e, D_OS, "name"))) {
                os.add(str(e, D_OS, "os_id"));
            } else if (is(e, D_MEM) && lng(e, D_MEM, "ram_size") != null) {
                ram.put(str(e, D_MEM, "memory_id"), lng(e, D_MEM, "ram_size"));
            }
        }
        if (!activeUser(users, user) || apps.isEmpty() || os.isEmpty()) {
            return List.of();
        }
        // 2: under cluster C, the account and application links (nested under C's subclusters)
        Set<String> withAccount = new HashSet<>();
        Set<String> resident = new HashSet<>();
        for (SearchResultEntry e : s.search(GlueDit.dn(D_CLUSTER, List.of(cluster), null), SearchScope.SUB,
                or(and(oc(D_ACCOUNT), eq(D_ACCOUNT, "user_id", user)), and(oc(D_SCAPP), anyOf(D_SCAPP, "application_id", apps))),
                union(GlueDit.allAttributes(D_ACCOUNT), GlueDit.allAttributes(D_SCAPP)))) {
            if (is(e, D_ACCOUNT) && user.equals(str(e, D_ACCOUNT, "user_id"))) {
                withAccount.add(str(e, D_ACCOUNT, "sub_cluster_id"));
            } else if (is(e, D_SCAPP)) {
                resident.add(str(e, D_SCAPP, "sub_cluster_id"));
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
        String[] hostAttrs = GlueDit.attributes(D_HOST, "host_id", "sub_cluster_id", "os_id", "memory_id");
        Set<String> shared = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(or(and(oc(D_HOST), anyOf(D_HOST, "sub_cluster_id", subs), anyOf(D_HOST, "os_id", os)),
                and(oc(D_SHARED), anyOf(D_SHARED, "sub_cluster_id", subs))), union(hostAttrs, GlueDit.allAttributes(D_SHARED)))) {
            if (is(e, D_HOST)) {
                hosts.put(str(e, D_HOST, "host_id"), e);
                members.computeIfAbsent(str(e, D_HOST, "sub_cluster_id"), k -> new HashSet<>()).add(str(e, D_HOST, "host_id"));
            } else {
                members.computeIfAbsent(str(e, D_SHARED, "sub_cluster_id"), k -> new HashSet<>()).add(str(e, D_SHARED, "host_id"));
                shared.add(str(e, D_SHARED, "host_id"));
            }
        }
        shared.removeAll(hosts.keySet());
        // 4 (only when hosts of other subclusters are shared in): those running O
        if (!shared.isEmpty()) {
            for (SearchResultEntry h : s.searchAll(and(oc(D_HOST), anyOf(D_HOST, "host_id", shared), anyOf(D_HOST, "os_id", os)), hostAttrs)) {
                hosts.put(str(h, D_HOST, "host_id"), h);
            }
        }
        return totals(s, subs, members, hosts, os, ram);
    }

    /**
     * One row per subcluster with members running one of {@code os}; reads the members' memory
     * (one search) unless {@code knownRam} (memory id to RAM size) is given.
     */
    private static List<List<Object>> totals(LdapSession s, Set<String> subs, Map<String, Set<String>> members, Map<String, Entry> hosts,
            Set<String> os, Map<String, Long> knownRam) {
        Set<String> memIds = new HashSet<>();
        if (knownRam == null) {
            for (Entry h : hosts.values()) {
                if (os.contains(str(h, D_HOST, "os_id"))) {
                    addIfPresent(memIds, str(h, D_HOST, "memory_id"));
                }
            }
        }
        Map<String, Long> ram = knownRam == null ? new HashMap<>() : knownRam;
        if (!memIds.isEmpty()) {
            for (SearchResultEntry m : s.searchAll(and(oc(D_MEM), anyOf(D_MEM, "memory_id", memIds)), GlueDit.attributes(D_MEM, "memory_id", "ram_size"))) {
                Long r = lng(m, D_MEM, "ram_size");
                if (r != null) {
                    ram.put(str(m, D_MEM, "memory_id"), r);
                }
            }
        }
        List<List<Object>> rows = new ArrayList<>();
        for (String sc : subs) {
            long count = 0;
            long total = 0;
            for (String id : members.getOrDefault(sc, Set.of())) {
                Entry h = hosts.get(id);
                if (h != null && os.contains(str(h, D_HOST, "os_id"))) {
                    count++;
                    total += ram.getOrDefault(str(h, D_HOST, "memory_id"), 0L);
                }
            }
            if (count > 0) {
                rows.add(row(sc, count, total));
            }
        }
        return rows;
    }

    private static boolean activeUser(List<SearchResultEntry> users, String user) {
        for (SearchResultEntry e : users) {
            if (user.equals(str(e, D_USER, "user_id")) && "active".equals(str(e, D_USER, "status"))) {
                return true;
            }
        }
        return false;
    }

    // #12 ---------------------------------------------------------------------------------------

    /** BEST: endpoints per search (a server evaluates an OR term by term on every candidate). */
    static final int HOP_CHUNK = 32;
    /** FAITHFUL: a frontier longer than this reads every connection instead of naming each endpoint. */
    static final int HOP_READ_ALL = 256;

    /**
     * One step per hop level. FAITHFUL: one search per level, an OR over the frontier, or every
     * connection once the frontier is longer than {@link #HOP_READ_ALL} (a long OR costs the server
     * more than a scan); BEST: the frontier in ORs of at most {@link #HOP_CHUNK} endpoints.
     */
    private static List<List<Object>> networkHop(LdapSession s, boolean best, String start) {
        Map<String, List<String>> next = new HashMap<>();
        Set<String> frontier = Set.of(start);
        Set<String> asked = new HashSet<>();
        String[] attrs = GlueDit.attributes(D_CONN, "source_endpoint", "target_endpoint");
        for (int level = 0; level < 4 && !frontier.isEmpty(); level++) {
            asked.addAll(frontier);
            List<SearchResultEntry> found = new ArrayList<>();
            if (best) {
                List<String> ids = new ArrayList<>(frontier);
                for (int i = 0; i < ids.size(); i += HOP_CHUNK) {
                    found.addAll(s.searchAll(and(oc(D_CONN), anyOf(D_CONN, "source_endpoint", ids.subList(i, Math.min(ids.size(), i + HOP_CHUNK)))),
                            attrs));
                }
            } else if (frontier.size() > HOP_READ_ALL) {
                found.addAll(s.searchAll(oc(D_CONN), attrs));
            } else {
                found.addAll(s.searchAll(and(oc(D_CONN), anyOf(D_CONN, "source_endpoint", frontier)), attrs));
            }
            Set<String> reached = new LinkedHashSet<>();
            for (SearchResultEntry e : found) {
                String src = str(e, D_CONN, "source_endpoint");
                String dst = str(e, D_CONN, "target_endpoint");
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

    // #101..#103 --------------------------------------------------------------------------------

    private static List<List<Object>> select(LdapSession s, CollectionDef def, String column, String value, String... columns) {
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry e : s.searchAll(and(oc(def), eq(def, column, value)), union(GlueDit.attributes(def, columns), GlueDit.attributes(def, column)))) {
            if (value.equals(GlueDit.value(e, def.column(column).orElseThrow()))) {
                Object[] r = new Object[columns.length];
                for (int i = 0; i < columns.length; i++) {
                    r[i] = GlueDit.value(e, def.column(columns[i]).orElseThrow());
                }
                rows.add(Arrays.asList(r));
            }
        }
        return rows;
    }

    // helpers -----------------------------------------------------------------------------------

    static String a(CollectionDef d, String column) {
        return d.column(column).orElseThrow(() -> new IllegalArgumentException(d.name() + " has no column " + column)).glueName();
    }

    static Filter oc(CollectionDef d) {
        return Filter.createEqualityFilter("objectClass", d.glueName());
    }

    static Filter eq(CollectionDef d, String column, String value) {
        return Filter.createEqualityFilter(a(d, column), value);
    }

    static Filter anyOf(CollectionDef d, String column, Collection<String> values) {
        String attr = a(d, column);
        if (values.size() == 1) {
            return Filter.createEqualityFilter(attr, values.iterator().next());
        }
        List<Filter> terms = new ArrayList<>(values.size());
        for (String v : values) {
            terms.add(Filter.createEqualityFilter(attr, v));
        }
        return Filter.createORFilter(terms);
    }

    static Filter and(Filter... f) {
        return Filter.createANDFilter(f);
    }

    static Filter or(Filter... f) {
        return Filter.createORFilter(f);
    }

    static boolean is(Entry e, CollectionDef d) {
        return e.hasObjectClass(d.glueName());
    }

    static String str(Entry e, CollectionDef d, String column) {
        return e.getAttributeValue(a(d, column));
    }

    static Long lng(Entry e, CollectionDef d, String column) {
        String v = e.getAttributeValue(a(d, column));
        return v == null ? null : Long.valueOf(v.trim());
    }

    private static String[] union(String[]... lists) {
        Set<String> out = new LinkedHashSet<>();
        out.add("objectClass");
        for (String[] l : lists) {
            out.addAll(Arrays.asList(l));
        }
        return out.toArray(new String[0]);
    }

    private static String rdnValue(DN dn, String attribute) {
        if (dn == null || dn.getRDN() == null) {
            return null;
        }
        RDN rdn = dn.getRDN();
        String[] names = rdn.getAttributeNames();
        String[] values = rdn.getAttributeValues();
        for (int i = 0; i < names.length; i++) {
            if (names[i].equalsIgnoreCase(attribute)) {
                return values[i];
            }
        }
        return null;
    }

    private static void addIfPresent(Set<String> set, String v) {
        if (v != null) {
            set.add(v);
        }
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    static String str(Map<String, Object> p, String name) {
        Object v = p.get(name);
        if (v == null) {
            throw GrimException.badRequest("parameter '" + name + "' is missing");
        }
        return v.toString();
    }

    static long num(Map<String, Object> p, String name) {
        Object v = p.get(name);
        if (v instanceof Long l) {
            return l;
        }
        throw GrimException.badRequest("parameter '" + name + "' must be an integer, got " + v);
    }

    static DN dnOf(Entry e) {
        try {
            return e.getParsedDN();
        } catch (LDAPException ex) {
            throw new IllegalStateException("the server returned an entry with a malformed DN: " + e.getDN(), ex);
        }
    }
}
