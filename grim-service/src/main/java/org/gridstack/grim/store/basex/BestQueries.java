package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;
import static org.gridstack.grim.store.basex.ModelCollections.*;
import static org.gridstack.grim.store.basex.XQueryText.attr;
import static org.gridstack.grim.store.basex.XQueryText.literal;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.ColumnType;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.OperationParameters;

/**
 * Best mode: one XQuery per operation, joins inside BaseX, answers as {@code <r column="value"/>}
 * elements (absent values leave the attribute out). Also the updating query of #14, used in both
 * modes. Pure text building; stateless apart from the database name; thread-safe.
 */
@ThreadSafe
final class BestQueries {
    /** Types of answer columns that are integers; every other answer column is text. */
    static final Map<String, ColumnType> ANSWER_TYPES = Map.of(
            "ram_size", ColumnType.INTEGER, "sequence", ColumnType.INTEGER, "hosts", ColumnType.INTEGER,
            "total_ram", ColumnType.INTEGER, "load_last_1min", ColumnType.INTEGER, "updated", ColumnType.INTEGER);


    private final String database;

    BestQueries(String database) {
        this.database = requireNonNull(database, "database is null");
    }

    /** The single query answering a read operation. */
    String query(Operation op, OperationParameters p) {
        return switch (op) {
            case SCOPED_HOSTS -> "let $os := " + all(HOST_OS) + eq(HOST_OS, "release", p.value("release")) + "/" + attr(HOST_OS, "os_id") + "\n"
                    + "for $h in " + XQueryText.objectsIn(database, XmlLayout.scopePath(HOST, p.text("cluster")), HOST)
                    + "[" + attr(HOST, "os_id") + " = $os]\n"
                    + "return " + row(Map.of("host_id", "$h/" + attr(HOST, "host_id"), "host_name", "$h/" + attr(HOST, "host_name")));
            case NON_SCOPED_HOSTS -> "let $os := " + all(HOST_OS) + eq(HOST_OS, "release", p.value("release")) + "/" + attr(HOST_OS, "os_id") + "\n"
                    + "for $h in " + all(HOST) + eq(HOST, "cluster_id", p.value("cluster")) + "[" + attr(HOST, "os_id") + " = $os]\n"
                    + "return " + row(Map.of("host_id", "$h/" + attr(HOST, "host_id"), "host_name", "$h/" + attr(HOST, "host_name")));
            case SCOPED -> "for $s in " + XQueryText.objectsIn(database, XmlLayout.scopePath(SE, p.text("site")), SE)
                    + eq(SE, "name", p.value("name")) + "\nreturn " + row(cols(SE, "$s", "se_id", "name"));
            case NON_SCOPED -> "for $s in " + all(SE) + eq(SE, "site_id", p.value("site")) + eq(SE, "name", p.value("name"))
                    + "\nreturn " + row(cols(SE, "$s", "se_id", "name"));
            case INDEXED -> hostDetails(eq(HOST, "host_id", p.value("host")));
            case NON_INDEXED -> hostDetails(eq(HOST, "host_name", p.value("hostName")));
            case SELECTIVITY_1 -> "for $c in " + all(CONNECTION) + eq(CONNECTION, "sequence", p.value("sequence"))
                    + "\nreturn " + row(cols(CONNECTION, "$c", "connection_id", "source_endpoint", "target_endpoint", "sequence"));
            case SELECTIVITY_1_PCT, SELECTIVITY_10_PCT -> "for $c in " + all(CONNECTION)
                    + "[" + attr(CONNECTION, "sequence") + " >= " + literal(p.value("from")) + "][" + attr(CONNECTION, "sequence")
                    + " <= " + literal(p.value("to")) + "]"
                    + "\nreturn " + row(cols(CONNECTION, "$c", "connection_id", "source_endpoint", "target_endpoint", "sequence"));
            case MANY_RELATIONS -> manyRelations(literal(p.value("host")));
            case JOB_SUBMIT -> jobSubmit(p);
            case NETWORK_HOP -> networkHop(literal(p.value("endpoint")));
            case SOFTWARE_LOOKUP -> "for $s in " + all(SOFTWARE) + eq(SOFTWARE, "module_name", p.value("moduleName"))
                    + "\nreturn " + row(cols(SOFTWARE, "$s", "software_id", "name", "version"));
            case HOST_LOOKUP -> "for $h in " + all(HOST) + eq(HOST, "host_id", p.value("host"))
                    + "\nreturn " + row(cols(HOST, "$h", "host_id", "host_name", "load_last_1min"));
            case STORAGE_LOOKUP -> "for $s in " + all(SE) + eq(SE, "control_host", p.value("controlHost"))
                    + "\nreturn " + row(cols(SE, "$s", "se_id", "name", "control_host"));
            case CONNECT, UPDATE -> throw new IllegalArgumentException(op.label() + " is not a read operation");
        };
    }

