package org.gridstack.grim.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gridstack.grim.model.ColumnType;

/**
 * The 14 benchmark operations of seed 000 (names binding, see specs/grim-benchmark.md) plus the
 * three lookups the scenarios' query threads repeat. Each names its parameters, their types and
 * the defaults the generator guarantees at every scale (see {@link Defaults}), and the columns of
 * its answer. Answers are sets: every backend returns the rows sorted by all columns, so equal
 * answers are equal lists.
 */
public enum Operation {
    SCOPED_HOSTS(1, "scopedHosts", "hosts of cluster C whose operating system release is R (scope = cluster C)",
            List.of("host_id", "host_name"), p("cluster", ColumnType.TEXT), p("release", ColumnType.TEXT)),
    NON_SCOPED_HOSTS(2, "nonScopedHosts", "the same hosts, searched from the root with C as a predicate",
            List.of("host_id", "host_name"), p("cluster", ColumnType.TEXT), p("release", ColumnType.TEXT)),
    SCOPED(3, "scoped", "storage elements of site S named N (scope = site S)",
            List.of("se_id", "name"), p("site", ColumnType.TEXT), p("name", ColumnType.TEXT)),
    NON_SCOPED(4, "nonScoped", "the same storage elements from the root; the default values return the empty set (the seed's baseline query)",
            List.of("se_id", "name"), p("site", ColumnType.TEXT), p("name", ColumnType.TEXT)),
    INDEXED(5, "indexed", "the host whose indexed unique ID (GlueHostUniqueID) is H",
            List.of("host_id", "host_name", "os_name", "ram_size"), p("host", ColumnType.TEXT)),
    NON_INDEXED(6, "nonIndexed", "the host whose non-indexed name (GlueHostName) is X: the same answer size as indexed",
            List.of("host_id", "host_name", "os_name", "ram_size"), p("hostName", ColumnType.TEXT)),
    SELECTIVITY_1(7, "selectivity1", "connections whose non-indexed sequence number is V (1 object)",
            List.of("connection_id", "source_endpoint", "target_endpoint", "sequence"), p("sequence", ColumnType.INTEGER)),
    SELECTIVITY_1_PCT(8, "selectivity1pct", "connections whose sequence number lies in [from, to]: 1 % of connections by default",
            List.of("connection_id", "source_endpoint", "target_endpoint", "sequence"), p("from", ColumnType.INTEGER), p("to", ColumnType.INTEGER)),
    SELECTIVITY_10_PCT(9, "selectivity10pct", "connections whose sequence number lies in [from, to]: 10 % of connections by default",
            List.of("connection_id", "source_endpoint", "target_endpoint", "sequence"), p("from", ColumnType.INTEGER), p("to", ColumnType.INTEGER)),
    MANY_RELATIONS(10, "manyRelations", "for host H: its subclusters (home and shared), their cluster, the cluster's CEs, the SEs bound to those CEs and their access protocols",
            List.of("sub_cluster_id", "cluster_id", "ce_id", "se_id", "protocol_type"), p("host", ColumnType.TEXT)),
    JOB_SUBMIT(11, "jobSubmit", "of the machines in cluster C, the subclusters whose member hosts run OS name O (Linux) and their total RAM, only where user U has an active account and binary B is resident",
            List.of("sub_cluster_id", "hosts", "total_ram"), p("cluster", ColumnType.TEXT), p("user", ColumnType.TEXT),
            p("binary", ColumnType.TEXT), p("os", ColumnType.TEXT)),
    NETWORK_HOP(12, "networkHop", "paths of exactly four hops over active connections (source -> target) from endpoint E, never revisiting an endpoint",
            List.of("hop1", "hop2", "hop3", "hop4"), p("endpoint", ColumnType.TEXT)),
    CONNECT(13, "connect", "open a session to the platform and close it", List.of()),
    UPDATE(14, "update", "set one attribute (load_last_1min) of the hosts whose indexed unique ID is H; answers the number of objects updated",
            List.of("updated"), p("host", ColumnType.TEXT), p("value", ColumnType.INTEGER)),
    SOFTWARE_LOOKUP(101, "softwareLookup", "scenario query thread A: software (640-object collection) by its non-indexed module name",
            List.of("software_id", "name", "version"), p("moduleName", ColumnType.TEXT)),
    HOST_LOOKUP(102, "hostLookup", "scenario query thread B: a host by its indexed unique ID",
            List.of("host_id", "host_name", "load_last_1min"), p("host", ColumnType.TEXT)),
    STORAGE_LOOKUP(103, "storageLookup", "scenario query thread C: a storage element (60 objects) by its non-indexed control host",
            List.of("se_id", "name", "control_host"), p("controlHost", ColumnType.TEXT));

    private final int number;
    private final String label;
    private final String question;
    private final List<String> columns;
    private final Map<String, ColumnType> parameters;

    Operation(int number, String label, String question, List<String> columns, Param... params) {
        this.number = number;
        this.label = label;
        this.question = question;
        this.columns = List.copyOf(columns);
        Map<String, ColumnType> m = new TreeMap<>();
        for (Param p : params) {
            m.put(p.name, p.type);
        }
        this.parameters = Map.copyOf(m);
    }

    /** 1..14 for the benchmark operations, 101..103 for the scenario lookups. */
    public int number() {
        return number;
    }

    public String label() {
        return label;
    }

    public String question() {
        return question;
    }

    public List<String> columns() {
        return columns;
    }

    public Map<String, ColumnType> parameters() {
        return parameters;
    }

    public boolean isBenchmarkOperation() {
        return number <= 14;
    }

    public static Operation byLabel(String label) {
        for (Operation o : values()) {
            if (o.label.equals(label)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown operation '" + label + "'; known: " + String.join(", ", labels()));
    }

    /** Every operation's label, in declaration order. */
    public static List<String> labels() {
        List<String> known = new ArrayList<>();
        for (Operation o : values()) {
            known.add(o.label);
        }
        return known;
    }

    /** The 14 operations of the seed, in its order. */
    public static List<Operation> benchmarkOperations() {
        List<Operation> l = new ArrayList<>();
        for (Operation o : values()) {
            if (o.isBenchmarkOperation()) {
                l.add(o);
            }
        }
        return l;
    }

    private record Param(String name, ColumnType type) {
    }

    private static Param p(String name, ColumnType type) {
        return new Param(name, type);
    }
}
