package org.gridstack.hawkeye.classad;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;
import java.util.Locale;

/**
 * The value of a ClassAd expression: one of HTCondor's types (undefined, error, boolean, integer,
 * real, string, list, ClassAd). Immutable and thread-safe; lists hold values, ads hold unevaluated
 * expressions (a nested ad is evaluated lazily, in its own scope).
 */
@ThreadSafe
public sealed interface Value {

    /** The value of a reference to an attribute that is not there. */
    Value UNDEFINED = new Undefined();
    /** The value of an operation on unsuitable operands. */
    Value ERROR = new Error();
    Value TRUE = new Bool(true);
    Value FALSE = new Bool(false);

    /** The type name HTCondor's documents use. */
    String typeName();

    static Value of(boolean b) {
        return b ? TRUE : FALSE;
    }

    static Value of(long l) {
        return new Int(l);
    }

    static Value of(double d) {
        return new Real(d);
    }

    static Value of(String s) {
        return new Str(s);
    }

    default boolean isUndefined() {
        return this instanceof Undefined;
    }

    default boolean isError() {
        return this instanceof Error;
    }

    /** Integer, real or boolean (booleans take part in arithmetic as 1 and 0, as in HTCondor). */
    default boolean isNumber() {
        return this instanceof Int || this instanceof Real || this instanceof Bool;
    }

    /** Whether this is the boolean TRUE (the test a constraint must pass). */
    default boolean isTrue() {
        return this instanceof Bool b && b.value();
    }

    @ThreadSafe
    record Undefined() implements Value {
        @Override
        public String typeName() {
            return "undefined";
        }

        @Override
        public String toString() {
            return "undefined";
        }
    }

    @ThreadSafe
    record Error() implements Value {
        @Override
        public String typeName() {
            return "error";
        }

        @Override
        public String toString() {
            return "error";
        }
    }

    @ThreadSafe
    record Bool(boolean value) implements Value {
        @Override
        public String typeName() {
            return "boolean";
        }

        @Override
        public String toString() {
            return value ? "true" : "false";
        }
    }

    @ThreadSafe
    record Int(long value) implements Value {
        @Override
        public String typeName() {
            return "integer";
        }

        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    @ThreadSafe
    record Real(double value) implements Value {
        @Override
        public String typeName() {
            return "real";
        }

        @Override
        public String toString() {
            return format(value);
        }

        /** HTCondor's unparsed form: always with a point or exponent, so it reads back as a real. */
        public static String format(double d) {
            if (Double.isNaN(d)) {
                return "real(\"NaN\")";
            }
            if (Double.isInfinite(d)) {
                return d > 0 ? "real(\"INF\")" : "real(\"-INF\")";
            }
            if (d == Math.rint(d) && Math.abs(d) < 1e15) {
                return String.format(Locale.ROOT, "%.1f", d);
            }
            String s = Double.toString(d);
            return s.replace("E", "e");
        }
    }

    @ThreadSafe
    record Str(String value) implements Value {
        public Str {
            requireNonNull(value, "value is null");
        }

        @Override
        public String typeName() {
            return "string";
        }

        @Override
        public String toString() {
            return ClassAdWriter.quote(value);
        }
    }

    @ThreadSafe
    record ListValue(@SuppressWarnings("ThreadSafe") List<Value> elements) implements Value { // an unmodifiable copy (List.copyOf)
        public ListValue {
            elements = List.copyOf(elements);
        }

        @Override
        public String typeName() {
            return "list";
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < elements.size(); i++) {
                sb.append(i == 0 ? " " : ", ").append(elements.get(i));
            }
            return sb.append(elements.isEmpty() ? "}" : " }").toString();
        }
    }

    /**
     * A ClassAd value. When it came from a nested ad in an expression it remembers the ads that
     * enclosed it, so that its attributes can refer to theirs; equality looks at the ad only.
     */
    @ThreadSafe
    final class AdValue implements Value {
        private final ClassAd ad;
        private final Evaluator.Env enclosing;

        public AdValue(ClassAd ad) {
            this(ad, null);
        }

        AdValue(ClassAd ad, Evaluator.Env enclosing) {
            this.ad = requireNonNull(ad, "ad is null");
            this.enclosing = enclosing;
        }

        public ClassAd ad() {
            return ad;
        }

        Evaluator.Env enclosing() {
            return enclosing;
        }

        @Override
        public String typeName() {
            return "classad";
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof AdValue other && ad.equals(other.ad);
        }

        @Override
        public int hashCode() {
            return ad.hashCode();
        }

        @Override
        public String toString() {
            return ClassAdWriter.newForm(ad);
        }
    }
}
