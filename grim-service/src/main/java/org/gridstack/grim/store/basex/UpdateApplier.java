package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;
import static org.gridstack.grim.store.basex.XQueryText.str;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;

/**
 * Applies a batch of {@link Update}s all or nothing. First every update is checked in order
 * against the stored objects as changed by the updates before it (read requests; a violated rule
 * stops the batch before anything is written), then the final state of every touched object is
 * written by ONE updating XQuery (BaseX applies a pending update list atomically). The caller
 * must serialise batches (the check and the write are two steps). One instance per batch; not
 * thread-safe.
 */
final class UpdateApplier {
    private record ObjectKey(String collection, List<String> key) {
        @Override
        public String toString() {
            return collection + " " + (key.size() == 1 ? "'" + key.get(0) + "'" : key);
        }
    }

    private final String database;
    private final RequestCounter rc;
    /** Stored state of every object looked at (null value: not stored). */
    private final Map<ObjectKey, Object[]> stored = new HashMap<>();
    /** State after the updates checked so far (null value: deleted), in order of first touch. */
    private final Map<ObjectKey, Object[]> pending = new LinkedHashMap<>();

    UpdateApplier(String database, RequestCounter rc) {
        this.database = requireNonNull(database, "database is null");
        this.rc = requireNonNull(rc, "rc is null");
    }

    /** Checks and writes {@code batch}; returns the number of updates applied. */
    int apply(List<Update> batch) throws IOException {
        String xquery = checked(batch);
        if (xquery != null) {
            rc.query(xquery);
        }
        return batch.size();
    }

    /**
     * Checks {@code batch} (read requests only) and returns the one updating XQuery that writes
     * it, or null when there is nothing to write; for a caller that runs the write itself.
     */
    String checked(List<Update> batch) throws IOException {
        for (Update u : batch) {
            check(u.validated());
        }
        return writeQuery();
    }

    private void check(Update u) throws IOException {
        CollectionDef def = u.definition();
        ObjectKey k = new ObjectKey(def.name(), u.key());
        Object[] current = current(k);
        switch (u.kind()) {
            case SET -> {
                if (current == null) {
                    throw GrimException.notFound(k + " does not exist; insert it first");
                }
                Object[] changed = current.clone();
                u.values().forEach((col, value) -> changed[def.indexOf(col)] = value);
                checkReferences(def, changed, u.values().keySet());
                pending.put(k, changed);
            }
            case INSERT -> {
                if (current != null) {
                    throw GrimException.conflict(k + " already exists; use set to change it");
                }
                Object[] row = u.insertRow();
                List<String> all = new ArrayList<>();
                def.columns().forEach(c -> all.add(c.name()));
                checkReferences(def, row, all);
                pending.put(k, row);
            }
            case DELETE -> {
                if (current == null) {
                    throw GrimException.notFound(k + " does not exist");
                }
                checkNotReferenced(def, k);
                pending.put(k, null);
            }
        }
    }

    /** Every non-null reference among {@code columns} must name an object that exists (409 otherwise). */
    private void checkReferences(CollectionDef def, Object[] row, Iterable<String> columns) throws IOException {
        for (String name : columns) {
            Column c = def.column(name).orElseThrow();
            Object value = row[def.indexOf(name)];
            if (c.isReference() && value != null) {
                ObjectKey target = new ObjectKey(c.references(), List.of(value.toString()));
                if (current(target) == null) {
                    throw GrimException.conflict(def.name() + "." + c.name() + " refers to " + target
                            + ", which does not exist; insert it first or use an existing key");
                }
            }
        }
    }

    /** 409 when some object (stored and not changed by this batch, or changed by it) still refers to {@code k}. */
    private void checkNotReferenced(CollectionDef target, ObjectKey k) throws IOException {
        if (target.isRelationship()) {
            return;
        }
        String key = k.key().get(0);
        for (CollectionDef def : GlueModel.collections()) {
            for (Column c : def.columns()) {
                if (!target.name().equals(c.references())) {
                    continue;
                }
                int i = def.indexOf(c.name());
                String query = XQueryText.objects(database, def) + XQueryText.where(def, c.name(), str(key));
                for (Object[] row : XmlRowReader.objects(def, rc.query(query))) {
                    ObjectKey referrer = keyOf(def, row);
                    Object[] now = pending.containsKey(referrer) ? pending.get(referrer) : row;
                    if (now != null && key.equals(now[i])) {
                        throw referenced(k, referrer, def, c);
                    }
                }
                for (Map.Entry<ObjectKey, Object[]> e : pending.entrySet()) {
                    if (e.getKey().collection().equals(def.name()) && e.getValue() != null && key.equals(e.getValue()[i])) {
                        throw referenced(k, e.getKey(), def, c);
                    }
                }
            }
        }
    }

