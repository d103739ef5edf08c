package org.gridstack.hawkeye.manager;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.Expr;
import org.gridstack.hawkeye.classad.Operator;
import org.gridstack.hawkeye.classad.Value;

/**
 * An equality index over the ads' literal attributes, so that a constraint with a conjunct
 * {@code Attr == literal} only evaluates the ads that can match: those whose {@code Attr} is
 * that value (compared as {@code ==} does: strings without case, numbers as numbers) and those
 * whose {@code Attr} is an expression (which only evaluation can tell). Candidates are a superset
 * of the matches; the caller still evaluates the whole constraint. Thread-safe; updates of one
 * host must not run concurrently with each other (the store serializes them per host).
 */
@ThreadSafe
final class AttributeIndex {
    /** attribute key -> normalized value -> host keys. */
    @SuppressWarnings("ThreadSafe") // concurrent maps of concurrent key sets (ConcurrentHashMap.newKeySet), see index()
    private final Map<String, Map<String, Set<String>>> byValue = new ConcurrentHashMap<>();
    /** attribute key -> hosts whose value is not a literal. */
    @SuppressWarnings("ThreadSafe") // a concurrent map of concurrent key sets (ConcurrentHashMap.newKeySet)
    private final Map<String, Set<String>> unindexable = new ConcurrentHashMap<>();

    void add(String host, ClassAd ad) {
        for (ClassAd.Attribute a : ad.attributes()) {
            String attr = a.name().toLowerCase(Locale.ROOT);
            String value = normalized(a.expr());
            if (value == null) {
                unindexable.computeIfAbsent(attr, k -> ConcurrentHashMap.newKeySet()).add(host);
            } else {
                byValue.computeIfAbsent(attr, k -> new ConcurrentHashMap<>())
                        .computeIfAbsent(value, k -> ConcurrentHashMap.newKeySet()).add(host);
            }
        }
    }

    void remove(String host, ClassAd ad) {
        for (ClassAd.Attribute a : ad.attributes()) {
            String attr = a.name().toLowerCase(Locale.ROOT);
            String value = normalized(a.expr());
            if (value == null) {
                Set<String> s = unindexable.get(attr);
                if (s != null) {
                    s.remove(host);
                }
            } else {
                Map<String, Set<String>> values = byValue.get(attr);
                if (values != null) {
                    values.computeIfPresent(value, (k, s) -> {
                        s.remove(host);
                        return s.isEmpty() ? null : s;
                    });
                }
            }
        }
    }

    /**
     * The hosts that can satisfy {@code constraint}, or null when no conjunct of it can use the
     * index (then every host is a candidate).
     */
    List<String> candidates(Expr constraint) {
        List<Expr> conjuncts = new ArrayList<>();
        flatten(constraint, conjuncts);
        List<String> best = null;
        for (Expr c : conjuncts) {
            if (!(c instanceof Expr.Binary b) || b.op() != Operator.EQUAL) {
                continue;
            }
            Expr.AttributeRef ref = null;
            Expr.Literal lit = null;
            if (b.left() instanceof Expr.AttributeRef r && b.right() instanceof Expr.Literal l) {
                ref = r;
                lit = l;
            } else if (b.right() instanceof Expr.AttributeRef r && b.left() instanceof Expr.Literal l) {
                ref = r;
                lit = l;
            }
            if (ref == null || (ref.scope() != Expr.Scope.NONE && ref.scope() != Expr.Scope.MY)
                    || ref.key().equals("currenttime")) { // CurrentTime is implicit in every ad
                continue;
            }
            String value = normalized(lit);
            if (value == null) {
                continue;
            }
            List<String> hosts = new ArrayList<>();
            Map<String, Set<String>> values = byValue.get(ref.key());
            if (values != null) {
                Set<String> s = values.get(value);
                if (s != null) {
                    hosts.addAll(s);
                }
            }
            Set<String> other = unindexable.get(ref.key());
            if (other != null) {
                hosts.addAll(other);
            }
            if (best == null || hosts.size() < best.size()) {
                best = hosts;
            }
        }
        return best;
    }

    private static void flatten(Expr e, List<Expr> out) {
        if (e instanceof Expr.Binary b && b.op() == Operator.AND) {
            flatten(b.left(), out);
            flatten(b.right(), out);
        } else {
            out.add(e);
        }
    }

    /** The key {@code ==} would compare a literal by, or null for values the index does not hold. */
    private static String normalized(Expr e) {
        if (!(e instanceof Expr.Literal l)) {
            return null;
        }
        Value v = l.value();
        if (v instanceof Value.Str s) {
            return "s:" + s.value().toLowerCase(Locale.ROOT);
        }
        if (v instanceof Value.Int i) {
            return "n:" + (double) i.value();
        }
        if (v instanceof Value.Real r) {
            return "n:" + (r.value() == 0.0 ? 0.0 : r.value());
        }
        if (v instanceof Value.Bool b) {
            return "n:" + (b.value() ? 1.0 : 0.0);
        }
        return null; // undefined, error: == never yields TRUE with them
    }
}
