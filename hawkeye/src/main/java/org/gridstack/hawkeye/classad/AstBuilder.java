package org.gridstack.hawkeye.classad;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.antlr.v4.runtime.Token;
import org.gridstack.hawkeye.classad.parser.ClassAdBaseVisitor;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.AbsoluteReferenceContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.AttrNameContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.AttributeReferenceContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.BinaryExprContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.ConditionalExprContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.DefinitionContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.ErrorLiteralContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.ExprContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.FalseLiteralContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.FunctionCallContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.IntegerLiteralContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.ListLiteralContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.ParenthesizedContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.PrimaryExprContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.RealLiteralContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.RecordContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.RecordLiteralContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.SelectExprContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.StringLiteralContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.SubscriptExprContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.TrueLiteralContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.UnaryExprContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.UndefinedLiteralContext;

/**
 * Turns an ANTLR parse tree into {@link Expr} trees and {@link ClassAd}s: decodes literals
 * (string escapes of the old or the new form), folds {@code MY.x}, {@code TARGET.x} and
 * {@code PARENT.x} into scoped references, and refuses nesting deeper than {@link #MAX_DEPTH}
 * (the evaluator recurses). One instance per parse; not thread-safe.
 */
final class AstBuilder extends ClassAdBaseVisitor<Object> {
    /** The deepest expression nesting accepted. */
    static final int MAX_DEPTH = 400;

    /** How backslashes in strings are read. */
    enum Escapes {
        /** Old ClassAds: a backslash makes the next character literal only before a quote; else it is kept. */
        OLD,
        /** New ClassAds: C escapes ({@code \n \t \\ \" \' \ooo}). */
        NEW
    }

    private final Escapes escapes;
    private int depth;

    AstBuilder(Escapes escapes) {
        this.escapes = escapes;
    }

    private Expr expr(ExprContext ctx) {
        if (++depth > MAX_DEPTH) {
            throw error(ctx.getStart(), "the expression is nested more than " + MAX_DEPTH + " levels deep");
        }
        try {
            return (Expr) visit(ctx);
        } finally {
            depth--;
        }
    }

    ClassAd record(RecordContext ctx) {
        ClassAd.Builder b = ClassAd.builder();
        for (DefinitionContext d : ctx.definition()) {
            b.put(name(d.attrName()), expr(d.expr()));
        }
        return b.build();
    }

    String name(AttrNameContext ctx) {
        if (ctx.QUOTED_NAME() != null) {
            String raw = ctx.QUOTED_NAME().getText();
            return unescape(raw.substring(1, raw.length() - 1), ctx.getStart(), Escapes.NEW);
        }
        return ctx.getText();
    }

    @Override
    public Object visitPrimaryExpr(PrimaryExprContext ctx) {
        return visit(ctx.primary());
    }

    @Override
    public Object visitSelectExpr(SelectExprContext ctx) {
        Expr base = expr(ctx.expr());
        String name = name(ctx.attrName());
        if (base instanceof Expr.AttributeRef ref && ref.scope() == Expr.Scope.NONE) {
            switch (ref.key()) {
                case "my":
                    return new Expr.AttributeRef(Expr.Scope.MY, name);
                case "target":
                    return new Expr.AttributeRef(Expr.Scope.TARGET, name);
                case "parent":
                    return new Expr.AttributeRef(Expr.Scope.PARENT, name);
                default:
                    break;
            }
        }
        return new Expr.Select(base, name);
    }

    @Override
    public Object visitSubscriptExpr(SubscriptExprContext ctx) {
        return new Expr.Subscript(expr(ctx.expr(0)), expr(ctx.expr(1)));
    }

    @Override
    public Object visitUnaryExpr(UnaryExprContext ctx) {
        return new Expr.Unary(Operator.unary(ctx.op.getText()), expr(ctx.expr()));
    }

    @Override
    public Object visitBinaryExpr(BinaryExprContext ctx) {
        Operator op = Operator.binary(ctx.op.getText());
        if (op == null) {
            throw error(ctx.op, "unknown operator '" + ctx.op.getText() + "'");
        }
        return new Expr.Binary(op, expr(ctx.expr(0)), expr(ctx.expr(1)));
    }

    @Override
    public Object visitConditionalExpr(ConditionalExprContext ctx) {
        List<ExprContext> parts = ctx.expr();
        if (parts.size() == 2) {
            return new Expr.Conditional(expr(parts.get(0)), null, expr(parts.get(1)));
        }
        return new Expr.Conditional(expr(parts.get(0)), expr(parts.get(1)), expr(parts.get(2)));
    }

