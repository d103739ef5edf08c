package org.gridstack.grim.store.postgres;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.ColumnType;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;
import org.gridstack.grim.model.GlueModel;

/**
 * Applies a batch of validated updates inside the caller's transaction with as few statements as
 * possible: consecutive SETs are merged per object (later values win) and sent as one
 * {@code UPDATE ... FROM unnest(...)} per collection and attribute set; consecutive INSERTs of a
 * collection as one {@code INSERT ... SELECT FROM unnest(...)}; DELETEs as {@code = ANY}. Rule
 * violations throw GrimException (404/409); the caller rolls back.
 */
final class PostgresUpdateWriter {
    private final Connection connection;
    private int changed;

    PostgresUpdateWriter(Connection connection) {
        this.connection = connection;
    }

    int apply(List<Update> batch) throws SQLException {
        Map<String, LinkedHashMap<List<String>, Map<String, Object>>> sets = new LinkedHashMap<>();
        int i = 0;
        while (i < batch.size()) {
            Update u = batch.get(i);
            switch (u.kind()) {
                case SET -> {
                    sets.computeIfAbsent(u.collection(), k -> new LinkedHashMap<>())
                            .computeIfAbsent(u.key(), k -> new LinkedHashMap<>()).putAll(u.values());
                    i++;
                }
                case INSERT -> {
                    flushSets(sets);
                    int j = i;
                    while (j < batch.size() && batch.get(j).kind() == Update.Kind.INSERT && batch.get(j).collection().equals(u.collection())) {
                        j++;
                    }
                    insert(u.definition(), batch.subList(i, j));
                    i = j;
                }
                case DELETE -> {
                    flushSets(sets);
                    delete(u.definition(), u.key());
                    i++;
                }
            }
        }
        flushSets(sets);
        return changed;
    }

    private void flushSets(Map<String, LinkedHashMap<List<String>, Map<String, Object>>> sets) throws SQLException {
        for (Map.Entry<String, LinkedHashMap<List<String>, Map<String, Object>>> e : sets.entrySet()) {
            CollectionDef def = GlueModel.collection(e.getKey());
            Map<Set<String>, List<Map.Entry<List<String>, Map<String, Object>>>> byColumns = new LinkedHashMap<>();
            for (Map.Entry<List<String>, Map<String, Object>> o : e.getValue().entrySet()) {
                byColumns.computeIfAbsent(new TreeSet<>(o.getValue().keySet()), k -> new ArrayList<>()).add(o);
            }
            lockInKeyOrder(def, e.getValue().keySet());
            for (Map.Entry<Set<String>, List<Map.Entry<List<String>, Map<String, Object>>>> g : byColumns.entrySet()) {
                update(def, new ArrayList<>(g.getKey()), g.getValue());
            }
        }
        sets.clear();
    }

