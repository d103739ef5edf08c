package org.gridstack.bench.squid;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.gridstack.bench.kit.report.TextTable;

/**
 * One measured cell: an access method at one workload, zip level and concurrency. A query is one
 * iteration of the workload (one answer for a {@code T_STRING} cut, the whole query set for COOL).
 *
 * @param rowsPerIteration rows one iteration reads (all its queries)
 * @param charsPerIteration characters of row data one iteration reads (all values)
 * @param zip the zip level, or {@link #NO_ZIP} for direct JDBC (no FroNtier encoding; measured once per size)
 * @param wireBytes HTTP response body bytes (as received) of the counted queries; 0 for direct JDBC, which has none
 * @param jvmCores cores this JVM kept busy (clients; for direct and forced refresh also the servlet)
 * @param squidCores cores the Squid process kept busy
 * @param postgresCores cores the embedded PostgreSQL kept busy
 * @param hitRatio memory hits among the Squid log lines of the cell; NaN without Squid
 * @param repetitions each measurement of the cell; the totals above are their sums (so queries/s is
 *                    their time-weighted mean)
 */
record CellStats(AccessMethod method, Workload workload, int rowsPerIteration, long charsPerIteration, int zip, int clients, long queries, double seconds, long wireBytes,
                 double jvmCores, double squidCores, double postgresCores, double hitRatio, List<Repetition> repetitions) {
    static final int NO_ZIP = -1;

    /** One measurement of the cell: queries and body bytes in {@code seconds}, and each party's CPU seconds over them. */
    record Repetition(long queries, double seconds, long wireBytes, double jvmCpuSeconds, double squidCpuSeconds, double postgresCpuSeconds) {
        double queriesPerSecond() {
            return queries / seconds;
        }
    }

    CellStats {
        Objects.requireNonNull(method, "method is null");
        Objects.requireNonNull(workload, "workload is null");
        repetitions = List.copyOf(repetitions);
        if (repetitions.isEmpty()) {
            throw new IllegalArgumentException("a cell has at least one measurement");
        }
    }

    /** The cell of {@code repetitions} measurements: their sums, and cores as CPU seconds over measured seconds. */
    static CellStats of(AccessMethod method, Workload workload, int rowsPerIteration, long charsPerIteration, int zip, int clients,
                        List<Repetition> repetitions, double hitRatio) {
        long queries = 0;
        long wire = 0;
        double seconds = 0;
        double jvm = 0;
        double squid = 0;
        double postgres = 0;
        for (Repetition r : repetitions) {
            queries += r.queries();
            wire += r.wireBytes();
            seconds += r.seconds();
            jvm += r.jvmCpuSeconds();
            squid += r.squidCpuSeconds();
            postgres += r.postgresCpuSeconds();
        }
        return new CellStats(method, workload, rowsPerIteration, charsPerIteration, zip, clients, queries, seconds, wire, jvm / seconds,
                squid / seconds, postgres / seconds, hitRatio, repetitions);
    }

    /** "812" for one measurement; "812 (798-826)" with the slowest and fastest of several. */
    String queriesPerSecondText() {
        String mean = String.format(Locale.ROOT, "%.0f", queriesPerSecond());
        if (repetitions.size() == 1) {
            return mean;
        }
        return String.format(Locale.ROOT, "%s (%.0f-%.0f)", mean, slowest(), fastest());
    }

    double queriesPerSecond() {
        return queries / seconds;
    }

    /** MB/s of HTTP bodies as received (compressed at zip > 0); NaN for direct JDBC. */
    double wireMegabytesPerSecond() {
        return method == AccessMethod.DIRECT_JDBC ? Double.NaN : wireBytes / 1e6 / seconds;
    }

    /** MB/s of row data (the values' characters), the same for every method: for T_STRING the thesis's rows/s x 100 bytes. */
    double rowMegabytesPerSecond() {
        return queries * (double) charsPerIteration / 1e6 / seconds;
    }

    /** Rows/s of all queries. */
    double rowsPerSecond() {
        return queries * (double) rowsPerIteration / seconds;
    }

    /** JVM CPU milliseconds per query. */
    double jvmCpuMillisPerQuery() {
        return queries == 0 ? Double.NaN : jvmCores * seconds * 1000 / queries;
    }

    double squidCpuMillisPerQuery() {
        return queries == 0 ? Double.NaN : squidCores * seconds * 1000 / queries;
    }

    String zipLabel() {
        return zip == NO_ZIP ? "-" : Integer.toString(zip);
    }

    /** The Markdown table of cells: its headers, one per {@link #markdownCells()}. */
    static TextTable markdownTable() {
        return TextTable.of("access method", "zip", "clients", "queries/s (slowest-fastest repetition)", "MB/s (wire)", "MB/s (rows)",
                "client JVM cores", "client CPU ms/query", "Squid cores", "Squid CPU ms/query", "PostgreSQL cores", "Squid memory hits")
                .alignRightFrom(1);
    }

    /** This cell's row of {@link #markdownTable()}. */
    List<String> markdownCells() {
        return List.of(method.label(), zipLabel(), Integer.toString(clients), queriesPerSecondText(), num(wireMegabytesPerSecond(), "%.1f"),
                String.format(Locale.ROOT, "%.1f", rowMegabytesPerSecond()), String.format(Locale.ROOT, "%.2f", jvmCores),
                num(jvmCpuMillisPerQuery(), "%.2f"), String.format(Locale.ROOT, "%.2f", squidCores), num(squidCpuMillisPerQuery(), "%.2f"),
                String.format(Locale.ROOT, "%.2f", postgresCores),
                Double.isNaN(hitRatio) ? "-" : String.format(Locale.ROOT, "%.0f %%", hitRatio * 100));
    }

    /** The CSV table of cells: its headers, one per {@link #csvCells()}. */
    static TextTable csvTable() {
        return TextTable.of("workload", "rows", "method", "method_label", "zip", "clients", "queries", "seconds", "queries_per_second",
                "wire_bytes", "wire_mb_per_second", "row_mb_per_second", "jvm_cores", "jvm_cpu_ms_per_query", "squid_cores",
                "squid_cpu_ms_per_query", "postgres_cores", "squid_memory_hit_ratio", "repetitions", "slowest_repetition_queries_per_second",
                "fastest_repetition_queries_per_second");
    }

    /** This cell's row of {@link #csvTable()}. */
    List<String> csvCells() {
        return List.of(workload.option(), Integer.toString(rowsPerIteration), method.option(), method.label(),
                zip == NO_ZIP ? "" : Integer.toString(zip), Integer.toString(clients), Long.toString(queries), num(seconds, "%.3f"),
                num(queriesPerSecond(), "%.2f"), Long.toString(wireBytes), csv(wireMegabytesPerSecond(), "%.3f"),
                num(rowMegabytesPerSecond(), "%.3f"), num(jvmCores, "%.3f"), csv(jvmCpuMillisPerQuery(), "%.3f"),
                num(squidCores, "%.3f"), csv(squidCpuMillisPerQuery(), "%.3f"), num(postgresCores, "%.3f"), csv(hitRatio, "%.4f"),
                Integer.toString(repetitions.size()), num(slowest(), "%.2f"), num(fastest(), "%.2f"));
    }

    /** Queries/s of the slowest repetition. */
    double slowest() {
        return repetitions.stream().mapToDouble(Repetition::queriesPerSecond).min().orElseThrow();
    }

    /** Queries/s of the fastest repetition. */
    double fastest() {
        return repetitions.stream().mapToDouble(Repetition::queriesPerSecond).max().orElseThrow();
    }

    /** The cell's numbers by name, for the JSON results (NaN: not measured, written as null). */
    Map<String, Object> jsonFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workload", workload.option());
        m.put("rows", rowsPerIteration);
        m.put("valueChars", charsPerIteration);
        m.put("method", method.option());
        m.put("methodLabel", method.label());
        m.put("zip", zip == NO_ZIP ? null : zip);
        m.put("clients", clients);
        m.put("queries", queries);
        m.put("seconds", seconds);
        m.put("queriesPerSecond", queriesPerSecond());
        m.put("wireBytes", wireBytes);
        m.put("wireMegabytesPerSecond", wireMegabytesPerSecond());
        m.put("rowMegabytesPerSecond", rowMegabytesPerSecond());
        m.put("jvmCores", jvmCores);
        m.put("jvmCpuMillisPerQuery", jvmCpuMillisPerQuery());
        m.put("squidCores", squidCores);
        m.put("squidCpuMillisPerQuery", squidCpuMillisPerQuery());
        m.put("postgresCores", postgresCores);
        m.put("squidMemoryHitRatio", hitRatio);
        m.put("repetitionQueriesPerSecond", repetitions.stream().map(Repetition::queriesPerSecond).toList());
        return m;
    }

    private static String num(double v, String format) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
    }

    private static String csv(double v, String format) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, format, v);
    }
}
