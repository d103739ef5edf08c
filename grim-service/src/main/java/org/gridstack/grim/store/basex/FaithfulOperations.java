package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;
import static org.gridstack.grim.store.basex.ModelCollections.*;
import static org.gridstack.grim.store.basex.XQueryText.attr;
import static org.gridstack.grim.store.basex.XQueryText.literal;
import static org.gridstack.grim.store.basex.XQueryText.strs;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.OperationParameters;

/**
 * The seed's Xindice way: every request is one XPath over one collection (or one scope document
 * of it) returning whole object elements; joins happen here, in Java. Parameters of later
 * requests carry the keys found by earlier ones in one predicate ({@code @a = ("k1", "k2")}), so
 * a join level costs one request. Requests per operation: see docs/backend-basex.md. Stateless
 * apart from the database name; thread-safe.
 */
@ThreadSafe
final class FaithfulOperations {

    private final String database;

    FaithfulOperations(String database) {
        this.database = requireNonNull(database, "database is null");
    }

    /** The answer rows (unsorted) of a read operation; CONNECT and UPDATE are the backend's. */
    List<List<Object>> run(Operation op, OperationParameters p, RequestCounter rc) throws IOException {
        return switch (op) {
            case SCOPED_HOSTS, NON_SCOPED_HOSTS -> hostsByRelease(op == Operation.SCOPED_HOSTS, p.text("cluster"),
                    p.text("release"), rc);
            case SCOPED -> project(SE, fetchIn(SE, XmlLayout.scopePath(SE, p.text("site")),
                    eq(SE, "name", p.value("name")), rc), "se_id", "name");
            case NON_SCOPED -> project(SE, fetch(SE, eq(SE, "site_id", p.value("site")) + eq(SE, "name", p.value("name")), rc),
                    "se_id", "name");
            case INDEXED -> hostDetails(fetch(HOST, eq(HOST, "host_id", p.value("host")), rc), rc);
            case NON_INDEXED -> hostDetails(fetch(HOST, eq(HOST, "host_name", p.value("hostName")), rc), rc);
            case SELECTIVITY_1 -> connections(fetch(CONNECTION, eq(CONNECTION, "sequence", p.value("sequence")), rc));
            case SELECTIVITY_1_PCT, SELECTIVITY_10_PCT -> connections(fetch(CONNECTION,
                    "[" + attr(CONNECTION, "sequence") + " >= " + literal(p.value("from")) + "][" + attr(CONNECTION, "sequence")
                            + " <= " + literal(p.value("to")) + "]", rc));
            case MANY_RELATIONS -> manyRelations(p.text("host"), rc);
            case JOB_SUBMIT -> jobSubmit(p.text("cluster"), p.text("user"), p.text("binary"),
                    p.text("os"), rc);
            case NETWORK_HOP -> networkHop(p.text("endpoint"), rc);
            case SOFTWARE_LOOKUP -> project(SOFTWARE, fetch(SOFTWARE, eq(SOFTWARE, "module_name", p.value("moduleName")), rc),
                    "software_id", "name", "version");
            case HOST_LOOKUP -> project(HOST, fetch(HOST, eq(HOST, "host_id", p.value("host")), rc), "host_id", "host_name",
                    "load_last_1min");
            case STORAGE_LOOKUP -> project(SE, fetch(SE, eq(SE, "control_host", p.value("controlHost")), rc), "se_id", "name",
                    "control_host");
            case CONNECT, UPDATE -> throw new IllegalArgumentException(op.label() + " is not a read operation");
        };
    }

    /** #1/#2: request 1 finds the OS descriptions of the release, request 2 the hosts (in the cluster's document, or all). */
    private List<List<Object>> hostsByRelease(boolean scoped, String cluster, String release, RequestCounter rc) throws IOException {
        Set<String> os = column(HOST_OS, fetch(HOST_OS, eq(HOST_OS, "release", release), rc), "os_id");
        if (os.isEmpty()) {
            return List.of();
        }
        String osPredicate = in(HOST, "os_id", os);
        List<Object[]> hosts = scoped
                ? fetchIn(HOST, XmlLayout.scopePath(HOST, cluster), osPredicate, rc)
                : fetch(HOST, eq(HOST, "cluster_id", cluster) + osPredicate, rc);
        return project(HOST, hosts, "host_id", "host_name");
    }