    /**
     * Locks the rows of {@code keys} in key order before they are changed. An {@code UPDATE ...
     * FROM unnest(...)} locks rows in the order its join meets them (heap order, which updates keep
     * changing), so two groups touching the same rows could lock them in opposite orders and
     * deadlock (PostgreSQL detects that only after {@code deadlock_timeout}, 1 s, and aborts one).
     * Taking the locks sorted first makes every group wait in one order instead.
     */
    private void lockInKeyOrder(CollectionDef def, Set<List<String>> keys) throws SQLException {
        if (keys.size() < 2) {
            return;
        }
        StringBuilder sql = new StringBuilder("SELECT 1 FROM ").append(def.name()).append(" t WHERE (");
        appendKeyList(sql, def, "t");
        sql.append(") IN (SELECT * FROM unnest(");
        for (int k = 0; k < def.keyCount(); k++) {
            sql.append(k == 0 ? "" : ", ").append("?::text[]");
        }
        sql.append(")) ORDER BY ");
        appendKeyList(sql, def, "t");
        sql.append(" FOR UPDATE");
        try (PreparedStatement ps = connection.prepareStatement(sql.toString())) {
            List<List<String>> list = new ArrayList<>(keys);
            for (int k = 0; k < def.keyCount(); k++) {
                Object[] column = new Object[list.size()];
                for (int o = 0; o < column.length; o++) {
                    column[o] = list.get(o).get(k);
                }
                ps.setArray(k + 1, array("text", column));
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    // the locks are what matters
                }
            }
        }
    }

    private void update(CollectionDef def, List<String> columns, List<Map.Entry<List<String>, Map<String, Object>>> objects)
            throws SQLException {
        StringBuilder sql = new StringBuilder("UPDATE ").append(def.name()).append(" t SET ");
        for (int c = 0; c < columns.size(); c++) {
            sql.append(c == 0 ? "" : ", ").append(columns.get(c)).append(" = v.").append(columns.get(c));
        }
        sql.append(" FROM unnest(");
        List<String> all = new ArrayList<>();
        for (Column k : def.keyColumns()) {
            all.add(k.name());
        }
        all.addAll(columns);
        for (int c = 0; c < all.size(); c++) {
            sql.append(c == 0 ? "" : ", ").append("?::").append(sqlType(def, all.get(c))).append("[]");
        }
        sql.append(") AS v(").append(String.join(", ", all)).append(") WHERE ");
        appendKeyMatch(sql, def, "t", "v");
        sql.append(" RETURNING ");
        appendKeyList(sql, def, "t");
        try (PreparedStatement ps = connection.prepareStatement(sql.toString())) {
            int p = 1;
            for (int k = 0; k < def.keyCount(); k++) {
                Object[] keys = new Object[objects.size()];
                for (int o = 0; o < keys.length; o++) {
                    keys[o] = objects.get(o).getKey().get(k);
                }
                ps.setArray(p++, array("text", keys));
            }
            for (String col : columns) {
                Object[] values = new Object[objects.size()];
                for (int o = 0; o < values.length; o++) {
                    values[o] = objects.get(o).getValue().get(col);
                }
                ps.setArray(p++, array(sqlType(def, col), values));
            }
            Set<List<String>> found = returnedKeys(ps, def);
            if (found.size() < objects.size()) {
                for (Map.Entry<List<String>, Map<String, Object>> o : objects) {
                    if (!found.contains(o.getKey())) {
                        throw GrimException.notFound("no " + def.name() + " object with key " + String.join(" + ", o.getKey())
                                + "; insert it first (nothing of this batch was written)");
                    }
                }
            }
            changed += found.size();
        }
    }

    private void insert(CollectionDef def, List<Update> inserts) throws SQLException {
        StringBuilder sql = new StringBuilder("INSERT INTO ").append(def.name()).append(" (");
        StringBuilder from = new StringBuilder(" SELECT * FROM unnest(");
        for (int c = 0; c < def.columns().size(); c++) {
            Column col = def.columns().get(c);
            sql.append(c == 0 ? "" : ", ").append(col.name());
            from.append(c == 0 ? "" : ", ").append("?::").append(col.type() == ColumnType.TEXT ? "text" : "bigint").append("[]");
        }
        sql.append(")").append(from).append(")");
        Set<List<String>> seen = new HashSet<>();
        try (PreparedStatement ps = connection.prepareStatement(sql.toString())) {
            for (int c = 0; c < def.columns().size(); c++) {
                Object[] values = new Object[inserts.size()];
                for (int o = 0; o < values.length; o++) {
                    values[o] = inserts.get(o).insertRow()[c];
                }
                ps.setArray(c + 1, array(def.columns().get(c).type() == ColumnType.TEXT ? "text" : "bigint", values));
            }
            for (Update u : inserts) {
                if (!seen.add(u.key())) {
                    throw GrimException.conflict(def.name() + " object " + String.join(" + ", u.key())
                            + " is inserted twice in one batch (nothing of this batch was written)");
                }
            }
            changed += ps.executeUpdate();
        }
    }

    private void delete(CollectionDef def, List<String> key) throws SQLException {
        StringBuilder sql = new StringBuilder("DELETE FROM ").append(def.name()).append(" t WHERE ");
        for (int k = 0; k < def.keyCount(); k++) {
            sql.append(k == 0 ? "" : " AND ").append("t.").append(def.columns().get(k).name()).append(" = ?");
        }
        try (PreparedStatement ps = connection.prepareStatement(sql.toString())) {
            for (int k = 0; k < def.keyCount(); k++) {
                ps.setString(k + 1, key.get(k));
            }
            int n = ps.executeUpdate();
            if (n == 0) {
                throw GrimException.notFound("no " + def.name() + " object with key " + String.join(" + ", key)
                        + " to delete (nothing of this batch was written)");
            }
            changed += n;
        }
    }

    private Set<List<String>> returnedKeys(PreparedStatement ps, CollectionDef def) throws SQLException {
        Set<List<String>> found = new HashSet<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                List<String> k = new ArrayList<>(def.keyCount());
                for (int i = 1; i <= def.keyCount(); i++) {
                    k.add(rs.getString(i));
                }
                found.add(k);
            }
        }
        return found;
    }

    private Array array(String type, Object[] values) throws SQLException {
        return connection.createArrayOf(type.equals("bigint") ? "int8" : "text", values);
    }

    private static String sqlType(CollectionDef def, String column) {
        return def.column(column).orElseThrow().type() == ColumnType.TEXT ? "text" : "bigint";
    }

    private static void appendKeyMatch(StringBuilder sql, CollectionDef def, String t, String v) {
        for (int k = 0; k < def.keyCount(); k++) {
            String name = def.columns().get(k).name();
            sql.append(k == 0 ? "" : " AND ").append(t).append('.').append(name).append(" = ").append(v).append('.').append(name);
        }
    }

    private static void appendKeyList(StringBuilder sql, CollectionDef def, String t) {
        for (int k = 0; k < def.keyCount(); k++) {
            sql.append(k == 0 ? "" : ", ").append(t).append('.').append(def.columns().get(k).name());
        }
    }
}
