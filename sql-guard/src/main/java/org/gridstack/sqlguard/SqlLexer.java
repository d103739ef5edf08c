package org.gridstack.sqlguard;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Splits PostgreSQL or Oracle SQL into {@link Token}s, dropping whitespace and comments.
 *
 * <p>The lexer follows the database's own rules where they decide token boundaries, because a guard that
 * splits text differently from the database can be fooled: a keyword the database sees must never hide
 * inside what the guard thinks is a string or comment. Where the rules are unclear or depend on server
 * settings, the lexer rejects rather than guesses:
 * <ul>
 *   <li>characters outside strings, quoted identifiers and comments that are not plain SQL (backtick,
 *       backslash, non-ASCII spaces or symbols, control characters) are rejected; NUL is rejected
 *       everywhere because the server would truncate the text there;</li>
 *   <li>PostgreSQL {@code '...'} strings whose end would move if {@code standard_conforming_strings} were
 *       off (a backslash before a quote) are rejected;</li>
 *   <li>PostgreSQL text that the PostgreSQL JDBC driver (which splits statements on {@code ;} itself) reads
 *       differently from the server is rejected: a comment opened by {@code /}{@code *}{@code /}, a dollar
 *       quote or {@code E''} string glued to the preceding token, an {@code E''} string with a backslash
 *       after a doubled quote;</li>
 *   <li>an Oracle number directly followed by a letter (other than a lone {@code f}/{@code d} suffix) is
 *       rejected, since {@code 1delete} might be read as {@code 1d elete} or {@code 1 delete};</li>
 *   <li>anything unterminated (string, quoted identifier, comment, dollar quote) is rejected with the offset
 *       where it starts.</li>
 * </ul>
 *
 * <p>Thread-safe: the static method keeps no shared state.
 */
public final class SqlLexer {
    private static final String PUNCTUATION = "(),;.[]{}";
    /** Characters after which the PostgreSQL JDBC driver recognizes an E'' prefix. */
    private static final String JDBC_WORD_TERMINATORS = " \t\n\r\f\",()[].;:+-*/%^<>=~!@#&|`?";

    private final String sql;
    private final Dialect dialect;
    private final List<Token> tokens = new ArrayList<>();
    private int pos;

    private SqlLexer(String sql, Dialect dialect) {
        this.sql = sql;
        this.dialect = dialect;
    }

    /**
     * Tokenizes {@code sql} with the lexical rules of {@code dialect}.
     *
     * @return the tokens in source order (immutable); empty for blank or comment-only text
     * @throws StatementRejectedException if the text cannot be tokenized unambiguously
     */
    public static List<Token> tokenize(String sql, Dialect dialect) throws StatementRejectedException {
        Objects.requireNonNull(sql, "sql is null");
        Objects.requireNonNull(dialect, "dialect is null");
        return new SqlLexer(sql, dialect).run();
    }

    private List<Token> run() throws StatementRejectedException {
        int nul = sql.indexOf('\0');
        if (nul >= 0) {
            throw new StatementRejectedException("NUL character at offset " + nul + " is not allowed in SQL text", nul);
        }
        final int n = sql.length();
        while (pos < n) {
            char c = sql.charAt(pos);
            if (isSpace(c)) {
                pos++;
            } else if (c == '-' && at(pos + 1) == '-') {
                skipLineComment();
            } else if (c == '/' && at(pos + 1) == '*') {
                skipBlockComment();
            } else if (c == '\'') {
                standardString(pos, pos, true);
            } else if (c == '"') {
                quotedIdentifier(pos, pos);
            } else if (isDigit(c) || (c == '.' && isDigit(at(pos + 1)))) {
                number();
            } else if (isIdentifierStart(sql.codePointAt(pos))) {
                word();
            } else if (c == '$') {
                dollar();
            } else if (c == '?') {
                emit(TokenKind.PARAMETER, pos + 1);
            } else if (c == ':') {
                colon();
            } else if (PUNCTUATION.indexOf(c) >= 0) {
                emit(TokenKind.PUNCTUATION, pos + 1);
            } else if (isOperatorChar(c)) {
                operator();
            } else {
                throw unexpected(pos);
            }
        }
        return List.copyOf(tokens);
    }

    // ---- comments -------------------------------------------------------------------------------------

    private void skipLineComment() {
        int i = pos + 2;
        while (i < sql.length() && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
            i++;
        }
        pos = i;
    }

