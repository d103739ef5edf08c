package org.gridstack.dqp.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The demo data as loaded into a real embedded PostgreSQL: sizes, widths, determinism, read-only access. */
class TestDemoDatabase {
    private static DemoDataGenerator data;
    private static DemoDatabase db;

    @BeforeAll
    static void start() throws Exception {
        data = new DemoDataGenerator();
        db = DemoDatabase.start(List.of(DemoTable.values()), data);
    }

    @AfterAll
    static void stop() throws Exception {
        if (db != null) {
            db.close();
        }
    }

    @Test
    void rowCountsAreTheSeeds() throws SQLException {
        assertEquals(16_803, count("select count(*) from protein_goterm"));
        assertEquals(4_716, count("select count(*) from protein_interaction"));
        assertEquals(7_000, count("select count(*) from protein_sequences"));
        assertEquals(2_000, count("select count(*) from goterms"));
    }

    @Test
    void rowWidthsAreTheSeedsWithinTenPercent() throws SQLException {
        double goterm = number("select avg(pg_column_size(orf) + pg_column_size(gotermidentifier)) from protein_goterm");
        assertTrue(Math.abs(goterm - 24) <= 2.4, "protein_goterm average row width " + goterm + " B, seed 24 B");
        double interaction = number("select avg(pg_column_size(orf1) + pg_column_size(orf2) + pg_column_size(baitprotein)"
                + " + pg_column_size(interactiontype) + pg_column_size(repeats) + coalesce(pg_column_size(experimenter), 0))"
                + " from protein_interaction");
        System.out.printf("average row widths: protein_goterm %.1f B (seed 24), protein_interaction %.1f B (seed 47)%n",
                goterm, interaction);
        assertTrue(Math.abs(interaction - 47) <= 4.7, "protein_interaction average row width " + interaction + " B, seed 47 B");
    }

    @Test
    void theEntropyQuerySelectsWork() throws SQLException {
        assertEquals(99, count("select count(*) from protein_sequences where orf like 'YCL0%'"));
        long calls = count("select count(*) from protein_sequences p, goterms go, protein_goterm pg"
                + " where go.id = pg.gotermidentifier and p.orf = pg.orf and pg.orf like 'YCL0%' and go.id like 'GO:0%'");
        assertTrue(calls > 50 && calls < 500, "entropy calls: " + calls);
        assertTrue(count("select count(*) from goterms where definition is null") > 0, "NULLs present");
    }

    @Test
    void generationIsDeterministic() {
        DemoDataGenerator again = new DemoDataGenerator();
        for (DemoTable table : DemoTable.values()) {
            List<Object[]> a = data.rows(table);
            List<Object[]> b = again.rows(table);
            assertEquals(a.size(), b.size(), table.tableName());
            for (int i = 0; i < a.size(); i += 97) {
                assertArrayEquals(a.get(i), b.get(i), table.tableName() + " row " + i);
            }
            assertEquals(Arrays.deepHashCode(a.toArray()), Arrays.deepHashCode(b.toArray()), table.tableName());
        }
    }

    @Test
    void theReaderCannotWrite() throws SQLException {
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.readerProperties());
                Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.execute("delete from goterms"));
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
        }
    }

    private static long count(String sql) throws SQLException {
        return (long) number(sql);
    }

    private static double number(String sql) throws SQLException {
        try (Connection c = db.superuserConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getDouble(1);
        }
    }
}
