package org.gridstack.grim.store.postgres;

import java.util.ArrayList;
import java.util.List;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.ColumnType;
import org.gridstack.grim.model.GlueModel;

/**
 * DDL of the relational copy: one table per collection in schema {@value #SCHEMA}, key columns as
 * primary key, reference columns as foreign keys, and a B-tree index on exactly the columns the
 * model marks indexed (the same logical indexes as BaseX and LDAP).
 */
final class PostgresSchema {
    static final String SCHEMA = "grim";

    private PostgresSchema() {
    }

    static List<String> createTables() {
        List<String> ddl = new ArrayList<>();
        ddl.add("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        ddl.add("CREATE SCHEMA " + SCHEMA);
        for (CollectionDef c : GlueModel.collections()) {
            StringBuilder sb = new StringBuilder("CREATE TABLE ").append(SCHEMA).append('.').append(c.name()).append(" (");
            for (Column col : c.columns()) {
                sb.append(col.name()).append(col.type() == ColumnType.TEXT ? " text" : " bigint");
                if (c.keyColumns().contains(col)) {
                    sb.append(" NOT NULL");
                }
                sb.append(", ");
            }
            sb.append("PRIMARY KEY (");
            for (int i = 0; i < c.keyCount(); i++) {
                sb.append(i == 0 ? "" : ", ").append(c.columns().get(i).name());
            }
            sb.append("))");
            if (c.name().equals(GlueModel.HOST) || c.name().equals(GlueModel.COMPUTING_ELEMENT)) {
                // providers rewrite these rows all the time: free space on each page keeps updates HOT (no index writes)
                sb.append(" WITH (fillfactor = 70)");
            }
            ddl.add(sb.toString());
        }
        ddl.addAll(PostgresChangeLog.ddl());
        return ddl;
    }

    /** Foreign keys and secondary indexes, created after the bulk load. */
    static List<String> createConstraintsAndIndexes() {
        List<String> ddl = new ArrayList<>();
        for (CollectionDef c : GlueModel.collections()) {
            for (int i = 0; i < c.columns().size(); i++) {
                Column col = c.columns().get(i);
                String table = SCHEMA + "." + c.name();
                if (col.isReference()) {
                    CollectionDef target = GlueModel.collection(col.references());
                    ddl.add("ALTER TABLE " + table + " ADD CONSTRAINT " + c.name() + "_" + col.name() + "_fk FOREIGN KEY ("
                            + col.name() + ") REFERENCES " + SCHEMA + "." + target.name() + " (" + target.key().name() + ")");
                }
                boolean coveredByPrimaryKey = i == 0;
                if (col.indexed() && !coveredByPrimaryKey) {
                    // the hop index also carries the target, so networkHop's inner lookups read the index only
                    String include = c.name().equals(GlueModel.CONNECTION) && col.name().equals("source_endpoint") ? " INCLUDE (target_endpoint)" : "";
                    ddl.add("CREATE INDEX " + c.name() + "_" + col.name() + "_idx ON " + table + " (" + col.name() + ")" + include);
                }
            }
        }
        // physical order = scope: a cluster's hosts and an endpoint's connections share pages, what a
        // hierarchical store's subtree gives for free (later updates may loosen it; CLUSTER again to restore)
        ddl.add("CLUSTER " + SCHEMA + ".host USING host_cluster_id_idx");
        ddl.add("CLUSTER " + SCHEMA + ".connection USING connection_source_endpoint_idx");
        ddl.add("ANALYZE");
        return ddl;
    }
}
