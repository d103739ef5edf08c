package org.gridstack.rgma.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        assertThat(CPU.name()).isEqualTo("cpuload");
        assertThat(CPU.columnNames()).containsExactly("site", "host", "load1", "t");
        assertThat(CPU.primaryKey()).containsExactly("site", "host");
        assertThatThrownBy(() -> RgmaSql.createTable("CREATE TABLE x (a INTEGER)")).hasMessageContaining("PRIMARY KEY");
        assertThatThrownBy(() -> RgmaSql.createTable("CREATE TABLE x (a BOOLEAN, PRIMARY KEY (a))"))
                .hasMessageContaining("not in R-GMA's SQL subset");
        assertThatThrownBy(() -> RgmaSql.createTable("CREATE TABLE x (a VARCHAR(10), PRIMARY KEY (b))"))
                .hasMessageContaining("primary key column b");
        assertThatThrownBy(() -> RgmaSql.createTable("CREATE TABLE x (rgmatimestamp INTEGER, PRIMARY KEY (rgmatimestamp))"))
                .hasMessageContaining("R-GMA's own");
    }

    @Test
    void insertIsCheckedAgainstTheTable() {
        InsertStatement i = sql.insert("INSERT INTO cpuload (host, site, load1) VALUES ('h1', 'RAL', 0.5), ('h2', 'RAL', -1)");
        assertThat(i.rows()).hasSize(2);
        assertThat(i.rows().get(0)).containsExactly("RAL", "h1", 0.5, null);
        assertThat(i.rows().get(1).get(2)).isEqualTo(-1.0);
        assertThatThrownBy(() -> sql.insert("INSERT INTO cpuload (site, host) VALUES ('RAL')"))
                .hasMessageContaining("gives 1 values for 2 columns");
        assertThatThrownBy(() -> sql.insert("INSERT INTO cpuload (site, nope) VALUES ('RAL', 1)"))
                .hasMessageContaining("has no column nope");
        assertThatThrownBy(() -> sql.insert("INSERT INTO cpuload (site, host, load1) VALUES ('RAL', 'h', 'high')"))
                .hasMessageContaining("load1").hasMessageContaining("needs a number");
        assertThatThrownBy(() -> sql.insert("INSERT INTO cpuload (site, host) VALUES ('" + "x".repeat(21) + "', 'h')"))
                .hasMessageContaining("longer than 20");
        assertThatThrownBy(() -> sql.insert("INSERT INTO cpuload (load1) VALUES (1)")).hasMessageContaining("may not be null");
        assertThatThrownBy(() -> sql.insert("INSERT INTO other VALUES (1)"))
                .isInstanceOfSatisfying(RgmaException.class, e -> assertThat(e.status()).isEqualTo(404));
        assertThatThrownBy(() -> sql.insert("INSERT INTO cpuload VALUES (")).isInstanceOfSatisfying(RgmaException.class,
                e -> assertThat(e.getMessage()).startsWith("malformed SQL"));
    }

    @Test
    void selectIsCheckedAndRenderedForPostgres() {
        SelectStatement s = sql.select("SELECT host, load1 FROM cpuload WHERE site = 'RAL' AND load1 > 0.5 OR host LIKE 'h%'");
        assertThat(s.columns()).containsExactly("host", "load1");
        assertThat(s.postgresWhere()).contains("\"site\" = 'RAL'").contains("LIKE");
        assertThat(s.equalities().values()).isEmpty();
        assertThat(sql.select("SELECT host, load1 FROM cpuload WHERE site = 'RAL' AND load1 > 0.5 OR host LIKE 'h%'"))
                .as("checked once, then taken from the cache").isSameAs(s);
        SelectStatement star = sql.select("select * from cpuload where cpuload.site = 'RAL' and load1 > 1");
        assertThat(star.columns()).containsExactly("site", "host", "load1", "t", RgmaSql.TIMESTAMP_COLUMN);
        assertThat(star.equalities().values()).containsEntry("site", "s:RAL").hasSize(1);
        assertThat(star.postgresWhere()).doesNotContain("cpuload");
        assertThatThrownBy(() -> sql.select("SELECT * FROM cpuload WHERE nope = 1")).hasMessageContaining("has no column nope");
        assertThatThrownBy(() -> sql.select("SELECT * FROM cpuload WHERE site IN (SELECT site FROM cpuload)"))
                .hasMessageContaining("unsupported expression");
        assertThatThrownBy(() -> sql.select("SELECT * FROM cpuload WHERE pg_sleep(10) IS NULL"))
                .hasMessageContaining("unsupported expression");
        assertThatThrownBy(() -> sql.select("SELECT * FROM cpuload ORDER BY host")).hasMessageContaining("ORDER BY");
        assertThatThrownBy(() -> sql.select("DELETE FROM cpuload")).hasMessageContaining("expected SELECT");
        assertThatThrownBy(() -> sql.select("SELECT * FROM a, b")).hasMessageContaining("one table");
    }

    @Test
    void producerPredicatesMediateByEqualities() {
        Equalities ral = sql.predicate("cpuload", "WHERE site = 'RAL'");
        Equalities cern = sql.predicate("cpuload", "site = 'CERN'");
        assertThat(ral.canOverlap(sql.select("SELECT * FROM cpuload WHERE site = 'RAL'").equalities())).isTrue();
        assertThat(cern.canOverlap(sql.select("SELECT * FROM cpuload WHERE site = 'RAL'").equalities())).isFalse();
        assertThat(cern.canOverlap(sql.select("SELECT * FROM cpuload WHERE load1 > 2").equalities())).isTrue();
        assertThat(Equalities.NONE.canOverlap(ral)).isTrue();
        assertThat(ral.violatedBy(CPU, java.util.Arrays.asList("CERN", "h", 1.0, null))).isEqualTo("site");
        assertThat(ral.violatedBy(CPU, java.util.Arrays.asList("RAL", "h", 1.0, null))).isNull();
        assertThatThrownBy(() -> sql.predicate("cpuload", "WHERE load1 > 2")).hasMessageContaining("column = literal");
        assertThat(new Equalities(Map.of("a", "n:1")).canOverlap(new Equalities(Map.of("a", "n:1")))).isTrue();
        assertThat(List.of(Equalities.normalise(new java.math.BigDecimal("1.50")), Equalities.normalise(1.5)))
                .containsOnly("n:1.5");
    }
}
