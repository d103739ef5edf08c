package org.gridstack.frontier.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gridstack.frontier.cache.RowPredicate.Condition;
import org.gridstack.frontier.cache.RowPredicate.Op;
import org.gridstack.frontier.cache.RowPredicate.Truth;
import org.gridstack.frontier.db.Comparability;
import org.gridstack.frontier.db.TableChange;
import org.junit.jupiter.api.Test;

/** Predicate summaries of simple queries, and their evaluation against row images with SQL semantics. */
class TestRowPredicate {
    private static final Map<String, Comparability> TYPES = Map.of("id", Comparability.EXACT_NUMBER, "name", Comparability.TEXT,
            "code", Comparability.TEXT_CODE_POINT_ORDER, "x", Comparability.FLOAT, "ts", Comparability.OTHER);

    private static RowPredicate summary(String sql, String... binds) {
        return PredicateExtractor.extract(sql, List.of(binds)).orElseThrow(() -> new AssertionError("no summary for " + sql));
    }

    private static void none(String sql, String... binds) {
        Optional<RowPredicate> p = PredicateExtractor.extract(sql, List.of(binds));
        assertTrue(p.isEmpty(), sql + " must not be summarised, got " + p);
    }

    private static Condition cond(String column, Op op, Object... values) {
        return new Condition(column, op, List.of(values));
    }

    private static BigDecimal n(String s) {
        return new BigDecimal(s);
    }

    @Test
    void summarisesConjunctionsOfColumnLiteralComparisons() {
        assertEquals(List.of(cond("id", Op.EQ, n("7"))), summary("select v from t where id = 7").conditions());
        assertEquals(List.of(cond("id", Op.IN, n("1"), n("2"), n("-3"))), summary("SELECT * FROM S.T WHERE ID IN (1, 2, -3)").conditions());
        assertEquals(List.of(cond("id", Op.BETWEEN, n("1.5"), n("1e3")), cond("name", Op.EQ, "O'Brien")),
                summary("select count(*) from t x where x.id between 1.5 and 1e3 and x.name = 'O''Brien' order by 1").conditions());
        assertEquals(List.of(cond("a", Op.LT, n("1")), cond("b", Op.LE, n("2")), cond("c", Op.GT, "z"), cond("d", Op.GE, n("4")),
                        cond("e", Op.IS_NULL)),
                summary("select a from t as q where a < 1 and q.b <= 2 and t.c > 'z' and d >= 4 and e is null").conditions());
        assertEquals(List.of(cond("Mixed Case", Op.EQ, n("1"))), summary("select 1 from t where \"Mixed Case\" = 1 limit 5").conditions());
        assertEquals(List.of(cond("id", Op.EQ, "42"), cond("name", Op.EQ, "x:y")),
                summary("select substring(v from 1 for ?) from t where id = ? and name = ?", "3", "42", "x:y").conditions());
        assertEquals(List.of(cond("id", Op.EQ, n("1"))), summary("select id, count(*) from t where id = 1 group by id having count(*) > 0")
                .conditions());
    }

    @Test
    void leavesEverythingElseToTableLevelInvalidation() {
        none("select v from t");                                            // no WHERE: reads every row
        none("select v from t where id = 1 or id = 2");                     // OR
        none("select v from t where not id = 1");
        none("select v from t where (id = 1)");
        none("select a.v from t a join u b on a.id = b.id where a.id = 1");  // join
        none("select a.v from t a, u b where a.id = 1");
        none("select v from t where id = (select max(id) from t)");          // subquery
        none("select (select 1 from u) from t where id = 1");
        none("select v from t where id in (select id from u)");
        none("select v from t where lower(name) = 'x'");                     // function on the column
        none("select v from t where id + 1 = 2");
        none("select v from t where id = 1 + 1");
        none("select v from t where id = '1'::int");                         // cast
        none("select v from t where name = 'a' collate \"C\"");
        none("select v from t where id = $1");                               // bind markers we cannot resolve
        none("select v from t where id = ?");                                // ... or with no value bound
        none("select v from t where id <> 1");                               // operators outside the subset
        none("select v from t where name like 'a%'");
        none("select v from t where id is not null");
        none("select v from t where u.id = 1");                              // another qualifier
        none("select v from t where id = E'1'");                             // escape strings
        none("select v from t where id = 0x1F");
        none("select v from t where id = 1 union select v from t where id = 2");
        none("with w as (select 1) select v from t where id = 1");
        none("select v from t where id = 1 and");
        none("select v from t where id = 'unterminated");                   // unparsable
        none("update t set v = 1 where id = 1");
    }

