package org.gridstack.grim.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;

/**
 * Body of {@code POST /api/v1/updates}: either one update ({@code kind}, {@code collection},
 * {@code key}, {@code values}) or {@code {"updates": [...]}}, stored all or nothing. A key is a
 * string, or a two-element array for relationships. {@code id} (optional) is echoed by the
 * streaming endpoint's answer so pipelining providers can match answers to requests.
 */
public record UpdateRequest(List<Item> updates, String kind, String collection, Object key, Map<String, Object> values, Object id) {
    /** One update of a batch. */
    public record Item(String kind, String collection, Object key, Map<String, Object> values) {
    }

    List<Update> toUpdates(int max) {
        List<Item> items = updates != null ? updates : (collection != null ? List.of(new Item(kind, collection, key, values)) : List.of());
        if (items.isEmpty()) {
            throw GrimException.badRequest("no updates: send {\"kind\":\"set\",\"collection\":...,\"key\":...,\"values\":{...}} or {\"updates\":[...]}");
        }
        if (items.size() > max) {
            throw GrimException.badRequest("too many updates in one request: " + items.size() + " (at most " + max + ")");
        }
        List<Update> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            Item it = items.get(i);
            if (it == null || it.collection() == null) {
                throw GrimException.badRequest("update " + i + ": 'collection' is missing");
            }
            try {
                out.add(new Update(Update.Kind.parse(it.kind() == null ? "set" : it.kind()), it.collection(), key(it.key(), i),
                        it.values()).validated());
            } catch (IllegalArgumentException e) {
                throw GrimException.badRequest("update " + i + ": " + e.getMessage());
            } catch (GrimException e) {
                throw new GrimException(e.status(), (items.size() > 1 ? "update " + i + ": " : "") + e.getMessage());
            }
        }
        return out;
    }

    private static List<String> key(Object key, int i) {
        if (key instanceof String s) {
            return List.of(s);
        }
        if (key instanceof List<?> l) {
            List<String> k = new ArrayList<>();
            for (Object o : l) {
                if (!(o instanceof String s)) {
                    throw GrimException.badRequest("update " + i + ": key values must be strings");
                }
                k.add(s);
            }
            return k;
        }
        throw GrimException.badRequest("update " + i + ": 'key' is missing (a string, or [a, b] for relationships)");
    }

    /** A key in a URL path: {@code a} or, for relationships, {@code a+b}. */
    static List<String> splitKey(String key) {
        return List.of(key.split("\\+", -1));
    }
}
