package org.gridstack.grim.model;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The objects of every collection as rows (one {@code Object[]} per object, values in the
 * collection's column order, each a String, a Long or null). Produced by the generator and by
 * reading the relational copy back (the daisy chain), consumed by the loaders of every backend.
 * Not thread-safe while being built; treat as read-only afterwards.
 */
public final class Dataset {
    private final Map<String, List<Object[]>> rows = new LinkedHashMap<>();

    public Dataset() {
        for (CollectionDef c : GlueModel.collections()) {
            rows.put(c.name(), new ArrayList<>());
        }
    }

    public void add(String collection, Object... values) {
        CollectionDef def = GlueModel.collection(collection);
        if (values.length != def.columns().size()) {
            throw new IllegalArgumentException(collection + " has " + def.columns().size() + " columns, got " + values.length + " values");
        }
        rows.get(collection).add(values);
    }

    public List<Object[]> rows(String collection) {
        List<Object[]> r = rows.get(requireNonNull(collection, "collection is null"));
        if (r == null) {
            throw new IllegalArgumentException("unknown collection " + collection);
        }
        return Collections.unmodifiableList(r);
    }

    public int count(String collection) {
        return rows(collection).size();
    }

    public long totalObjects() {
        long n = 0;
        for (List<Object[]> r : rows.values()) {
            n += r.size();
        }
        return n;
    }

    /** Object counts per collection, in model order. */
    public Map<String, Long> counts() {
        Map<String, Long> m = new LinkedHashMap<>();
        rows.forEach((k, v) -> m.put(k, (long) v.size()));
        return m;
    }
}
