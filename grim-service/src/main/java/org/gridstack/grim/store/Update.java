package org.gridstack.grim.store;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.GlueModel;
import java.util.Collections;

/**
 * One provider update: set attributes of an object (one attribute or several), insert an
 * object, or delete one. {@link #validated} checks it against the model and returns it with
 * values coerced to the column types; backends receive only validated updates.
 *
 * <p>Rules every backend enforces the same way (so the copies stay equal): SET and DELETE of a
 * missing object answer 404; INSERT of an existing key answers 409; an INSERT or SET whose
 * reference column names a missing object answers 409; a DELETE of an object that other objects
 * still reference answers 409. A batch is applied all or nothing.
 *
 * @param key    the key values (one for entities, two for relationships)
 * @param values attribute values by column name (SET: the attributes to change; INSERT: the
 *               non-key attributes, missing ones are stored as absent/null; DELETE: empty)
 */
public record Update(Kind kind, String collection, List<String> key, Map<String, Object> values) {
    public enum Kind {
        SET,
        INSERT,
        DELETE;

        public static Kind parse(String s) {
            try {
                return valueOf(requireNonNull(s, "kind is missing (set, insert or delete)").toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown update kind '" + s + "'; use set, insert or delete");
            }
        }
    }

    /** Attributes GLUE's LDAP schema makes mandatory (MUST) beyond the key: every backend insists on them. */
    private static final Map<String, List<String>> REQUIRED_ON_INSERT = Map.of(
            "service_data", List.of("data_key"),
            "local_file_system", List.of("name"));

    public Update {
        requireNonNull(kind, "kind is null");
        requireNonNull(collection, "collection is null");
        key = List.copyOf(requireNonNull(key, "key is null"));
        values = values == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public static Update set(String collection, String key, Map<String, Object> values) {
        return new Update(Kind.SET, collection, List.of(key), values);
    }

    public CollectionDef definition() {
        return GlueModel.collection(collection);
    }

    /**
     * Checks the update against the model and {@link InputDomain} (keys, characters, sizes every
     * backend stores unchanged); throws GrimException (400) saying what is wrong.
     */
    public Update validated() {
        CollectionDef def;
        try {
            def = GlueModel.collection(collection);
        } catch (IllegalArgumentException e) {
            throw GrimException.badRequest(e.getMessage());
        }
        if (key.size() != def.keyCount()) {
            throw GrimException.badRequest(collection + " objects are identified by " + def.keyCount() + " key value(s) ("
                    + names(def.keyColumns()) + "), got " + key.size());
        }
        for (int i = 0; i < key.size(); i++) {
            if (key.get(i) == null || key.get(i).isEmpty()) {
                throw GrimException.badRequest("empty key value for " + collection);
            }
            InputDomain.checkKey(def, def.keyColumns().get(i), key.get(i));
        }
        Map<String, Object> coerced = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : values.entrySet()) {
            Column c = def.column(e.getKey()).orElseThrow(() -> GrimException.badRequest(
                    collection + " has no attribute '" + e.getKey() + "'; attributes: " + names(def.columns())));
            if (def.keyColumns().contains(c)) {
                throw GrimException.badRequest("'" + c.name() + "' is part of the key of " + collection + " and cannot be "
                        + (kind == Kind.INSERT ? "given as a value; put it in the key" : "changed; delete and insert instead"));
            }
            Object value;
            try {
                value = c.type().coerce(e.getValue());
            } catch (IllegalArgumentException | ArithmeticException ex) {
                throw GrimException.badRequest(collection + "." + c.name() + ": " + ex.getMessage());
            }
            InputDomain.checkValue(def, c, value);
            coerced.put(c.name(), value);
        }
        switch (kind) {
            case SET -> {
                if (coerced.isEmpty()) {
                    throw GrimException.badRequest("a set update needs at least one attribute value");
                }
                for (String required : REQUIRED_ON_INSERT.getOrDefault(collection, List.of())) {
                    if (coerced.containsKey(required) && coerced.get(required) == null) {
                        throw GrimException.badRequest("'" + required + "' of " + collection + " cannot be removed (GLUE requires it)");
                    }
                }
            }
            case DELETE -> {
                if (!coerced.isEmpty()) {
                    throw GrimException.badRequest("a delete takes no attribute values");
                }
            }
            case INSERT -> {
                for (String required : REQUIRED_ON_INSERT.getOrDefault(collection, List.of())) {
                    if (coerced.get(required) == null) {
                        throw GrimException.badRequest("a new " + collection + " object needs '" + required
                                + "' (GLUE requires it, so the LDAP copy could not store the object without it)");
                    }
                }
            }
        }
        return new Update(kind, collection, key, coerced);
    }

    /** All column values of an INSERT in column order (key first, absent attributes null). */
    public Object[] insertRow() {
        CollectionDef def = definition();
        Object[] row = new Object[def.columns().size()];
        for (int i = 0; i < def.keyCount(); i++) {
            row[i] = key.get(i);
        }
        for (int i = def.keyCount(); i < row.length; i++) {
            row[i] = values.get(def.columns().get(i).name());
        }
        return row;
    }

    private static String names(List<Column> cols) {
        StringBuilder sb = new StringBuilder();
        for (Column c : cols) {
            sb.append(sb.length() == 0 ? "" : ", ").append(c.name());
        }
        return sb.toString();
    }
}
