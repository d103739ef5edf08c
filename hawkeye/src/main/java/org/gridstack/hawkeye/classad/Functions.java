package org.gridstack.hawkeye.classad;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * HTCondor's built-in ClassAd functions (classad-builtin-functions.rst), names case-insensitive.
 * A wrong number of arguments gives ERROR, as in HTCondor. Stateless and thread-safe.
 */
final class Functions {

    /** One built-in: gets its argument expressions unevaluated, so that it can be lazy. */
    @FunctionalInterface
    private interface Builtin {
        Value apply(List<Expr> args, Evaluator ev, Evaluator.Env env);
    }

    /** A built-in that wants its arguments evaluated, left to right. */
    @FunctionalInterface
    private interface Strict {
        Value apply(List<Value> args, Evaluator ev);
    }

    private static final Map<String, Builtin> BUILTINS = new HashMap<>();

    private static void lazy(String name, Builtin b) {
        BUILTINS.put(name.toLowerCase(Locale.ROOT), b);
    }

    private static void strict(String name, int minArgs, int maxArgs, Strict f) {
        BUILTINS.put(name.toLowerCase(Locale.ROOT), (args, ev, env) -> {
            if (args.size() < minArgs || args.size() > maxArgs) {
                return Value.ERROR;
            }
            List<Value> values = new ArrayList<>(args.size());
            for (Expr a : args) {
                values.add(ev.eval(a, env));
            }
            return f.apply(values, ev);
        });
    }