    /** #5/#6: the host(s), then their OS and memory descriptions by key (up to 3 requests; inner joins). */
    private List<List<Object>> hostDetails(List<Object[]> hosts, RequestCounter rc) throws IOException {
        if (hosts.isEmpty()) {
            return List.of();
        }
        Map<String, Object> osName = lookup(HOST_OS, column(HOST, hosts, "os_id"), "name", rc);
        Map<String, Object> ram = lookup(HOST_MEMORY, column(HOST, hosts, "memory_id"), "ram_size", rc);
        List<List<Object>> rows = new ArrayList<>();
        for (Object[] h : hosts) {
            Object os = v(HOST, h, "os_id");
            Object mem = v(HOST, h, "memory_id");
            if (osName.containsKey(os) && ram.containsKey(mem)) {
                rows.add(Arrays.asList(v(HOST, h, "host_id"), v(HOST, h, "host_name"), osName.get(os), ram.get(mem)));
            }
        }
        return rows;
    }

    /** #10: host, shared memberships, subclusters, CEs, CE-SE bindings, access protocols: 6 requests. */
    private List<List<Object>> manyRelations(String host, RequestCounter rc) throws IOException {
        Set<String> subs = column(HOST, fetch(HOST, eq(HOST, "host_id", host), rc), "sub_cluster_id");
        subs.addAll(column(SHARED, fetch(SHARED, eq(SHARED, "host_id", host), rc), "sub_cluster_id"));
        if (subs.isEmpty()) {
            return List.of();
        }
        List<Object[]> scs = fetch(SUB_CLUSTER, in(SUB_CLUSTER, "sub_cluster_id", subs), rc);
        Set<String> clusters = column(SUB_CLUSTER, scs, "cluster_id");
        if (clusters.isEmpty()) {
            return List.of();
        }
        List<Object[]> ces = fetch(CE, in(CE, "cluster_id", clusters), rc);
        Set<String> ceIds = column(CE, ces, "ce_id");
        if (ceIds.isEmpty()) {
            return List.of();
        }
        List<Object[]> binds = fetch(CE_SE_BIND, in(CE_SE_BIND, "ce_id", ceIds), rc);
        Set<String> seIds = column(CE_SE_BIND, binds, "se_id");
        if (seIds.isEmpty()) {
            return List.of();
        }
        Map<String, List<Object[]>> protocols = group(ACCESS, fetch(ACCESS, in(ACCESS, "se_id", seIds), rc), "se_id");
        Map<String, List<Object[]>> bindsByCe = group(CE_SE_BIND, binds, "ce_id");
        Map<String, List<Object[]>> cesByCluster = group(CE, ces, "cluster_id");
        List<List<Object>> rows = new ArrayList<>();
        for (Object[] sc : scs) {
            Object cl = v(SUB_CLUSTER, sc, "cluster_id");
            for (Object[] ce : cesByCluster.getOrDefault(cl, List.of())) {
                for (Object[] b : bindsByCe.getOrDefault(v(CE, ce, "ce_id"), List.of())) {
                    for (Object[] ap : protocols.getOrDefault(v(CE_SE_BIND, b, "se_id"), List.of())) {
                        rows.add(Arrays.asList(v(SUB_CLUSTER, sc, "sub_cluster_id"), cl, v(CE, ce, "ce_id"),
                                v(CE_SE_BIND, b, "se_id"), v(ACCESS, ap, "type")));
                    }
                }
            }
        }
        return rows;
    }

