package org.gridstack.grim.store;

import static org.gridstack.grim.model.GlueModel.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import java.util.Arrays;

/**
 * The answers of docs/operations.md computed directly from a {@link Dataset} in plain Java:
 * the ground truth every backend's answers are tested against. Not a backend (no requests, no
 * bytes); {@code update} answers how many objects it would change without changing any.
 */
public final class ReferenceEvaluator {
    private ReferenceEvaluator() {
    }

    /** The answer of {@code op} with {@code params} (every parameter, String or Long; 400 otherwise, see {@link OperationParameters#of}). */
    public static OperationResult evaluate(Dataset data, Operation op, Map<String, ?> params) {
        return evaluate(data, OperationParameters.of(op, params));
    }

    /** The answer of {@code params.operation()} on {@code data}, sorted as backends sort theirs. */
    public static OperationResult evaluate(Dataset data, OperationParameters params) {
        Operation op = params.operation();
        long start = System.nanoTime();
        List<List<Object>> rows = switch (op) {
            case SCOPED_HOSTS, NON_SCOPED_HOSTS -> hostsOfClusterWithRelease(data, params.text("cluster"), params.text("release"));
            case SCOPED, NON_SCOPED -> select(data, STORAGE_ELEMENT, r -> eq(r, STORAGE_ELEMENT, "site_id", params.value("site"))
                    && eq(r, STORAGE_ELEMENT, "name", params.value("name")), "se_id", "name");
            case INDEXED -> hostDetails(data, "host_id", params.value("host"));
            case NON_INDEXED -> hostDetails(data, "host_name", params.value("hostName"));
            case SELECTIVITY_1 -> connections(data, params.integer("sequence"), params.integer("sequence"));
            case SELECTIVITY_1_PCT, SELECTIVITY_10_PCT -> connections(data, params.integer("from"), params.integer("to"));
            case MANY_RELATIONS -> manyRelations(data, params.text("host"));
            case JOB_SUBMIT -> jobSubmit(data, params.text("cluster"), params.text("user"), params.text("binary"), params.text("os"));
            case NETWORK_HOP -> networkHop(data, params.text("endpoint"));
            case CONNECT -> List.of();
            case UPDATE -> {
                long n = data.rows(HOST).stream().filter(r -> r[0].equals(params.value("host"))).count();
                yield List.of(List.of((Object) n));
            }
            case SOFTWARE_LOOKUP -> select(data, SOFTWARE, r -> eq(r, SOFTWARE, "module_name", params.value("moduleName")),
                    "software_id", "name", "version");
            case HOST_LOOKUP -> select(data, HOST, r -> eq(r, HOST, "host_id", params.value("host")), "host_id", "host_name",
                    "load_last_1min");
            case STORAGE_LOOKUP -> select(data, STORAGE_ELEMENT, r -> eq(r, STORAGE_ELEMENT, "control_host", params.value("controlHost")),
                    "se_id", "name", "control_host");
        };
        return new OperationResult(op.label(), "reference", Mode.BEST, op.columns(), Rows.sort(rows), 0, 0, System.nanoTime() - start);
    }

    private interface RowFilter {
        boolean test(Object[] row);
    }

    private static List<List<Object>> select(Dataset data, String collection, RowFilter filter, String... columns) {
        CollectionDef def = GlueModel.collection(collection);
        int[] idx = new int[columns.length];
        for (int i = 0; i < columns.length; i++) {
            idx[i] = def.indexOf(columns[i]);
        }
        List<List<Object>> out = new ArrayList<>();
        for (Object[] r : data.rows(collection)) {
            if (filter.test(r)) {
                List<Object> row = new ArrayList<>(idx.length);
                for (int i : idx) {
                    row.add(r[i]);
                }
                out.add(row);
            }
        }
        return out;
    }

    private static boolean eq(Object[] row, String collection, String column, Object value) {
        Object v = row[GlueModel.collection(collection).indexOf(column)];
        return v != null && v.equals(value);
    }

    private static Map<String, Object[]> byKey(Dataset data, String collection) {
        Map<String, Object[]> m = new HashMap<>();
        for (Object[] r : data.rows(collection)) {
            m.put((String) r[0], r);
        }
        return m;
    }

    private static Object col(Object[] row, String collection, String column) {
        return row == null ? null : row[GlueModel.collection(collection).indexOf(column)];
    }

    private static List<List<Object>> hostsOfClusterWithRelease(Dataset data, String cluster, String release) {
        Map<String, Object[]> os = byKey(data, HOST_OS);
        return select(data, HOST, r -> cluster.equals(col(r, HOST, "cluster_id"))
                && release.equals(col(os.get((String) col(r, HOST, "os_id")), HOST_OS, "release")), "host_id", "host_name");
    }

    private static List<List<Object>> hostDetails(Dataset data, String column, Object value) {
        Map<String, Object[]> os = byKey(data, HOST_OS);
        Map<String, Object[]> mem = byKey(data, HOST_MEMORY);
        List<List<Object>> out = new ArrayList<>();
        for (Object[] r : data.rows(HOST)) {
            if (value != null && value.equals(col(r, HOST, column))) {
                Object[] o = os.get((String) col(r, HOST, "os_id"));
                Object[] m = mem.get((String) col(r, HOST, "memory_id"));
                if (o != null && m != null) {
                    out.add(Arrays.asList(r[0], col(r, HOST, "host_name"), col(o, HOST_OS, "name"), col(m, HOST_MEMORY, "ram_size")));
                }
            }
        }
        return out;
    }