    static {
        lazy("ifThenElse", (args, ev, env) -> {
            if (args.size() != 3) {
                return Value.ERROR;
            }
            Value c = ev.eval(args.get(0), env);
            if (c.isUndefined() || c.isError()) {
                return c;
            }
            Boolean b = Operations.booleanEquivalent(c);
            if (b == null) {
                return Value.ERROR;
            }
            return ev.eval(args.get(b ? 1 : 2), env);
        });
        strict("isUndefined", 1, 1, (a, ev) -> Value.of(a.get(0).isUndefined()));
        strict("isError", 1, 1, (a, ev) -> Value.of(a.get(0).isError()));
        strict("isString", 1, 1, (a, ev) -> Value.of(a.get(0) instanceof Value.Str));
        strict("isInteger", 1, 1, (a, ev) -> Value.of(a.get(0) instanceof Value.Int));
        strict("isReal", 1, 1, (a, ev) -> Value.of(a.get(0) instanceof Value.Real));
        strict("isBoolean", 1, 1, (a, ev) -> Value.of(a.get(0) instanceof Value.Bool));
        strict("isList", 1, 1, (a, ev) -> Value.of(a.get(0) instanceof Value.ListValue));
        strict("isClassAd", 1, 1, (a, ev) -> Value.of(a.get(0) instanceof Value.AdValue));
        strict("member", 2, 2, (a, ev) -> member(a.get(0), a.get(1), false));
        strict("identicalMember", 2, 2, (a, ev) -> member(a.get(0), a.get(1), true));
        strict("anyCompare", 3, 3, (a, ev) -> listCompare(a, true));
        strict("allCompare", 3, 3, (a, ev) -> listCompare(a, false));
        strict("int", 1, 1, (a, ev) -> toInt(a.get(0)));
        strict("real", 1, 1, (a, ev) -> toReal(a.get(0)));
        strict("string", 1, 1, (a, ev) -> {
            String s = string(a.get(0));
            return s == null ? Value.ERROR : charge(ev, (s));
        });
        strict("bool", 1, 1, (a, ev) -> toBool(a.get(0)));
        strict("floor", 1, 1, (a, ev) -> rounded(a.get(0), Math::floor));
        strict("ceiling", 1, 1, (a, ev) -> rounded(a.get(0), Math::ceil));
        strict("round", 1, 1, (a, ev) -> rounded(a.get(0), Math::rint));
        strict("pow", 2, 2, (a, ev) -> pow(a.get(0), a.get(1)));
        strict("quantize", 2, 2, (a, ev) -> quantize(a.get(0), a.get(1)));
        strict("random", 0, 1, (a, ev) -> random(a.isEmpty() ? Value.of(1.0) : a.get(0)));
        strict("sum", 1, 1, (a, ev) -> aggregate(a.get(0), "sum"));
        strict("avg", 1, 1, (a, ev) -> aggregate(a.get(0), "avg"));
        strict("min", 1, 1, (a, ev) -> aggregate(a.get(0), "min"));
        strict("max", 1, 1, (a, ev) -> aggregate(a.get(0), "max"));
        strict("strcat", 0, Integer.MAX_VALUE, (a, ev) -> {
            StringBuilder sb = new StringBuilder();
            for (Value v : a) {
                String s = string(v);
                if (s == null) {
                    return Value.ERROR;
                }
                ev.budget().allocate(s.length());
                sb.append(s);
            }
            return Value.of(sb.toString());
        });
        strict("join", 1, Integer.MAX_VALUE, Functions::join);
        strict("split", 1, 2, (a, ev) -> {
            if (!(a.get(0) instanceof Value.Str s)) {
                return a.get(0).isUndefined() ? Value.UNDEFINED : Value.ERROR;
            }
            String delims = " \t\n\r";
            if (a.size() == 2) {
                if (!(a.get(1) instanceof Value.Str d)) {
                    return Value.ERROR;
                }
                delims = d.value();
            }
            List<Value> out = new ArrayList<>();
            for (String item : tokens(s.value(), delims, delims.isEmpty())) {
                out.add(Value.of(item));
            }
            ev.budget().allocate(out.size() + s.value().length());
            return new Value.ListValue(out);
        });
        strict("splitUserName", 1, 1, (a, ev) -> splitAt(a.get(0), true));
        strict("splitSlotName", 1, 1, (a, ev) -> splitAt(a.get(0), false));
        strict("substr", 2, 3, Functions::substr);
        strict("strcmp", 2, 2, (a, ev) -> strcmp(a, false));
        strict("stricmp", 2, 2, (a, ev) -> strcmp(a, true));
        strict("toUpper", 1, 1, (a, ev) -> {
            String s = string(a.get(0));
            return s == null ? Value.ERROR : charge(ev, (s.toUpperCase(Locale.ROOT)));
        });
        strict("toLower", 1, 1, (a, ev) -> {
            String s = string(a.get(0));
            return s == null ? Value.ERROR : charge(ev, (s.toLowerCase(Locale.ROOT)));
        });
        strict("size", 1, 1, (a, ev) -> {
            Value v = a.get(0);
            if (v instanceof Value.Str s) {
                return Value.of(s.value().length());
            }
            if (v instanceof Value.ListValue l) {
                return Value.of(l.elements().size());
            }
            if (v instanceof Value.AdValue ad) {
                return Value.of(ad.ad().size());
            }
            return Value.ERROR;
        });
        strict("time", 0, 0, (a, ev) -> Value.of(ev.clock().instant().getEpochSecond()));
        strict("interval", 1, 1, (a, ev) -> interval(a.get(0)));
        strict("formatTime", 0, 2, Functions::formatTime);
        strict("stringListMember", 2, 3, (a, ev) -> stringListMember(a, false));
        strict("stringListIMember", 2, 3, (a, ev) -> stringListMember(a, true));
        strict("stringListSize", 1, 2, (a, ev) -> {
            List<String> items = stringList(a, 0, 1);
            return items == null ? errorOrUndefined(a) : Value.of(items.size());
        });
        strict("stringListsIntersect", 2, 3, (a, ev) -> {
            List<String> x = stringList(a, 0, 2);
            List<String> y = stringList(a, 1, 2);
            if (x == null || y == null) {
                return errorOrUndefined(a);
            }
            Set<String> ys = new LinkedHashSet<>(y);
            return Value.of(x.stream().anyMatch(ys::contains));
        });
        strict("regexp", 2, 3, (a, ev) -> regexp(a, ev));
        strict("regexpMember", 2, 3, (a, ev) -> regexpMember(a, ev));
        lazy("eval", (args, ev, env) -> {
            if (args.size() != 1) {
                return Value.ERROR;
            }
            Value v = ev.eval(args.get(0), env);
            if (!(v instanceof Value.Str s)) {
                return v.isUndefined() ? Value.UNDEFINED : Value.ERROR;
            }
            try {
                return ev.eval(ClassAdParser.standard().parseExpression(s.value()), env);
            } catch (ClassAdSyntaxException e) {
                return Value.ERROR;
            }
        });
        lazy("unparse", (args, ev, env) -> {
            if (args.size() != 1 || !(args.get(0) instanceof Expr.AttributeRef r)) {
                return Value.ERROR;
            }
            for (Evaluator.Env e = env; e != null; e = e.parent()) {
                Expr found = e.ad().getByKey(r.key());
                if (found != null) {
                    return Value.of(ClassAdWriter.unparse(found));
                }
            }
            return Value.of("");
        });
    }

