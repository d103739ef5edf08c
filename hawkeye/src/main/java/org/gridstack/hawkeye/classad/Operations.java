package org.gridstack.hawkeye.classad;

import java.util.List;
import java.util.Locale;

/**
 * The ClassAd operators on values, as HTCondor's manual and library define them. Stateless and
 * thread-safe. {@code &&} and {@code ||} are split: the evaluator short-circuits on the left
 * operand ({@code FALSE && x} is FALSE and {@code TRUE || x} is TRUE without evaluating x), then
 * calls {@link #and}/{@link #or} with both.
 */
final class Operations {

    private Operations() {
    }

    /** A value as a logical operand: booleans as they are, numbers non-zero TRUE, UNDEFINED/ERROR kept, others ERROR. */
    static Value toLogical(Value v) {
        if (v instanceof Value.Bool || v.isUndefined() || v.isError()) {
            return v;
        }
        if (v instanceof Value.Int i) {
            return Value.of(i.value() != 0);
        }
        if (v instanceof Value.Real r) {
            return Value.of(r.value() != 0.0);
        }
        return Value.ERROR;
    }

    /** TRUE/FALSE for booleans and numbers, null for anything else. */
    static Boolean booleanEquivalent(Value v) {
        Value l = toLogical(v);
        return l instanceof Value.Bool b ? b.value() : null;
    }

    /** {@code l && r} for a left operand that did not short-circuit (TRUE or UNDEFINED); both are logical values. */
    static Value and(Value l, Value r) {
        if (l == Value.TRUE || l.isError()) {
            return l.isError() ? l : r;
        }
        // l is UNDEFINED
        if (r == Value.FALSE || r.isError()) {
            return r;
        }
        return Value.UNDEFINED;
    }

    /** {@code l || r} for a left operand that did not short-circuit (FALSE or UNDEFINED); both are logical values. */
    static Value or(Value l, Value r) {
        if (l == Value.FALSE || l.isError()) {
            return l.isError() ? l : r;
        }
        // l is UNDEFINED
        if (r == Value.TRUE || r.isError()) {
            return r;
        }
        return Value.UNDEFINED;
    }

    static Value unary(Operator op, Value v) {
        if (op == Operator.PLUS) {
            if (v instanceof Value.Int || v instanceof Value.Real || v.isUndefined() || v.isError()) {
                return v;
            }
            return Value.ERROR;
        }
        if (v.isError() || v.isUndefined()) {
            return v;
        }
        switch (op) {
            case NEGATE:
                if (v instanceof Value.Int i) {
                    return Value.of(-i.value());
                }
                if (v instanceof Value.Real r) {
                    return Value.of(-r.value());
                }
                if (v instanceof Value.Bool b) {
                    return Value.of(!b.value()); // HTCondor's library negates a boolean
                }
                return Value.ERROR;
            case NOT: {
                Value l = toLogical(v);
                return l instanceof Value.Bool b ? Value.of(!b.value()) : l;
            }
            case BIT_NOT:
                if (v instanceof Value.Int i) {
                    return Value.of(~i.value());
                }
                if (v instanceof Value.Bool b) {
                    return Value.of(!b.value());
                }
                return Value.ERROR;
            default:
                throw new IllegalArgumentException(op + " is not a prefix operator");
        }
    }

    static Value binary(Operator op, Value l, Value r) {
        if (op == Operator.IS) {
            return Value.of(identical(l, r));
        }
        if (op == Operator.ISNT) {
            return Value.of(!identical(l, r));
        }
        if (l.isError() || r.isError()) {
            return Value.ERROR;
        }
        if (l.isUndefined() || r.isUndefined()) {
            return Value.UNDEFINED;
        }
        switch (op) {
            case ADD:
            case SUBTRACT:
            case MULTIPLY:
            case DIVIDE:
            case MODULUS:
                return arithmetic(op, l, r);
            case LESS:
            case LESS_OR_EQUAL:
            case GREATER:
            case GREATER_OR_EQUAL:
            case EQUAL:
            case NOT_EQUAL:
                return compare(op, l, r);
            case BIT_AND:
            case BIT_OR:
            case BIT_XOR:
                return bitwise(op, l, r);
            case LEFT_SHIFT:
            case RIGHT_SHIFT:
            case URIGHT_SHIFT:
                return shift(op, l, r);
            default:
                throw new IllegalArgumentException(op + " is not a strict binary operator");
        }
    }

    private static long asLong(Value v) {
        if (v instanceof Value.Int i) {
            return i.value();
        }
        return ((Value.Bool) v).value() ? 1 : 0;
    }

    private static double asDouble(Value v) {
        return v instanceof Value.Real r ? r.value() : asLong(v);
    }

