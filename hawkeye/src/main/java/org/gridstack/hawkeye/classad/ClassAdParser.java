package org.gridstack.hawkeye.classad;

import com.google.errorprone.annotations.ThreadSafe;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.gridstack.hawkeye.classad.parser.ClassAdLexer;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.DefinitionOnlyContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.ExpressionOnlyContext;
import org.gridstack.hawkeye.classad.parser.ClassAdParser.RecordOnlyContext;

/**
 * Reads ClassAd text with the ANTLR 4 grammar {@code ClassAd.g4}: single expressions
 * (constraints), new-form ads ({@code [ a = 1; b = "x" ]}) and old-form ads ({@code Attr = expr}
 * lines, {@code #} comments and blank lines ignored). Every failure is a
 * {@link ClassAdSyntaxException} naming line and column. Texts longer than
 * {@link #maxLength()} characters are refused before parsing; so are expressions nested deeper
 * than {@link AstBuilder#MAX_DEPTH}. Thread-safe (each call has its own lexer and parser).
 */
@ThreadSafe
public final class ClassAdParser {
    /** The default longest text: 16 MiB (an ad of 600 hosts' lists stays well within it). */
    public static final int DEFAULT_MAX_LENGTH = 16 << 20;

    private static final ClassAdParser DEFAULT = new ClassAdParser(DEFAULT_MAX_LENGTH);

    private final int maxLength;

    public ClassAdParser(int maxLength) {
        if (maxLength <= 0) {
            throw new IllegalArgumentException("maxLength " + maxLength + " is not positive");
        }
        this.maxLength = maxLength;
    }

    /** A parser with {@link #DEFAULT_MAX_LENGTH}. */
    public static ClassAdParser standard() {
        return DEFAULT;
    }

    public int maxLength() {
        return maxLength;
    }

    /** Parses one expression, e.g. {@code LoadAvg > 2 && OpSys == "LINUX"}. */
    public Expr parseExpression(String text) {
        org.gridstack.hawkeye.classad.parser.ClassAdParser p = parser(text);
        ExpressionOnlyContext tree = run(() -> p.expressionOnly());
        return (Expr) new AstBuilder(AstBuilder.Escapes.NEW).visit(tree.expr());
    }

    /** Parses one new-form ad, {@code [ name = expr; ... ]}. */
    public ClassAd parseNewAd(String text) {
        org.gridstack.hawkeye.classad.parser.ClassAdParser p = parser(text);
        RecordOnlyContext tree = run(() -> p.recordOnly());
        return new AstBuilder(AstBuilder.Escapes.NEW).record(tree.record());
    }

    /**
     * Parses one old-form ad: one {@code Name = expr} per line; blank lines and lines starting
     * with {@code #} are skipped. Strings use old escaping (a backslash escapes only a quote).
     */
    public ClassAd parseOldAd(String text) {
        checkLength(text);
        ClassAd.Builder b = ClassAd.builder();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            ClassAd.Attribute a = parseOldLine(line, i);
            b.put(a.name(), a.expr());
        }
        return b.build();
    }

    /**
     * Parses one {@code Name = expr} line with old escaping; {@code lineIndex} (from 0) is the
     * line's place in a longer text, for the error position.
     */
    public ClassAd.Attribute parseOldLine(String line, int lineIndex) {
        try {
            org.gridstack.hawkeye.classad.parser.ClassAdParser p = parser(line);
            DefinitionOnlyContext tree = run(() -> p.definitionOnly());
            AstBuilder builder = new AstBuilder(AstBuilder.Escapes.OLD);
            return new ClassAd.Attribute(builder.name(tree.attrName()), (Expr) builder.visit(tree.expr()));
        } catch (ClassAdSyntaxException e) {
            throw e.shiftedBy(lineIndex);
        }
    }

    /** Parses either form: new if the text starts with {@code [}, old otherwise. */
    public ClassAd parseAd(String text) {
        return text.stripLeading().startsWith("[") ? parseNewAd(text) : parseOldAd(text);
    }

    private void checkLength(String text) {
        if (text.length() > maxLength) {
            throw new ClassAdSyntaxException(1, 1, "the text is " + text.length()
                    + " characters long; at most " + maxLength + " are accepted");
        }
    }

    private org.gridstack.hawkeye.classad.parser.ClassAdParser parser(String text) {
        checkLength(text);
        ClassAdLexer lexer = new ClassAdLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        lexer.addErrorListener(ThrowingListener.INSTANCE);
        org.gridstack.hawkeye.classad.parser.ClassAdParser p =
                new org.gridstack.hawkeye.classad.parser.ClassAdParser(new CommonTokenStream(lexer));
        p.removeErrorListeners();
        p.addErrorListener(ThrowingListener.INSTANCE);
        return p;
    }

    private interface Rule<T> {
        T parse();
    }

    private static <T> T run(Rule<T> rule) {
        try {
            return rule.parse();
        } catch (StackOverflowError e) {
            throw new ClassAdSyntaxException(1, 1, "the expression is nested too deeply");
        }
    }

    /** Turns the first lexer or parser error into a {@link ClassAdSyntaxException}. */
    private static final class ThrowingListener extends BaseErrorListener {
        static final ThrowingListener INSTANCE = new ThrowingListener();

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line,
                int charPositionInLine, String msg, RecognitionException e) {
            String problem = msg;
            if (offendingSymbol instanceof Token t) {
                problem = describe(t, msg);
            }
            throw new ClassAdSyntaxException(line, charPositionInLine + 1, problem);
        }

        private static String describe(Token t, String msg) {
            if (t.getType() == Token.EOF) {
                return "unexpected end of text: an operand or a closing bracket is missing";
            }
            if (t.getType() == ClassAdLexer.UNKNOWN_CHAR) {
                return "unexpected character '" + t.getText() + "'";
            }
            if (msg.startsWith("no viable alternative")) {
                return "cannot read '" + t.getText() + "' here";
            }
            // ANTLR lists every token it could accept; past a few the list does not help
            int expecting = msg.indexOf(" expecting {");
            if (expecting >= 0 && msg.chars().filter(c -> c == ',').count() > 4) {
                msg = msg.substring(0, expecting);
            }
            return msg.replace("mismatched input", "unexpected").replace("extraneous input", "unexpected");
        }
    }
}