    private Functions() {
    }

    static boolean exists(String name) {
        return BUILTINS.containsKey(name.toLowerCase(Locale.ROOT));
    }

    static Value call(Expr.Call call, Evaluator ev, Evaluator.Env env) {
        Builtin b = BUILTINS.get(call.name().toLowerCase(Locale.ROOT));
        return b == null ? Value.ERROR : b.apply(call.args(), ev, env);
    }

    private static Value charge(Evaluator ev, String s) {
        ev.budget().allocate(s.length());
        return Value.of(s);
    }

    private static Value errorOrUndefined(List<Value> a) {
        for (Value v : a) {
            if (v.isError()) {
                return Value.ERROR;
            }
        }
        for (Value v : a) {
            if (v.isUndefined()) {
                return Value.UNDEFINED;
            }
        }
        return Value.ERROR;
    }

    /** HTCondor's string(): UNDEFINED and ERROR give null (the callers return ERROR). */
    static String string(Value v) {
        if (v instanceof Value.Str s) {
            return s.value();
        }
        if (v.isUndefined() || v.isError()) {
            return null;
        }
        if (v instanceof Value.Real r) {
            return Value.Real.format(r.value());
        }
        return v.toString();
    }

    private static Value member(Value m, Value list, boolean identical) {
        if (m.isError() || list.isError()) {
            return Value.ERROR;
        }
        if (m.isUndefined() || list.isUndefined()) {
            return Value.UNDEFINED;
        }
        if (!(list instanceof Value.ListValue l) || m instanceof Value.ListValue || m instanceof Value.AdValue) {
            return Value.ERROR;
        }
        for (Value e : l.elements()) {
            boolean same = identical ? Operations.identical(m, e) : Operations.binary(Operator.EQUAL, m, e).isTrue();
            if (same) {
                return Value.TRUE;
            }
        }
        return Value.FALSE;
    }

    private static Value listCompare(List<Value> a, boolean any) {
        if (!(a.get(0) instanceof Value.Str opName) || !(a.get(1) instanceof Value.ListValue l)) {
            return Value.ERROR;
        }
        Value t = a.get(2);
        if (t instanceof Value.ListValue || t instanceof Value.AdValue) {
            return Value.ERROR;
        }
        Operator op = Operator.binary(opName.value());
        if (op == null || op.precedence() != 6 && op.precedence() != 7) {
            return Value.ERROR;
        }
        for (Value e : l.elements()) {
            boolean r = Operations.binary(op, e, t).isTrue();
            if (any && r) {
                return Value.TRUE;
            }
            if (!any && !r) {
                return Value.FALSE;
            }
        }
        return Value.of(!any);
    }

    private static Value toInt(Value v) {
        if (v instanceof Value.Int) {
            return v;
        }
        if (v instanceof Value.Bool b) {
            return Value.of(b.value() ? 1L : 0L);
        }
        if (v instanceof Value.Real r) {
            return Double.isFinite(r.value()) ? Value.of((long) r.value()) : Value.ERROR;
        }
        if (v instanceof Value.Str s) {
            Value real = parseNumber(s.value());
            if (real instanceof Value.Int) {
                return real;
            }
            if (real instanceof Value.Real r && Double.isFinite(r.value())) {
                return Value.of((long) r.value());
            }
        }
        return Value.ERROR;
    }

    private static Value toReal(Value v) {
        if (v instanceof Value.Real) {
            return v;
        }
        if (v instanceof Value.Int i) {
            return Value.of((double) i.value());
        }
        if (v instanceof Value.Bool b) {
            return Value.of(b.value() ? 1.0 : 0.0);
        }
        if (v instanceof Value.Str s) {
            Value n = parseNumber(s.value());
            if (n instanceof Value.Int i) {
                return Value.of((double) i.value());
            }
            return n;
        }
        return Value.ERROR;
    }

