package org.gridstack.bench.dqp;

import java.util.Locale;

/**
 * The three queries of seed 003's access-mode experiments, as SQL for the DQP coordinator and for
 * the peers. {@link #table()} is the table a data service scans for the query (null for the Join,
 * which no single data service answers). Immutable.
 */
public enum SeedQuery {
    SCAN_1("Scan-1", "select * from protein_goterm", "protein_goterm"),
    SCAN_2("Scan-2", "select * from protein_interaction", "protein_interaction"),
    JOIN("Join", "select i.ORF2 from protein_goterm p, protein_interaction i where p.ORF = i.ORF", null);

    /** The seed's entropy query: an OPERATION_CALL per tuple of a 3-way join across both hosts. */
    public static final String ENTROPY_SQL = "select p.ORF, go.id, calculateEntropy(p.sequence) from protein_sequences p, goterms go,"
            + " protein_goterm pg where go.id = pg.GOTermIdentifier and p.ORF = pg.ORF and pg.ORF like 'YCL0%' and go.id like 'GO:0%'";

    /** The entropy query's join without the call, for PostgreSQL (through postgres_fdw) to give the expected rows. */
    static final String ENTROPY_INPUT_SQL = "select p.orf, go.id, p.sequence from " + DqpTestbed.FOREIGN_SCHEMA + ".protein_sequences p,"
            + " goterms go, protein_goterm pg where go.id = pg.gotermidentifier and p.orf = pg.orf and pg.orf like 'YCL0%'"
            + " and go.id like 'GO:0%'";

    private final String label;
    private final String sql;
    private final String table;

    SeedQuery(String label, String sql, String table) {
        this.label = label;
        this.sql = sql;
        this.table = table;
    }

    public String label() {
        return label;
    }

    /** The seed's SQL, as the coordinator gets it. */
    public String sql() {
        return sql;
    }

    /** The scanned table, or null for the Join. */
    public String table() {
        return table;
    }

    /** The SQL as PostgreSQL gets it directly (the Join in the one database holding both tables). */
    String jdbcSql() {
        return sql.toLowerCase(Locale.ROOT);
    }

    /** The Join on host A with host B's table through postgres_fdw; the scans as they are. */
    String postgresFdwSql() {
        return this == JOIN ? "select i.orf2 from protein_goterm p, " + DqpTestbed.FOREIGN_SCHEMA
                + ".protein_interaction i where p.orf = i.orf" : sql.toLowerCase(Locale.ROOT);
    }

    /** The Join through Calcite's JDBC adapter, host A's schema as {@code a} and host B's as {@code b}. */
    String calciteSql() {
        return this == JOIN ? "select i.orf2 from a.protein_goterm p, b.protein_interaction i where p.orf = i.orf"
                : "select * from " + (this == SCAN_1 ? "a." : "b.") + table;
    }
}
