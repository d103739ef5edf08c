package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;
import static org.gridstack.grim.model.GlueModel.*;

import java.util.ArrayList;
import java.util.Arrays;
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
import org.gridstack.grim.store.OperationParameters;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.Filter;
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
 * Reads the model through a {@link GlueLdapMapping}. Immutable and thread-safe.
 */
final class LdapReadOperations {
    static final CollectionDef HOSTS = GlueModel.collection(HOST);
    static final CollectionDef OPERATING_SYSTEMS = GlueModel.collection(HOST_OS);
    static final CollectionDef MEMORIES = GlueModel.collection(HOST_MEMORY);
    static final CollectionDef CLUSTERS = GlueModel.collection(CLUSTER);
    static final CollectionDef SUB_CLUSTERS = GlueModel.collection(SUB_CLUSTER);
    static final CollectionDef SITES = GlueModel.collection(SITE);
    static final CollectionDef STORAGE_ELEMENTS = GlueModel.collection(STORAGE_ELEMENT);
    static final CollectionDef CONNECTIONS = GlueModel.collection(CONNECTION);
    static final CollectionDef SHARED_HOSTS = GlueModel.collection(SUB_CLUSTER_SHARED_HOST);
    static final CollectionDef COMPUTING_ELEMENTS = GlueModel.collection(COMPUTING_ELEMENT);
    static final CollectionDef CE_SE_BINDS = GlueModel.collection(CE_SE_BIND);
    static final CollectionDef ACCESS_PROTOCOLS = GlueModel.collection(SE_ACCESS_PROTOCOL);
    static final CollectionDef USER_ACCOUNTS = GlueModel.collection(USER_ACCOUNT);
    static final CollectionDef SUB_CLUSTER_ACCOUNTS = GlueModel.collection(SUB_CLUSTER_ACCOUNT);
    static final CollectionDef APPLICATIONS = GlueModel.collection(APPLICATION);
    static final CollectionDef SUB_CLUSTER_APPLICATIONS = GlueModel.collection(SUB_CLUSTER_APPLICATION);
    static final CollectionDef SOFTWARE_PACKAGES = GlueModel.collection(SOFTWARE);

    private final GlueLdapMapping glue;

    LdapReadOperations(GlueLdapMapping glue) {
        this.glue = requireNonNull(glue, "glue is null");
    }

    /** The answer rows of a read operation (not connect/update), searching through {@code s}. */
    List<List<Object>> run(LdapSession s, OperationParameters p, Mode mode) {
        boolean best = mode == Mode.BEST;
        Operation op = p.operation();
        return switch (op) {
            case SCOPED_HOSTS -> scopedHosts(s, best, p.text("cluster"), p.text("release"));
            case NON_SCOPED_HOSTS -> nonScopedHosts(s, best, p.text("cluster"), p.text("release"));
            case SCOPED -> scoped(s, best, p.text("site"), p.text("name"));
            case NON_SCOPED -> storageElements(s, glue.allOf(glue.objectClassFilter(STORAGE_ELEMENTS),
                    glue.equalityFilter(STORAGE_ELEMENTS, "site_id", p.text("site")),
                            glue.equalityFilter(STORAGE_ELEMENTS, "name", p.text("name"))),
                    GlueDit.BASE, p.text("site"), p.text("name"));
            case INDEXED -> hostDetails(s, best, "host_id", p.text("host"));
            case NON_INDEXED -> hostDetails(s, best, "host_name", p.text("hostName"));
            case SELECTIVITY_1 -> connections(s, p.integer("sequence"), p.integer("sequence"));
            case SELECTIVITY_1_PCT, SELECTIVITY_10_PCT -> connections(s, p.integer("from"), p.integer("to"));
            case MANY_RELATIONS -> best ? manyRelationsBest(s, p.text("host")) : manyRelationsFaithful(s, p.text("host"));
            case JOB_SUBMIT -> best ? jobSubmitBest(s, p.text("cluster"), p.text("user"), p.text("binary"), p.text("os"))
                    : jobSubmitFaithful(s, p.text("cluster"), p.text("user"), p.text("binary"), p.text("os"));
            case NETWORK_HOP -> networkHop(s, best, p.text("endpoint"));
            case SOFTWARE_LOOKUP -> select(s, SOFTWARE_PACKAGES, "module_name", p.text("moduleName"), "software_id", "name", "version");
            case HOST_LOOKUP -> select(s, HOSTS, "host_id", p.text("host"), "host_id", "host_name", "load_last_1min");
            case STORAGE_LOOKUP -> select(s, STORAGE_ELEMENTS, "control_host", p.text("controlHost"), "se_id", "name", "control_host");
            case CONNECT, UPDATE -> throw new IllegalArgumentException(op.label() + " is not a search");
        };
    }

    // #1, #2 ------------------------------------------------------------------------------------

