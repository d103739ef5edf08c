package org.gridstack.grim.store.replication;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.store.Update;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The text of one change-log entry: the validated updates of one committed group, in the order
 * the system of record applied them, as JSON ({@code [{"kind":"SET","collection":"host",
 * "key":["host-000001"],"values":{"load_last_1min":7}}, ...]}). Decoding re-validates each update
 * against the model, so a replica receives exactly what {@link Update#validated()} gives (numbers
 * coerced back to the column types). Thread-safe.
 */
@ThreadSafe
public final class ChangeCodec {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<List<Map<String, Object>>> ENTRIES = new TypeReference<>() {
    };

    private ChangeCodec() {
    }

    public static String encode(List<Update> updates) {
        List<Map<String, Object>> entries = new ArrayList<>(updates.size());
        for (Update u : updates) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("kind", u.kind().name());
            e.put("collection", u.collection());
            e.put("key", u.key());
            e.put("values", u.values());
            entries.add(e);
        }
        try {
            return JSON.writeValueAsString(entries);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode a change", e);
        }
    }

    @SuppressWarnings("unchecked")
    public static List<Update> decode(String text) {
        List<Map<String, Object>> entries;
        try {
            entries = JSON.readValue(text, ENTRIES);
        } catch (IOException e) {
            throw new IllegalStateException("the change log holds an entry that is not a list of updates: " + e.getMessage(), e);
        }
        List<Update> updates = new ArrayList<>(entries.size());
        for (Map<String, Object> e : entries) {
            updates.add(new Update(Update.Kind.valueOf((String) e.get("kind")), (String) e.get("collection"),
                    (List<String>) e.get("key"), (Map<String, Object>) e.get("values")).validated());
        }
        return updates;
    }
}
