package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.bench.kit.report.TextTable;

/**
 * One measured level of a seed 002 run: which server, the index size N, and what the load driver
 * measured at that client count. Immutable.
 *
 * @param server the server queried
 * @param entries N, the entries every answer held
 * @param result the driver's result (queries, errors, latency, per-client counts)
 */
public record MdsLevel(IndexServer server, int entries, LevelResult result) {
    public MdsLevel {
        requireNonNull(server, "server is null");
        requireNonNull(result, "result is null");
    }

    public int clients() {
        return result.clients();
    }

    public double queriesPerMinute() {
        return result.queriesPerMinute();
    }

    /** The CSV table of levels: its headers, one per {@link #csvCells()}. */
    static TextTable csvTable() {
        return TextTable.of("server", "entries", "clients", "seconds", "queries", "errors", "queries_per_minute", "mean_ms", "p50_ms", "p99_ms",
                "max_ms", "jain", "max_min", "first_error");
    }

    /** This level's row of {@link #csvTable()}. */
    List<String> csvCells() {
        LevelResult r = result;
        return List.of(server.option(), String.valueOf(entries), String.valueOf(r.clients()), num(r.seconds()),
                String.valueOf(r.queries()), String.valueOf(r.errors()), num(r.queriesPerMinute()), num(r.latency().meanMillis()),
                num(r.latency().p50Millis()), num(r.latency().p99Millis()), num(r.latency().maxMillis()), num(r.jainFairness()),
                num(r.maxMinRatio()), r.firstError() == null ? "" : r.firstError());
    }

    /** The Markdown table of levels: its headers, one per {@link #markdownCells()}. */
    static TextTable markdownTable() {
        return TextTable.of("N", "server", "clients", "queries/min", "median ms", "p99 ms", "Jain", "max/min", "errors").alignRight(0)
                .alignRightFrom(2);
    }

    /** This level's row of {@link #markdownTable()}. */
    List<String> markdownCells() {
        LevelResult r = result;
        return List.of(String.valueOf(entries), server.label(), String.valueOf(r.clients()), String.format(Locale.ROOT, "%,.0f", r.queriesPerMinute()),
                String.format(Locale.ROOT, "%.2f", r.latency().p50Millis()), String.format(Locale.ROOT, "%.2f", r.latency().p99Millis()),
                String.format(Locale.ROOT, "%.3f", r.jainFairness()), ratio(r.maxMinRatio()), String.valueOf(r.errors()));
    }

    Map<String, Object> jsonFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("server", server.option());
        m.put("entries", entries);
        m.put("clients", result.clients());
        m.put("seconds", result.seconds());
        m.put("queries", result.queries());
        m.put("errors", result.errors());
        m.put("warmupQueries", result.warmupQueries());
        m.put("queriesPerMinute", result.queriesPerMinute());
        m.put("latencyMillis", result.latency());
        m.put("jainFairness", result.jainFairness());
        m.put("maxMinRatio", result.maxMinRatio());
        m.put("perClientQueries", result.perClientQueries());
        m.put("firstError", result.firstError());
        return m;
    }

    static String ratio(double v) {
        return Double.isInfinite(v) ? "inf" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "";
    }
}
