package org.gridstack.rgma.sql;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.gridstack.testing.ContainmentAssertions.assertDoesNotContain;
import static org.gridstack.testing.ContainmentAssertions.assertStartsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class TestRgmaSql {
    private static final TableDefinition CPU = RgmaSql.createTable(
            "CREATE TABLE cpuLoad (site VARCHAR(20) NOT NULL, host VARCHAR(50) NOT NULL, load1 REAL, t TIMESTAMP,"
                    + " PRIMARY KEY (site, host))");
    private final RgmaSql sql = new RgmaSql(name -> {
        if (name.equals("cpuload")) {
            return CPU;
        }
        throw RgmaException.notFound("table '" + name + "' is not declared");
    });

    @Test
    void createTableFoldsNamesAndNeedsAKey() {
        assertEquals("cpuload", CPU.name());
        assertContainsExactly(List.of("site", "host", "load1", "t"), CPU.columnNames());
        assertContainsExactly(List.of("site", "host"), CPU.primaryKey());
        assertContains("PRIMARY KEY", assertThrows(Throwable.class, () -> RgmaSql.createTable("CREATE TABLE x (a INTEGER)")).getMessage());
        assertContains("not in R-GMA's SQL subset", assertThrows(Throwable.class, () -> RgmaSql.createTable("CREATE TABLE x (a BOOLEAN, PRIMARY KEY (a))")).getMessage());
        assertContains("primary key column b", assertThrows(Throwable.class, () -> RgmaSql.createTable("CREATE TABLE x (a VARCHAR(10), PRIMARY KEY (b))")).getMessage());
        assertContains("R-GMA's own", assertThrows(Throwable.class, () -> RgmaSql.createTable("CREATE TABLE x (rgmatimestamp INTEGER, PRIMARY KEY (rgmatimestamp))")).getMessage());
    }

    @Test
    void insertIsCheckedAgainstTheTable() {
        InsertStatement i = sql.insert("INSERT INTO cpuload (host, site, load1) VALUES ('h1', 'RAL', 0.5), ('h2', 'RAL', -1)");
        assertEquals(2, i.rows().size(), () -> "size of " + i.rows());
        assertContainsExactly(Arrays.asList("RAL", "h1", 0.5, null), i.rows().get(0));
        assertEquals(-1.0, i.rows().get(1).get(2));
        assertContains("gives 1 values for 2 columns", assertThrows(Throwable.class, () -> sql.insert("INSERT INTO cpuload (site, host) VALUES ('RAL')")).getMessage());
        assertContains("has no column nope", assertThrows(Throwable.class, () -> sql.insert("INSERT INTO cpuload (site, nope) VALUES ('RAL', 1)")).getMessage());
        String notANumber = assertThrows(Throwable.class,
                () -> sql.insert("INSERT INTO cpuload (site, host, load1) VALUES ('RAL', 'h', 'high')")).getMessage();
        assertContains("load1", notANumber);
        assertContains("needs a number", notANumber);
        assertContains("longer than 20", assertThrows(Throwable.class, () -> sql.insert("INSERT INTO cpuload (site, host) VALUES ('" + "x".repeat(21) + "', 'h')")).getMessage());
        assertContains("may not be null", assertThrows(Throwable.class, () -> sql.insert("INSERT INTO cpuload (load1) VALUES (1)")).getMessage());
        assertEquals(404, assertThrows(RgmaException.class, () -> sql.insert("INSERT INTO other VALUES (1)")).status());
        assertStartsWith("malformed SQL", assertThrows(RgmaException.class, () -> sql.insert("INSERT INTO cpuload VALUES (")).getMessage());
    }

    @Test
    void selectIsCheckedAndRenderedForPostgres() {
        SelectStatement s = sql.select("SELECT host, load1 FROM cpuload WHERE site = 'RAL' AND load1 > 0.5 OR host LIKE 'h%'");
        assertContainsExactly(List.of("host", "load1"), s.columns());
        assertContains("\"site\" = 'RAL'", s.postgresWhere());
        assertContains("LIKE", s.postgresWhere());
        assertTrue(s.equalities().values().isEmpty(), () -> "expected empty but was: " + s.equalities().values());
        assertSame(s, sql.select("SELECT host, load1 FROM cpuload WHERE site = 'RAL' AND load1 > 0.5 OR host LIKE 'h%'"), "checked once, then taken from the cache");
        SelectStatement star = sql.select("select * from cpuload where cpuload.site = 'RAL' and load1 > 1");
        assertContainsExactly(List.of("site", "host", "load1", "t", RgmaSql.TIMESTAMP_COLUMN), star.columns());
        assertEquals(Map.of("site", "s:RAL"), star.equalities().values());
        assertDoesNotContain("cpuload", star.postgresWhere());
        assertContains("has no column nope", assertThrows(Throwable.class, () -> sql.select("SELECT * FROM cpuload WHERE nope = 1")).getMessage());
        assertContains("unsupported expression", assertThrows(Throwable.class, () -> sql.select("SELECT * FROM cpuload WHERE site IN (SELECT site FROM cpuload)")).getMessage());
        assertContains("unsupported expression", assertThrows(Throwable.class, () -> sql.select("SELECT * FROM cpuload WHERE pg_sleep(10) IS NULL")).getMessage());
        assertContains("ORDER BY", assertThrows(Throwable.class, () -> sql.select("SELECT * FROM cpuload ORDER BY host")).getMessage());
        assertContains("expected SELECT", assertThrows(Throwable.class, () -> sql.select("DELETE FROM cpuload")).getMessage());
        assertContains("one table", assertThrows(Throwable.class, () -> sql.select("SELECT * FROM a, b")).getMessage());
    }

    @Test
    void producerPredicatesMediateByEqualities() {
        Equalities ral = sql.predicate("cpuload", "WHERE site = 'RAL'");
        Equalities cern = sql.predicate("cpuload", "site = 'CERN'");
        assertTrue(ral.canOverlap(sql.select("SELECT * FROM cpuload WHERE site = 'RAL'").equalities()));
        assertFalse(cern.canOverlap(sql.select("SELECT * FROM cpuload WHERE site = 'RAL'").equalities()));
        assertTrue(cern.canOverlap(sql.select("SELECT * FROM cpuload WHERE load1 > 2").equalities()));
        assertTrue(Equalities.NONE.canOverlap(ral));
        assertEquals("site", ral.violatedBy(CPU, java.util.Arrays.asList("CERN", "h", 1.0, null)));
        assertNull(ral.violatedBy(CPU, java.util.Arrays.asList("RAL", "h", 1.0, null)));
        assertContains("column = literal", assertThrows(Throwable.class, () -> sql.predicate("cpuload", "WHERE load1 > 2")).getMessage());
        assertTrue(new Equalities(Map.of("a", "n:1")).canOverlap(new Equalities(Map.of("a", "n:1"))));
        assertEquals(List.of("n:1.5", "n:1.5"), List.of(Equalities.normalise(new java.math.BigDecimal("1.50")), Equalities.normalise(1.5)));
    }
}
