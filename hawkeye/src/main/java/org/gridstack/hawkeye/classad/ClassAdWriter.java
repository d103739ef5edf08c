package org.gridstack.hawkeye.classad;

import java.util.List;

/**
 * Writes expressions and ads as text: {@link #unparse} gives the new-form expression (only the
 * parentheses precedence needs), {@link #newForm} the {@code [ a = 1; b = "x" ]} form and
 * {@link #oldForm} the {@code Attr = expr} lines. What it writes parses back to an equal ad.
 * Stateless and thread-safe.
 */
public final class ClassAdWriter {
    private ClassAdWriter() {
    }

    /** {@code [ a = 1; b = "x" ]} on one line. */
    public static String newForm(ClassAd ad) {
        StringBuilder sb = new StringBuilder();
        appendNewForm(sb, ad);
        return sb.toString();
    }

    /** One {@code Name = expr} line per attribute, each ended by a newline. */
    public static String oldForm(ClassAd ad) {
        StringBuilder sb = new StringBuilder();
        for (ClassAd.Attribute a : ad.attributes()) {
            sb.append(name(a.name())).append(" = ");
            append(sb, a.expr(), 0, true);
            sb.append('\n');
        }
        return sb.toString();
    }

    /** The new-form text of {@code expr}. */
    public static String unparse(Expr expr) {
        StringBuilder sb = new StringBuilder();
        append(sb, expr, 0, false);
        return sb.toString();
    }

    /** The old-form text of {@code expr} (old string escaping). */
    public static String unparseOld(Expr expr) {
        StringBuilder sb = new StringBuilder();
        append(sb, expr, 0, true);
        return sb.toString();
    }

    /** A string literal with new-form escapes. */
    public static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                case '\f' -> sb.append("\\f");
                case '\b' -> sb.append("\\b");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\%03o", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** A string literal with old-form escapes (only quotes are escaped). */
    static String quoteOld(String s) {
        return '"' + s.replace("\"", "\\\"") + '"';
    }

    static String name(String name) {
        if (ClassAd.isPlainName(name)) {
            return name;
        }
        return "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private static void appendNewForm(StringBuilder sb, ClassAd ad) {
        sb.append('[');
        List<ClassAd.Attribute> attributes = ad.attributes();
        for (int i = 0; i < attributes.size(); i++) {
            ClassAd.Attribute a = attributes.get(i);
            sb.append(i == 0 ? " " : "; ").append(name(a.name())).append(" = ");
            append(sb, a.expr(), 0, false);
        }
        sb.append(attributes.isEmpty() ? "]" : " ]");
    }

    private static void append(StringBuilder sb, Expr e, int outer, boolean old) {
        if (e instanceof Expr.Literal l) {
            Value v = l.value();
            if (v instanceof Value.Str s) {
                sb.append(old ? quoteOld(s.value()) : quote(s.value()));
            } else if (v instanceof Value.Int i && i.value() < 0 && outer > 0) {
                sb.append('(').append(v).append(')');
            } else {
                sb.append(v);
            }
        } else if (e instanceof Expr.AttributeRef r) {
            switch (r.scope()) {
                case MY -> sb.append("MY.");
                case TARGET -> sb.append("TARGET.");
                case PARENT -> sb.append("PARENT.");
                case ROOT -> sb.append('.');
                default -> {
                }
            }
            sb.append(name(r.name()));
        } else if (e instanceof Expr.Select s) {
            // "3.x" would read as the real 3. followed by x
            boolean number = s.base() instanceof Expr.Literal l && (l.value() instanceof Value.Int || l.value() instanceof Value.Real);
            sb.append(number ? "(" : "");
            append(sb, s.base(), 12, old);
            sb.append(number ? ")" : "").append('.').append(name(s.name()));
        } else if (e instanceof Expr.Subscript s) {
            append(sb, s.base(), 12, old);
            sb.append('[');
            append(sb, s.index(), 0, old);
            sb.append(']');
        } else if (e instanceof Expr.Unary u) {
            boolean paren = outer > 11;
            sb.append(paren ? "(" : "").append(u.op().token());
            append(sb, u.operand(), 11, old);
            sb.append(paren ? ")" : "");
        } else if (e instanceof Expr.Binary b) {
            int p = b.op().precedence();
            boolean paren = outer > p;
            sb.append(paren ? "(" : "");
            append(sb, b.left(), p, old);
            sb.append(' ').append(b.op().token()).append(' ');
            append(sb, b.right(), p + 1, old);
            sb.append(paren ? ")" : "");
        } else if (e instanceof Expr.Conditional c) {
            boolean paren = outer > 0;
            sb.append(paren ? "(" : "");
            append(sb, c.condition(), 1, old);
            if (c.then() == null) {
                sb.append(" ?: ");
            } else {
                sb.append(" ? ");
                append(sb, c.then(), 0, old);
                sb.append(" : ");
            }
            append(sb, c.otherwise(), 0, old);
            sb.append(paren ? ")" : "");
        } else if (e instanceof Expr.ListExpr l) {
            sb.append('{');
            for (int i = 0; i < l.elements().size(); i++) {
                sb.append(i == 0 ? " " : ", ");
                append(sb, l.elements().get(i), 0, old);
            }
            sb.append(l.elements().isEmpty() ? "}" : " }");
        } else if (e instanceof Expr.Record r) {
            appendNewForm(sb, r.ad());
        } else if (e instanceof Expr.Call c) {
            sb.append(c.name()).append('(');
            for (int i = 0; i < c.args().size(); i++) {
                sb.append(i == 0 ? "" : ", ");
                append(sb, c.args().get(i), 0, old);
            }
            sb.append(')');
        }
    }
}