    private List<List<Object>> scopedHosts(LdapSession s, boolean best, String cluster, String release) {
        Set<String> os = osIds(s, "release", release);
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

    private List<List<Object>> nonScopedHosts(LdapSession s, boolean best, String cluster, String release) {
        if (!best) {
            Set<String> os = osIds(s, "release", release);
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

    private Set<String> osIds(LdapSession s, String column, String value) {
        Set<String> os = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(glue.entriesWith(OPERATING_SYSTEMS, column, value),
                GlueDit.attributes(OPERATING_SYSTEMS, "os_id", column))) {
            if (value.equals(glue.text(e, OPERATING_SYSTEMS, column))) {
                os.add(glue.text(e, OPERATING_SYSTEMS, "os_id"));
            }
        }
        return os;
    }

    private List<List<Object>> hostsWithOs(List<SearchResultEntry> hosts, String cluster, Set<String> os) {
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry h : hosts) {
            if (cluster.equals(glue.text(h, HOSTS, "cluster_id")) && os.contains(glue.text(h, HOSTS, "os_id"))) {
                rows.add(row(glue.text(h, HOSTS, "host_id"), glue.text(h, HOSTS, "host_name")));
            }
        }
        return rows;
    }

    // #3, #4 ------------------------------------------------------------------------------------

    private List<List<Object>> scoped(LdapSession s, boolean best, String site, String name) {
        String base = null;
        if (best) {
            base = GlueDit.dn(SITES, List.of(site), null).toString();
        } else {
            for (SearchResultEntry e : s.searchAll(glue.entriesWith(SITES, "site_id", site), glue.attribute(SITES, "site_id"))) {
                if (site.equals(glue.text(e, SITES, "site_id"))) {
                    base = e.getDN();
                }
            }
            if (base == null) {
                return List.of();
            }
        }
        return storageElements(s, glue.entriesWith(STORAGE_ELEMENTS, "name", name), base, site, name);
    }

    private List<List<Object>> storageElements(LdapSession s, Filter filter, String base, String site, String name) {
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry e : s.search(base, SearchScope.SUB, filter,
                GlueDit.attributes(STORAGE_ELEMENTS, "se_id", "name", "site_id"))) {
            if (site.equals(glue.text(e, STORAGE_ELEMENTS, "site_id")) && name.equals(glue.text(e, STORAGE_ELEMENTS, "name"))) {
                rows.add(row(glue.text(e, STORAGE_ELEMENTS, "se_id"), glue.text(e, STORAGE_ELEMENTS, "name")));
            }
        }
        return rows;
    }

    // #5, #6 ------------------------------------------------------------------------------------

    private List<List<Object>> hostDetails(LdapSession s, boolean best, String column, String value) {
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
            addIfPresent(osIds, glue.text(h, HOSTS, "os_id"));
            addIfPresent(memIds, glue.text(h, HOSTS, "memory_id"));
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
                rows.add(row(glue.text(h, HOSTS, "host_id"), glue.text(h, HOSTS, "host_name"), glue.text(o, OPERATING_SYSTEMS, "name"),
                        glue.integer(m, MEMORIES, "ram_size")));
            }
        }
        return rows;
    }

    // #7, #8, #9 --------------------------------------------------------------------------------

    private List<List<Object>> connections(LdapSession s, long from, long to) {
        String seq = glue.attribute(CONNECTIONS, "sequence");
        Filter f = from == to ? Filter.createEqualityFilter(seq, String.valueOf(from))
                : Filter.createANDFilter(Filter.createGreaterOrEqualFilter(seq, String.valueOf(from)),
                        Filter.createLessOrEqualFilter(seq, String.valueOf(to)));
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry e : s.searchAll(glue.allOf(glue.objectClassFilter(CONNECTIONS), f),
                GlueDit.attributes(CONNECTIONS, "connection_id", "source_endpoint", "target_endpoint", "sequence"))) {
            Long v = glue.integer(e, CONNECTIONS, "sequence");
            if (v != null && v >= from && v <= to) {
                rows.add(row(glue.text(e, CONNECTIONS, "connection_id"), glue.text(e, CONNECTIONS, "source_endpoint"),
                        glue.text(e, CONNECTIONS, "target_endpoint"), v));
            }
        }
        return rows;
    }

    // #10 ---------------------------------------------------------------------------------------

    private List<List<Object>> manyRelationsFaithful(LdapSession s, String host) {
        Set<String> subs = new LinkedHashSet<>();
        for (SearchResultEntry h : s.searchAll(glue.entriesWith(HOSTS, "host_id", host),
                GlueDit.attributes(HOSTS, "host_id", "sub_cluster_id"))) {
            if (host.equals(glue.text(h, HOSTS, "host_id"))) {
                addIfPresent(subs, glue.text(h, HOSTS, "sub_cluster_id"));
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

    private List<List<Object>> manyRelationsBest(LdapSession s, String host) {
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
                        rows.add(row(sc, cl, ce, se, type));
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

    // #11 ---------------------------------------------------------------------------------------

    private List<List<Object>> jobSubmitFaithful(LdapSession s, String cluster, String user, String binary, String osName) {
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
        Set<String> os = osIds(s, "name", osName);
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

    private List<List<Object>> jobSubmitBest(LdapSession s, String cluster, String user, String binary, String osName) {
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
                    addIfPresent(memIds, glue.text(h, HOSTS, "memory_id"));
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
                rows.add(row(sc, count, total));
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
    private List<List<Object>> networkHop(LdapSession s, boolean best, String start) {
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

    // #101..#103 --------------------------------------------------------------------------------

    private List<List<Object>> select(LdapSession s, CollectionDef def, String column, String value, String... columns) {
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry e : s.searchAll(glue.entriesWith(def, column, value),
                glue.attributesWithObjectClass(GlueDit.attributes(def, columns), GlueDit.attributes(def, column)))) {
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

    // small helpers -----------------------------------------------------------------------------

    private static void addIfPresent(Set<String> set, String v) {
        if (v != null) {
            set.add(v);
        }
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }
}