    /**
     * #11, one request per collection (9): the user if active, the user's subcluster accounts, those
     * subclusters in cluster C, the applications with binary B, their subcluster bindings, the
     * shared memberships, the OS descriptions named O, the member hosts running O, their memory.
     */
    private List<List<Object>> jobSubmit(String cluster, String user, String binary, String osName, RequestCounter rc)
            throws IOException {
        if (fetch(USER, eq(USER, "user_id", user) + eq(USER, "status", "active"), rc).isEmpty()) {
            return List.of();
        }
        Set<String> accountSubs = column(SC_ACCOUNT, fetch(SC_ACCOUNT, eq(SC_ACCOUNT, "user_id", user), rc), "sub_cluster_id");
        if (accountSubs.isEmpty()) {
            return List.of();
        }
        Set<String> subs = column(SUB_CLUSTER, fetch(SUB_CLUSTER, in(SUB_CLUSTER, "sub_cluster_id", accountSubs)
                + eq(SUB_CLUSTER, "cluster_id", cluster), rc), "sub_cluster_id");
        if (subs.isEmpty()) {
            return List.of();
        }
        Set<String> apps = column(APPLICATION, fetch(APPLICATION, eq(APPLICATION, "binary_name", binary), rc), "application_id");
        if (apps.isEmpty()) {
            return List.of();
        }
        Set<String> qualified = column(SC_APPLICATION, fetch(SC_APPLICATION, in(SC_APPLICATION, "application_id", apps)
                + in(SC_APPLICATION, "sub_cluster_id", subs), rc), "sub_cluster_id");
        if (qualified.isEmpty()) {
            return List.of();
        }
        List<Object[]> shared = fetch(SHARED, in(SHARED, "sub_cluster_id", qualified), rc);
        Set<String> os = column(HOST_OS, fetch(HOST_OS, eq(HOST_OS, "name", osName), rc), "os_id");
        if (os.isEmpty()) {
            return List.of();
        }
        Set<String> sharedHosts = column(SHARED, shared, "host_id");
        String members = "[" + attr(HOST, "sub_cluster_id") + " = " + strs(qualified)
                + (sharedHosts.isEmpty() ? "" : " or " + attr(HOST, "host_id") + " = " + strs(sharedHosts)) + "]";
        List<Object[]> hosts = fetch(HOST, members + in(HOST, "os_id", os), rc);
        if (hosts.isEmpty()) {
            return List.of();
        }
        Map<String, Object> ram = lookup(HOST_MEMORY, column(HOST, hosts, "memory_id"), "ram_size", rc);
        Map<String, Object[]> hostById = new HashMap<>();
        Map<String, Set<String>> memberIds = new LinkedHashMap<>();
        for (Object[] h : hosts) {
            String id = (String) v(HOST, h, "host_id");
            hostById.put(id, h);
            Object home = v(HOST, h, "sub_cluster_id");
            if (home != null && qualified.contains(home)) {
                memberIds.computeIfAbsent((String) home, k -> new LinkedHashSet<>()).add(id);
            }
        }
        for (Object[] s : shared) {
            String id = (String) v(SHARED, s, "host_id");
            if (hostById.containsKey(id)) {
                memberIds.computeIfAbsent((String) v(SHARED, s, "sub_cluster_id"), k -> new LinkedHashSet<>()).add(id);
            }
        }
        List<List<Object>> rows = new ArrayList<>();
        memberIds.forEach((sc, ids) -> {
            long total = 0;
            for (String id : ids) {
                if (ram.get(v(HOST, hostById.get(id), "memory_id")) instanceof Long r) {
                    total += r;
                }
            }
            rows.add(Arrays.asList(sc, (long) ids.size(), total));
        });
        return rows;
    }

