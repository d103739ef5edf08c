package org.gridstack.hawkeye.classad;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A ClassAd: a set of uniquely named expressions (attributes). Names are case-insensitive and
 * keep the case they were first written in; order is the order of definition (a later definition
 * of the same name replaces the expression in place). Immutable and thread-safe; build with
 * {@link #builder()} or {@link #toBuilder()}.
 */
@ThreadSafe
public final class ClassAd {
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");
    private static final ClassAd EMPTY = new ClassAd(new LinkedHashMap<>());

    /** An attribute: its name as written and its expression. */
    public record Attribute(String name, Expr expr) {
        public Attribute {
            requireNonNull(name, "name is null");
            requireNonNull(expr, "expr is null");
        }
    }

    @SuppressWarnings("ThreadSafe") // lower-case name -> attribute; an unmodifiable view of a map no one else holds
    private final Map<String, Attribute> attributes;

    private ClassAd(LinkedHashMap<String, Attribute> attributes) {
        this.attributes = Collections.unmodifiableMap(attributes);
    }

    public static ClassAd empty() {
        return EMPTY;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.attributes.putAll(attributes);
        return b;
    }

    /** The expression of attribute {@code name} (any case), or null. */
    public Expr get(String name) {
        Attribute a = attributes.get(name.toLowerCase(Locale.ROOT));
        return a == null ? null : a.expr();
    }

    /** The expression stored under lower-case key {@code key}, or null (no case folding: hot path). */
    Expr getByKey(String key) {
        Attribute a = attributes.get(key);
        return a == null ? null : a.expr();
    }

    public boolean contains(String name) {
        return attributes.containsKey(name.toLowerCase(Locale.ROOT));
    }

    /** The attributes in definition order. */
    public List<Attribute> attributes() {
        return List.copyOf(attributes.values());
    }

    public int size() {
        return attributes.size();
    }

    /** Evaluates attribute {@code name} in this ad alone (no target); UNDEFINED when absent. */
    public Value evaluate(String name) {
        return Evaluator.evaluateAttribute(this, name, null, EvaluationLimits.TRUSTED);
    }

    /**
     * This ad reduced to the attributes named in {@code names} (any case; absent ones are skipped),
     * in the order asked for. The expressions are kept as they are, not evaluated.
     */
    public ClassAd project(List<String> names) {
        Builder b = new Builder();
        for (String n : names) {
            Attribute a = attributes.get(n.toLowerCase(Locale.ROOT));
            if (a != null) {
                b.attributes.put(n.toLowerCase(Locale.ROOT), a);
            }
        }
        return b.build();
    }

    /** Whether {@code name} can be written without quotes. */
    static boolean isPlainName(String name) {
        return PLAIN_NAME.matcher(name).matches() && !Keywords.isReserved(name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ClassAd other && attributes.equals(other.attributes);
    }

    @Override
    public int hashCode() {
        return attributes.hashCode();
    }

    @Override
    public String toString() {
        return ClassAdWriter.newForm(this);
    }

    /** Collects attributes; not thread-safe. */
    public static final class Builder {
        private final LinkedHashMap<String, Attribute> attributes = new LinkedHashMap<>();

        private Builder() {
        }

        /** Defines (or redefines) {@code name}. */
        public Builder put(String name, Expr expr) {
            requireNonNull(name, "name is null");
            requireNonNull(expr, "expr is null");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("an attribute name is empty");
            }
            String key = name.toLowerCase(Locale.ROOT);
            Attribute old = attributes.get(key);
            attributes.put(key, new Attribute(old == null ? name : old.name(), expr));
            return this;
        }

        public Builder put(String name, Value literal) {
            return put(name, new Expr.Literal(literal));
        }

        public Builder put(String name, long value) {
            return put(name, Value.of(value));
        }

        public Builder put(String name, double value) {
            return put(name, Value.of(value));
        }

        public Builder put(String name, String value) {
            return put(name, Value.of(value));
        }

        public Builder put(String name, boolean value) {
            return put(name, Value.of(value));
        }

        /** Defines every attribute of {@code other}, replacing same-named ones. */
        public Builder putAll(ClassAd other) {
            for (Attribute a : other.attributes.values()) {
                put(a.name(), a.expr());
            }
            return this;
        }

        public Builder remove(String name) {
            attributes.remove(name.toLowerCase(Locale.ROOT));
            return this;
        }

        public int size() {
            return attributes.size();
        }

        public ClassAd build() {
            return new ClassAd(new LinkedHashMap<>(attributes));
        }
    }
}