    /** PostgreSQL nests block comments; Oracle ends a comment at the first {@code *}{@code /}. */
    private void skipBlockComment() throws StatementRejectedException {
        int start = pos;
        if (dialect == Dialect.POSTGRESQL && at(pos + 2) == '/') {
            // the server opens a comment at "/*/", but the PostgreSQL JDBC driver reads "/*/" as a whole
            // comment and would split statements on a ';' the server thinks is commented out
            throw new StatementRejectedException("block comment at offset " + start + " starts with '/*/', which"
                    + " JDBC drivers read differently from the server; put a space after '/*'", start);
        }
        int depth = 1;
        int i = pos + 2;
        while (i < sql.length()) {
            if (dialect == Dialect.POSTGRESQL && sql.startsWith("/*", i)) {
                depth++;
                i += 2;
            } else if (sql.startsWith("*/", i)) {
                depth--;
                i += 2;
                if (depth == 0) {
                    pos = i;
                    return;
                }
            } else {
                i++;
            }
        }
        throw unterminated("block comment", start);
    }

    // ---- strings and quoted identifiers ----------------------------------------------------------------

    /**
     * A {@code '...'} string where {@code ''} stands for a quote. In PostgreSQL a backslash before a quote
     * makes the end of the string depend on {@code standard_conforming_strings}; such strings are rejected
     * unless the caller says backslashes cannot matter (bit and hex strings).
     */
    private void standardString(int start, int quote, boolean backslashMatters) throws StatementRejectedException {
        int end = endOfQuoted(quote, '\'', true);
        if (end < 0) {
            throw unterminated("string literal", start);
        }
        if (dialect == Dialect.POSTGRESQL && backslashMatters && indexWithin("\\", quote + 1, end) >= 0
                && endOfEscapeString(quote) != end) {
            throw new StatementRejectedException("string literal at offset " + start
                    + " has a backslash before a quote, which PostgreSQL reads differently when"
                    + " standard_conforming_strings is off; write a quote as '' or use an E'...' string", start);
        }
        emitAt(TokenKind.STRING, start, end);
    }

    /** PostgreSQL {@code E'...'}: backslash escapes the next character, {@code ''} is a quote. */
    private void escapeString(int start, int quote) throws StatementRejectedException {
        int end = endOfEscapeString(quote);
        if (end < 0) {
            throw unterminated("escape string literal", start);
        }
        int doubled = indexWithin("''", quote + 1, end - 1);
        if (doubled >= 0 && indexWithin("\\", doubled, end) >= 0) {
            // the PostgreSQL JDBC driver ends an E'' string at '' and reads the rest as a plain string, so a
            // later backslash would make it see a different end than the server
            throw new StatementRejectedException("escape string literal at offset " + start + " has a backslash after"
                    + " a doubled quote, which JDBC drivers read differently from the server; write the quote as \\'",
                    start);
        }
        emitAt(TokenKind.STRING, start, end);
    }