    private static GrimException referenced(ObjectKey k, ObjectKey referrer, CollectionDef def, Column c) {
        return GrimException.conflict("cannot delete " + k + ": " + referrer + " still refers to it (" + def.name() + "." + c.name()
                + "); delete or change that object first");
    }

    private Object[] current(ObjectKey k) throws IOException {
        if (pending.containsKey(k)) {
            return pending.get(k);
        }
        if (!stored.containsKey(k)) {
            CollectionDef def = GlueModel.collection(k.collection());
            List<Object[]> rows = XmlRowReader.objects(def, rc.query(XQueryText.objects(database, def) + keyPredicate(def, k.key())));
            stored.put(k, rows.isEmpty() ? null : rows.get(0));
        }
        return stored.get(k);
    }

    /** The one updating query writing the final state of every touched object, or null when nothing changes. */
    private String writeQuery() {
        List<String> exprs = new ArrayList<>();
        Map<String, List<String>> inserts = new LinkedHashMap<>();
        Map<String, CollectionDef> insertDefs = new HashMap<>();
        Map<String, Object[]> insertSample = new HashMap<>();
        for (Map.Entry<ObjectKey, Object[]> e : pending.entrySet()) {
            CollectionDef def = GlueModel.collection(e.getKey().collection());
            Object[] before = stored.get(e.getKey());
            Object[] after = e.getValue();
            if (before == null && after == null) {
                continue;
            }
            String beforePath = before == null ? null : XmlLayout.documentPath(def, before);
            String afterPath = after == null ? null : XmlLayout.documentPath(def, after);
            if (before != null && after != null && beforePath.equals(afterPath)) {
                exprs.add("replace node " + locate(def, beforePath, e.getKey()) + " with " + constructor(def, after));
                continue;
            }
            if (before != null) {
                exprs.add("delete node " + locate(def, beforePath, e.getKey()));
            }
            if (after != null) {
                inserts.computeIfAbsent(afterPath, p -> new ArrayList<>()).add(constructor(def, after));
                insertDefs.put(afterPath, def);
                insertSample.put(afterPath, after);
            }
        }
        inserts.forEach((path, elements) -> {
            String nodes = "(" + String.join(", ", elements) + ")";
            exprs.add("if (db:exists(" + str(database) + ", " + str(path) + ")) then insert node " + nodes + " into db:get("
                    + str(database) + ", " + str(path) + ")/* else db:add(" + str(database) + ", document { "
                    + root(insertDefs.get(path), insertSample.get(path), nodes) + " }, " + str(path) + ")");
        });
        return exprs.isEmpty() ? null : "(\n" + String.join(",\n", exprs) + "\n)";
    }

    private String locate(CollectionDef def, String path, ObjectKey k) {
        return "(" + XQueryText.objectsIn(database, path, def) + keyPredicate(def, k.key()) + ")[1]";
    }

    private static String keyPredicate(CollectionDef def, List<String> key) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < def.keyCount(); i++) {
            sb.append("[@").append(def.columns().get(i).glueName()).append(" = ").append(str(key.get(i))).append(']');
        }
        return sb.toString();
    }

    /** {@code element GlueHost { attribute GlueHostUniqueID { "..." }, ... }}; null values left out. */
    private static String constructor(CollectionDef def, Object[] row) {
        StringJoiner j = new StringJoiner(", ", "element " + def.glueName() + " { ", " }");
        for (int i = 0; i < row.length; i++) {
            if (row[i] != null) {
                j.add("attribute " + def.columns().get(i).glueName() + " { " + str(row[i].toString()) + " }");
            }
        }
        return j.toString();
    }

    /** The root element of a new document, with the scope attributes {@link XmlExporter} writes. */
    private static String root(CollectionDef def, Object[] sample, String nodes) {
        StringBuilder sb = new StringBuilder("element ").append(XmlLayout.ROOT).append(" { attribute name { ").append(str(def.name())).append(" }");
        XmlLayout.scopeColumn(def).ifPresent(col -> {
            Object v = sample[def.indexOf(col)];
            if (v != null) {
                sb.append(", attribute scope { ").append(str(def.column(col).orElseThrow().glueName())).append(" }, attribute value { ")
                        .append(str(v.toString())).append(" }");
            }
        });
        return sb.append(", ").append(nodes).append(" }").toString();
    }

    private static ObjectKey keyOf(CollectionDef def, Object[] row) {
        List<String> key = new ArrayList<>();
        for (int i = 0; i < def.keyCount(); i++) {
            key.add(String.valueOf(row[i]));
        }
        return new ObjectKey(def.name(), key);
    }

}