    private static Value arithmetic(Operator op, Value l, Value r) {
        if (!l.isNumber() || !r.isNumber()) {
            return Value.ERROR;
        }
        if (!(l instanceof Value.Real) && !(r instanceof Value.Real)) {
            long a = asLong(l);
            long b = asLong(r);
            switch (op) {
                case ADD:
                    return Value.of(a + b);
                case SUBTRACT:
                    return Value.of(a - b);
                case MULTIPLY:
                    return Value.of(a * b);
                case DIVIDE:
                    if (b == 0) {
                        return Value.ERROR;
                    }
                    return Value.of(a == Long.MIN_VALUE && b == -1 ? Long.MAX_VALUE : a / b);
                default:
                    if (b == 0) {
                        return Value.ERROR;
                    }
                    return Value.of(b == -1 ? 0 : a % b);
            }
        }
        double a = asDouble(l);
        double b = asDouble(r);
        double result;
        switch (op) {
            case ADD:
                result = a + b;
                break;
            case SUBTRACT:
                result = a - b;
                break;
            case MULTIPLY:
                result = a * b;
                break;
            case DIVIDE:
                result = a / b;
                break;
            default:
                return Value.ERROR; // HTCondor: modulus is not defined on reals
        }
        return Double.isFinite(result) ? Value.of(result) : Value.ERROR;
    }

    private static Value compare(Operator op, Value l, Value r) {
        if (l instanceof Value.ListValue || r instanceof Value.ListValue
                || l instanceof Value.AdValue || r instanceof Value.AdValue) {
            return Value.ERROR;
        }
        int c;
        if (l instanceof Value.Str || r instanceof Value.Str) {
            if (!(l instanceof Value.Str ls) || !(r instanceof Value.Str rs)) {
                return Value.ERROR; // strings compare only with strings
            }
            c = compareIgnoreCase(ls.value(), rs.value());
        } else if (l instanceof Value.Real || r instanceof Value.Real) {
            double a = asDouble(l);
            double b = asDouble(r);
            if (Double.isNaN(a) || Double.isNaN(b)) {
                return Value.of(op == Operator.NOT_EQUAL);
            }
            c = Double.compare(a, b);
            if (a == b) {
                c = 0; // -0.0 == 0.0
            }
        } else {
            c = Long.compare(asLong(l), asLong(r));
        }
        switch (op) {
            case LESS:
                return Value.of(c < 0);
            case LESS_OR_EQUAL:
                return Value.of(c <= 0);
            case GREATER:
                return Value.of(c > 0);
            case GREATER_OR_EQUAL:
                return Value.of(c >= 0);
            case EQUAL:
                return Value.of(c == 0);
            default:
                return Value.of(c != 0);
        }
    }

    /** strcasecmp: compares after folding ASCII and other letters to lower case. */
    static int compareIgnoreCase(String a, String b) {
        return a.toLowerCase(Locale.ROOT).compareTo(b.toLowerCase(Locale.ROOT));
    }

    private static Value bitwise(Operator op, Value l, Value r) {
        if (l instanceof Value.Bool a && r instanceof Value.Bool b) {
            return switch (op) {
                case BIT_AND -> Value.of(a.value() & b.value());
                case BIT_OR -> Value.of(a.value() | b.value());
                default -> Value.of(a.value() ^ b.value());
            };
        }
        if (l instanceof Value.Int a && r instanceof Value.Int b) {
            return switch (op) {
                case BIT_AND -> Value.of(a.value() & b.value());
                case BIT_OR -> Value.of(a.value() | b.value());
                default -> Value.of(a.value() ^ b.value());
            };
        }
        return Value.ERROR;
    }

    private static Value shift(Operator op, Value l, Value r) {
        if (!(l instanceof Value.Int a) || !(r instanceof Value.Int b)) {
            return Value.ERROR;
        }
        return switch (op) {
            case LEFT_SHIFT -> Value.of(a.value() << b.value());
            case RIGHT_SHIFT -> Value.of(a.value() >> b.value());
            default -> Value.of(a.value() >>> b.value());
        };
    }

    /** {@code =?=}: same type and same value; strings case-sensitive; never UNDEFINED or ERROR. */
    static boolean identical(Value a, Value b) {
        if (a.getClass() != b.getClass()) {
            return false;
        }
        if (a instanceof Value.Str s) {
            return s.value().equals(((Value.Str) b).value());
        }
        if (a instanceof Value.Real x) {
            return x.value() == ((Value.Real) b).value();
        }
        if (a instanceof Value.ListValue x) {
            List<Value> ys = ((Value.ListValue) b).elements();
            if (x.elements().size() != ys.size()) {
                return false;
            }
            for (int i = 0; i < ys.size(); i++) {
                if (!identical(x.elements().get(i), ys.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }
}