    /** #14 (both modes): set load_last_1min of the hosts with key H, answer the number of hosts changed. */
    String update(OperationParameters p) {
        String load = attr(HOST, "load_last_1min");
        String value = XQueryText.str(p.value("value").toString());
        return "let $hs := " + all(HOST) + eq(HOST, "host_id", p.value("host")) + "\n"
                + "return (for $h in $hs return if ($h/" + load + ") then replace value of node $h/" + load + " with " + value
                + " else insert node attribute " + load.substring(1) + " { " + value + " } into $h, update:output(count($hs)))";
    }

    private String hostDetails(String hostPredicate) {
        return "for $h in " + all(HOST) + hostPredicate + "\n"
                + "for $os in " + all(HOST_OS) + "[" + attr(HOST_OS, "os_id") + " = $h/" + attr(HOST, "os_id") + "][1]\n"
                + "for $mem in " + all(HOST_MEMORY) + "[" + attr(HOST_MEMORY, "memory_id") + " = $h/" + attr(HOST, "memory_id") + "][1]\n"
                + "return " + row(Map.of("host_id", "$h/" + attr(HOST, "host_id"), "host_name", "$h/" + attr(HOST, "host_name"),
                        "os_name", "$os/" + attr(HOST_OS, "name"), "ram_size", "$mem/" + attr(HOST_MEMORY, "ram_size")));
    }

    private String manyRelations(String host) {
        return "let $subs := (" + all(HOST) + "[" + attr(HOST, "host_id") + " = " + host + "]/" + attr(HOST, "sub_cluster_id") + ", "
                + all(SHARED) + "[" + attr(SHARED, "host_id") + " = " + host + "]/" + attr(SHARED, "sub_cluster_id") + ")\n"
                + "for $sc in " + all(SUB_CLUSTER) + "[" + attr(SUB_CLUSTER, "sub_cluster_id") + " = $subs]\n"
                + "for $ce in " + all(CE) + "[" + attr(CE, "cluster_id") + " = $sc/" + attr(SUB_CLUSTER, "cluster_id") + "]\n"
                + "for $b in " + all(CE_SE_BIND) + "[" + attr(CE_SE_BIND, "ce_id") + " = $ce/" + attr(CE, "ce_id") + "]\n"
                + "for $ap in " + all(ACCESS) + "[" + attr(ACCESS, "se_id") + " = $b/" + attr(CE_SE_BIND, "se_id") + "]\n"
                + "return " + row(Map.of("sub_cluster_id", "$sc/" + attr(SUB_CLUSTER, "sub_cluster_id"),
                        "cluster_id", "$sc/" + attr(SUB_CLUSTER, "cluster_id"), "ce_id", "$ce/" + attr(CE, "ce_id"),
                        "se_id", "$b/" + attr(CE_SE_BIND, "se_id"), "protocol_type", "$ap/" + attr(ACCESS, "type")));
    }

