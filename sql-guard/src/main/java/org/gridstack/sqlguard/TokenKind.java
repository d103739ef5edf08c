package org.gridstack.sqlguard;

/** Kind of a {@link Token}. Whitespace and comments produce no tokens. */
public enum TokenKind {
    /** Unquoted word: a keyword or an identifier (the lexer does not tell them apart). */
    KEYWORD_OR_IDENTIFIER,
    /** {@code "quoted identifier"} (also PostgreSQL {@code U&"..."}); never a keyword. */
    QUOTED_IDENTIFIER,
    /** Any string literal: {@code '...'}, {@code E'...'}, {@code B'...'}, {@code X'...'}, {@code N'...'},
     * {@code U&'...'}, dollar-quoted {@code $tag$...$tag$} and Oracle {@code q'[...]'}. */
    STRING,
    /** Numeric literal such as {@code 42}, {@code .5} or {@code 1.5e-10}. */
    NUMBER,
    /** Operator made of operator characters, e.g. {@code =}, {@code <>}, {@code ||}, {@code ::}, {@code ->>}. */
    OPERATOR,
    /** One of {@code ( ) , ; . [ ] { } :}. */
    PUNCTUATION,
    /** Bind marker: {@code ?}, {@code $1}, {@code :name} or (Oracle) {@code :1}. */
    PARAMETER
}
