package org.gridstack.grim.store.postgres;

import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;

/**
 * The SQL text of every operation. Faithful: plain joins and derived tables, what the seed's
 * MySQL 4.0 scripts could send; best: PostgreSQL's forms (CTEs that filter before they join).
 * Both are one request. Parameter order is {@link #parameters}.
 */
final class PostgresQueries {
    private PostgresQueries() {
    }

    static String sql(Operation op, Mode mode) {
        boolean best = mode == Mode.BEST;
        return switch (op) {
            case SCOPED_HOSTS -> "SELECT h.host_id, h.host_name FROM host h JOIN host_os o ON o.os_id = h.os_id"
                    + " WHERE h.cluster_id = ? AND o.release = ?";
            case NON_SCOPED_HOSTS -> "SELECT h.host_id, h.host_name FROM cluster c JOIN host h ON h.cluster_id = c.cluster_id"
                    + " JOIN host_os o ON o.os_id = h.os_id WHERE c.cluster_id = ? AND o.release = ?";
            case SCOPED -> "SELECT se_id, name FROM storage_element WHERE site_id = ? AND name = ?";
            case NON_SCOPED -> "SELECT se.se_id, se.name FROM storage_element se JOIN site s ON s.site_id = se.site_id"
                    + " WHERE s.site_id = ? AND se.name = ?";
            case INDEXED -> "SELECT h.host_id, h.host_name, o.name, m.ram_size FROM host h JOIN host_os o ON o.os_id = h.os_id"
                    + " JOIN host_memory m ON m.memory_id = h.memory_id WHERE h.host_id = ?";
            case NON_INDEXED -> "SELECT h.host_id, h.host_name, o.name, m.ram_size FROM host h JOIN host_os o ON o.os_id = h.os_id"
                    + " JOIN host_memory m ON m.memory_id = h.memory_id WHERE h.host_name = ?";
            case SELECTIVITY_1 -> "SELECT connection_id, source_endpoint, target_endpoint, sequence FROM connection WHERE sequence = ?";
            case SELECTIVITY_1_PCT, SELECTIVITY_10_PCT ->
                    "SELECT connection_id, source_endpoint, target_endpoint, sequence FROM connection WHERE sequence BETWEEN ? AND ?";
            case MANY_RELATIONS -> best
                    ? "WITH m AS (SELECT sub_cluster_id FROM host WHERE host_id = ?"
                            + " UNION SELECT sub_cluster_id FROM sub_cluster_shared_host WHERE host_id = ?)"
                            + " SELECT m.sub_cluster_id, s.cluster_id, ce.ce_id, b.se_id, ap.type FROM m"
                            + " JOIN sub_cluster s ON s.sub_cluster_id = m.sub_cluster_id"
                            + " JOIN computing_element ce ON ce.cluster_id = s.cluster_id JOIN ce_se_bind b ON b.ce_id = ce.ce_id"
                            + " JOIN se_access_protocol ap ON ap.se_id = b.se_id"
                    : "SELECT DISTINCT s.sub_cluster_id, s.cluster_id, ce.ce_id, b.se_id, ap.type"
                            + " FROM (SELECT sub_cluster_id FROM host WHERE host_id = ?"
                            + " UNION SELECT sub_cluster_id FROM sub_cluster_shared_host WHERE host_id = ?) m"
                            + " JOIN sub_cluster s ON s.sub_cluster_id = m.sub_cluster_id"
                            + " JOIN computing_element ce ON ce.cluster_id = s.cluster_id JOIN ce_se_bind b ON b.ce_id = ce.ce_id"
                            + " JOIN se_access_protocol ap ON ap.se_id = b.se_id";
            case JOB_SUBMIT -> best
                    ? "WITH sc AS (SELECT s.sub_cluster_id FROM sub_cluster s WHERE s.cluster_id = ?"
                            + " AND EXISTS (SELECT 1 FROM sub_cluster_account a JOIN user_account u ON u.user_id = a.user_id"
                            + " WHERE a.sub_cluster_id = s.sub_cluster_id AND a.user_id = ? AND u.status = 'active')"
                            + " AND EXISTS (SELECT 1 FROM sub_cluster_application x JOIN application ap ON ap.application_id = x.application_id"
                            + " WHERE x.sub_cluster_id = s.sub_cluster_id AND ap.binary_name = ?)),"
                            + " m AS (SELECT h.host_id, sc.sub_cluster_id FROM sc JOIN host h ON h.sub_cluster_id = sc.sub_cluster_id"
                            + " UNION SELECT x.host_id, sc.sub_cluster_id FROM sc JOIN sub_cluster_shared_host x ON x.sub_cluster_id = sc.sub_cluster_id)"
                            + " SELECT m.sub_cluster_id, count(*), sum(mem.ram_size) FROM m JOIN host h ON h.host_id = m.host_id"
                            + " JOIN host_os o ON o.os_id = h.os_id JOIN host_memory mem ON mem.memory_id = h.memory_id"
                            + " WHERE o.name = ? GROUP BY m.sub_cluster_id"
                    : "SELECT s.sub_cluster_id, count(*), sum(mem.ram_size) FROM sub_cluster s"
                            + " JOIN sub_cluster_account a ON a.sub_cluster_id = s.sub_cluster_id"
                            + " JOIN user_account u ON u.user_id = a.user_id"
                            + " JOIN (SELECT DISTINCT x.sub_cluster_id FROM sub_cluster_application x"
                            + " JOIN application ap ON ap.application_id = x.application_id WHERE ap.binary_name = ?) r"
                            + " ON r.sub_cluster_id = s.sub_cluster_id"
                            + " JOIN (SELECT host_id, sub_cluster_id FROM host UNION SELECT host_id, sub_cluster_id FROM sub_cluster_shared_host) m"
                            + " ON m.sub_cluster_id = s.sub_cluster_id"
                            + " JOIN host h ON h.host_id = m.host_id JOIN host_os o ON o.os_id = h.os_id"
                            + " JOIN host_memory mem ON mem.memory_id = h.memory_id"
                            + " WHERE s.cluster_id = ? AND a.user_id = ? AND u.status = 'active' AND o.name = ?"
                            + " GROUP BY s.sub_cluster_id";
            case NETWORK_HOP -> "SELECT c1.target_endpoint, c2.target_endpoint, c3.target_endpoint, c4.target_endpoint"
                    + " FROM connection c1 JOIN connection c2 ON c2.source_endpoint = c1.target_endpoint"
                    + " JOIN connection c3 ON c3.source_endpoint = c2.target_endpoint"
                    + " JOIN connection c4 ON c4.source_endpoint = c3.target_endpoint"
                    + " WHERE c1.source_endpoint = ? AND c1.target_endpoint <> c1.source_endpoint"
                    + " AND c2.target_endpoint NOT IN (c1.source_endpoint, c1.target_endpoint)"
                    + " AND c3.target_endpoint NOT IN (c1.source_endpoint, c1.target_endpoint, c2.target_endpoint)"
                    + " AND c4.target_endpoint NOT IN (c1.source_endpoint, c1.target_endpoint, c2.target_endpoint, c3.target_endpoint)";
            case UPDATE -> "UPDATE host SET load_last_1min = ? WHERE host_id = ?";
            case SOFTWARE_LOOKUP -> "SELECT software_id, name, version FROM software WHERE module_name = ?";
            case HOST_LOOKUP -> "SELECT host_id, host_name, load_last_1min FROM host WHERE host_id = ?";
            case STORAGE_LOOKUP -> "SELECT se_id, name, control_host FROM storage_element WHERE control_host = ?";
            case CONNECT -> throw new IllegalArgumentException("connect sends no SQL");
        };
    }

    /** Names of the operation parameters in the order of the statement's placeholders. */
    static String[] parameters(Operation op, Mode mode) {
        return switch (op) {
            case SCOPED_HOSTS, NON_SCOPED_HOSTS -> new String[] {"cluster", "release"};
            case SCOPED, NON_SCOPED -> new String[] {"site", "name"};
            case INDEXED, HOST_LOOKUP -> new String[] {"host"};
            case NON_INDEXED -> new String[] {"hostName"};
            case SELECTIVITY_1 -> new String[] {"sequence"};
            case SELECTIVITY_1_PCT, SELECTIVITY_10_PCT -> new String[] {"from", "to"};
            case MANY_RELATIONS -> new String[] {"host", "host"};
            case JOB_SUBMIT -> mode == Mode.BEST ? new String[] {"cluster", "user", "binary", "os"}
                    : new String[] {"binary", "cluster", "user", "os"};
            case NETWORK_HOP -> new String[] {"endpoint"};
            case UPDATE -> new String[] {"value", "host"};
            case SOFTWARE_LOOKUP -> new String[] {"moduleName"};
            case STORAGE_LOOKUP -> new String[] {"controlHost"};
            case CONNECT -> new String[0];
        };
    }
}
