package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.gridstack.bench.kit.LevelResult;

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

    static String csvHeader() {
        return "server,entries,clients,seconds,queries,errors,queries_per_minute,mean_ms,p50_ms,p99_ms,max_ms,jain,max_min,first_error";
    }

    String csvRow() {
        LevelResult r = result;
        return String.join(",", server.option(), String.valueOf(entries), String.valueOf(r.clients()), num(r.seconds()),
                String.valueOf(r.queries()), String.valueOf(r.errors()), num(r.queriesPerMinute()), num(r.latency().meanMillis()),
                num(r.latency().p50Millis()), num(r.latency().p99Millis()), num(r.latency().maxMillis()), num(r.jainFairness()),
                num(r.maxMinRatio()), r.firstError() == null ? "" : '"' + r.firstError().replace("\"", "'") + '"');
    }

    String markdownRow() {
        LevelResult r = result;
        return String.format(Locale.ROOT, "| %d | %s | %d | %,.0f | %.2f | %.2f | %.3f | %s | %d |", entries, server.label(), r.clients(),
                r.queriesPerMinute(), r.latency().p50Millis(), r.latency().p99Millis(), r.jainFairness(), ratio(r.maxMinRatio()), r.errors());
    }

    static String markdownHeader() {
        return "| N | server | clients | queries/min | median ms | p99 ms | Jain | max/min | errors |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|\n";
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
