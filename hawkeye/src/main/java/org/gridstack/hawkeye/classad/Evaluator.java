package org.gridstack.hawkeye.classad;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Clock;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Evaluates expressions with HTCondor's semantics (classad-mechanism.rst): total operators,
 * strict in ERROR then UNDEFINED except {@code &&}, {@code ||}, {@code ?:}, {@code =?=} and
 * {@code =!=}; numbers promoted int to real and booleans to 0/1 for arithmetic and comparison;
 * case-insensitive string comparison except for the identity operators; references looked up in
 * the enclosing ads innermost first, then in the target ad, then {@code CurrentTime}; a reference
 * to an attribute being evaluated is ERROR.
 *
 * <p>One instance evaluates against one ({@code my}, {@code target}) pair; it is not thread-safe
 * (it tracks the attributes being evaluated). Cheap to create.
 */
public final class Evaluator {

    /** A lexical scope: an ad and the ad enclosing it. */
    @ThreadSafe
    record Env(ClassAd ad, Env parent) {
        Env root() {
            Env e = this;
            while (e.parent != null) {
                e = e.parent;
            }
            return e;
        }
    }

    private final ClassAd my;
    private final ClassAd target;
    private final EvaluationBudget budget;
    private final Clock clock;
    private final Map<Expr, Boolean> inProgress = new IdentityHashMap<>();

    public Evaluator(ClassAd my, ClassAd target, EvaluationBudget budget, Clock clock) {
        this.my = requireNonNull(my, "my is null");
        this.target = target;
        this.budget = requireNonNull(budget, "budget is null");
        this.clock = requireNonNull(clock, "clock is null");
    }

    /** Evaluates {@code expr} as if it were an attribute of {@code my}. */
    public Value evaluate(Expr expr) {
        return eval(expr, new Env(my, null));
    }

    /** Whether {@code constraint} evaluates to TRUE for {@code ad} (UNDEFINED and ERROR do not match). */
    public static boolean matches(Expr constraint, ClassAd ad, EvaluationBudget budget, Clock clock) {
        budget.startAd();
        return new Evaluator(ad, null, budget, clock).evaluate(constraint).isTrue();
    }

    /** Evaluates attribute {@code name} of {@code ad}; UNDEFINED when absent. */
    public static Value evaluateAttribute(ClassAd ad, String name, ClassAd target, EvaluationLimits limits) {
        Evaluator e = new Evaluator(ad, target, new EvaluationBudget(limits), Clock.systemUTC());
        Expr expr = ad.get(name);
        return expr == null ? Value.UNDEFINED : e.attribute(expr, new Env(ad, null));
    }

    /** Evaluates {@code expr} against {@code ad} alone with the {@link EvaluationLimits#TRUSTED} limits. */
    public static Value evaluate(Expr expr, ClassAd ad) {
        return new Evaluator(ad, null, new EvaluationBudget(EvaluationLimits.TRUSTED), Clock.systemUTC()).evaluate(expr);
    }

    EvaluationBudget budget() {
        return budget;
    }

    Clock clock() {
        return clock;
    }

    Value eval(Expr expr, Env env) {
        budget.step();
        if (expr instanceof Expr.Literal l) {
            return l.value();
        }
        if (expr instanceof Expr.AttributeRef r) {
            return reference(r, env);
        }
        if (expr instanceof Expr.Binary b) {
            return binary(b, env);
        }
        if (expr instanceof Expr.Call c) {
            return Functions.call(c, this, env);
        }
        if (expr instanceof Expr.Unary u) {
            return Operations.unary(u.op(), eval(u.operand(), env));
        }
        if (expr instanceof Expr.Conditional c) {
            return conditional(c, env);
        }
        if (expr instanceof Expr.Select s) {
            return select(eval(s.base(), env), s.name());
        }
        if (expr instanceof Expr.Subscript s) {
            return subscript(eval(s.base(), env), eval(s.index(), env));
        }
        if (expr instanceof Expr.ListExpr l) {
            return list(l, env);
        }
        if (expr instanceof Expr.Record r) {
            return new Value.AdValue(r.ad(), env);
        }
        throw new IllegalStateException("unknown expression node " + expr.getClass());
    }