    private int endOfEscapeString(int quote) {
        int i = quote + 1;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '\'') {
                if (at(i + 1) == '\'') {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return -1;
    }

    /** End offset (exclusive) of text quoted with {@code q} starting at {@code open}, or -1. */
    private int endOfQuoted(int open, char q, boolean doubling) {
        int i = open + 1;
        while (true) {
            int close = sql.indexOf(q, i);
            if (close < 0) {
                return -1;
            }
            if (doubling && at(close + 1) == q) {
                i = close + 2;
            } else {
                return close + 1;
            }
        }
    }

    /** PostgreSQL doubles {@code ""} inside quoted identifiers; Oracle does not allow a quote in them. */
    private void quotedIdentifier(int start, int quote) throws StatementRejectedException {
        int end = endOfQuoted(quote, '"', dialect == Dialect.POSTGRESQL);
        if (end < 0) {
            throw unterminated("quoted identifier", start);
        }
        if (end == quote + 2) {
            throw new StatementRejectedException("zero-length quoted identifier at offset " + start
                    + " is not allowed", start);
        }
        emitAt(TokenKind.QUOTED_IDENTIFIER, start, end);
    }

    /** Oracle {@code q'X...X'}; bracket delimiters close with their partner. */
    private void qQuote(int start, int quote) throws StatementRejectedException {
        int d = quote + 1;
        if (d >= sql.length()) {
            throw unterminated("Oracle q-quoted string", start);
        }
        char open = sql.charAt(d);
        if (isSpace(open) || Character.isSurrogate(open)) {
            throw new StatementRejectedException("Oracle q-quoted string at offset " + start
                    + " has an invalid delimiter", start);
        }
        char close = switch (open) {
            case '[' -> ']';
            case '{' -> '}';
            case '(' -> ')';
            case '<' -> '>';
            default -> open;
        };
        int i = d + 1;
        while (true) {
            int k = sql.indexOf(close, i);
            if (k < 0) {
                throw unterminated("Oracle q-quoted string", start);
            }
            if (at(k + 1) == '\'') {
                emitAt(TokenKind.STRING, start, k + 2);
                return;
            }
            i = k + 1;
        }
    }

    /** PostgreSQL {@code $1} parameter or {@code $tag$...$tag$} string; Oracle has neither. */
    private void dollar() throws StatementRejectedException {
        if (dialect != Dialect.POSTGRESQL) {
            throw unexpected(pos);
        }
        int start = pos;
        if (isDigit(at(start + 1))) {
            int j = start + 1;
            while (isDigit(at(j))) {
                j++;
            }
            emit(TokenKind.PARAMETER, j);
            return;
        }
        int before = start > 0 ? sql.codePointBefore(start) : ' ';
        if (before == '$' || isIdentifierPart(before)) {
            // the server starts a dollar quote here, the PostgreSQL JDBC driver does not (it requires a
            // non-identifier character before '$'), so the two would disagree about where a ';' is
            throw new StatementRejectedException("dollar-quoted string at offset " + start + " directly follows '"
                    + new String(Character.toChars(before)) + "'; put a space before it", start);
        }
        int j = start + 1;
        if (at(j) != '$') {
            if (j >= sql.length() || !isIdentifierStart(sql.codePointAt(j))) {
                throw unexpected(start);
            }
            while (j < sql.length()) {
                int cp = sql.codePointAt(j);
                if (cp == '$' || !isIdentifierPart(cp)) {
                    break;
                }
                j += Character.charCount(cp);
            }
            if (at(j) != '$') {
                throw unexpected(start);
            }
        }
        String tag = sql.substring(start, j + 1);
        int close = sql.indexOf(tag, j + 1);
        if (close < 0) {
            throw unterminated("dollar-quoted string " + tag, start);
        }
        emitAt(TokenKind.STRING, start, close + tag.length());
    }

    // ---- words, numbers, operators ---------------------------------------------------------------------

    private void word() throws StatementRejectedException {
        int start = pos;
        int end = start;
        while (end < sql.length()) {
            int cp = sql.codePointAt(end);
            if (!isIdentifierPart(cp)) {
                break;
            }
            end += Character.charCount(cp);
        }
        String lower = Words.asciiLower(sql.substring(start, end));
        char next = at(end);
        if (next == '\'') {
            if (dialect == Dialect.POSTGRESQL) {
                switch (lower) {
                    case "e" -> {
                        char before = start > 0 ? sql.charAt(start - 1) : ' ';
                        if (JDBC_WORD_TERMINATORS.indexOf(before) < 0) {
                            // the PostgreSQL JDBC driver only reads E'' as an escape string after one of these
                            throw new StatementRejectedException("escape string literal at offset " + start
                                    + " directly follows '" + before + "'; put a space before it", start);
                        }
                        escapeString(start, end);
                        return;
                    }
                    case "b", "x", "n" -> {
                        // B'' and X'' never process backslashes themselves, but B'1''\'... is B'1' followed by
                        // an ordinary string to PostgreSQL, so they get the same ambiguity check
                        standardString(start, end, true);
                        return;
                    }
                    default -> {
                    }
                }
            } else {
                switch (lower) {
                    case "n" -> {
                        standardString(start, end, false);
                        return;
                    }
                    case "q", "nq" -> {
                        qQuote(start, end);
                        return;
                    }
                    default -> {
                    }
                }
            }
        }
        if (dialect == Dialect.POSTGRESQL && lower.equals("u") && next == '&') {
            char quote = at(end + 1);
            if (quote == '\'') {
                // PostgreSQL refuses U& strings when standard_conforming_strings is off, so no ambiguity
                standardString(start, end + 1, false);
                return;
            }
            if (quote == '"') {
                quotedIdentifier(start, end + 1);
                return;
            }
        }
        emitAt(TokenKind.KEYWORD_OR_IDENTIFIER, start, end);
    }

    private void number() throws StatementRejectedException {
        int j = pos;
        while (isDigit(at(j))) {
            j++;
        }
        // "1..2" is an integer followed by "..", not a decimal point
        if (at(j) == '.' && at(j + 1) != '.') {
            j++;
            while (isDigit(at(j))) {
                j++;
            }
        }
        if (at(j) == 'e' || at(j) == 'E') {
            int k = j + 1;
            if (at(k) == '+' || at(k) == '-') {
                k++;
            }
            if (isDigit(at(k))) {
                j = k;
                while (isDigit(at(j))) {
                    j++;
                }
            }
        }
        if (dialect == Dialect.ORACLE) {
            // Oracle reads 1.5f / 2d as BINARY_FLOAT / BINARY_DOUBLE literals; whether it reads "1delete" as
            // 1d + elete or 1 + delete is not something to guess, so a letter right after a number is refused
            char suffix = at(j);
            if ((suffix == 'f' || suffix == 'F' || suffix == 'd' || suffix == 'D')
                    && (j + 1 >= sql.length() || !isIdentifierPart(sql.codePointAt(j + 1)))) {
                j++;
            }
            if (j < sql.length() && isIdentifierPart(sql.codePointAt(j))) {
                throw new StatementRejectedException("number at offset " + pos + " is directly followed by '"
                        + sql.charAt(j) + "'; separate them with a space", pos);
            }
        }
        emit(TokenKind.NUMBER, j);
    }

    private void colon() {
        char next = at(pos + 1);
        if (next == ':' || next == '=') {
            emit(TokenKind.OPERATOR, pos + 2);
            return;
        }
        if (pos + 1 < sql.length() && isIdentifierStart(sql.codePointAt(pos + 1))) {
            int j = pos + 1;
            while (j < sql.length() && isIdentifierPart(sql.codePointAt(j))) {
                j += Character.charCount(sql.codePointAt(j));
            }
            emit(TokenKind.PARAMETER, j);
            return;
        }
        if (dialect == Dialect.ORACLE && isDigit(next)) {
            int j = pos + 1;
            while (isDigit(at(j))) {
                j++;
            }
            emit(TokenKind.PARAMETER, j);
            return;
        }
        emit(TokenKind.PUNCTUATION, pos + 1);
    }

    /** A run of operator characters; like PostgreSQL, the run stops where a comment starts. */
    private void operator() {
        int j = pos + 1;
        while (j < sql.length() && isOperatorChar(sql.charAt(j))) {
            if (sql.startsWith("--", j) || sql.startsWith("/*", j)) {
                break;
            }
            j++;
        }
        emit(TokenKind.OPERATOR, j);
    }

    // ---- character classes -----------------------------------------------------------------------------

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000B';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAsciiLetter(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isIdentifierStart(int cp) {
        if (cp < 128) {
            return isAsciiLetter(cp) || cp == '_';
        }
        return Character.isLetter(cp);
    }