    private static List<List<Object>> connections(Dataset data, long from, long to) {
        return select(data, CONNECTION, r -> {
            Object s = col(r, CONNECTION, "sequence");
            return s instanceof Long l && l >= from && l <= to;
        }, "connection_id", "source_endpoint", "target_endpoint", "sequence");
    }

    /** The subclusters a host belongs to: its home and those it is shared into. */
    private static Set<String> subClustersOf(Dataset data, String host) {
        Set<String> subs = new LinkedHashSet<>();
        for (Object[] r : data.rows(HOST)) {
            if (r[0].equals(host) && col(r, HOST, "sub_cluster_id") != null) {
                subs.add((String) col(r, HOST, "sub_cluster_id"));
            }
        }
        for (Object[] r : data.rows(SUB_CLUSTER_SHARED_HOST)) {
            if (r[1].equals(host)) {
                subs.add((String) r[0]);
            }
        }
        return subs;
    }

    private static List<List<Object>> manyRelations(Dataset data, String host) {
        Map<String, Object[]> subs = byKey(data, SUB_CLUSTER);
        List<List<Object>> out = new ArrayList<>();
        for (String sc : subClustersOf(data, host)) {
            Object cl = col(subs.get(sc), SUB_CLUSTER, "cluster_id");
            if (cl == null) {
                continue;
            }
            for (Object[] ce : data.rows(COMPUTING_ELEMENT)) {
                if (!cl.equals(col(ce, COMPUTING_ELEMENT, "cluster_id"))) {
                    continue;
                }
                for (Object[] bind : data.rows(CE_SE_BIND)) {
                    if (!bind[0].equals(ce[0])) {
                        continue;
                    }
                    for (Object[] ap : data.rows(SE_ACCESS_PROTOCOL)) {
                        if (bind[1].equals(col(ap, SE_ACCESS_PROTOCOL, "se_id"))) {
                            out.add(Arrays.asList(sc, cl, ce[0], bind[1], col(ap, SE_ACCESS_PROTOCOL, "type")));
                        }
                    }
                }
            }
        }
        return out;
    }

    private static List<List<Object>> jobSubmit(Dataset data, String cluster, String user, String binary, String osName) {
        Map<String, Object[]> users = byKey(data, USER_ACCOUNT);
        Map<String, Object[]> apps = byKey(data, APPLICATION);
        Map<String, Object[]> os = byKey(data, HOST_OS);
        Map<String, Object[]> mem = byKey(data, HOST_MEMORY);
        Map<String, Object[]> hosts = byKey(data, HOST);
        Object[] u = users.get(user);
        List<List<Object>> out = new ArrayList<>();
        if (u == null || !"active".equals(col(u, USER_ACCOUNT, "status"))) {
            return out;
        }
        for (Object[] sc : data.rows(SUB_CLUSTER)) {
            String id = (String) sc[0];
            if (!cluster.equals(col(sc, SUB_CLUSTER, "cluster_id"))) {
                continue;
            }
            boolean account = data.rows(SUB_CLUSTER_ACCOUNT).stream().anyMatch(r -> r[0].equals(id) && r[1].equals(user));
            boolean resident = data.rows(SUB_CLUSTER_APPLICATION).stream().anyMatch(r -> r[0].equals(id)
                    && binary.equals(col(apps.get((String) r[1]), APPLICATION, "binary_name")));
            if (!account || !resident) {
                continue;
            }
            Set<String> members = new HashSet<>();
            for (Object[] h : data.rows(HOST)) {
                if (id.equals(col(h, HOST, "sub_cluster_id"))) {
                    members.add((String) h[0]);
                }
            }
            for (Object[] r : data.rows(SUB_CLUSTER_SHARED_HOST)) {
                if (r[0].equals(id)) {
                    members.add((String) r[1]);
                }
            }
            long count = 0;
            long ram = 0;
            for (String m : members) {
                Object[] h = hosts.get(m);
                Object[] o = h == null ? null : os.get((String) col(h, HOST, "os_id"));
                if (o != null && osName.equals(col(o, HOST_OS, "name"))) {
                    Object r = col(mem.get((String) col(h, HOST, "memory_id")), HOST_MEMORY, "ram_size");
                    count++;
                    ram += r instanceof Long l ? l : 0;
                }
            }
            if (count > 0) {
                out.add(List.of(id, count, ram));
            }
        }
        return out;
    }

    private static List<List<Object>> networkHop(Dataset data, String start) {
        Map<String, List<String>> next = new HashMap<>();
        for (Object[] c : data.rows(CONNECTION)) {
            Object s = col(c, CONNECTION, "source_endpoint");
            Object t = col(c, CONNECTION, "target_endpoint");
            if (s != null && t != null) {
                next.computeIfAbsent((String) s, k -> new ArrayList<>()).add((String) t);
            }
        }
        return FourHopPaths.from(next, start);
    }
}