    private Value binary(Expr.Binary b, Env env) {
        Value left = eval(b.left(), env);
        switch (b.op()) {
            case AND: {
                Value l = Operations.toLogical(left);
                if (l == Value.FALSE || l.isError()) {
                    return l;
                }
                return Operations.and(l, Operations.toLogical(eval(b.right(), env)));
            }
            case OR: {
                Value l = Operations.toLogical(left);
                if (l == Value.TRUE || l.isError()) {
                    return l;
                }
                return Operations.or(l, Operations.toLogical(eval(b.right(), env)));
            }
            default:
                return Operations.binary(b.op(), left, eval(b.right(), env));
        }
    }

    private Value conditional(Expr.Conditional c, Env env) {
        Value cond = eval(c.condition(), env);
        if (c.then() == null) {
            return cond.isUndefined() ? eval(c.otherwise(), env) : cond;
        }
        if (cond.isUndefined()) {
            return Value.UNDEFINED;
        }
        Boolean b = Operations.booleanEquivalent(cond);
        if (b == null) {
            return Value.ERROR;
        }
        return b ? eval(c.then(), env) : eval(c.otherwise(), env);
    }

    private Value list(Expr.ListExpr l, Env env) {
        budget.allocate(l.elements().size());
        List<Value> values = new ArrayList<>(l.elements().size());
        for (Expr e : l.elements()) {
            values.add(eval(e, env));
        }
        return new Value.ListValue(values);
    }

    private Value reference(Expr.AttributeRef r, Env env) {
        String key = r.key();
        switch (r.scope()) {
            case MY:
                return lookup(new Env(my, null), key);
            case TARGET:
                return target == null ? Value.UNDEFINED : lookup(new Env(target, null), key);
            case PARENT:
                return env.parent() == null ? Value.UNDEFINED : lookupChain(env.parent(), key, r.name());
            case ROOT:
                return lookup(env.root(), key);
            case NONE:
            default:
                return lookupChain(env, key, r.name());
        }
    }

    private Value lookupChain(Env env, String key, String name) {
        for (Env e = env; e != null; e = e.parent()) {
            Expr expr = e.ad().getByKey(key);
            if (expr != null) {
                return attribute(expr, e);
            }
        }
        if (target != null) {
            Expr expr = target.getByKey(key);
            if (expr != null) {
                return attribute(expr, new Env(target, null));
            }
        }
        if (key.equals("currenttime")) {
            return Value.of(clock.instant().getEpochSecond());
        }
        return Value.UNDEFINED;
    }

    private Value lookup(Env env, String key) {
        Expr expr = env.ad().getByKey(key);
        return expr == null ? Value.UNDEFINED : attribute(expr, env);
    }

    /** Evaluates an attribute's expression in the scope of its ad; a cycle is ERROR. */
    Value attribute(Expr expr, Env env) {
        if (expr instanceof Expr.Literal l) {
            return l.value();
        }
        if (inProgress.putIfAbsent(expr, Boolean.TRUE) != null) {
            return Value.ERROR;
        }
        try {
            return eval(expr, env);
        } finally {
            inProgress.remove(expr);
        }
    }

    /** {@code base.name}: an ad's attribute, or the list of the attribute over a list of ads. */
    Value select(Value base, String name) {
        String key = name.toLowerCase(Locale.ROOT);
        if (base instanceof Value.AdValue a) {
            Env env = new Env(a.ad(), a.enclosing());
            return lookup(env, key);
        }
        if (base instanceof Value.ListValue l) {
            budget.allocate(l.elements().size());
            List<Value> out = new ArrayList<>(l.elements().size());
            for (Value v : l.elements()) {
                out.add(select(v, name));
            }
            return new Value.ListValue(out);
        }
        if (base.isUndefined()) {
            return Value.UNDEFINED;
        }
        return Value.ERROR;
    }

    private Value subscript(Value base, Value index) {
        if (base.isError() || index.isError()) {
            return Value.ERROR;
        }
        if (base.isUndefined() || index.isUndefined()) {
            return Value.UNDEFINED;
        }
        if (base instanceof Value.ListValue l && index instanceof Value.Int i) {
            if (i.value() < 0 || i.value() >= l.elements().size()) {
                return Value.ERROR;
            }
            return l.elements().get((int) i.value());
        }
        if (base instanceof Value.AdValue a && index instanceof Value.Str s) {
            return select(a, s.value());
        }
        return Value.ERROR;
    }
}