    /** #12: one request per hop level, all frontier endpoints in one predicate: 4 requests at most. */
    private List<List<Object>> networkHop(String start, RequestCounter rc) throws IOException {
        List<List<String>> paths = List.of(List.of(start));
        for (int hop = 1; hop <= 4 && !paths.isEmpty(); hop++) {
            Set<String> frontier = new LinkedHashSet<>();
            for (List<String> path : paths) {
                frontier.add(path.get(path.size() - 1));
            }
            Map<String, Set<String>> next = new HashMap<>();
            for (Object[] c : fetch(CONNECTION, in(CONNECTION, "source_endpoint", frontier), rc)) {
                Object target = v(CONNECTION, c, "target_endpoint");
                if (target != null) {
                    next.computeIfAbsent((String) v(CONNECTION, c, "source_endpoint"), k -> new LinkedHashSet<>()).add((String) target);
                }
            }
            List<List<String>> extended = new ArrayList<>();
            for (List<String> path : paths) {
                for (String t : next.getOrDefault(path.get(path.size() - 1), Set.of())) {
                    if (!path.contains(t)) {
                        List<String> longer = new ArrayList<>(path);
                        longer.add(t);
                        extended.add(longer);
                    }
                }
            }
            paths = extended;
        }
        List<List<Object>> rows = new ArrayList<>();
        for (List<String> path : paths) {
            rows.add(new ArrayList<>(path.subList(1, path.size())));
        }
        return rows;
    }

    private List<List<Object>> connections(List<Object[]> conns) {
        return project(CONNECTION, conns, "connection_id", "source_endpoint", "target_endpoint", "sequence");
    }

    /** key -> value of {@code valueColumn} for the objects of {@code def} with the given keys (one request, none if no keys). */
    private Map<String, Object> lookup(CollectionDef def, Set<String> keys, String valueColumn, RequestCounter rc) throws IOException {
        Map<String, Object> m = new HashMap<>();
        if (keys.isEmpty()) {
            return m;
        }
        for (Object[] row : fetch(def, in(def, def.key().name(), keys), rc)) {
            m.put((String) row[0], v(def, row, valueColumn));
        }
        return m;
    }

    private List<Object[]> fetch(CollectionDef def, String predicates, RequestCounter rc) throws IOException {
        return XmlRowReader.objects(def, rc.query(XQueryText.objects(database, def) + predicates));
    }

    private List<Object[]> fetchIn(CollectionDef def, String document, String predicates, RequestCounter rc) throws IOException {
        return XmlRowReader.objects(def, rc.query(XQueryText.objectsIn(database, document, def) + predicates));
    }

    private static String eq(CollectionDef def, String column, Object value) {
        return XQueryText.where(def, column, literal(value));
    }

    private static String in(CollectionDef def, String column, Collection<String> values) {
        return XQueryText.where(def, column, strs(values));
    }

    private static Object v(CollectionDef def, Object[] row, String column) {
        return row[def.indexOf(column)];
    }

    /** The distinct non-null values of {@code column}. */
    private static Set<String> column(CollectionDef def, List<Object[]> rows, String column) {
        int i = def.indexOf(column);
        Set<String> s = new LinkedHashSet<>();
        for (Object[] r : rows) {
            if (r[i] != null) {
                s.add(r[i].toString());
            }
        }
        return s;
    }

    private static Map<String, List<Object[]>> group(CollectionDef def, List<Object[]> rows, String column) {
        int i = def.indexOf(column);
        Map<String, List<Object[]>> m = new HashMap<>();
        for (Object[] r : rows) {
            if (r[i] != null) {
                m.computeIfAbsent(r[i].toString(), k -> new ArrayList<>()).add(r);
            }
        }
        return m;
    }

    private static List<List<Object>> project(CollectionDef def, List<Object[]> rows, String... columns) {
        int[] idx = new int[columns.length];
        for (int i = 0; i < columns.length; i++) {
            idx[i] = def.indexOf(columns[i]);
        }
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (Object[] r : rows) {
            Object[] o = new Object[idx.length];
            for (int i = 0; i < idx.length; i++) {
                o[i] = r[idx[i]];
            }
            out.add(Arrays.asList(o));
        }
        return out;
    }
}
