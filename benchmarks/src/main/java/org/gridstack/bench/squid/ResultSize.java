package org.gridstack.bench.squid;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.gridstack.bench.frontier.TStringData;

/**
 * The thesis's result sizes, all cut from the one {@code T_STRING} table (10,000 rows of 100
 * characters): 1 MB is the whole table with the same SQL as before ({@code select string from
 * T_STRING}); 10 kB and 100 kB are its first 100 and 1,000 rows in byte order of the value. The
 * table has no key column, so the cut is {@code order by string collate "C" limit N}: unique
 * values in a locale-free order make the answer deterministic, and the index that
 * {@link TStringSchema} adds on that order makes it an index scan of N rows rather than a sort.
 */
enum ResultSize {
    KB_10("10k", "10 kB", 100),
    KB_100("100k", "100 kB", 1_000),
    MB_1("1m", "1 MB", TStringData.ROWS);

    private final String option;
    private final String label;
    private final int rows;

    ResultSize(String option, String label, int rows) {
        this.option = option;
        this.label = label;
        this.rows = rows;
    }

    /** The name used by {@code --sizes=}. */
    String option() {
        return option;
    }

    /** The name in reports. */
    String label() {
        return label;
    }

    int rows() {
        return rows;
    }

    /** Characters of row data in one answer (rows x 100). */
    long valueChars() {
        return (long) rows * TStringData.LENGTH;
    }

    /** Whether the answer comes in a defined order (the cut ones); the whole table is compared as a set. */
    boolean ordered() {
        return rows < TStringData.ROWS;
    }

    String sql() {
        return ordered() ? "select string from T_STRING order by string collate \"C\" limit " + rows : SquidAccessBenchmark.SQL;
    }

    /**
     * The expected values: for the cut sizes the first {@code rows} of all rows in UTF-16 order,
     * which for these ASCII (Base64) values is PostgreSQL's "C" (byte) order; for 1 MB all rows,
     * sorted, to be compared with the sorted answer.
     */
    List<String> expected(List<String> allRows) {
        List<String> sorted = new ArrayList<>(allRows);
        sorted.sort(null);
        return List.copyOf(sorted.subList(0, rows));
    }

    /** Parses {@code 10k,100k,1m} (case-insensitive). */
    static List<ResultSize> parseList(String text) {
        return Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(ResultSize::parse).collect(Collectors.toList());
    }

    static ResultSize parse(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        for (ResultSize s : values()) {
            if (s.option.equals(t)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown result size '" + text + "': use 10k, 100k or 1m (comma-separated)");
    }
}
