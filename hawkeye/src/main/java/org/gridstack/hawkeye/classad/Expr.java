package org.gridstack.hawkeye.classad;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;

/**
 * A parsed ClassAd expression: an immutable tree, safe to share between threads and to evaluate
 * against many ads (a constraint is parsed once per query). {@link ClassAdWriter#unparse(Expr)}
 * gives the new-form text, which parses back to an equal tree.
 */
public sealed interface Expr {

    /** A literal value (integer, real, string, boolean, undefined, error). */
    record Literal(Value value) implements Expr {
        public Literal {
            requireNonNull(value, "value is null");
        }
    }

    /** How an attribute reference is scoped. */
    enum Scope {
        /** Unscoped: the enclosing ads innermost first, then the target ad (HTCondor's old-ClassAd fallback). */
        NONE,
        /** {@code MY.name}: the ad the expression belongs to. */
        MY,
        /** {@code TARGET.name}: the other ad of a match. */
        TARGET,
        /** {@code PARENT.name}: the ad enclosing the current nested ad. */
        PARENT,
        /** {@code .name}: the outermost ad. */
        ROOT
    }

    /** A reference to attribute {@code name} (case-insensitive). */
    record AttributeRef(Scope scope, String name) implements Expr {
        public AttributeRef {
            requireNonNull(scope, "scope is null");
            requireNonNull(name, "name is null");
        }

        /** The name as the ad stores it (lower case). */
        public String key() {
            return name.toLowerCase(Locale.ROOT);
        }
    }

    /** {@code base.name}: an attribute of the ad {@code base} evaluates to. */
    record Select(Expr base, String name) implements Expr {
        public Select {
            requireNonNull(base, "base is null");
            requireNonNull(name, "name is null");
        }
    }

    /** {@code base[index]}: a list element (from 0) or an ad's attribute named by a string. */
    record Subscript(Expr base, Expr index) implements Expr {
        public Subscript {
            requireNonNull(base, "base is null");
            requireNonNull(index, "index is null");
        }
    }

    /** A prefix operator. */
    record Unary(Operator op, Expr operand) implements Expr {
        public Unary {
            requireNonNull(op, "op is null");
            requireNonNull(operand, "operand is null");
        }
    }

    /** An infix operator. */
    record Binary(Operator op, Expr left, Expr right) implements Expr {
        public Binary {
            requireNonNull(op, "op is null");
            requireNonNull(left, "left is null");
            requireNonNull(right, "right is null");
        }
    }

    /** {@code condition ? then : otherwise}; {@code then} is null for {@code condition ?: otherwise}. */
    record Conditional(Expr condition, Expr then, Expr otherwise) implements Expr {
        public Conditional {
            requireNonNull(condition, "condition is null");
            requireNonNull(otherwise, "otherwise is null");
        }
    }

    /** {@code { e1, e2, ... }}. */
    record ListExpr(List<Expr> elements) implements Expr {
        public ListExpr {
            elements = List.copyOf(elements);
        }
    }

    /** A nested ad {@code [ a = 1; b = 2 ]}. */
    record Record(ClassAd ad) implements Expr {
        public Record {
            requireNonNull(ad, "ad is null");
        }
    }

    /** A call of a built-in function (names are case-insensitive). */
    record Call(String name, List<Expr> args) implements Expr {
        public Call {
            requireNonNull(name, "name is null");
            args = List.copyOf(args);
        }
    }
}