    private boolean isIdentifierPart(int cp) {
        if (cp < 128) {
            return isAsciiLetter(cp) || (cp >= '0' && cp <= '9') || cp == '_' || cp == '$'
                    || (cp == '#' && dialect == Dialect.ORACLE);
        }
        if (Character.isLetterOrDigit(cp)) {
            return true;
        }
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }

    private boolean isOperatorChar(char c) {
        return switch (c) {
            case '+', '-', '*', '/', '<', '>', '=', '~', '!', '@', '%', '^', '&', '|' -> true;
            case '#' -> dialect == Dialect.POSTGRESQL;
            default -> false;
        };
    }

    // ---- helpers ---------------------------------------------------------------------------------------

    /** First index of {@code needle} starting in [from, to), or -1; bounded so long texts stay linear. */
    private int indexWithin(String needle, int from, int to) {
        for (int i = from; i < to; i++) {
            if (sql.startsWith(needle, i)) {
                return i;
            }
        }
        return -1;
    }

    private char at(int i) {
        return i >= 0 && i < sql.length() ? sql.charAt(i) : '\0';
    }

    private void emit(TokenKind kind, int end) {
        emitAt(kind, pos, end);
    }

    private void emitAt(TokenKind kind, int start, int end) {
        tokens.add(new Token(kind, sql.substring(start, end), start, end));
        pos = end;
    }

    private static StatementRejectedException unterminated(String what, int start) {
        return new StatementRejectedException("unterminated " + what + " starting at offset " + start, start);
    }

    private StatementRejectedException unexpected(int at) {
        int cp = sql.codePointAt(at);
        String shown = cp >= 0x20 && cp < 0x7F ? "'" + (char) cp + "'" : String.format("U+%04X", cp);
        return new StatementRejectedException("unexpected character " + shown + " at offset " + at
                + " outside a string, quoted identifier or comment", at);
    }
}
