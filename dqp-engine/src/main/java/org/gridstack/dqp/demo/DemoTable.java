package org.gridstack.dqp.demo;

import java.util.List;

/**
 * The seed's four tables (OGSA-DQP demo databases) with their PostgreSQL definitions. Column
 * names are lower case, as PostgreSQL folds unquoted identifiers, so the seed's queries
 * ({@code select i.ORF2 from ...}) run unchanged. Widths: the seed gives the average row length
 * of {@code protein_goterm} (24 B) and {@code protein_interaction} (47 B);
 * {@link DemoDataGenerator} generates values of those widths. Immutable.
 *
 * <p>{@code protein_interaction} has a seventh column {@code orf} besides the six the seed lists,
 * because the seed's Join query ({@code where p.ORF = i.ORF}) uses it.
 */
public enum DemoTable {
    PROTEIN_GOTERM("protein_goterm", """
            CREATE TABLE protein_goterm (
              orf varchar(55) NOT NULL,
              gotermidentifier varchar(32) NOT NULL)"""),
    PROTEIN_INTERACTION("protein_interaction", """
            CREATE TABLE protein_interaction (
              orf varchar(55) NOT NULL,
              orf1 varchar(55) NOT NULL,
              orf2 varchar(55) NOT NULL,
              baitprotein varchar(55) NOT NULL,
              interactiontype varchar(32) NOT NULL,
              repeats integer NOT NULL,
              experimenter varchar(64))"""),
    PROTEIN_SEQUENCES("protein_sequences", """
            CREATE TABLE protein_sequences (
              orf varchar(55) PRIMARY KEY,
              sequence text NOT NULL,
              length integer NOT NULL,
              molecularweight double precision NOT NULL,
              ismembrane boolean NOT NULL,
              description varchar(255))"""),
    GOTERMS("goterms", """
            CREATE TABLE goterms (
              id varchar(32) PRIMARY KEY,
              name varchar(255) NOT NULL,
              namespace varchar(32) NOT NULL,
              isobsolete boolean NOT NULL,
              definition text)"""),
    /** A small table with a column of every type the engine carries beyond the seed's (and NULLs in each). */
    MEASUREMENTS("measurements", """
            CREATE TABLE measurements (
              id integer PRIMARY KEY,
              orf varchar(55) NOT NULL,
              replicate smallint,
              total bigint,
              ratio real,
              concentration numeric(10,3),
              sample_day date,
              start_time time,
              taken_at timestamp,
              logged_at timestamptz,
              raw bytea)"""),
    /** A small table with a column the engine does not carry ({@code jsonb}), which queries must refuse by name. */
    ANNOTATIONS("annotations", """
            CREATE TABLE annotations (
              id integer PRIMARY KEY,
              orf varchar(55) NOT NULL,
              attributes jsonb)""");

    private final String tableName;
    private final String ddl;

    DemoTable(String tableName, String ddl) {
        this.tableName = tableName;
        this.ddl = ddl;
    }

    /** The SQL name of the table. */
    public String tableName() {
        return tableName;
    }

    /** The CREATE TABLE statement. */
    public String ddl() {
        return ddl;
    }

    /** The tables the demo puts on its first host (database A). */
    public static final List<DemoTable> HOST_A = List.of(PROTEIN_GOTERM, GOTERMS, MEASUREMENTS);
    /** The tables the demo puts on its second host (database B): the Join crosses the two. */
    public static final List<DemoTable> HOST_B = List.of(PROTEIN_INTERACTION, PROTEIN_SEQUENCES, ANNOTATIONS);
}