    @Override
    public Object visitIntegerLiteral(IntegerLiteralContext ctx) {
        String text = ctx.getText().toLowerCase(Locale.ROOT);
        try {
            long v = text.startsWith("0x") ? Long.parseUnsignedLong(text.substring(2), 16) : Long.parseLong(text);
            return new Expr.Literal(Value.of(v));
        } catch (NumberFormatException e) {
            throw error(ctx.getStart(), "the integer " + ctx.getText() + " does not fit in 64 bits");
        }
    }

    @Override
    public Object visitRealLiteral(RealLiteralContext ctx) {
        return new Expr.Literal(Value.of(Double.parseDouble(ctx.getText())));
    }

    @Override
    public Object visitStringLiteral(StringLiteralContext ctx) {
        String raw = ctx.getText();
        return new Expr.Literal(Value.of(unescape(raw.substring(1, raw.length() - 1), ctx.getStart(), escapes)));
    }

    @Override
    public Object visitTrueLiteral(TrueLiteralContext ctx) {
        return new Expr.Literal(Value.TRUE);
    }

    @Override
    public Object visitFalseLiteral(FalseLiteralContext ctx) {
        return new Expr.Literal(Value.FALSE);
    }

    @Override
    public Object visitUndefinedLiteral(UndefinedLiteralContext ctx) {
        return new Expr.Literal(Value.UNDEFINED);
    }

    @Override
    public Object visitErrorLiteral(ErrorLiteralContext ctx) {
        return new Expr.Literal(Value.ERROR);
    }

    @Override
    public Object visitListLiteral(ListLiteralContext ctx) {
        List<Expr> elements = new ArrayList<>(ctx.expr().size());
        for (ExprContext e : ctx.expr()) {
            elements.add(expr(e));
        }
        return new Expr.ListExpr(elements);
    }

    @Override
    public Object visitRecordLiteral(RecordLiteralContext ctx) {
        if (++depth > MAX_DEPTH) {
            throw error(ctx.getStart(), "the expression is nested more than " + MAX_DEPTH + " levels deep");
        }
        try {
            return new Expr.Record(record(ctx.record()));
        } finally {
            depth--;
        }
    }

    @Override
    public Object visitFunctionCall(FunctionCallContext ctx) {
        List<Expr> args = new ArrayList<>(ctx.expr().size());
        for (ExprContext e : ctx.expr()) {
            args.add(expr(e));
        }
        String name = ctx.IDENTIFIER().getText();
        if (!Functions.exists(name)) {
            throw error(ctx.getStart(), "unknown function '" + name + "'");
        }
        return new Expr.Call(name, args);
    }

    @Override
    public Object visitAbsoluteReference(AbsoluteReferenceContext ctx) {
        return new Expr.AttributeRef(Expr.Scope.ROOT, name(ctx.attrName()));
    }

    @Override
    public Object visitAttributeReference(AttributeReferenceContext ctx) {
        return new Expr.AttributeRef(Expr.Scope.NONE, name(ctx.attrName()));
    }

    @Override
    public Object visitParenthesized(ParenthesizedContext ctx) {
        return expr(ctx.expr());
    }

    private static String unescape(String s, Token at, Escapes mode) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                sb.append(c);
                continue;
            }
            char n = s.charAt(i + 1);
            if (mode == Escapes.OLD) {
                if (n == '"') {
                    sb.append('"');
                    i++;
                } else {
                    sb.append(c);
                }
                continue;
            }
            i++;
            switch (n) {
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                case 'r' -> sb.append('\r');
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'a' -> sb.append('\u0007');
                case 'v' -> sb.append('\u000b');
                case '\\', '"', '\'', '?' -> sb.append(n);
                default -> {
                    if (n >= '0' && n <= '7') {
                        int end = i;
                        int max = n <= '3' ? 3 : 2;
                        while (end < s.length() && end - i < max && s.charAt(end) >= '0' && s.charAt(end) <= '7') {
                            end++;
                        }
                        sb.append((char) Integer.parseInt(s.substring(i, end), 8));
                        i = end - 1;
                    } else {
                        throw error(at, "unknown escape '\\" + n + "' in a string");
                    }
                }
            }
        }
        return sb.toString();
    }

    private static ClassAdSyntaxException error(Token at, String problem) {
        return new ClassAdSyntaxException(at.getLine(), at.getCharPositionInLine() + 1, problem);
    }
}