    private String jobSubmit(OperationParameters p) {
        String user = literal(p.value("user"));
        return "let $os := " + all(HOST_OS) + eq(HOST_OS, "name", p.value("os")) + "/" + attr(HOST_OS, "os_id") + "\n"
                + "let $apps := " + all(APPLICATION) + eq(APPLICATION, "binary_name", p.value("binary")) + "/" + attr(APPLICATION, "application_id") + "\n"
                + "where exists(" + all(USER) + "[" + attr(USER, "user_id") + " = " + user + "]" + eq(USER, "status", "active") + ")\n"
                + "for $sc in " + all(SUB_CLUSTER) + eq(SUB_CLUSTER, "cluster_id", p.value("cluster")) + "\n"
                + "let $id := string($sc/" + attr(SUB_CLUSTER, "sub_cluster_id") + ")\n"
                + "where exists(" + all(SC_ACCOUNT) + "[" + attr(SC_ACCOUNT, "sub_cluster_id") + " = $id][" + attr(SC_ACCOUNT, "user_id") + " = " + user + "])\n"
                + "  and exists(" + all(SC_APPLICATION) + "[" + attr(SC_APPLICATION, "sub_cluster_id") + " = $id][" + attr(SC_APPLICATION, "application_id") + " = $apps])\n"
                + "let $shared := " + all(SHARED) + "[" + attr(SHARED, "sub_cluster_id") + " = $id]/" + attr(SHARED, "host_id") + "\n"
                + "let $m := " + all(HOST) + "[" + attr(HOST, "sub_cluster_id") + " = $id or " + attr(HOST, "host_id") + " = $shared]["
                + attr(HOST, "os_id") + " = $os]\n"
                + "where exists($m)\n"
                + "let $ram := for $h in $m return " + all(HOST_MEMORY) + "[" + attr(HOST_MEMORY, "memory_id") + " = $h/"
                + attr(HOST, "memory_id") + "][1]/" + attr(HOST_MEMORY, "ram_size") + "\n"
                + "return <r sub_cluster_id=\"{$id}\" hosts=\"{count($m)}\" total_ram=\"{sum($ram ! xs:integer(.))}\"/>";
    }

    private String networkHop(String start) {
        String src = attr(CONNECTION, "source_endpoint");
        String tgt = attr(CONNECTION, "target_endpoint");
        return "for $t1 in distinct-values(" + all(CONNECTION) + "[" + src + " = " + start + "]/" + tgt + ")[. != " + start + "]\n"
                + "for $t2 in distinct-values(" + all(CONNECTION) + "[" + src + " = $t1]/" + tgt + ")[not(. = (" + start + ", $t1))]\n"
                + "for $t3 in distinct-values(" + all(CONNECTION) + "[" + src + " = $t2]/" + tgt + ")[not(. = (" + start + ", $t1, $t2))]\n"
                + "for $t4 in distinct-values(" + all(CONNECTION) + "[" + src + " = $t3]/" + tgt + ")[not(. = (" + start + ", $t1, $t2, $t3))]\n"
                + "return <r hop1=\"{$t1}\" hop2=\"{$t2}\" hop3=\"{$t3}\" hop4=\"{$t4}\"/>";
    }

    private String all(CollectionDef def) {
        return XQueryText.objects(database, def);
    }

    private static String eq(CollectionDef def, String column, Object value) {
        return XQueryText.where(def, column, literal(value));
    }

    private static Map<String, String> cols(CollectionDef def, String var, String... columns) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String c : columns) {
            m.put(c, var + "/" + attr(def, c));
        }
        return m;
    }

    /** {@code <r>{ ($h/@GlueHostUniqueID) ! attribute host_id {.}, ... }</r>}: an absent value leaves the attribute out. */
    private static String row(Map<String, String> columnExprs) {
        StringJoiner j = new StringJoiner(", ", "<r>{ ", " }</r>");
        columnExprs.forEach((col, expr) -> j.add("(" + expr + ")[1] ! attribute " + col + " { . }"));
        return j.toString();
    }
}
