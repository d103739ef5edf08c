package org.gridstack.frontier.cache;

import com.google.errorprone.annotations.ThreadSafe;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.gridstack.frontier.cache.RowPredicate.Condition;
import org.gridstack.frontier.cache.RowPredicate.Op;
import org.gridstack.sqlguard.Dialect;
import org.gridstack.sqlguard.SqlLexer;
import org.gridstack.sqlguard.StatementRejectedException;
import org.gridstack.sqlguard.Token;
import org.gridstack.sqlguard.TokenKind;

/**
 * Summarises the WHERE clause of a simple PostgreSQL query for row-level invalidation: one table
 * in FROM (optionally with an alias) and a WHERE clause that is an AND of {@code col = lit},
 * {@code col IN (lit, ...)}, {@code col BETWEEN a AND b}, {@code col < <= > >= lit} and
 * {@code col IS NULL}, where a literal is a number, a plain {@code '...'} string or a {@code ?}
 * bound (as a string) to a value. Anything else (joins, OR, NOT, subqueries, functions or casts on
 * either side, other bind markers, no WHERE at all) gives no summary, which means "any change to the
 * table may change the answer". Uses the tokens of {@code sql-guard}'s lexer, which the query has
 * already passed. Thread-safe (stateless).
 */
@ThreadSafe
public final class PredicateExtractor {
    /** Words that end the WHERE clause or the FROM clause. */
    private static final Set<String> CLAUSE_ENDS = Set.of("group", "order", "limit", "offset", "fetch", "having", "window", "for");
    /** Words after which we stop understanding the query: a summary would not describe what it reads. */
    private static final Set<String> UNSUPPORTED = Set.of("select", "union", "intersect", "except", "join", "lateral", "with",
            "only", "tablesample", "natural", "cross", "values", "table");

    private PredicateExtractor() {
    }

