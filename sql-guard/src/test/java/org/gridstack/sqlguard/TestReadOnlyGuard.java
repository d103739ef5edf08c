package org.gridstack.sqlguard;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.gridstack.sqlguard.Dialect.ORACLE;
import static org.gridstack.sqlguard.Dialect.POSTGRESQL;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class TestReadOnlyGuard {

    // ---- accepted ------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {
            "select 1",
            "SELECT a, b FROM t WHERE x = 1",
            "  select * from t  ",
            "select * from a join b on a.id = b.id left join c using (id)",
            "select * from t where id in (select id from u where u.x > 0)",
            "select * from t where not exists (select 1 from u where u.id = t.id)",
            "with x as (select * from t) select * from x",
            "WITH x AS (SELECT 1), y AS (SELECT * FROM x) SELECT * FROM y",
            "with recursive r(n) as (select 1 union all select n + 1 from r where n < 10) select n from r",
            "select a, rank() over (partition by b order by c desc) from t",
            "select sum(x) over w from t window w as (order by y)",
            "select * from t order by a fetch first 10 rows only",
            "select * from t order by a offset 5 rows fetch next 5 rows only",
            "select substring(s from 1 for 2) from t",
            "select overlay(s placing 'x' from 1 for 2) from t",
            "select cast(x as varchar(10)), x::text from t",
            "select 'a;b', 'delete from t', '--', '/*', '$$', 'drop table t' from t",
            "select \"update\", \"delete\", \"into\" from \"insert\"",
            "select 1; -- done",
            "select 1 ; /* trailing */ ",
            "(select a from t) union (select a from u)",
            "((select a from t))",
            "values (1, 'a'), (2, 'b')",
            "table t",
            "select * from t where a is distinct from b",
            "select count(*) filter (where x > 0) from t",
            "select extract(year from d) from t",
            "select case when a > 1 then 'x' else 'y' end from t",
            "select a from t group by a having count(*) > 1",
            "select interval '1 day'",
            "select replace(a, 'x', 'y') from t",
            "select t.comment, starts_at, deleted_at, update_count from t",
            "select * from t where lower(name) like 'delete%'",
            "select currval('s'), lastval()",
            "select * from t1 natural join t2 cross join t3",
            "select exists (select 1 from t)",
            "select a from t except select a from u",
            "select 1.5e-10, .5, 2",
            "select a from t -- a comment at the very end",
            "select a /* ; delete from t; */ from t",
            "select jsonb_set(doc, '{a}', '1'), jsonb_insert(doc, '{b}', '2') from t",
            "select * from t where a = 1 /* for update */",
    })
    void acceptsInBothDialects(String sql) {
        CheckedQuery q = assertDoesNotThrow(() -> ReadOnlyGuard.check(sql), sql);
        assertTrue(sql.startsWith(q.sql()), q.sql());
        assertDoesNotThrow(() -> ReadOnlyGuard.check(sql, POSTGRESQL));
        assertDoesNotThrow(() -> ReadOnlyGuard.check(sql, ORACLE));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "select $$it's; delete from t$$",
            "select $body$ drop table t; $body$ as x",
            "select E'\\'; delete'",
            "select E'it\\'s', 'plain'",
            "select * from only t",
            "select * from generate_series(1, 3) g(i)",
            "select a from t limit 10 offset 5",
            "select (array[1,2])[1], '{1,2}'::int[]",
            "select * from t, lateral (select * from u where u.id = t.id) x",
            "select 1 /* outer /* nested; delete */ still comment */",
            "select a from t for_update",
            "select * from t for each",
    })
    void acceptsInPostgres(String sql) {
        assertDoesNotThrow(() -> ReadOnlyGuard.check(sql, POSTGRESQL), sql);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "select q'[it's; delete]' from dual",
            "select q'{x}' || Q'!a'b!' from dual",
            "select * from emp where empno = :empno and deptno = :1",
            "select e.ename from emp e, dept d where e.deptno = d.deptno(+)",
            "select level from dual connect by level <= 10",
            "select a from t minus select a from u",
            "select n'x', a#b from dual",
            "select * from emp@remote",
            "select 'C:\\' from dual",
    })
    void acceptsInOracle(String sql) {
        assertDoesNotThrow(() -> ReadOnlyGuard.check(sql, ORACLE), sql);
    }

    @Test
    void dialectSpecificQuotingIsRejectedByTheOtherDialect() {
        assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check("select E'\\'; delete'", ORACLE));
        assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check("select q'[it's; delete]' from dual", POSTGRESQL));
        assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check("select $$x$$", ORACLE));
        StatementRejectedException e = assertThrows(StatementRejectedException.class,
                () -> ReadOnlyGuard.check("select $$x$$"));
        assertTrue(e.getMessage().endsWith("(when read as Oracle SQL)"), e.getMessage());
    }

    @Test
    void trailingSemicolonAndCommentsAreRemoved() throws Exception {
        assertEquals("select 1", ReadOnlyGuard.check("select 1; -- done\n  ").sql());
        assertEquals("select 1", ReadOnlyGuard.check("select 1 -- no semicolon").sql());
        assertEquals("  select 1 /* keep */ + 2", ReadOnlyGuard.check("  select 1 /* keep */ + 2 /* drop */ ;").sql());
        assertEquals("select ';'", ReadOnlyGuard.check("select ';';").sql());
    }

    @Test
    void questionMarksMustMatchTheBoundValues() throws Exception {
        for (Dialect d : Dialect.values()) {
            assertEquals("select * from t where a = ? and b = ?",
                    ReadOnlyGuard.check("select * from t where a = ? and b = ?", d, 2).sql());
            assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check("select * from t where a = ? and b = ?", d, 1));
            assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check("select * from t where a = ?", d, 2));
            StatementRejectedException e = assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check("select ?", d));
            assertTrue(e.getMessage().contains("has no value"), e.getMessage());
        }
    }

    /** PostgreSQL answers an unfilled $1 with 08P01, which pools took for a broken connection. */
    @ParameterizedTest
    @ValueSource(strings = {"select $1", "select $1::int", "select * from t where a = $12", "select ($1)"})
    void dollarMarkersAreRejectedBeforeTheDatabaseSeesThem(String sql) {
        StatementRejectedException e = assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check(sql, POSTGRESQL));
        assertTrue(e.getMessage().contains("has no value"), e.getMessage());
        assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check(sql, POSTGRESQL, 1));
    }

    @Test
    void arraySlicesAreNotMarkers() {
        assertDoesNotThrow(() -> ReadOnlyGuard.check("select a[1:n] from t", POSTGRESQL));
    }

    @Test
    void nullIsRejectedEarly() {
        assertThrows(NullPointerException.class, () -> ReadOnlyGuard.check(null));
        assertThrows(NullPointerException.class, () -> ReadOnlyGuard.check("select 1", null));
    }

    // ---- rejected ------------------------------------------------------------------------------------

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "~~                                          | empty query",
            "   ;                                        | empty query",
            "-- only a comment                           | empty query",
            "(((                                         | empty query",
            "delete from t                               | only a single read-only query (SELECT, WITH ... SELECT, VALUES or TABLE) is allowed, but the statement starts with DELETE at offset 0",
            "DeLeTe FROM t                               | but the statement starts with DELETE",
            "insert into t values (1)                    | starts with INSERT",
            "update t set a = 1                          | starts with UPDATE",
            "(drop table t)                              | starts with DROP at offset 1",
            "SEL/**/ECT 1                                | starts with SEL at offset 0",
            "explain analyze delete from t               | starts with EXPLAIN at offset 0 (EXPLAIN ANALYZE would execute the statement)",
            "'select' 1                                  | starts with ''select''",
            "; select 1                                  | starts with ';' at offset 0",
            "select 1; delete from t                     | stacked statements are not allowed: a second statement starts at offset 10",
            "select 1;;                                  | stacked statements are not allowed: a second statement starts at offset 9",
            "with d as (delete from t returning *) select * from d | data-modifying statement DELETE inside WITH is not allowed",
            "with d as materialized (update t set a = 1 returning *) select 1 | data-modifying statement UPDATE inside WITH is not allowed",
            "with d as (insert into t values (1)) select 1 | data-modifying statement INSERT inside WITH is not allowed",
            "with x as (select 1) delete from t           | but the statement after WITH is DELETE at offset 21",
            "select * from t where x = (delete from t returning 1) | keyword DELETE at offset 27 is not allowed",
            "select * into newt from t                   | SELECT ... INTO creates a table and is not allowed; remove INTO at offset 9",
            "select 1 replace into t                     | SELECT ... INTO creates a table",
            "select * from t for update                  | locking clause FOR UPDATE at offset 16 is not allowed in a read-only query",
            "select * from t FOR/**/UPDATE               | locking clause FOR UPDATE",
            "select * from t for no key update           | locking clause FOR NO KEY UPDATE",
            "select * from t for share                   | locking clause FOR SHARE",
            "select * from t for key share               | locking clause FOR KEY SHARE",
            "select * from t for update of t nowait      | locking clause FOR UPDATE",
            "select * from t for update skip locked      | locking clause FOR UPDATE",
            "select a from t where a in (select b from u for share) | locking clause FOR SHARE",
            "select pg_catalog.set_config('a', 'b', false) | function pg_catalog.set_config at offset 7 is not allowed: it has effects outside the read-only transaction",
            "select set_config('a', 'b', false)          | function set_config at offset 7 is not allowed",
            "select \"set_config\"('a', 'b', false)      | function set_config at offset 7",
            "select pg_advisory_lock(1)                  | function pg_advisory_lock at offset 7 is not allowed: it has effects outside the read-only transaction",
            "select PG_TRY_ADVISORY_XACT_LOCK(1)         | function pg_try_advisory_xact_lock",
            "select nextval ('s')                        | function nextval",
            "select s.nextval from dual                  | function s.nextval",
            "select setval('s', 1)                       | function setval",
            "select dbms_lock.sleep(1) from dual         | function dbms_lock.sleep at offset 7 is not allowed",
            "select sys.dbms_random.value from dual      | function sys.dbms_random.value",
            "select \"DBMS_PIPE\".send_message('x') from dual | function dbms_pipe.send_message",
            "select utl_http.request('http://x') from dual | function utl_http.request",
            "select * from dblink('c', 'delete from t') as x(a int) | function dblink at offset 14 is not allowed: it connects to other databases or the network",
            "select lo_import('/etc/passwd')             | function lo_import",
            "select pg_read_file('/etc/passwd')          | function pg_read_file at offset 7 is not allowed: it reads files or directories on the database server",
            "select * from pg_ls_dir('.')                | function pg_ls_dir",
            "select query_to_xml('delete from t', true, true, '') | it runs SQL given as text",
            "select pg_terminate_backend(123)            | function pg_terminate_backend",
            "select txid_current()                       | function txid_current",
            "select pg_notify('c', 'x')                  | function pg_notify",
            "select pg_create_logical_replication_slot('s', 'p') | function pg_create_logical_replication_slot",
            "select pg_stat_reset()                      | function pg_stat_reset",
            "select setseed(0.5)                         | function setseed at offset 7 is not allowed: it has effects outside the read-only transaction",
            "select query from pg_stat_activity          | view or function pg_stat_activity at offset 18 is not allowed: it shows other clients' sessions or SQL",
            "select query from pg_catalog.pg_stat_activity | view or function pg_catalog.pg_stat_activity at offset 18",
            "select query from \"pg_stat_activity\"      | view or function pg_stat_activity",
            "select query from PG_STAT_ACTIVITY a        | view or function pg_stat_activity",
            "select query from pg_stat_get_activity(null) | view or function pg_stat_get_activity",
            "select pg_stat_get_backend_activity(s) from pg_stat_get_backend_idset() s | view or function pg_stat_get_backend_activity",
            "select query from pg_stat_statements        | view or function pg_stat_statements",
            "select * from pg_stat_statements(true)      | view or function pg_stat_statements",
            "select statement from pg_prepared_statements | view or function pg_prepared_statements",
            "select statement from pg_cursors            | view or function pg_cursors",
            "select * from pg_locks                      | view or function pg_locks",
            "select pg_blocking_pids(1)                  | view or function pg_blocking_pids",
            "select table_to_xml('pg_stat_activity', true, false, '') | function table_to_xml at offset 7 is not allowed: it reads tables named in its arguments",
            "select schema_to_xml('pg_catalog', true, false, '') | function schema_to_xml",
            "select database_to_xml(true, false, '')     | function database_to_xml",
            "select set from t                           | keyword SET at offset 7 is not allowed in a read-only query; if it is a column or table name, write it as a quoted identifier such as \"set\"",
            "select load from servers                    | keyword LOAD at offset 7",
            "select a from t where cluster = 1           | keyword CLUSTER",
            "select fetch from t                         | keyword FETCH",
            "select * from t fetch all                   | keyword FETCH",
            "select 1 from t where x = 1 and do = 2      | keyword DO",
            "select 1 comment on table t is 'x'          | statement COMMENT ON at offset 9 is not allowed",
            "select 1 security label on table t is 'x'   | statement SECURITY LABEL",
            "select 1 start transaction                  | statement START TRANSACTION",
            "select 1 union select 1 from t; commit      | stacked statements",
            "select {fn now()}                           | JDBC escape syntax ('{' at offset 7) is not allowed",
            "select * from t where a = 1)                | unbalanced parentheses: ')' at offset 27 has no matching '('",
            "select (1                                   | unbalanced parentheses: '(' at offset 7 is never closed",
            "select (1]                                  | ']' at offset 9 does not match '(' at offset 7",
            "select 'abc                                 | unterminated string literal starting at offset 7",
            "select 1 /* never closed                    | unterminated block comment starting at offset 9",
            "select \"abc                                | unterminated quoted identifier starting at offset 7",
            "select \u0131nsert from t                   | keyword INSERT at offset 7",
            "select \uFF24\uFF25\uFF2C\uFF25\uFF34\uFF25 from t | keyword",
            "select :update from t                       | keyword UPDATE",
            "select 1 from t where x = 1 \\gexec         | unexpected character '\\' at offset 28",
    })
    void rejectsInBothDialects(String sql, String message) {
        for (Dialect dialect : Dialect.values()) {
            StatementRejectedException e = assertThrows(StatementRejectedException.class,
                    () -> ReadOnlyGuard.check(sql, dialect), sql);
            String expected = dialect == ORACLE ? message.replace("such as \"set\"", "such as \"SET\"") : message;
            assertTrue(e.getMessage().contains(expected), dialect + ": " + e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check(sql), sql);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "select $$x                                  | unterminated dollar-quoted string $$ starting at offset 7",
            "select E'abc                                | unterminated escape string literal starting at offset 7",
            "select 'a\\' from t                         | has a backslash before a quote",
            "select U&\"\\0064elete\" from t             | Unicode-escaped identifier at offset 7 is not allowed",
            "select 1 /* a /* b */ ; delete from t; /* c */ | unterminated block comment",
    })
    void rejectsInPostgres(String sql, String message) {
        StatementRejectedException e = assertThrows(StatementRejectedException.class,
                () -> ReadOnlyGuard.check(sql, POSTGRESQL), sql);
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "select q'[abc' from dual                    | unterminated Oracle q-quoted string starting at offset 7",
            "select f@remote(1) from dual                | remote call through a database link at offset 8 is not allowed",
            "select pkg.f@remote.example.com(1) from dual | remote call through a database link",
            "WITH FUNCTION f RETURN NUMBER IS BEGIN RETURN 1; END; SELECT f FROM dual | PL/SQL declarations (WITH FUNCTION or WITH PROCEDURE) at offset 5 are not allowed",
            "select * from t /* /* */ for update /* */   | locking clause FOR UPDATE",
            "select 1 from dual /* /* */ ; delete from t /* */ */ | stacked statements",
            "select set from dual                        | such as \"SET\"",
    })
    void rejectsInOracle(String sql, String message) {
        StatementRejectedException e = assertThrows(StatementRejectedException.class,
                () -> ReadOnlyGuard.check(sql, ORACLE), sql);
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void tooDeepNestingIsRejected() {
        String sql = "select " + "(".repeat(300) + "1" + ")".repeat(300);
        StatementRejectedException e = assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check(sql));
        assertTrue(e.getMessage().contains("nested more than"), e.getMessage());
        assertDoesNotThrow(() -> ReadOnlyGuard.check("select " + "(".repeat(150) + "1" + ")".repeat(150)));
    }

    @Test
    void stackedStatementAfterLineComment() {
        StatementRejectedException e = assertThrows(StatementRejectedException.class,
                () -> ReadOnlyGuard.check("select 1; -- x\nselect 2"));
        assertEquals("stacked statements are not allowed: a second statement starts at offset 15;"
                + " send one query, optionally ending with a single ';'", e.getMessage());
    }

    @Test
    void rejectionCarriesOffset() {
        StatementRejectedException e = assertThrows(StatementRejectedException.class,
                () -> ReadOnlyGuard.check("select 1; delete from t"));
        assertEquals(10, e.offset());
        e = assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check(""));
        assertEquals(-1, e.offset());
    }

    @Test
    void quotingAForbiddenColumnNameIsTheAdvertisedWayOut() {
        assertThrows(StatementRejectedException.class, () -> ReadOnlyGuard.check("select load from servers"));
        assertDoesNotThrow(() -> ReadOnlyGuard.check("select \"load\" from servers"));
    }

    // ---- randomized ----------------------------------------------------------------------------------

    private static final String[] FRAGMENTS = {
            "select", "SELECT", "with", "x as", "(", ")", "values", "table", "t", "u.v", "from", "where", "a", "=",
            "1", "1.5e-10", "'str'", "'it''s'", "';'", "'--'", "\"update\"", "\"q\"\"x\"", ";", "--c\n", "/* c */",
            "/*", "*/", "delete", "DeLeTe", "insert", "into", "for", "update", "share", "key", "no", "fetch",
            "first", "next", "rows", "only", "set_config(", "pg_catalog.", "dbms_lock.sleep", "$$x$$", "$a$", "$1",
            "E'\\''", "E'", "\\", "'", "\"", "q'[", "]'", ",", ".", "::text", "?", ":name", ":update", "join", "on",
            "union", "select 1", "drop", "substring(s from 1 for 2)", "{", "}", "[", "]", "@", "nextval", "currval",
            "lateral", "generate_series(1,3)", "order by", "limit 1", "is distinct from", "explain", "set",
            "comment", "start", "transaction", "\u0131nsert", "0x1F", "count(*)", "over", "/* /* */", "#", "`",
            "natural", "left outer join", "using (id)", "exists", "in", "as", "r(n)", "recursive", "minus",
            "from \"x\"", "from t as", "from (select 1)", "from x(", "where", "group by", "having", "offset",
            "a.offset", "t.*", "join \"y\" on", "table(", "only", "rows from", "1.5f", "1d", "B'1''\\'",
    };
    private static final String[] SEPARATORS = {" ", " ", " ", "", "\n", "/**/", "\t"};

    @Test
    void randomFragmentsAreAcceptedSafelyOrRejected() {
        Random random = new Random(20240611L);
        int accepted = 0;
        for (int round = 0; round < 5000; round++) {
            StringBuilder sql = new StringBuilder(random.nextInt(10) < 7 ? "select " : "");
            int count = 1 + random.nextInt(12);
            for (int i = 0; i < count; i++) {
                sql.append(FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
                sql.append(SEPARATORS[random.nextInt(SEPARATORS.length)]);
            }
            String text = sql.toString();
            accepted += checkOne(text, POSTGRESQL) + checkOne(text, ORACLE) + checkOne(text, null);
        }
        // the generator must exercise acceptance too, not only rejection
        assertTrue(accepted > 500, "only " + accepted + " accepted");
    }

    /** Returns 1 if accepted (after verifying the acceptance is safe), 0 if rejected; fails on anything else. */
    private static int checkOne(String sql, Dialect dialect) {
        CheckedQuery q;
        try {
            q = dialect == null ? ReadOnlyGuard.check(sql) : ReadOnlyGuard.check(sql, dialect);
        } catch (StatementRejectedException e) {
            assertNotNull(e.getMessage());
            assertFalse(e.getMessage().isBlank());
            return 0;
        } catch (RuntimeException | Error e) {
            throw new AssertionError("unexpected " + e + " for: " + sql, e);
        }
        assertTrue(sql.startsWith(q.sql()), sql);
        assertNotNull(q.tables());
        for (Dialect d : dialect == null ? Dialect.values() : new Dialect[] {dialect}) {
            assertSafe(q.sql(), d);
        }
        return 1;
    }

    private static String lowerAt(List<Token> tokens, int i) {
        return i < tokens.size() ? Words.asciiLower(tokens.get(i).text()) : "";
    }

    private static final Set<String> STARTS = Set.of("select", "with", "values", "table");

    private static void assertSafe(String sql, Dialect dialect) {
        List<Token> tokens;
        try {
            tokens = SqlLexer.tokenize(sql, dialect);
        } catch (StatementRejectedException e) {
            fail("accepted text does not lex as " + dialect + ": " + sql);
            return;
        }
        int first = 0;
        while (tokens.get(first).isPunctuation('(')) {
            first++;
        }
        assertTrue(STARTS.contains(Words.asciiLower(tokens.get(first).text())), sql);
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            assertFalse(t.isPunctuation(';'), sql);
            if (t.kind() != TokenKind.KEYWORD_OR_IDENTIFIER) {
                continue;
            }
            for (String form : Words.denyForms(t.text())) {
                assertFalse(Denylist.KEYWORDS.contains(form), "forbidden " + t.text() + " in: " + sql);
                assertFalse(form.equals("into"), sql);
                if (form.equals("for")) {
                    String next = lowerAt(tokens, i + 1);
                    String after = lowerAt(tokens, i + 2);
                    boolean lock = next.equals("update") || next.equals("share")
                            || (next.equals("no") && after.equals("key")) || (next.equals("key") && after.equals("share"));
                    assertFalse(lock, "locking clause in: " + sql);
                }
                if (i + 1 < tokens.size() && tokens.get(i + 1).isPunctuation('(')) {
                    assertFalse(Denylist.FUNCTIONS.containsKey(form), "denied function in: " + sql);
                }
                assertFalse(form.startsWith("dbms_"), sql);
            }
        }
    }
}
