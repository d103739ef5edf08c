package org.gridstack.sqlguard;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.stream.Collectors;

import static org.gridstack.sqlguard.Dialect.ORACLE;
import static org.gridstack.sqlguard.Dialect.POSTGRESQL;
import static org.gridstack.sqlguard.TokenKind.KEYWORD_OR_IDENTIFIER;
import static org.gridstack.sqlguard.TokenKind.NUMBER;
import static org.gridstack.sqlguard.TokenKind.OPERATOR;
import static org.gridstack.sqlguard.TokenKind.PARAMETER;
import static org.gridstack.sqlguard.TokenKind.PUNCTUATION;
import static org.gridstack.sqlguard.TokenKind.QUOTED_IDENTIFIER;
import static org.gridstack.sqlguard.TokenKind.STRING;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TestSqlLexer {

    private static List<Token> lex(String sql, Dialect dialect) throws StatementRejectedException {
        return SqlLexer.tokenize(sql, dialect);
    }

    /** Tokens rendered as "KIND:text" joined by spaces, for compact expectations. */
    private static String shape(String sql, Dialect dialect) throws StatementRejectedException {
        return lex(sql, dialect).stream().map(t -> t.kind().name().charAt(0) + ":" + t.text())
                .collect(Collectors.joining(" "));
    }

    private static String texts(String sql, Dialect dialect) throws StatementRejectedException {
        return lex(sql, dialect).stream().map(Token::text).collect(Collectors.joining(" | "));
    }

    @Test
    void simpleQueryHasKindsAndOffsets() throws Exception {
        List<Token> tokens = lex("SELECT a, b.c FROM t WHERE x >= 10;", POSTGRESQL);
        assertEquals(13, tokens.size());
        assertEquals(new Token(KEYWORD_OR_IDENTIFIER, "SELECT", 0, 6), tokens.get(0));
        assertEquals(new Token(KEYWORD_OR_IDENTIFIER, "a", 7, 8), tokens.get(1));
        assertEquals(new Token(PUNCTUATION, ",", 8, 9), tokens.get(2));
        assertEquals(new Token(PUNCTUATION, ".", 11, 12), tokens.get(4));
        assertEquals(new Token(OPERATOR, ">=", 29, 31), tokens.get(10));
        assertEquals(new Token(NUMBER, "10", 32, 34), tokens.get(11));
        assertEquals(new Token(PUNCTUATION, ";", 34, 35), tokens.get(12));
    }

    @Test
    void blankAndCommentOnlyTextHasNoTokens() throws Exception {
        assertTrue(lex("", POSTGRESQL).isEmpty());
        assertTrue(lex(" \t\r\n\f\u000B", ORACLE).isEmpty());
        assertTrue(lex("-- just a comment", POSTGRESQL).isEmpty());
        assertTrue(lex("/* a */ -- b\n/* c */", ORACLE).isEmpty());
    }

    @Test
    void commentsAreDropped() throws Exception {
        assertEquals("select | 1 | from | t", texts("select /* c */ 1 -- x\nfrom t -- end", POSTGRESQL));
        assertEquals("SEL | ECT", texts("SEL/**/ECT", POSTGRESQL));
        assertEquals("select | 1", texts("select 1--x", POSTGRESQL));
        assertEquals("a | + | b", texts("a +--comment\n b", POSTGRESQL));
        assertEquals("a | + | b", texts("a +/* c */b", POSTGRESQL));
        assertEquals("select | 1", texts("select /*+ hint */ 1", ORACLE));
    }

    @Test
    void postgresNestsBlockCommentsButOracleDoesNot() throws Exception {
        String sql = "select 1 /* outer /* inner */ still comment */ from t";
        assertEquals("select | 1 | from | t", texts(sql, POSTGRESQL));
        assertEquals("select | 1 | still | comment | */ | from | t", texts(sql, ORACLE));
    }

    @Test
    void standardStringsDoubleQuotes() throws Exception {
        assertEquals("K:select S:'it''s; delete' P:,", shape("select 'it''s; delete',", POSTGRESQL));
        assertEquals("K:select S:'' S:''''", shape("select '' ''''", ORACLE));
        assertEquals("K:select S:'-- /* $$'", shape("select '-- /* $$'", POSTGRESQL));
    }

    @Test
    void postgresEscapeStrings() throws Exception {
        assertEquals("K:select S:E'\\'; delete'", shape("select E'\\'; delete'", POSTGRESQL));
        assertEquals("K:select S:e'a\\\\' S:'b'", shape("select e'a\\\\' 'b'", POSTGRESQL));
        assertEquals("K:select S:E'x''y'", shape("select E'x''y'", POSTGRESQL));
        // Oracle has no E strings: the same text is a word, a string and a stray quote
        assertThrows(StatementRejectedException.class, () -> lex("select E'\\'; delete'", ORACLE));
    }

    @Test
    void prefixedStrings() throws Exception {
        assertEquals("K:select S:B'1010' S:X'ff' S:N'abc' S:U&'d\\0061t' K:UESCAPE S:'!'",
                shape("select B'1010' X'ff' N'abc' U&'d\\0061t' UESCAPE '!'", POSTGRESQL));
        assertEquals("K:select K:xy S:'z'", shape("select xy'z'", POSTGRESQL));
        assertEquals("K:select S:n'abc'", shape("select n'abc'", ORACLE));
    }

    @Test
    void dollarQuoting() throws Exception {
        assertEquals("K:select S:$$it's; delete from t$$", shape("select $$it's; delete from t$$", POSTGRESQL));
        assertEquals("K:select S:$fn$ a $$ b $fn$ K:x", shape("select $fn$ a $$ b $fn$ x", POSTGRESQL));
        assertEquals("K:select K:a$b$c", shape("select a$b$c", POSTGRESQL));
        assertEquals("K:select P:$1 O:+ P:$23", shape("select $1 + $23", POSTGRESQL));
        assertEquals("K:select N:1 S:$a$x$a$", shape("select 1 $a$x$a$", POSTGRESQL));
    }

    /** Texts the server reads one way and the PostgreSQL JDBC driver another are refused. */
    @Test
    void rejectsWhatJdbcDriversSplitDifferently() {
        StatementRejectedException e = assertThrows(StatementRejectedException.class,
                () -> lex("select 1 /*/ ; delete from t; */ from t", POSTGRESQL));
        assertEquals("block comment at offset 9 starts with '/*/', which JDBC drivers read differently from the"
                + " server; put a space after '/*'", e.getMessage());
        e = assertThrows(StatementRejectedException.class, () -> lex("select $$x$$$a$ ; $a$", POSTGRESQL));
        assertEquals("dollar-quoted string at offset 12 directly follows '$'; put a space before it", e.getMessage());
        assertThrows(StatementRejectedException.class, () -> lex("select 1$$;$$", POSTGRESQL));
        assertThrows(StatementRejectedException.class, () -> lex("select $1$$;$$", POSTGRESQL));
        e = assertThrows(StatementRejectedException.class, () -> lex("select E'x''\\'; delete'", POSTGRESQL));
        assertTrue(e.getMessage().startsWith("escape string literal at offset 7 has a backslash after a doubled quote"));
        assertEquals(2, assertDoesNotThrow(() -> lex("select E'x\\''", POSTGRESQL)).size());
        e = assertThrows(StatementRejectedException.class, () -> lex("select X'f'E'\\''", POSTGRESQL));
        assertEquals("escape string literal at offset 11 directly follows '''; put a space before it", e.getMessage());
        assertThrows(StatementRejectedException.class, () -> lex("select 1E'\\''", POSTGRESQL));
        assertEquals(4, assertDoesNotThrow(() -> lex("select(E'\\'')", POSTGRESQL)).size());
    }

    @Test
    void quotedIdentifiers() throws Exception {
        List<Token> tokens = lex("select \"update\", \"a\"\"b\" from \"My Table\"", POSTGRESQL);
        assertEquals(QUOTED_IDENTIFIER, tokens.get(1).kind());
        assertEquals("update", tokens.get(1).identifier());
        assertEquals("a\"b", tokens.get(3).identifier());
        assertEquals("My Table", tokens.get(5).identifier());
        // Oracle has no doubling: two adjacent identifiers
        assertEquals("select | \"a\" | \"b\"", texts("select \"a\"\"b\"", ORACLE));
        assertEquals("Q:U&\"d\\0061t\"", shape("U&\"d\\0061t\"", POSTGRESQL));
    }

    @Test
    void oracleAlternativeQuoting() throws Exception {
        assertEquals("K:select S:q'[it's; delete]' K:from K:dual", shape("select q'[it's; delete]' from dual", ORACLE));
        assertEquals("S:Q'{a'}'", shape("Q'{a'}'", ORACLE));
        assertEquals("S:q'(x)'", shape("q'(x)'", ORACLE));
        assertEquals("S:q'<x'>'", shape("q'<x'>'", ORACLE));
        assertEquals("S:q'!a'b!'", shape("q'!a'b!'", ORACLE));
        assertEquals("S:nq'[x]'", shape("nq'[x]'", ORACLE));
        // in PostgreSQL q is just a word followed by a string
        assertEquals("K:q S:'[x]'", shape("q'[x]'", POSTGRESQL));
    }

    @Test
    void numbers() throws Exception {
        assertEquals("N:1 N:1.5 N:.5 N:1. N:1.5e-10 N:2E+3", shape("1 1.5 .5 1. 1.5e-10 2E+3", POSTGRESQL));
        assertEquals("N:7 K:e", shape("7e", POSTGRESQL));
        assertEquals("N:1 P:. N:.2", shape("1..2", POSTGRESQL));
        assertEquals("N:0 K:x1F", shape("0x1F", POSTGRESQL));
    }

    @Test
    void oracleNumberSuffixes() throws Exception {
        assertEquals("N:1.5f N:2D N:3", shape("1.5f 2D 3", ORACLE));
        StatementRejectedException e = assertThrows(StatementRejectedException.class,
                () -> lex("select 1delete from dual", ORACLE));
        assertEquals("number at offset 7 is directly followed by 'd'; separate them with a space", e.getMessage());
        assertThrows(StatementRejectedException.class, () -> lex("select 1from dual", ORACLE));
        // PostgreSQL (before 15) splits exactly here too, so the word stays visible to the guard
        assertEquals("N:1 K:delete", shape("1delete", POSTGRESQL));
    }

    @Test
    void bitStringFollowedByBackslashStringIsAmbiguous() {
        // to PostgreSQL B'1''\' ... is B'1' followed by an ordinary string that a backslash may extend
        assertThrows(StatementRejectedException.class, () -> lex("select B'1''\\' from t", POSTGRESQL));
    }

    @Test
    void operatorsAndCasts() throws Exception {
        assertEquals("K:x O::: K:text O:|| K:y O:<> K:z O:->> S:'k' O:!= N:1",
                shape("x::text || y <> z ->> 'k' != 1", POSTGRESQL));
        assertEquals("K:a O:=> N:1 O::= N:2", shape("a => 1 := 2", ORACLE));
        assertEquals("K:t O:@ K:remote", shape("t@remote", ORACLE));
        assertEquals("K:a O:# K:b", shape("a # b", POSTGRESQL));
        assertEquals("K:a#b", shape("a#b", ORACLE));
    }

    @Test
    void parametersAndPunctuation() throws Exception {
        assertEquals("K:x O:= P:? K:and K:y O:= P::name K:and K:z O:= P::1",
                shape("x = ? and y = :name and z = :1", ORACLE));
        assertEquals("K:a P:[ N:1 P:: N:2 P:]", shape("a[1:2]", POSTGRESQL));
        assertEquals("P:( P:) P:, P:; P:. P:[ P:] P:{ P:}", shape("( ) , ; . [ ] { }", POSTGRESQL));
    }

    @Test
    void unicodeLettersAreIdentifiers() throws Exception {
        assertEquals("K:select K:größe K:from K:τ", shape("select größe from τ", POSTGRESQL));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "select 'abc                 | unterminated string literal starting at offset 7",
            "select E'abc\\'             | unterminated escape string literal starting at offset 7",
            "select 1 /* abc             | unterminated block comment starting at offset 9",
            "select 1 /* a /* b */       | unterminated block comment starting at offset 9",
            "select \"abc                | unterminated quoted identifier starting at offset 7",
            "select $$abc                | unterminated dollar-quoted string $$ starting at offset 7",
            "select $x$abc$y$            | unterminated dollar-quoted string $x$ starting at offset 7",
            "select 1 from t where a = $ | unexpected character '$' at offset 26",
            "select `a` from t           | unexpected character '`' at offset 7",
            "select 1 \\g                | unexpected character '\\' at offset 9",
            "select 'a\\' from t         | has a backslash before a quote",
            "select \"\" from t          | zero-length quoted identifier at offset 7",
    })
    void postgresRejects(String sql, String message) {
        StatementRejectedException e = assertThrows(StatementRejectedException.class, () -> lex(sql, POSTGRESQL));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "select q'[abc' from dual | unterminated Oracle q-quoted string starting at offset 7",
            "select $$x$$ from dual    | unexpected character '$' at offset 7",
            "select 1 /* a            | unterminated block comment starting at offset 9",
            "select 'a'' from dual    | unterminated string literal starting at offset 7",
            "select #a from dual      | unexpected character '#' at offset 7",
    })
    void oracleRejects(String sql, String message) {
        StatementRejectedException e = assertThrows(StatementRejectedException.class, () -> lex(sql, ORACLE));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void oracleBackslashIsPlainText() throws Exception {
        assertEquals("K:select S:'a\\' K:from K:dual", shape("select 'a\\' from dual", ORACLE));
    }

    @Test
    void postgresBackslashWithoutQuoteIsFine() throws Exception {
        assertEquals("K:select S:'\\d+' S:'\\\\'", shape("select '\\d+' '\\\\'", POSTGRESQL));
    }

    @Test
    void offsetIsReported() {
        StatementRejectedException e = assertThrows(StatementRejectedException.class,
                () -> lex("select 'x", POSTGRESQL));
        assertEquals(7, e.offset());
    }

    @Test
    void rejectsOddCharacters() {
        for (String sql : new String[] {"select 1\u00A0from t", "select \u0000 1", "select 1 \u2028", "select €"}) {
            assertThrows(StatementRejectedException.class, () -> lex(sql, POSTGRESQL), sql);
            assertThrows(StatementRejectedException.class, () -> lex(sql, ORACLE), sql);
        }
    }

    @Test
    void nulInsideStringIsRejected() {
        StatementRejectedException e = assertThrows(StatementRejectedException.class,
                () -> lex("select 'a\u0000'", POSTGRESQL));
        assertEquals(9, e.offset());
    }
}