    /**
     * The summary of {@code sql}'s WHERE clause, or empty when the query is not of the simple form.
     *
     * @param binds values bound, as strings, to the {@code ?} markers in order
     */
    public static Optional<RowPredicate> extract(String sql, List<String> binds) {
        Objects.requireNonNull(sql, "sql is null");
        Objects.requireNonNull(binds, "binds is null");
        List<Token> tokens;
        try {
            tokens = SqlLexer.tokenize(sql, Dialect.POSTGRESQL);
        } catch (StatementRejectedException | RuntimeException e) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(new Parser(tokens, binds).query());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Recursive descent over the subset; returns null (no summary) at the first thing it does not know. */
    private static final class Parser {
        private final List<Token> tokens;
        private final List<String> binds;
        private int pos;
        private int bindIndex;

        Parser(List<Token> tokens, List<String> binds) {
            this.tokens = tokens;
            this.binds = binds;
        }

        RowPredicate query() {
            if (tokens.isEmpty() || !peekWord("select")) {
                return null;
            }
            pos++;
            // the select list: anything without a nested query, up to FROM at parenthesis depth 0
            int depth = 0;
            while (true) {
                Token t = next();
                if (t == null || unsupported(t)) {
                    return null;
                }
                if (t.kind() == TokenKind.PARAMETER) {
                    if (!t.text().equals("?")) {
                        return null;
                    }
                    bindIndex++;
                }
                if (t.isPunctuation('(')) {
                    depth++;
                } else if (t.isPunctuation(')')) {
                    depth--;
                } else if (depth == 0 && t.isWord("from")) {
                    break;
                }
            }
            String table = identifier(next());
            if (table == null) {
                return null;
            }
            if (peekPunctuation('.')) {
                pos++;
                table = identifier(next());
                if (table == null) {
                    return null;
                }
            }
            String alias = null;
            if (peekWord("as")) {
                pos++;
                alias = identifier(next());
                if (alias == null) {
                    return null;
                }
            } else if (peek() != null && !peekWord("where") && !clauseEnd(peek()) && isIdentifier(peek())) {
                alias = identifier(next());
            }
            if (!peekWord("where")) {
                return null; // no WHERE: every row is read
            }
            pos++;
            List<Condition> conditions = new ArrayList<>();
            while (true) {
                Condition c = condition(table, alias);
                if (c == null) {
                    return null;
                }
                conditions.add(c);
                if (peekWord("and")) {
                    pos++;
                    continue;
                }
                break;
            }
            Token after = peek();
            if (after != null) {
                if (!clauseEnd(after)) {
                    return null; // OR, an operator we do not know, ...
                }
                // GROUP BY, ORDER BY, LIMIT ...: they only see rows the WHERE clause kept; no nested queries
                for (int i = pos; i < tokens.size(); i++) {
                    if (unsupported(tokens.get(i))) {
                        return null;
                    }
                }
            }
            return new RowPredicate(conditions);
        }

        private Condition condition(String table, String alias) {
            String column = identifier(next());
            if (column == null) {
                return null;
            }
            if (peekPunctuation('.')) {
                pos++;
                if (!column.equals(table) && !column.equals(alias)) {
                    return null;
                }
                column = identifier(next());
                if (column == null) {
                    return null;
                }
            }
            Token op = next();
            if (op == null) {
                return null;
            }
            if (op.kind() == TokenKind.OPERATOR) {
                Op o = switch (op.text()) {
                    case "=" -> Op.EQ;
                    case "<" -> Op.LT;
                    case "<=" -> Op.LE;
                    case ">" -> Op.GT;
                    case ">=" -> Op.GE;
                    default -> null;
                };
                Object value = literal();
                return o == null || value == null ? null : new Condition(column, o, List.of(value));
            }
            if (op.isWord("in")) {
                if (!peekPunctuation('(')) {
                    return null;
                }
                pos++;
                List<Object> values = new ArrayList<>();
                while (true) {
                    Object value = literal();
                    if (value == null) {
                        return null;
                    }
                    values.add(value);
                    Token sep = next();
                    if (sep == null) {
                        return null;
                    }
                    if (sep.isPunctuation(')')) {
                        return new Condition(column, Op.IN, values);
                    }
                    if (!sep.isPunctuation(',')) {
                        return null;
                    }
                }
            }
            if (op.isWord("between")) {
                Object low = literal();
                Token and = next();
                Object high = literal();
                if (low == null || and == null || !and.isWord("and") || high == null) {
                    return null;
                }
                return new Condition(column, Op.BETWEEN, List.of(low, high));
            }
            if (op.isWord("is")) {
                Token word = next();
                return word != null && word.isWord("null") ? new Condition(column, Op.IS_NULL, List.of()) : null;
            }
            return null;
        }

        /** A number, a signed number, a plain string or a bound {@code ?}; null otherwise. */
        private Object literal() {
            Token t = next();
            if (t == null) {
                return null;
            }
            boolean negative = false;
            if (t.kind() == TokenKind.OPERATOR && (t.text().equals("-") || t.text().equals("+"))) {
                negative = t.text().equals("-");
                t = next();
                if (t == null || t.kind() != TokenKind.NUMBER) {
                    return null;
                }
            }
            Object value = switch (t.kind()) {
                case NUMBER -> number(t.text(), negative);
                case STRING -> t.text().startsWith("'") ? t.text().substring(1, t.text().length() - 1).replace("''", "'") : null;
                case PARAMETER -> t.text().equals("?") && bindIndex < binds.size() ? binds.get(bindIndex++) : null;
                default -> null;
            };
            // only AND, a list separator, a closing parenthesis or the end of the clause may follow: a cast,
            // COLLATE, OR or an operator right after the literal changes what is compared
            Token following = peek();
            if (following != null && !(following.isWord("and") || following.isPunctuation(')') || following.isPunctuation(',')
                    || clauseEnd(following))) {
                return null;
            }
            return value;
        }

        private static BigDecimal number(String text, boolean negative) {
            try {
                BigDecimal d = new BigDecimal(text);
                return negative ? d.negate() : d;
            } catch (NumberFormatException e) {
                return null; // 0x1F, 1_000: left to the database
            }
        }

        private static boolean unsupported(Token t) {
            return t.kind() == TokenKind.KEYWORD_OR_IDENTIFIER && UNSUPPORTED.contains(t.text().toLowerCase(Locale.ROOT));
        }

        private static boolean clauseEnd(Token t) {
            return t.kind() == TokenKind.KEYWORD_OR_IDENTIFIER && CLAUSE_ENDS.contains(t.text().toLowerCase(Locale.ROOT));
        }

        private static boolean isIdentifier(Token t) {
            return t.kind() == TokenKind.KEYWORD_OR_IDENTIFIER || t.kind() == TokenKind.QUOTED_IDENTIFIER;
        }

        /** The identifier as PostgreSQL folds it (unquoted: ASCII lower case); null for anything else. */
        private static String identifier(Token t) {
            if (t == null) {
                return null;
            }
            if (t.kind() == TokenKind.KEYWORD_OR_IDENTIFIER) {
                String w = Dialect.POSTGRESQL.foldUnquoted(t.text());
                return Set.of("where", "and", "or", "not", "from", "select", "null", "in", "is", "between").contains(w) ? null : w;
            }
            if (t.kind() == TokenKind.QUOTED_IDENTIFIER && t.text().startsWith("\"")) {
                return t.identifier();
            }
            return null;
        }

        private Token next() {
            return pos < tokens.size() ? tokens.get(pos++) : null;
        }

        private Token peek() {
            return pos < tokens.size() ? tokens.get(pos) : null;
        }

        private boolean peekWord(String w) {
            Token t = peek();
            return t != null && t.isWord(w);
        }

        private boolean peekPunctuation(char c) {
            Token t = peek();
            return t != null && t.isPunctuation(c);
        }
    }
}
