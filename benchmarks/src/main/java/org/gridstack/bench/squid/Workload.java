package org.gridstack.bench.squid;

import java.util.List;
import org.gridstack.bench.kit.NamedOption;
import org.gridstack.bench.frontier.TStringData;
import java.util.ArrayList;

/**
 * What one iteration of a client reads. The thesis's result sizes are all cut from the one
 * {@code T_STRING} table (10,000 rows of 100 characters): 1 MB is the whole table with the same
 * SQL as before ({@code select string from T_STRING}); 10 kB and 100 kB are its first 100 and
 * 1,000 rows in byte order of the value. The table has no key column, so the cut is
 * {@code order by string collate "C" limit N}: unique values in a locale-free order make the
 * answer deterministic, and the index that {@link TStringSchema} adds on that order makes it an
 * index scan of N rows rather than a sort. {@link #COOL} is the thesis's experiment 4: the
 * {@link CoolQueries query set} a COOL client sends to open a folder and read the conditions
 * valid at one time (four metadata queries and one 10,000-row interval-of-validity query), as
 * one iteration.
 */
enum Workload implements NamedOption {
    KB_10("10k", "10 kB", 100),
    KB_100("100k", "100 kB", 1_000),
    MB_1("1m", "1 MB", TStringData.ROWS),
    COOL("cool", "COOL query set", 0);

    private final String option;
    private final String label;
    private final int tStringRows;

    Workload(String option, String label, int tStringRows) {
        this.option = option;
        this.label = label;
        this.tStringRows = tStringRows;
    }

    /** The name used by {@code --workloads=}. */
    @Override
    public String option() {
        return option;
    }

    /** The name in reports. */
    String label() {
        return label;
    }

    /** Whether this is a cut of {@code T_STRING} (one query, expected rows known in Java) rather than a query set. */
    boolean tString() {
        return this != COOL;
    }

    /** Rows of the {@code T_STRING} cut; 0 for the query set. */
    int tStringRows() {
        return tStringRows;
    }

    /** Whether the {@code T_STRING} answer comes in a defined order (the cut ones); the whole table is compared as a set. */
    boolean ordered() {
        return this == COOL || tStringRows < TStringData.ROWS;
    }

    /** The SQL one iteration sends, in order. */
    List<String> queries() {
        if (this == COOL) {
            return CoolQueries.QUERIES;
        }
        return List.of(ordered() ? "select string from T_STRING order by string collate \"C\" limit " + tStringRows : SquidAccessBenchmark.SQL);
    }

    /**
     * The expected values of a {@code T_STRING} cut: the first {@code rows} of all rows in UTF-16
     * order, which for these ASCII (Base64) values is PostgreSQL's "C" (byte) order; for 1 MB all
     * rows, sorted, to be compared with the sorted answer.
     */
    List<String> expectedTString(List<String> allRows) {
        if (!tString()) {
            throw new IllegalStateException(label + " is not a cut of T_STRING");
        }
        List<String> sorted = new ArrayList<>(allRows);
        sorted.sort(null);
        return List.copyOf(sorted.subList(0, tStringRows));
    }

    /** Parses {@code 10k,100k,1m,cool} (case-insensitive). */
    static List<Workload> parseList(String text) {
        return NamedOption.parseList(Workload.class, text, "workload", false);
    }
}
