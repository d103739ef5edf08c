package org.gridstack.grim.store;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.gridstack.grim.model.ColumnType;
import org.gridstack.grim.ops.Defaults;
import org.gridstack.grim.ops.Operation;

/**
 * The parameters of one run of an {@link Operation}, validated once where they enter (the HTTP API
 * with {@link #parse}, Java callers with {@link #of} or {@link #defaults}): every parameter the
 * operation names is present, none other is, and each value has its declared type ({@code TEXT}
 * a {@link String}, {@code INTEGER} a {@link Long}). Backends and the reference evaluator read
 * them with {@link #text} and {@link #integer} and check nothing again. Immutable, thread-safe.
 */
@ThreadSafe
public final class OperationParameters {
    private final Operation operation;
    @SuppressWarnings("ThreadSafe") // an unmodifiable view of a map built for this object alone; values are Strings and Longs
    private final Map<String, Object> values;

    private OperationParameters(Operation operation, Map<String, Object> values) {
        this.operation = operation;
        this.values = Collections.unmodifiableMap(values);
    }

    /** The operation's defaults for a database holding {@code connections} connections ({@link Defaults}). */
    public static OperationParameters defaults(Operation op, long connections) {
        return of(op, Defaults.of(op, connections));
    }

    /**
     * Checks {@code given} against {@code op}'s parameters and converts the values to their types
     * ({@link ColumnType#coerce}); throws 400 naming a missing, unknown or mistyped parameter.
     */
    public static OperationParameters of(Operation op, Map<String, ?> given) {
        requireNonNull(op, "op is null");
        requireNonNull(given, "given is null");
        for (String name : given.keySet()) {
            if (!op.parameters().containsKey(name)) {
                throw GrimException.badRequest(noSuchParameter(op, name));
            }
        }
        for (String name : op.parameters().keySet()) {
            if (given.get(name) == null) {
                throw GrimException.badRequest(op.label() + " needs the parameter '" + name + "'");
            }
        }
        Map<String, Object> typed = new LinkedHashMap<>();
        for (Map.Entry<String, ?> e : given.entrySet()) {
            try {
                typed.put(e.getKey(), op.parameters().get(e.getKey()).coerce(e.getValue()));
            } catch (IllegalArgumentException | ArithmeticException ex) {
                throw GrimException.badRequest("parameter '" + e.getKey() + "': " + ex.getMessage());
            }
        }
        return new OperationParameters(op, typed);
    }

    /**
     * The parameters of an API request: {@code query} (the request's parameters as text, without
     * {@code backend} and {@code mode}) over the defaults for {@code connections} connections.
     * Throws 400 naming an unknown parameter, a value that is not of its type, or a text value
     * outside the input domain ({@link InputDomain#checkLookup}).
     */
    public static OperationParameters parse(Operation op, Map<String, String> query, long connections) {
        requireNonNull(op, "op is null");
        requireNonNull(query, "query is null");
        Map<String, Object> values = Defaults.of(op, connections);
        for (Map.Entry<String, String> e : query.entrySet()) {
            ColumnType type = op.parameters().get(e.getKey());
            if (type == null) {
                throw GrimException.badRequest(noSuchParameter(op, e.getKey()) + " (plus backend, mode)");
            }
            try {
                values.put(e.getKey(), type.parse(e.getValue()));
            } catch (IllegalArgumentException ex) {
                throw GrimException.badRequest("parameter '" + e.getKey() + "': " + ex.getMessage());
            }
            if (type == ColumnType.TEXT) {
                InputDomain.checkLookup(e.getKey(), e.getValue());
            }
        }
        return of(op, values);
    }

    private static String noSuchParameter(Operation op, String name) {
        return "operation " + op.label() + " has no parameter '" + name + "'; its parameters: "
                + (op.parameters().isEmpty() ? "none" : String.join(", ", op.parameters().keySet()));
    }

    public Operation operation() {
        return operation;
    }

    /** The value of the TEXT parameter {@code name}. */
    public String text(String name) {
        return (String) declared(name, ColumnType.TEXT);
    }

    /** The value of the INTEGER parameter {@code name}. */
    public long integer(String name) {
        return (Long) declared(name, ColumnType.INTEGER);
    }

    /** The value of parameter {@code name}: a String or a Long, as the operation declares it. */
    public Object value(String name) {
        if (!values.containsKey(name)) {
            throw new IllegalArgumentException(operation.label() + " has no parameter '" + name + "'");
        }
        return values.get(name);
    }

    /** Every parameter by name, in the order given (unmodifiable): what an answer echoes. */
    public Map<String, Object> asMap() {
        return values;
    }

    private Object declared(String name, ColumnType type) {
        if (operation.parameters().get(name) != type) {
            throw new IllegalArgumentException(operation.label() + " has no " + type.name().toLowerCase(Locale.ROOT)
                    + " parameter '" + name + "'");
        }
        return values.get(name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OperationParameters p && p.operation == operation && p.values.equals(values);
    }

    @Override
    public int hashCode() {
        return operation.hashCode() * 31 + values.hashCode();
    }

    @Override
    public String toString() {
        return operation.label() + values;
    }
}
