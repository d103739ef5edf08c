package org.gridstack.frontier.db;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One NOTIFY payload of the modification triggers ({@code postgresql-last-modified.sql}, payload
 * version 1): the table, its modification time after the statement, and the changed rows' images
 * when the statement was small enough to send them. Immutable.
 *
 * @param table the schema-qualified table
 * @param atEpochSecond the table's {@code modified_at} after the statement
 * @param rows old and new row images (values as in {@link TableChange}); null for the table-only form
 */
@ThreadSafe
public record ChangeNotification(TableName table, long atEpochSecond,
        // an unmodifiable copy (List.copyOf) of unmodifiable row images of immutable values
        @SuppressWarnings("ThreadSafe") List<Map<String, Object>> rows) {
    private static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    public ChangeNotification {
        rows = rows == null ? null : List.copyOf(rows);
    }

    /**
     * Parses a payload; empty when it is not a version 1 object (an older trigger's bare
     * {@code schema.table}, or anything unexpected), which the caller must read as "something changed".
     */
    public static Optional<ChangeNotification> parse(String payload) {
        if (payload == null || !payload.startsWith("{")) {
            return Optional.empty();
        }
        try {
            JsonNode root = JSON.readTree(payload);
            if (root.path("v").asInt(-1) != 1 || !root.path("schema").isTextual() || !root.path("table").isTextual()
                    || !root.path("at").canConvertToLong()) {
                return Optional.empty();
            }
            TableName table = new TableName(root.get("schema").asText(), root.get("table").asText());
            long at = root.get("at").asLong();
            if (!root.has("op")) {
                return Optional.of(new ChangeNotification(table, at, null));
            }
            JsonNode old = root.path("old");
            JsonNode now = root.path("new");
            if (!old.isArray() || !now.isArray()) {
                return Optional.empty();
            }
            List<Map<String, Object>> rows = new ArrayList<>(old.size() + now.size());
            for (JsonNode images : List.of(old, now)) {
                for (JsonNode image : images) {
                    if (!image.isObject()) {
                        return Optional.empty();
                    }
                    rows.add(row(image));
                }
            }
            return Optional.of(new ChangeNotification(table, at, List.copyOf(rows)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Map<String, Object> row(JsonNode image) {
        Map<String, Object> row = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = image.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            Object value;
            if (v.isNull()) {
                value = TableChange.NULL;
            } else if (v.isNumber()) {
                value = v.isBigDecimal() ? v.decimalValue() : new BigDecimal(v.asText());
            } else if (v.isTextual()) {
                value = v.textValue();
            } else if (v.isBoolean()) {
                value = v.booleanValue();
            } else {
                value = TableChange.UNSUPPORTED;
            }
            row.put(e.getKey(), value);
        }
        return Collections.unmodifiableMap(row);
    }
}
