package org.gridstack.sqlguard;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the relations a checked query names, and whether that list can be trusted to be complete.
 *
 * <p>This is a lenient recursive-descent reader over the token list, not a validator: the guard's safety
 * checks have already run. It follows query structure (WITH, set operations, SELECT ... FROM, joins,
 * subqueries anywhere) and steps over everything else. The one rule that matters: whenever it meets
 * something it does not fully understand, it clears {@code complete} and carries on, still collecting the
 * tables of any subquery it passes. Listing a relation too many is harmless; missing one while claiming
 * completeness would serve stale cached results.
 *
 * <p>Relies on balanced brackets ({@code match} holds each opener's closer), so it cannot run past a group.
 */
final class TableCollector {

    /** Collected relations and whether they are known to be all. */
    record Result(List<TableReference> tables, boolean complete) {
    }

    /**
     * Words that cannot be a bare alias after a FROM item, because they start a clause, a join or some
     * table-modifying syntax ({@code TABLESAMPLE}, Oracle {@code PARTITION}, {@code PIVOT}, ...). Where the
     * database would in fact read one of them as an alias, the collector just reports "incomplete".
     */
    private static final Set<String> NOT_AN_ALIAS = Set.of(
            "where", "group", "having", "window", "order", "limit", "offset", "fetch", "for",
            "union", "intersect", "except", "minus", "connect", "start", "into", "returning",
            "on", "using", "join", "inner", "left", "right", "full", "outer", "cross", "natural", "apply",
            "lateral", "tablesample", "pivot", "unpivot", "sample", "partition", "subpartition", "versions",
            "model", "match_recognize", "qualify", "as", "with", "select", "from", "values", "table", "only",
            "when", "then", "else", "end", "and", "or", "not", "is", "in", "like", "ilike", "similar",
            "between", "escape", "rows", "set");

    /** Words that may be followed by {@code (} without being a function call. */
    private static final Set<String> NOT_A_CALL = Set.of(
            "all", "and", "any", "array", "as", "asc", "between", "by", "case", "desc", "distinct", "else",
            "escape", "except", "exists", "for", "from", "group", "having", "ilike", "in", "intersect", "is",
            "join", "lateral", "like", "limit", "minus", "not", "offset", "on", "only", "or", "order",
            "overlaps", "prior", "row", "select", "sets", "similar", "some", "then", "to", "union", "using", "values",
            "when", "where", "with", "zone");

    /** Words followed by {@code (} that belong to the preceding call: {@code count(*) FILTER (...) OVER (...)}. */
    private static final Set<String> AFTER_A_CALL = Set.of("over", "filter", "within", "keep");

    private static final String NO_SCHEMA = "\u0001";

    private final List<Token> t;
    private final int[] match;
    private final Dialect dialect;
    private final int n;
    private final Map<String, TableReference> tables = new LinkedHashMap<>();
    private int pos;
    private boolean complete = true;

    private TableCollector(List<Token> tokens, int[] match, Dialect dialect) {
        this.t = tokens;
        this.match = match;
        this.dialect = dialect;
        this.n = tokens.size();
    }

    static Result collect(List<Token> tokens, int[] match, Dialect dialect) {
        TableCollector c = new TableCollector(tokens, match, dialect);
        c.parseQuery(Scope.EMPTY, c.n);
        while (c.pos < c.n) {
            c.complete = false;
            c.scanUnit(Scope.EMPTY, true);
        }
        return new Result(List.copyOf(c.tables.values()), c.complete);
    }

    // ---- queries ---------------------------------------------------------------------------------------

    /** {@code [WITH ...] term { setop term } [ORDER BY | LIMIT | OFFSET | FETCH ...]} up to {@code limit}. */
    private void parseQuery(Scope scope, int limit) {
        if (pos >= limit) {
            complete = false;
            return;
        }
        Scope inner = word(pos, "with") ? parseWith(scope) : scope;
        parseQueryTerm(inner, limit);
        boolean trailing = false;
        while (pos < limit) {
            if (!trailing) {
                int next = setOperationEnd(pos);
                if (next >= 0) {
                    pos = next;
                    parseQueryTerm(inner, limit);
                    continue;
                }
                // after a parenthesized, VALUES or TABLE term only these clauses may follow; anything else
                // (say "(select ...) x join y") means this was not the query it looked like
                if (!((word(pos, "order") && word(pos + 1, "by")) || word(pos, "limit") || word(pos, "offset")
                        || word(pos, "fetch"))) {
                    complete = false;
                }
                trailing = true;
            }
            scanUnit(inner, true);
        }
    }

    private void parseQueryTerm(Scope scope, int limit) {
        if (pos >= limit) {
            complete = false;
        } else if (word(pos, "select")) {
            pos++;
            parseSelectCore(scope, limit);
        } else if (word(pos, "values")) {
            pos++;
            while (pos < limit && setOperationEnd(pos) < 0) {
                scanUnit(scope, true);
            }
        } else if (word(pos, "table")) {
            pos++;
            parseTableQuery(scope);
        } else if (punct(pos, '(')) {
            int close = match[pos];
            pos++;
            parseQuery(scope, close);
            finishGroup(scope, close);
        } else {
            complete = false;
        }
    }

    /** PostgreSQL {@code TABLE [ONLY] name [*]}. */
    private void parseTableQuery(Scope scope) {
        if (word(pos, "only")) {
            pos++;
        }
        if (!name(pos) || punct(pos + 1, '(')) {
            complete = false;
            return;
        }
        addTable(scope, relationName());
        if (operator(pos, "*")) {
            pos++;
        }
    }

    /**
     * {@code WITH [RECURSIVE] name [(cols)] AS [[NOT] MATERIALIZED] (query), ...}. Returns the scope of the
     * main query. Without RECURSIVE a CTE sees only the CTEs before it, so {@code WITH t AS (SELECT * FROM t)}
     * reads the real table t (PostgreSQL); in Oracle that would be a recursive reference, and reporting t
     * as a table there is merely conservative.
     */
    private Scope parseWith(Scope scope) {
        pos++;
        boolean recursive = word(pos, "recursive");
        if (recursive) {
            pos++;
        }
        List<String> names = new ArrayList<>();
        List<Integer> bodies = new ArrayList<>();
        int p = pos;
        while (true) {
            int entry = p;
            boolean ok = name(p);
            if (ok) {
                p++;
                if (punct(p, '(')) {
                    p = match[p] + 1;
                }
                ok = word(p, "as");
            }
            if (ok) {
                p++;
                if (word(p, "not") && word(p + 1, "materialized")) {
                    p += 2;
                } else if (word(p, "materialized")) {
                    p++;
                }
                ok = punct(p, '(');
            }
            if (!ok) {
                // not a CTE list we understand; what follows is scanned generically
                complete = false;
                break;
            }
            names.add(foldKey(t.get(entry)));
            bodies.add(p);
            p = match[p] + 1;
            if (!punct(p, ',')) {
                break;
            }
            p++;
        }
        Scope all = scope.with(names);
        for (int k = 0; k < bodies.size(); k++) {
            Scope visible = recursive ? all : scope.with(names.subList(0, k));
            int open = bodies.get(k);
            int close = match[open];
            pos = open + 1;
            parseQuery(visible, close);
            finishGroup(visible, close);
        }
        pos = p;
        return all;
    }

    /** The select list and everything after it, up to a set operation or the end of the group. */
    private void parseSelectCore(Scope scope, int limit) {
        while (pos < limit && setOperationEnd(pos) < 0) {
            if (word(pos, "from")) {
                if (isDistinctFrom(pos)) {
                    pos++;
                    continue;
                }
                if (punct(pos - 1, ')') && (word(pos + 1, "first") || word(pos + 1, "last"))) {
                    // Oracle NTH_VALUE(...) FROM FIRST/LAST; not worth telling apart from a table named "first"
                    complete = false;
                    pos++;
                    continue;
                }
                pos++;
                parseFromList(scope, limit);
                continue;
            }
            scanUnit(scope, false);
        }
    }

    /** Start of the next term if a set operation starts at {@code i}, else -1. */
    private int setOperationEnd(int i) {
        String w = keywordAt(i);
        if (w == null) {
            return -1;
        }
        boolean op = w.equals("union") || w.equals("intersect") || w.equals("except")
                || (w.equals("minus") && dialect == Dialect.ORACLE);
        if (!op) {
            return -1;
        }
        int j = i + 1;
        if (word(j, "all") || word(j, "distinct")) {
            j++;
        }
        boolean term = word(j, "select") || word(j, "values") || word(j, "table") || word(j, "with") || punct(j, '(');
        return term ? j : -1;
    }

    // ---- FROM ------------------------------------------------------------------------------------------

    private void parseFromList(Scope scope, int limit) {
        parseFromItem(scope, limit);
        while (pos < limit) {
            if (punct(pos, ',')) {
                pos++;
                parseFromItem(scope, limit);
                continue;
            }
            int joined = joinEnd(pos);
            if (joined >= 0) {
                pos = joined;
                parseFromItem(scope, limit);
                if (word(pos, "on")) {
                    pos++;
                    while (pos < limit && !punct(pos, ',') && joinEnd(pos) < 0 && !clauseStart(pos)) {
                        scanUnit(scope, true);
                    }
                } else if (word(pos, "using") && punct(pos + 1, '(')) {
                    pos++;
                    parseParenGroup(scope);
                }
                continue;
            }
            if (clauseStart(pos)) {
                return;
            }
            complete = false;
            scanUnit(scope, true);
        }
    }

    private void parseFromItem(Scope scope, int limit) {
        if (pos >= limit) {
            complete = false;
            return;
        }
        if (word(pos, "only")) {
            pos++;
        }
        if (word(pos, "lateral")) {
            pos++;
        }
        if (word(pos, "rows") && word(pos + 1, "from")) {
            complete = false;
            pos += 2;
            return;
        }
        if (punct(pos, '(')) {
            if (queryStartsAfter(pos)) {
                parseParenGroup(scope);
            } else {
                // a parenthesized join: (a JOIN b ON ...)
                int close = match[pos];
                pos++;
                parseFromList(scope, close);
                finishGroup(scope, close);
            }
            parseAlias(scope);
            return;
        }
        if (!name(pos) || (keywordAt(pos) != null && NOT_AN_ALIAS.contains(keywordAt(pos)))) {
            complete = false;
            return;
        }
        List<Token> parts = relationName();
        if (punct(pos, '(')) {
            // a function in FROM (generate_series, unnest, Oracle TABLE(...), xmltable, ...) can read anything
            complete = false;
            parseParenGroup(scope);
            parseAlias(scope);
            return;
        }
        if (dialect == Dialect.ORACLE && operator(pos, "@")) {
            // a table in another database
            complete = false;
            pos++;
            if (name(pos)) {
                relationName();
            }
            parseAlias(scope);
            return;
        }
        addTable(scope, parts);
        if (operator(pos, "*")) {
            pos++;
        }
        parseAlias(scope);
    }

    /** {@code [AS] alias [(col, ...)]}; anything unusual in the column list makes the result incomplete. */
    private void parseAlias(Scope scope) {
        if (word(pos, "as")) {
            if (!name(pos + 1)) {
                complete = false;
                return;
            }
            pos += 2;
        } else if (pos < n && t.get(pos).kind() == TokenKind.QUOTED_IDENTIFIER) {
            pos++;
        } else if (keywordAt(pos) != null && !NOT_AN_ALIAS.contains(keywordAt(pos))) {
            pos++;
        } else {
            return;
        }
        if (punct(pos, '(')) {
            int close = match[pos];
            for (int k = pos + 1; k < close; k++) {
                if (!name(k) && !punct(k, ',')) {
                    complete = false;
                    parseParenGroup(scope);
                    return;
                }
            }
            pos = close + 1;
        }
    }

    /** Index after a join operator starting at {@code i}, or -1. */
    private int joinEnd(int i) {
        int j = i;
        if (word(j, "natural")) {
            j++;
        }
        if (word(j, "join")) {
            return j + 1;
        }
        if (word(j, "inner") || word(j, "cross")) {
            if (word(j + 1, "join")) {
                return j + 2;
            }
            return word(j, "cross") && word(j + 1, "apply") && dialect == Dialect.ORACLE ? j + 2 : -1;
        }
        if (word(j, "left") || word(j, "right") || word(j, "full")) {
            j++;
            if (word(j, "outer")) {
                j++;
            }
            return word(j, "join") ? j + 1 : -1;
        }
        if (word(j, "outer") && word(j + 1, "apply") && dialect == Dialect.ORACLE) {
            return j + 2;
        }
        return -1;
    }

    /**
     * Whether a clause that ends a FROM list starts at {@code i}. Words that are not reserved in the dialect
     * need the next token to confirm them, because there they could also be an alias.
     */
    private boolean clauseStart(int i) {
        String w = keywordAt(i);
        if (w == null) {
            return false;
        }
        boolean pg = dialect == Dialect.POSTGRESQL;
        return switch (w) {
            case "where", "having" -> true;
            case "group" -> word(i + 1, "by");
            case "order" -> word(i + 1, "by") || (!pg && word(i + 1, "siblings") && word(i + 2, "by"));
            case "window" -> pg || (name(i + 1) && word(i + 2, "as"));
            case "limit" -> pg;
            case "offset" -> pg || kind(i + 1) == TokenKind.NUMBER || kind(i + 1) == TokenKind.PARAMETER || punct(i + 1, '(');
            case "fetch" -> word(i + 1, "first") || word(i + 1, "next");
            case "connect" -> !pg && word(i + 1, "by");
            case "start" -> !pg && word(i + 1, "with");
            case "union", "intersect", "except", "minus" -> setOperationEnd(i) >= 0;
            default -> false;
        };
    }

    // ---- generic scanning ------------------------------------------------------------------------------

    /**
     * Consumes one token, or one bracketed group, looking for subqueries and function calls. With
     * {@code suspicious}, a FROM or a join here means the structure was not understood.
     */
    private void scanUnit(Scope scope, boolean suspicious) {
        if (punct(pos, '(')) {
            parseParenGroup(scope);
            return;
        }
        if (punct(pos, '[')) {
            int close = match[pos];
            pos++;
            while (pos < close) {
                scanUnit(scope, false);
            }
            pos = close + 1;
            return;
        }
        if (name(pos) && punct(pos + 1, '(')) {
            call(scope);
            return;
        }
        if (suspicious && ((word(pos, "from") && !isDistinctFrom(pos)) || joinEnd(pos) >= 0)) {
            complete = false;
        }
        if ("currval".equals(lowerWord(pos)) || "nextval".equals(lowerWord(pos))) {
            // Oracle seq.CURRVAL reads a sequence, a relation the list would otherwise miss
            complete = false;
        }
        pos++;
    }

    /** A bracketed group: a subquery, or an expression list scanned for subqueries. */
    private void parseParenGroup(Scope scope) {
        int close = match[pos];
        if (queryStartsAfter(pos)) {
            pos++;
            parseQuery(scope, close);
            finishGroup(scope, close);
        } else {
            pos++;
            while (pos < close) {
                scanUnit(scope, false);
            }
            pos = close + 1;
        }
    }

    /**
     * {@code name(...)}: a function call unless the word is syntax ({@code IN (}, {@code OVER (}) or the
     * Oracle outer-join marker {@code (+)}. Functions not known to be relation-free may read any table.
     */
    private void call(Scope scope) {
        String w = lowerWord(pos);
        String keyword = keywordAt(pos);
        boolean syntax = keyword != null
                && (NOT_A_CALL.contains(keyword) || (AFTER_A_CALL.contains(keyword) && punct(pos - 1, ')')));
        boolean outerJoinMarker = operator(pos + 2, "+") && punct(pos + 3, ')');
        if (!syntax && !outerJoinMarker) {
            boolean qualified = punct(pos - 1, '.');
            boolean systemSchema = qualified && (word(pos - 2, "pg_catalog") || word(pos - 2, "sys")) && !punct(pos - 3, '.');
            if (w == null || (qualified && !systemSchema) || !KnownFunctions.RELATION_FREE.contains(w)) {
                complete = false;
            }
        }
        pos++;
        parseParenGroup(scope);
    }

    /** Skips whatever remains before {@code close} (marking the result incomplete) and steps past it. */
    private void finishGroup(Scope scope, int close) {
        while (pos < close) {
            complete = false;
            scanUnit(scope, true);
        }
        pos = close + 1;
    }

    private boolean queryStartsAfter(int open) {
        int j = open;
        while (punct(j, '(')) {
            j++;
        }
        return word(j, "select") || word(j, "with") || word(j, "values")
                || (word(j, "table") && name(j + 1) && !punct(j + 1, '('));
    }

    /** {@code a IS [NOT] DISTINCT FROM b} is an operator, not a FROM clause. */
    private boolean isDistinctFrom(int i) {
        return word(i - 1, "distinct") && (word(i - 2, "is") || (word(i - 2, "not") && word(i - 3, "is")));
    }

    // ---- relations -------------------------------------------------------------------------------------

    private List<Token> relationName() {
        List<Token> parts = new ArrayList<>(3);
        parts.add(t.get(pos++));
        while (punct(pos, '.') && name(pos + 1)) {
            parts.add(t.get(pos + 1));
            pos += 2;
        }
        return parts;
    }

    private void addTable(Scope scope, List<Token> parts) {
        if (parts.size() > 2) {
            // database.schema.table or similar: not something to promise anything about
            complete = false;
        }
        Token nameToken = parts.get(parts.size() - 1);
        Token schemaToken = parts.size() >= 2 ? parts.get(parts.size() - 2) : null;
        if (schemaToken == null && scope.contains(foldKey(nameToken))) {
            return;
        }
        TableReference ref = new TableReference(
                schemaToken == null ? null : schemaToken.identifier(),
                nameToken.identifier(),
                schemaToken != null && schemaToken.kind() == TokenKind.QUOTED_IDENTIFIER,
                nameToken.kind() == TokenKind.QUOTED_IDENTIFIER);
        String key = (schemaToken == null ? NO_SCHEMA : foldKey(schemaToken)) + '\u0000' + foldKey(nameToken);
        tables.putIfAbsent(key, ref);
    }

    private String foldKey(Token token) {
        return token.kind() == TokenKind.QUOTED_IDENTIFIER ? token.identifier() : dialect.foldUnquoted(token.text());
    }

    // ---- token helpers ---------------------------------------------------------------------------------

    private TokenKind kind(int i) {
        return i >= 0 && i < n ? t.get(i).kind() : null;
    }

    private String lowerWord(int i) {
        return kind(i) == TokenKind.KEYWORD_OR_IDENTIFIER ? Words.asciiLower(t.get(i).text()) : null;
    }

    /**
     * The lower-cased word at {@code i} if it can be a keyword there. After a dot it cannot: PostgreSQL
     * accepts even reserved words as column names in {@code t.offset}, and treating that as OFFSET would
     * end a FROM list early.
     */
    private String keywordAt(int i) {
        return punct(i - 1, '.') ? null : lowerWord(i);
    }

    /** Whether {@code i} holds the keyword {@code lowerCaseWord} (see {@link #keywordAt(int)}). */
    private boolean word(int i, String lowerCaseWord) {
        return i >= 0 && i < n && !punct(i - 1, '.') && t.get(i).isWord(lowerCaseWord);
    }

    private boolean punct(int i, char c) {
        return i >= 0 && i < n && t.get(i).isPunctuation(c);
    }

    private boolean operator(int i, String text) {
        return kind(i) == TokenKind.OPERATOR && t.get(i).text().equals(text);
    }

    private boolean name(int i) {
        TokenKind k = kind(i);
        return k == TokenKind.KEYWORD_OR_IDENTIFIER || k == TokenKind.QUOTED_IDENTIFIER;
    }

    /** CTE names visible at a point of the query, as an immutable chain. */
    private static final class Scope {
        static final Scope EMPTY = new Scope(Set.of(), null);

        private final Set<String> names;
        private final Scope parent;

        private Scope(Set<String> names, Scope parent) {
            this.names = names;
            this.parent = parent;
        }

        Scope with(Collection<String> more) {
            return more.isEmpty() ? this : new Scope(Set.copyOf(more), this);
        }

        boolean contains(String foldedName) {
            for (Scope s = this; s != null; s = s.parent) {
                if (s.names.contains(foldedName)) {
                    return true;
                }
            }
            return false;
        }
    }
}
