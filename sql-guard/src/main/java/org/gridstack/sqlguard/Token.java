package org.gridstack.sqlguard;

import java.util.Objects;

/**
 * One lexical token of a SQL text.
 *
 * @param kind  what the token is
 * @param text  the exact source text of the token (including quotes and prefixes)
 * @param start offset of the first character in the source
 * @param end   offset just after the last character in the source
 */
public record Token(TokenKind kind, String text, int start, int end) {

    public Token {
        Objects.requireNonNull(kind, "kind is null");
        Objects.requireNonNull(text, "text is null");
        if (start < 0 || end - start != text.length()) {
            throw new IllegalArgumentException("bad token bounds " + start + ".." + end + " for " + text);
        }
    }

    /**
     * True when this is an unquoted word equal to {@code lowerCaseWord}, comparing ASCII letters without
     * case. Only ASCII letters fold, as in PostgreSQL's keyword lookup, so {@code ſelect} is not SELECT.
     */
    public boolean isWord(String lowerCaseWord) {
        return kind == TokenKind.KEYWORD_OR_IDENTIFIER && Words.asciiLower(text).equals(lowerCaseWord);
    }

    /** True when this is the punctuation character {@code c}. */
    public boolean isPunctuation(char c) {
        return kind == TokenKind.PUNCTUATION && text.length() == 1 && text.charAt(0) == c;
    }

    /**
     * The identifier this token names: the text of an unquoted word, or the content of a quoted identifier
     * with its quotes removed and doubled quotes undone. Unicode escapes in {@code U&"..."} are not decoded.
     */
    public String identifier() {
        if (kind != TokenKind.QUOTED_IDENTIFIER) {
            return text;
        }
        int open = text.indexOf('"');
        return text.substring(open + 1, text.length() - 1).replace("\"\"", "\"");
    }
}