    /** An integer or real written in {@code s} (blanks around allowed; INF and NaN too), else ERROR. */
    private static Value parseNumber(String s) {
        String t = s.strip();
        try {
            return Value.of(Long.parseLong(t));
        } catch (NumberFormatException e) {
            // not an integer
        }
        String lower = t.toLowerCase(Locale.ROOT);
        switch (lower) {
            case "inf", "+inf", "infinity":
                return Value.of(Double.POSITIVE_INFINITY);
            case "-inf", "-infinity":
                return Value.of(Double.NEGATIVE_INFINITY);
            case "nan":
                return Value.of(Double.NaN);
            default:
                break;
        }
        if (!lower.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)(e[+-]?[0-9]+)?")) {
            return Value.ERROR;
        }
        return Value.of(Double.parseDouble(t));
    }

    private static Value toBool(Value v) {
        if (v instanceof Value.Bool) {
            return v;
        }
        if (v instanceof Value.Int || v instanceof Value.Real) {
            return Operations.toLogical(v);
        }
        if (v instanceof Value.Str s) {
            String t = s.value().strip().toLowerCase(Locale.ROOT);
            if (t.equals("true")) {
                return Value.TRUE;
            }
            if (t.equals("false")) {
                return Value.FALSE;
            }
        }
        return Value.ERROR;
    }

    private static Value rounded(Value v, DoubleUnaryOperator f) {
        if (v instanceof Value.Int) {
            return v;
        }
        Value r = toReal(v);
        if (!(r instanceof Value.Real real) || !Double.isFinite(real.value())) {
            return Value.ERROR;
        }
        double d = f.applyAsDouble(real.value());
        if (d > Long.MAX_VALUE || d < Long.MIN_VALUE) {
            return Value.ERROR;
        }
        return Value.of((long) d);
    }

    private static Value pow(Value base, Value exponent) {
        if (base.isError() || exponent.isError()) {
            return Value.ERROR;
        }
        if (base.isUndefined() || exponent.isUndefined()) {
            return Value.UNDEFINED;
        }
        if (!(base instanceof Value.Int || base instanceof Value.Real)
                || !(exponent instanceof Value.Int || exponent instanceof Value.Real)) {
            return Value.ERROR;
        }
        if (base instanceof Value.Int b && exponent instanceof Value.Int e && e.value() >= 0) {
            long result = 1;
            long factor = b.value();
            for (long n = e.value(); n > 0; n >>= 1) {
                if ((n & 1) != 0) {
                    result *= factor;
                }
                factor *= factor;
            }
            return Value.of(result);
        }
        double r = Math.pow(((Value.Real) toReal(base)).value(), ((Value.Real) toReal(exponent)).value());
        return Value.of(r);
    }

    private static Value quantize(Value a, Value b) {
        if (!(a instanceof Value.Int || a instanceof Value.Real)) {
            return a.isUndefined() ? Value.UNDEFINED : Value.ERROR;
        }
        double x = ((Value.Real) toReal(a)).value();
        if (b instanceof Value.ListValue l) {
            Value last = null;
            for (Value e : l.elements()) {
                if (!(e instanceof Value.Int || e instanceof Value.Real)) {
                    return Value.ERROR;
                }
                if (((Value.Real) toReal(e)).value() >= x) {
                    return e;
                }
                last = e;
            }
            return last == null ? Value.ERROR : quantize(a, last);
        }
        if (b instanceof Value.Int q) {
            if (q.value() == 0) {
                return Value.ERROR;
            }
            return Value.of((long) Math.ceil(x / q.value()) * q.value());
        }
        if (b instanceof Value.Real q) {
            if (q.value() == 0) {
                return Value.ERROR;
            }
            return Value.of(Math.ceil(x / q.value()) * q.value());
        }
        return Value.ERROR;
    }

    private static Value random(Value v) {
        if (v instanceof Value.Int i && i.value() > 0) {
            return Value.of(ThreadLocalRandom.current().nextLong(i.value()));
        }
        if (v instanceof Value.Real r && r.value() > 0) {
            return Value.of(ThreadLocalRandom.current().nextDouble(r.value()));
        }
        return Value.ERROR;
    }

    private static Value aggregate(Value v, String kind) {
        if (!(v instanceof Value.ListValue l)) {
            return v.isUndefined() ? Value.UNDEFINED : Value.ERROR;
        }
        boolean anyReal = false;
        int count = 0;
        long isum = 0;
        double dsum = 0;
        double best = 0;
        boolean onlyUndefined = !l.elements().isEmpty();
        for (Value e : l.elements()) {
            if (e.isUndefined()) {
                continue;
            }
            onlyUndefined = false;
            if (!(e instanceof Value.Int || e instanceof Value.Real)) {
                return Value.ERROR;
            }
            double d = ((Value.Real) toReal(e)).value();
            anyReal |= e instanceof Value.Real;
            if (e instanceof Value.Int i) {
                isum += i.value();
            }
            dsum += d;
            if (count == 0 || (kind.equals("min") ? d < best : d > best)) {
                best = d;
            }
            count++;
        }
        if (onlyUndefined) {
            return Value.UNDEFINED;
        }
        switch (kind) {
            case "sum":
                return anyReal ? Value.of(dsum) : Value.of(isum);
            case "avg":
                return count == 0 ? Value.of(0L) : Value.of(dsum / count);
            default:
                if (count == 0) {
                    return Value.UNDEFINED;
                }
                return anyReal ? Value.of(best) : Value.of((long) best);
        }
    }

    private static Value join(List<Value> a, Evaluator ev) {
        List<Value> items;
        String sep;
        if (a.size() == 1) {
            if (!(a.get(0) instanceof Value.ListValue l)) {
                return Value.ERROR;
            }
            sep = "";
            items = l.elements();
        } else {
            sep = string(a.get(0));
            if (sep == null) {
                return Value.ERROR;
            }
            items = a.size() == 2 && a.get(1) instanceof Value.ListValue l ? l.elements() : a.subList(1, a.size());
        }
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (Value v : items) {
            if (v.isUndefined()) {
                continue;
            }
            String s = string(v);
            if (s == null) {
                return Value.ERROR;
            }
            ev.budget().allocate(s.length() + sep.length());
            if (!first) {
                sb.append(sep);
            }
            sb.append(s);
            first = false;
        }
        return Value.of(sb.toString());
    }

    private static List<String> tokens(String s, String delims, boolean whole) {
        List<String> out = new ArrayList<>();
        if (whole) {
            if (!s.isEmpty()) {
                out.add(s);
            }
            return out;
        }
        int start = -1;
        for (int i = 0; i <= s.length(); i++) {
            boolean delim = i == s.length() || delims.indexOf(s.charAt(i)) >= 0;
            if (delim) {
                if (start >= 0) {
                    out.add(s.substring(start, i));
                    start = -1;
                }
            } else if (start < 0) {
                start = i;
            }
        }
        return out;
    }

    private static Value splitAt(Value v, boolean userFirst) {
        if (!(v instanceof Value.Str s)) {
            return v.isUndefined() ? Value.UNDEFINED : Value.ERROR;
        }
        int at = s.value().indexOf('@');
        if (at < 0) {
            return userFirst ? new Value.ListValue(List.of(s, Value.of("")))
                    : new Value.ListValue(List.of(Value.of(""), s));
        }
        return new Value.ListValue(List.of(Value.of(s.value().substring(0, at)), Value.of(s.value().substring(at + 1))));
    }

    private static Value substr(List<Value> a, Evaluator ev) {
        Value sv = a.get(0);
        if (sv.isError()) {
            return Value.ERROR;
        }
        if (sv.isUndefined()) {
            return Value.UNDEFINED;
        }
        if (!(sv instanceof Value.Str str) || !(a.get(1) instanceof Value.Int off)) {
            return Value.ERROR;
        }
        String s = str.value();
        long len = s.length();
        long start = off.value() < 0 ? len + off.value() : off.value();
        start = Math.max(0, Math.min(start, len));
        long end = len;
        if (a.size() == 3) {
            if (!(a.get(2) instanceof Value.Int l)) {
                return Value.ERROR;
            }
            end = l.value() < 0 ? len + l.value() : start + l.value();
        }
        end = Math.max(start, Math.min(end, len));
        return charge(ev, (s.substring((int) start, (int) end)));
    }

    private static Value strcmp(List<Value> a, boolean ignoreCase) {
        String x = string(a.get(0));
        String y = string(a.get(1));
        if (x == null || y == null) {
            return Value.ERROR;
        }
        int c = ignoreCase ? Operations.compareIgnoreCase(x, y) : x.compareTo(y);
        return Value.of((long) Integer.signum(c));
    }

    private static Value interval(Value v) {
        Value i = v instanceof Value.Real ? toInt(v) : v;
        if (!(i instanceof Value.Int secs)) {
            return v.isUndefined() ? Value.UNDEFINED : Value.ERROR;
        }
        long s = Math.abs(secs.value());
        long days = s / 86400;
        long h = s % 86400 / 3600;
        long m = s % 3600 / 60;
        long sec = s % 60;
        String sign = secs.value() < 0 ? "-" : "";
        if (days > 0) {
            return Value.of(String.format(Locale.ROOT, "%s%d+%d:%02d:%02d", sign, days, h, m, sec));
        }
        if (h > 0) {
            return Value.of(String.format(Locale.ROOT, "%s%d:%02d:%02d", sign, h, m, sec));
        }
        return Value.of(String.format(Locale.ROOT, "%s%d:%02d", sign, m, sec));
    }

    private static Value formatTime(List<Value> a, Evaluator ev) {
        long t = ev.clock().instant().getEpochSecond();
        String format = "%c";
        int i = 0;
        if (a.size() > i && a.get(i) instanceof Value.Int n) {
            t = n.value();
            i++;
        }
        if (a.size() > i) {
            if (!(a.get(i) instanceof Value.Str f)) {
                return Value.ERROR;
            }
            format = f.value();
            i++;
        }
        if (i != a.size()) {
            return Value.ERROR;
        }
        return Value.of(Strftime.format(Instant.ofEpochSecond(t).atZone(ZoneOffset.UTC), format));
    }

    /** The items of a string list argument {@code index} (delimiters from argument {@code delimIndex}, default " ,"). */
    private static List<String> stringList(List<Value> a, int index, int delimIndex) {
        if (!(a.get(index) instanceof Value.Str s)) {
            return null;
        }
        String delims = ", ";
        if (a.size() > delimIndex) {
            if (!(a.get(delimIndex) instanceof Value.Str d)) {
                return null;
            }
            delims = d.value();
        }
        return tokens(s.value(), delims, false);
    }

    private static Value stringListMember(List<Value> a, boolean ignoreCase) {
        for (Value v : a) {
            if (v.isError()) {
                return Value.ERROR;
            }
        }
        for (Value v : a) {
            if (v.isUndefined()) {
                return Value.FALSE; // the manual: an UNDEFINED value compares to false
            }
        }
        if (!(a.get(0) instanceof Value.Str x)) {
            return Value.ERROR;
        }
        List<String> items = stringList(a, 1, 2);
        if (items == null) {
            return Value.ERROR;
        }
        for (String item : items) {
            if (ignoreCase ? item.equalsIgnoreCase(x.value()) : item.equals(x.value())) {
                return Value.TRUE;
            }
        }
        return Value.FALSE;
    }

    private static Pattern pattern(String regex, String options) {
        int flags = 0;
        for (char c : options.toCharArray()) {
            switch (Character.toLowerCase(c)) {
                case 'i' -> flags |= Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
                case 'm' -> flags |= Pattern.MULTILINE;
                case 's' -> flags |= Pattern.DOTALL;
                case 'x' -> flags |= Pattern.COMMENTS;
                default -> {
                    // HTCondor ignores options it does not know ('f' full match is handled below)
                }
            }
        }
        return Pattern.compile(regex, flags);
    }

    private static Value regexp(List<Value> a, Evaluator ev) {
        for (Value v : a) {
            if (v.isError()) {
                return Value.ERROR;
            }
        }
        for (Value v : a) {
            if (v.isUndefined()) {
                return Value.UNDEFINED;
            }
        }
        if (!(a.get(0) instanceof Value.Str p) || !(a.get(1) instanceof Value.Str t)) {
            return Value.ERROR;
        }
        String options = "";
        if (a.size() == 3) {
            if (!(a.get(2) instanceof Value.Str o)) {
                return Value.ERROR;
            }
            options = o.value();
        }
        try {
            Pattern pattern = pattern(p.value(), options);
            Matcher m = pattern.matcher(new DeadlineCharSequence(t.value(), ev.budget()));
            return Value.of(options.toLowerCase(Locale.ROOT).contains("f") ? m.matches() : m.find());
        } catch (PatternSyntaxException e) {
            return Value.ERROR;
        }
    }

    private static Value regexpMember(List<Value> a, Evaluator ev) {
        if (!(a.get(0) instanceof Value.Str) || !(a.get(1) instanceof Value.ListValue l)) {
            return errorOrUndefined(a);
        }
        boolean sawUndefined = false;
        for (Value item : l.elements()) {
            List<Value> args = new ArrayList<>(a);
            args.set(1, item);
            Value r = regexp(args, ev);
            if (r.isTrue()) {
                return Value.TRUE;
            }
            if (r.isUndefined()) {
                sawUndefined = true;
            } else if (r.isError()) {
                return Value.ERROR;
            }
        }
        return sawUndefined ? Value.UNDEFINED : Value.FALSE;
    }

    /** A string whose reads check the query's deadline, so that a backtracking regexp cannot run forever. */
    private record DeadlineCharSequence(String s, EvaluationBudget budget) implements CharSequence {
        @Override
        public int length() {
            return s.length();
        }

        @Override
        public char charAt(int index) {
            budget.step();
            return s.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new DeadlineCharSequence(s.substring(start, end), budget);
        }

        @Override
        public String toString() {
            return s;
        }
    }
}
