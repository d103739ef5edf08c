package org.gridstack.sqlguard;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Accepts exactly one read-only query and rejects everything else.
 *
 * <p>A statement is accepted only if all of these hold:
 * <ul>
 *   <li>its first token after any opening parentheses is SELECT, WITH, VALUES or TABLE;</li>
 *   <li>it contains at most one {@code ;}, and only at the very end;</li>
 *   <li>no unquoted word from {@link Denylist#KEYWORDS} appears outside strings and quoted identifiers, nor
 *       INTO, a locking clause ({@code FOR UPDATE}, {@code FOR NO KEY UPDATE}, {@code FOR SHARE},
 *       {@code FOR KEY SHARE}), FETCH other than {@code FETCH FIRST/NEXT}, COMMENT ON, SECURITY LABEL or
 *       START TRANSACTION;</li>
 *   <li>no function from {@link Denylist#FUNCTIONS} or {@link Denylist#FUNCTION_PREFIXES} is called and no
 *       Oracle package from {@link Denylist#PACKAGE_PREFIXES} is named; no view or function that shows other
 *       sessions ({@link Denylist#SESSION_VIEWS}, {@link Denylist#SESSION_VIEW_PREFIXES}) is named; no Oracle {@code WITH FUNCTION}
 *       declaration, remote call through a database link, JDBC escape ({@code {...}}) or
 *       {@code U&"..."} identifier appears;</li>
 *   <li>it has exactly as many {@code ?} markers as the caller binds values, and no {@code $1}-style
 *       marker (JDBC binds only {@code ?}); an unfilled marker would make PostgreSQL answer 08P01
 *       (protocol violation), which connection pools take for a broken connection;</li>
 *   <li>parentheses and brackets balance, nested at most {@value #MAX_NESTING} deep.</li>
 * </ul>
 * This is one layer of three: the caller must also run the query in a read-only transaction with a timeout
 * under a role that cannot write. The guard errs towards rejecting; messages say how to rewrite.
 *
 * <p>Thread-safe: all methods are static and keep no shared mutable state.
 */
public final class ReadOnlyGuard {
    /** Deeper nesting is rejected so that neither this guard nor the server can be driven into deep recursion. */
    static final int MAX_NESTING = 200;

    private static final String ALLOWED =
            "only a single read-only query (SELECT, WITH ... SELECT, VALUES or TABLE) is allowed";
    private static final Set<String> QUERY_STARTS = Set.of("select", "with", "values", "table");

    private ReadOnlyGuard() {
    }

    /**
     * Checks {@code sql} for a database whose dialect is not known: the text must be accepted when read as
     * PostgreSQL and when read as Oracle, and both readings must end at the same place. Tables are the union
     * of both readings; they are complete only if both readings are.
     *
     * @throws StatementRejectedException if either reading rejects the statement
     */
    public static CheckedQuery check(String sql) throws StatementRejectedException {
        Objects.requireNonNull(sql, "sql is null");
        CheckedQuery pg = check(sql, Dialect.POSTGRESQL);
        CheckedQuery ora;
        try {
            ora = check(sql, Dialect.ORACLE);
        } catch (StatementRejectedException e) {
            throw new StatementRejectedException(e.getMessage() + " (when read as Oracle SQL)", e.offset());
        }
        if (!pg.sql().equals(ora.sql())) {
            int at = Math.min(pg.sql().length(), ora.sql().length());
            throw new StatementRejectedException("the end of the statement at offset " + at
                    + " is read differently by PostgreSQL and Oracle; remove the trailing comment", at);
        }
        Set<TableReference> union = new LinkedHashSet<>(pg.tables());
        union.addAll(ora.tables());
        return new CheckedQuery(pg.sql(), new ArrayList<>(union), pg.tablesComplete() && ora.tablesComplete());
    }

    /**
     * Checks {@code sql} with the lexical rules of {@code dialect}.
     *
     * @return the accepted query and the relations it names
     * @throws StatementRejectedException if the statement is not a single read-only query
     */
    public static CheckedQuery check(String sql, Dialect dialect) throws StatementRejectedException {
        return check(sql, dialect, 0);
    }

    /**
     * Checks {@code sql} with the lexical rules of {@code dialect}, for a caller that binds
     * {@code boundValues} values to its {@code ?} markers.
     *
     * @return the accepted query and the relations it names
     * @throws StatementRejectedException if the statement is not a single read-only query, or its
     *     markers do not match the bound values
     */
    public static CheckedQuery check(String sql, Dialect dialect, int boundValues) throws StatementRejectedException {
        if (boundValues < 0) {
            throw new IllegalArgumentException("boundValues < 0: " + boundValues);
        }
        Objects.requireNonNull(sql, "sql is null");
        Objects.requireNonNull(dialect, "dialect is null");
        List<Token> all = SqlLexer.tokenize(sql, dialect);
        int first = 0;
        while (first < all.size() && all.get(first).isPunctuation('(')) {
            first++;
        }
        if (first == all.size() || all.stream().allMatch(t -> t.isPunctuation(';'))) {
            throw new StatementRejectedException("empty query: send a single read-only query"
                    + " (SELECT, WITH ... SELECT, VALUES or TABLE)", -1);
        }
        requireQueryStart(all.get(first));
        rejectPlsqlDeclarations(all);
        List<Token> body = withoutFinalSemicolon(all);
        new Scan(body, dialect, all.get(first).isWord("with") && first == 0).run();
        checkMarkers(body, boundValues);
        int[] match = matchBrackets(body);
        TableCollector.Result tables = TableCollector.collect(body, match, dialect);
        String trimmed = sql.substring(0, body.get(body.size() - 1).end());
        return new CheckedQuery(trimmed, tables.tables(), tables.complete());
    }

    private static void checkMarkers(List<Token> tokens, int boundValues) throws StatementRejectedException {
        int questionMarks = 0;
        for (Token t : tokens) {
            if (t.kind() != TokenKind.PARAMETER) {
                continue;
            }
            if (t.text().charAt(0) == '$') {
                throw new StatementRejectedException("parameter marker " + t.text() + " at offset " + t.start()
                        + " has no value (only ? markers are bound); write the value into the query", t.start());
            }
            if (t.text().charAt(0) == '?' && ++questionMarks > boundValues) {
                throw new StatementRejectedException("parameter marker ? at offset " + t.start() + " has no value ("
                        + boundValues + " bound); write the value into the query or send one more bind value", t.start());
            }
        }
        if (questionMarks < boundValues) {
            throw new StatementRejectedException(boundValues + " values bound but the query has " + questionMarks
                    + " ? markers", -1);
        }
    }

    private static void requireQueryStart(Token head) throws StatementRejectedException {
        if (head.kind() == TokenKind.KEYWORD_OR_IDENTIFIER && QUERY_STARTS.contains(Words.asciiLower(head.text()))) {
            return;
        }
        String message = ALLOWED + ", but the statement starts with " + describe(head) + " at offset " + head.start();
        if (head.isWord("explain")) {
            message += " (EXPLAIN ANALYZE would execute the statement)";
        }
        throw new StatementRejectedException(message, head.start());
    }

    /** Oracle 12c lets WITH declare PL/SQL functions, which can do anything. */
    private static void rejectPlsqlDeclarations(List<Token> tokens) throws StatementRejectedException {
        for (int i = 0; i + 2 < tokens.size(); i++) {
            Token next = tokens.get(i + 1);
            Token after = tokens.get(i + 2);
            if (tokens.get(i).isWord("with") && (next.isWord("function") || next.isWord("procedure"))
                    && isName(after) && !after.isWord("as")) {
                throw new StatementRejectedException("PL/SQL declarations (WITH FUNCTION or WITH PROCEDURE) at offset "
                        + next.start() + " are not allowed in a read-only query", next.start());
            }
        }
    }

    private static List<Token> withoutFinalSemicolon(List<Token> all) throws StatementRejectedException {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).isPunctuation(';')) {
                if (i + 1 < all.size()) {
                    int at = all.get(i + 1).start();
                    throw new StatementRejectedException("stacked statements are not allowed: a second statement"
                            + " starts at offset " + at + "; send one query, optionally ending with a single ';'", at);
                }
                return all.subList(0, i);
            }
        }
        return all;
    }

    /** Index of the matching closer for every {@code (} and {@code [}, -1 elsewhere. */
    private static int[] matchBrackets(List<Token> tokens) throws StatementRejectedException {
        int[] match = new int[tokens.size()];
        Arrays.fill(match, -1);
        Deque<Integer> open = new ArrayDeque<>();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.isPunctuation('(') || t.isPunctuation('[')) {
                open.push(i);
                if (open.size() > MAX_NESTING) {
                    throw new StatementRejectedException("parentheses at offset " + t.start() + " are nested more than "
                            + MAX_NESTING + " deep; simplify the query", t.start());
                }
            } else if (t.isPunctuation(')') || t.isPunctuation(']')) {
                char want = t.isPunctuation(')') ? '(' : '[';
                if (open.isEmpty()) {
                    throw new StatementRejectedException("unbalanced parentheses: '" + t.text() + "' at offset "
                            + t.start() + " has no matching '" + want + "'", t.start());
                }
                Token opener = tokens.get(open.peek());
                if (!opener.isPunctuation(want)) {
                    throw new StatementRejectedException("unbalanced parentheses: '" + t.text() + "' at offset "
                            + t.start() + " does not match '" + opener.text() + "' at offset " + opener.start(), t.start());
                }
                match[open.pop()] = i;
            }
        }
        if (!open.isEmpty()) {
            Token t = tokens.get(open.getLast());
            throw new StatementRejectedException("unbalanced parentheses: '" + t.text() + "' at offset " + t.start()
                    + " is never closed", t.start());
        }
        return match;
    }

    private static boolean isName(Token t) {
        return t.kind() == TokenKind.KEYWORD_OR_IDENTIFIER || t.kind() == TokenKind.QUOTED_IDENTIFIER;
    }

    private static String describe(Token t) {
        if (t.kind() == TokenKind.KEYWORD_OR_IDENTIFIER) {
            return t.text().toUpperCase(Locale.ROOT);
        }
        String text = t.text().length() > 20 ? t.text().substring(0, 20) + "..." : t.text();
        return "'" + text + "'";
    }

    /** The token-by-token checks; one instance per statement. */
    private static final class Scan {
        private final List<Token> tokens;
        private final Dialect dialect;
        private final boolean startsWithWith;

        Scan(List<Token> tokens, Dialect dialect, boolean startsWithWith) {
            this.tokens = tokens;
            this.dialect = dialect;
            this.startsWithWith = startsWithWith;
        }

        void run() throws StatementRejectedException {
            int depth = 0;
            for (int i = 0; i < tokens.size(); i++) {
                Token t = tokens.get(i);
                switch (t.kind()) {
                    case PUNCTUATION -> {
                        if (t.isPunctuation('(')) {
                            depth++;
                        } else if (t.isPunctuation(')')) {
                            depth--;
                        } else if (t.isPunctuation('{') || t.isPunctuation('}')) {
                            throw new StatementRejectedException("JDBC escape syntax ('" + t.text() + "' at offset "
                                    + t.start() + ") is not allowed; write plain SQL", t.start());
                        }
                    }
                    case KEYWORD_OR_IDENTIFIER -> {
                        checkWord(i, t.text(), depth);
                        checkRoutine(i, t.text());
                    }
                    case QUOTED_IDENTIFIER -> {
                        if (t.text().charAt(0) != '"') {
                            throw new StatementRejectedException("Unicode-escaped identifier at offset " + t.start()
                                    + " is not allowed; write the identifier as a plain quoted identifier", t.start());
                        }
                        checkRoutine(i, t.identifier());
                    }
                    case PARAMETER -> {
                        // ":update" is a bind name to Oracle but "update" to PostgreSQL; be strict in both
                        if (t.text().length() > 1 && t.text().charAt(0) == ':' && !Character.isDigit(t.text().charAt(1))) {
                            checkWord(i, t.text().substring(1), depth);
                        }
                    }
                    case OPERATOR -> {
                        if (dialect == Dialect.ORACLE && t.text().indexOf('@') >= 0) {
                            checkRemoteCall(i);
                        }
                    }
                    default -> {
                    }
                }
            }
        }

        private void checkWord(int i, String text, int depth) throws StatementRejectedException {
            Token t = tokens.get(i);
            List<String> forms = Words.denyForms(text);
            if (forms.contains("into")) {
                throw new StatementRejectedException("SELECT ... INTO creates a table and is not allowed;"
                        + " remove INTO at offset " + t.start() + " and select the rows instead", t.start());
            }
            if (forms.contains("for")) {
                String lock = lockingClause(i);
                if (lock != null) {
                    throw new StatementRejectedException("locking clause " + lock + " at offset " + t.start()
                            + " is not allowed in a read-only query; remove it", t.start());
                }
                return;
            }
            if (forms.contains("fetch")) {
                if (!(matches(i + 1, "first") || matches(i + 1, "next"))) {
                    throw keyword(t, text);
                }
                return;
            }
            if ((forms.contains("comment") && matches(i + 1, "on"))
                    || (forms.contains("security") && matches(i + 1, "label"))
                    || (forms.contains("start") && matches(i + 1, "transaction"))) {
                throw new StatementRejectedException("statement " + text.toUpperCase(Locale.ROOT) + " "
                        + tokens.get(i + 1).text().toUpperCase(Locale.ROOT) + " at offset " + t.start()
                        + " is not allowed; " + ALLOWED, t.start());
            }
            for (String form : forms) {
                if (Denylist.DATA_MODIFYING.contains(form)) {
                    String word = text.toUpperCase(Locale.ROOT);
                    if (i >= 2 && tokens.get(i - 1).isPunctuation('(')
                            && (matches(i - 2, "as") || matches(i - 2, "materialized"))) {
                        throw new StatementRejectedException("data-modifying statement " + word
                                + " inside WITH is not allowed (offset " + t.start()
                                + "); a WITH query may only contain SELECT, VALUES or TABLE", t.start());
                    }
                    if (startsWithWith && depth == 0) {
                        throw new StatementRejectedException(ALLOWED + ", but the statement after WITH is "
                                + word + " at offset " + t.start(), t.start());
                    }
                }
                if (Denylist.KEYWORDS.contains(form)) {
                    throw keyword(t, text);
                }
            }
        }

        private StatementRejectedException keyword(Token t, String text) {
            String upper = text.toUpperCase(Locale.ROOT);
            String quoted = dialect == Dialect.ORACLE ? upper : Words.asciiLower(text);
            return new StatementRejectedException("keyword " + upper + " at offset " + t.start()
                    + " is not allowed in a read-only query; if it is a column or table name, write it as a"
                    + " quoted identifier such as \"" + quoted + "\"", t.start());
        }

        /** FOR UPDATE, FOR NO KEY UPDATE, FOR SHARE, FOR KEY SHARE (Oracle OF/NOWAIT/SKIP LOCKED follow UPDATE). */
        private String lockingClause(int i) {
            if (matches(i + 1, "update")) {
                return "FOR UPDATE";
            }
            if (matches(i + 1, "share")) {
                return "FOR SHARE";
            }
            if (matches(i + 1, "no") && matches(i + 2, "key") && matches(i + 3, "update")) {
                return "FOR NO KEY UPDATE";
            }
            if (matches(i + 1, "key") && matches(i + 2, "share")) {
                return "FOR KEY SHARE";
            }
            return null;
        }

        /** Denied functions (when called or used as {@code x.name}) and Oracle packages (anywhere). */
        private void checkRoutine(int i, String name) throws StatementRejectedException {
            List<String> forms = Words.denyForms(name);
            for (String form : forms) {
                for (Map.Entry<String, String> e : Denylist.PACKAGE_PREFIXES.entrySet()) {
                    if (form.startsWith(e.getKey())) {
                        throw routine(i, e.getValue());
                    }
                }
            }
            boolean called = i + 1 < tokens.size() && tokens.get(i + 1).isPunctuation('(');
            boolean member = i > 0 && tokens.get(i - 1).isPunctuation('.');
            if (called || member) {
                for (String form : forms) {
                    String reason = Denylist.FUNCTIONS.get(form);
                    if (reason != null) {
                        throw routine(i, reason);
                    }
                    for (Map.Entry<String, String> e : Denylist.FUNCTION_PREFIXES.entrySet()) {
                        if (form.startsWith(e.getKey())) {
                            throw routine(i, e.getValue());
                        }
                    }
                }
            }
            for (String form : forms) {
                String reason = Denylist.SESSION_VIEWS.get(form);
                for (Map.Entry<String, String> e : Denylist.SESSION_VIEW_PREFIXES.entrySet()) {
                    if (reason == null && form.startsWith(e.getKey())) {
                        reason = e.getValue();
                    }
                }
                if (reason != null) {
                    StatementRejectedException r = routine(i, reason);
                    throw new StatementRejectedException(r.getMessage().replaceFirst("^function ", "view or function "), r.offset());
                }
            }
        }

        /** Names the whole dotted chain ({@code pg_catalog.set_config}, {@code dbms_lock.sleep}) in the message. */
        private StatementRejectedException routine(int i, String reason) {
            int from = i;
            while (from >= 2 && tokens.get(from - 1).isPunctuation('.') && isName(tokens.get(from - 2))) {
                from -= 2;
            }
            int to = i;
            while (to + 2 < tokens.size() && tokens.get(to + 1).isPunctuation('.') && isName(tokens.get(to + 2))) {
                to += 2;
            }
            StringBuilder name = new StringBuilder();
            for (int k = from; k <= to; k += 2) {
                if (k > from) {
                    name.append('.');
                }
                name.append(Words.asciiLower(tokens.get(k).identifier()));
            }
            int at = tokens.get(from).start();
            return new StatementRejectedException("function " + name + " at offset " + at + " is not allowed: "
                    + reason, at);
        }

        /** Oracle {@code pkg.f@link(...)} runs code in another database, outside this transaction. */
        private void checkRemoteCall(int i) throws StatementRejectedException {
            int j = i + 1;
            if (j >= tokens.size() || !isName(tokens.get(j))) {
                return;
            }
            j++;
            while (j + 1 < tokens.size() && tokens.get(j).isPunctuation('.') && isName(tokens.get(j + 1))) {
                j += 2;
            }
            if (j < tokens.size() && tokens.get(j).isPunctuation('(')) {
                Token at = tokens.get(i);
                throw new StatementRejectedException("remote call through a database link at offset " + at.start()
                        + " is not allowed: " + Denylist.REMOTE, at.start());
            }
        }

        /** Whether token {@code i} is an unquoted word that any plausible folding reads as {@code word}. */
        private boolean matches(int i, String word) {
            if (i < 0 || i >= tokens.size()) {
                return false;
            }
            Token t = tokens.get(i);
            return t.kind() == TokenKind.KEYWORD_OR_IDENTIFIER && Words.denyForms(t.text()).contains(word);
        }
    }
}