    private static Map<String, Object> row(Object... kv) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void evaluatesWithSqlSemantics() {
        RowPredicate byId = summary("select v from t where id = 7");
        assertEquals(Truth.TRUE, byId.test(row("id", n("7")), TYPES));
        assertEquals(Truth.TRUE, byId.test(row("id", n("7.000")), TYPES), "numbers compare numerically");
        assertEquals(Truth.FALSE, byId.test(row("id", n("8")), TYPES));
        assertEquals(Truth.FALSE, byId.test(row("id", TableChange.NULL), TYPES), "NULL never equals");
        assertEquals(Truth.MAYBE, byId.test(row("other", n("7")), TYPES), "a column missing from the image");
        assertEquals(Truth.MAYBE, byId.test(row("id", "7"), TYPES), "a string where a number was expected");
        assertEquals(Truth.MAYBE, byId.test(row("id", TableChange.UNSUPPORTED), TYPES));
        assertEquals(Truth.TRUE, summary("select v from t where id = '7'").test(row("id", n("7")), TYPES), "'7' is read as a number");

        RowPredicate isNull = summary("select v from t where name is null");
        assertEquals(Truth.TRUE, isNull.test(row("name", TableChange.NULL), TYPES));
        assertEquals(Truth.FALSE, isNull.test(row("name", "NULL"), TYPES));
        RowPredicate inList = summary("select v from t where id in (1, 2, 3)");
        assertEquals(Truth.TRUE, inList.test(row("id", n("2")), TYPES));
        assertEquals(Truth.FALSE, inList.test(row("id", n("4")), TYPES));
        assertEquals(Truth.FALSE, inList.test(row("id", TableChange.NULL), TYPES));

        RowPredicate quoted = summary("select v from t where name = 'it''s'");
        assertEquals(Truth.TRUE, quoted.test(row("name", "it's"), TYPES));
        assertEquals(Truth.FALSE, quoted.test(row("name", "it''s"), TYPES));
        assertEquals(Truth.FALSE, quoted.test(row("name", "It's"), TYPES), "deterministic text equality is exact");
        assertEquals(Truth.MAYBE, summary("select v from t where name > 'm'").test(row("name", "a"), TYPES),
                "text order depends on the collation");
        RowPredicate codeRange = summary("select v from t where code between 'b' and 'd'");
        assertEquals(Truth.TRUE, codeRange.test(row("code", "c"), TYPES));
        assertEquals(Truth.FALSE, codeRange.test(row("code", "a"), TYPES));
        assertEquals(Truth.FALSE, codeRange.test(row("code", "B"), TYPES), "C collation: upper case sorts first");
        assertEquals(Truth.MAYBE, summary("select v from t where ts = '2024-01-01'").test(row("ts", "2024-01-01T00:00:00"), TYPES),
                "a timestamp's text is not its value");

        RowPredicate range = summary("select v from t where id >= 10 and id < 20 and name = 'a'");
        assertEquals(Truth.TRUE, range.test(row("id", n("10"), "name", "a"), TYPES));
        assertEquals(Truth.FALSE, range.test(row("id", n("20"), "name", "a"), TYPES));
        assertEquals(Truth.FALSE, range.test(row("id", n("15"), "name", TableChange.NULL), TYPES));
        assertEquals(Truth.FALSE, range.test(row("id", n("25"), "ts", "?"), TYPES), "one false condition decides");

        RowPredicate floats = summary("select v from t where x = 0.1");
        assertEquals(Truth.TRUE, floats.test(row("x", n("0.1")), TYPES));
        assertEquals(Truth.FALSE, floats.test(row("x", n("0.2")), TYPES));
        assertEquals(Truth.MAYBE, floats.test(row("x", n("0.10000000000000000001")), TYPES), "equal as doubles, not as decimals");
        assertEquals(Truth.MAYBE, floats.test(row("x", "NaN"), TYPES));

        assertTrue(byId.mayMatchAny(List.of(row("id", n("1")), row("id", n("7"))), TYPES), "the new image matches");
        assertFalse(byId.mayMatchAny(List.of(row("id", n("1")), row("id", n("2"))), TYPES));
        assertFalse(byId.mayMatchAny(List.of(), TYPES));
    }
}
