package org.gridstack.sqlguard;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.stream.Collectors;

import static org.gridstack.sqlguard.Dialect.ORACLE;
import static org.gridstack.sqlguard.Dialect.POSTGRESQL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TestTableReferences {

    private static String tables(CheckedQuery q) {
        return q.tables().stream().map(TableReference::toString).collect(Collectors.joining(","));
    }

    /** Expected tables (comma-separated, in order) and completeness, in both dialects. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "select 1                                                           | ~~        | true",
            "select * from t                                                    | t         | true",
            "select * from s.t                                                  | s.t       | true",
            "select * from \"My Schema\".\"Tab\" x                              | \"My Schema\".\"Tab\" | true",
            "select * from t as x where x.a = 1                                 | t         | true",
            "select * from t x(a, b)                                            | t         | true",
            "select * from a join b on a.id = b.id left outer join c on c.id = b.id | a,b,c | true",
            "select * from a, b, c                                              | a,b,c     | true",
            "select * from a natural join b cross join c                        | a,b,c     | true",
            "select * from a join b using (id) full join c using (id)           | a,b,c     | true",
            "select * from (a join b on a.id = b.id) j                          | a,b       | true",
            "select * from (select * from t) x                                  | t         | true",
            "select * from t where exists (select 1 from u where u.id = t.id)   | t,u       | true",
            "select * from t where a in (select b from u where c in (select d from v)) | t,u,v | true",
            "select (select max(x) from u) as m from t                          | u,t       | true",
            "select x from t order by (select 1 from u)                         | t,u       | true",
            "select * from t where x = any(array(select y from u))              | t,u       | true",
            "select a from t union select a from u intersect select a from v    | t,u,v     | true",
            "(select a from t) union all (select a from u) order by 1           | t,u       | true",
            "with x as (select * from t) select * from x join u on x.id = u.id  | t,u       | true",
            "with x as (select * from t), y as (select * from x) select * from y | t        | true",
            "with recursive r(n) as (select id from nodes union all select c.id from nodes c join r on c.parent = r.n) select * from r | nodes | true",
            "with X as (select 1) select * from x                               | ~~        | true",
            "select * from t where x in (select * from (with w as (select 1) select * from w) q) | t | true",
            "select lower(a), count(*), coalesce(b, 'x') from t group by 1, 3   | t         | true",
            "select pg_catalog.lower(a) from t                                  | t         | true",
            "select cast(a as numeric(10,2)), substring(b from 1 for 2) from t  | t         | true",
            "select a is distinct from b from t                                 | t         | true",
            "select count(*) filter (where x > 0) over (partition by y) from t  | t         | true",
            "select * from t order by a fetch first 10 rows only                | t         | true",
            "select 1 from t where b in (values (1), (2))                       | t         | true",
            "select * from t, t, T                                              | t         | true",
            "values (1), (2)                                                    | ~~        | true",
            "table t                                                            | t         | true",
            "select my_func(a) from t                                           | t         | false",
            "select myschema.lower(a) from t                                    | t         | false",
            "select \"lower\"(a) from t                                         | t         | false",
            "select * from a.b.c                                                | b.c       | false",
            "select * from ((select * from a) x join b on true)                 | a         | false",
            "select * from t where x in (select y from u) and z = my_func()     | t,u       | false",
    })
    void bothDialects(String sql, String expected, boolean complete) throws Exception {
        for (Dialect dialect : Dialect.values()) {
            CheckedQuery q = ReadOnlyGuard.check(sql, dialect);
            assertEquals(expected, tables(q), dialect + ": " + sql);
            assertEquals(complete, q.tablesComplete(), dialect + ": " + sql);
        }
        CheckedQuery q = ReadOnlyGuard.check(sql);
        assertEquals(complete, q.tablesComplete(), sql);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "select * from only t                                               | t         | true",
            "select * from a join b on a.offset = b.limit, c                    | a,b,c     | true",
            "select t.from, t.where from t                                      | t         | true",
            "select * from \"x\" join \"y\" on true                         | \"x\",\"y\" | true",
            "select * from t, lateral (select * from u where u.id = t.id) x     | t,u       | true",
            "select * from t where x in (table u)                               | t,u       | true",
            "select a::varchar(10), (b[1]).c from t                             | t         | true",
            "select * from t limit 10 offset 5                                  | t         | true",
            "with t as (select * from t) select * from t                        | t         | true",
            "with \"X\" as (select 1) select * from x                           | x         | true",
            "select * from generate_series(1, 3) g(i)                           | ~~        | false",
            "select * from t, unnest(array(select id from u)) as v(id)          | t,u       | false",
            "select * from t join lateral f(t.x) on true                        | t         | false",
            "select * from rows from (f(1), g(2)) as r(a, b)                    | ~~        | false",
            "select * from t tablesample system (10)                            | t         | false",
            "select * from t start, u                                           | t,u       | false",
            "select * from t connect by x                                       | t         | false",
    })
    void postgres(String sql, String expected, boolean complete) throws Exception {
        CheckedQuery q = ReadOnlyGuard.check(sql, POSTGRESQL);
        assertEquals(expected, tables(q), sql);
        assertEquals(complete, q.tablesComplete(), sql);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "select e.ename, d.dname from emp e, dept d where e.deptno = d.deptno(+) | emp,dept | true",
            "select level, ename from emp start with mgr is null connect by prior empno = mgr | emp | true",
            "select * from emp order siblings by ename                          | emp       | true",
            "select a from t minus select a from u                              | t,u       | true",
            "select * from emp@remote                                           | ~~        | false",
            "select * from emp, emp@remote r                                    | emp       | false",
            "select * from table(f(1))                                          | ~~        | false",
            "select column_value from t, table(t.items)                         | t         | false",
            "select s.currval from dual                                         | dual      | false",
            "with \"X\" as (select 1 from dual) select * from x                 | dual      | true",
            "select * from t offset 5 rows fetch next 5 rows only               | t         | true",
            "select * from t limit                                              | t         | false",
            "select * from t partition (p1), u                                  | t,u       | false",
            "select * from t pivot (sum(a) for b in (1, 2))                     | t         | false",
    })
    void oracle(String sql, String expected, boolean complete) throws Exception {
        CheckedQuery q = ReadOnlyGuard.check(sql, ORACLE);
        assertEquals(expected, tables(q), sql);
        assertEquals(complete, q.tablesComplete(), sql);
    }

    @Test
    void quotedAndUnquotedPartsAreKept() throws Exception {
        CheckedQuery q = ReadOnlyGuard.check("select * from Sch.\"Tab\"", POSTGRESQL);
        assertEquals(List.of(new TableReference("Sch", "Tab", false, true)), q.tables());
        TableReference ref = q.tables().get(0);
        assertEquals("sch.Tab", ref.folded(false));
        assertEquals("SCH.Tab", ref.folded(true));
        assertEquals("sch", ref.foldedSchema(false));
        assertEquals("Tab", ref.foldedName(true));
    }

    @Test
    void foldingWithoutSchema() {
        TableReference ref = TableReference.of("Emp");
        assertNull(ref.schema());
        assertNull(ref.foldedSchema(true));
        assertEquals("EMP", ref.folded(true));
        assertEquals("emp", ref.folded(false));
        assertEquals("emp", TableReference.of("public", "EMP").foldedName(false));
        assertEquals("\"a\"\"b\"", new TableReference(null, "a\"b", false, true).toString());
    }

    @Test
    void quotedNameMatchesFoldingOnlyInItsDialect() throws Exception {
        // PostgreSQL folds t to t, so "T" is another table; Oracle folds t to T, so they are the same
        String sql = "select * from t join \"T\" on true";
        assertEquals("t,\"T\"", tables(ReadOnlyGuard.check(sql, POSTGRESQL)));
        assertEquals("t", tables(ReadOnlyGuard.check(sql, ORACLE)));
    }

    @Test
    void portableCheckUnitesBothReadings() throws Exception {
        CheckedQuery q = ReadOnlyGuard.check("with \"X\" as (select 1) select * from x");
        assertEquals("x", tables(q));
        assertTrue(q.tablesComplete());
        CheckedQuery r = ReadOnlyGuard.check("select * from t join \"T\" on true");
        assertEquals("t,\"T\"", tables(r));
    }

    @Test
    void resultIsImmutable() throws Exception {
        CheckedQuery q = ReadOnlyGuard.check("select * from t");
        assertThrows(UnsupportedOperationException.class, () -> q.tables().add(TableReference.of("u")));
    }

    @Test
    void invalidReferencesAreRefused() {
        assertThrows(NullPointerException.class, () -> new TableReference("s", null, false, false));
        assertThrows(IllegalArgumentException.class, () -> new TableReference(null, "t", true, false));
    }

    @Test
    void unknownSyntaxNeverClaimsCompleteness() throws Exception {
        // syntax the collector does not follow must clear the flag rather than drop a table silently
        for (String sql : new String[] {
                "select * from t sample (10), u",
                "select * from t as of timestamp systimestamp, u",
                "select * from t model dimension by (a) measures (b) rules (b[1] = 1)",
        }) {
            assertFalse(ReadOnlyGuard.check(sql, ORACLE).tablesComplete(), sql);
        }
    }
}
