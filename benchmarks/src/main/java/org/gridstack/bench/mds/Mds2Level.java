package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.bench.kit.report.TextTable;

/**
 * One measured level of a seed 001 run: the experiment, the variant (cached / uncached, or the
 * query: all data / memory only), the value on the x axis (users, IPs or GRISes), the size of
 * one answer, what the driver measured and the step timings of the measured interval. Immutable.
 *
 * @param experiment which of seed 001's sets
 * @param variant e.g. {@code cached}, {@code uncached}, {@code all data}, {@code memory only}
 * @param x users, IPs or GRISes (see {@link Seed001Experiment#xLabel()})
 * @param entries entries in every answer
 * @param answerBytes one answer as LDIF, in bytes
 * @param result the driver's result
 * @param steps the step timings
 */
record Mds2Level(Seed001Experiment experiment, String variant, int x, int entries, long answerBytes, LevelResult result,
                 StepTimes steps) {
    Mds2Level {
        requireNonNull(experiment, "experiment is null");
        requireNonNull(variant, "variant is null");
        requireNonNull(result, "result is null");
        requireNonNull(steps, "steps is null");
    }

    double queriesPerSecond() {
        return result.queriesPerSecond();
    }

    /** Mean client-side observed response time (seed 001's CORT), connect included, in ms. */
    double cortMillis() {
        return result.latency().meanMillis();
    }

    static final List<String> HEADERS = List.of("variant", "x", "concurrent users", "queries/s", "CORT mean ms", "p50 ms", "p99 ms", "errors",
            "KB/answer", "connect", "init_search", "invoke_provider", "generate_result", "search_index", "transmit", "Jain");

    /** The cells of {@link #HEADERS}. */
    List<String> cells() {
        LevelResult r = result;
        List<String> c = new ArrayList<>(List.of(variant, String.valueOf(x), String.valueOf(r.clients()),
                String.format(Locale.ROOT, "%.1f", r.queriesPerSecond()), StepTimes.millis(r.latency().meanMillis()),
                StepTimes.millis(r.latency().p50Millis()), StepTimes.millis(r.latency().p99Millis()), String.valueOf(r.errors()),
                String.format(Locale.ROOT, "%.1f", answerBytes / 1000.0)));
        for (String s : StepTimes.STEPS) {
            c.add(StepTimes.millis(steps.mean(s)));
        }
        c.add(String.format(Locale.ROOT, "%.3f", r.jainFairness()));
        return c;
    }

    /** The CSV table of levels: its headers, one per {@link #csvCells()}. */
    static TextTable csvTable() {
        List<String> headers = new ArrayList<>(List.of("experiment", "variant", "x", "users", "seconds", "queries", "errors", "queries_per_second",
                "mean_ms", "p50_ms", "p99_ms", "max_ms", "answer_bytes", "entries"));
        StepTimes.STEPS.forEach(s -> headers.add(s + "_ms"));
        headers.addAll(List.of("jain", "first_error"));
        return TextTable.of(headers);
    }

    /** This level's row of {@link #csvTable()}. */
    List<String> csvCells() {
        LevelResult r = result;
        List<String> c = new ArrayList<>(List.of(experiment.option(), variant, String.valueOf(x), String.valueOf(r.clients()),
                num(r.seconds()), String.valueOf(r.queries()), String.valueOf(r.errors()), num(r.queriesPerSecond()),
                num(r.latency().meanMillis()), num(r.latency().p50Millis()), num(r.latency().p99Millis()), num(r.latency().maxMillis()),
                String.valueOf(answerBytes), String.valueOf(entries)));
        for (String s : StepTimes.STEPS) {
            c.add(num(steps.mean(s)));
        }
        c.add(num(r.jainFairness()));
        c.add(r.firstError() == null ? "" : r.firstError());
        return c;
    }

    Map<String, Object> jsonFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", experiment.option());
        m.put("variant", variant);
        m.put("x", x);
        m.put("users", result.clients());
        m.put("entries", entries);
        m.put("answerBytes", answerBytes);
        m.put("seconds", result.seconds());
        m.put("queries", result.queries());
        m.put("errors", result.errors());
        m.put("queriesPerSecond", result.queriesPerSecond());
        m.put("latencyMillis", result.latency());
        m.put("stepMeanMillis", steps.meanMillis());
        m.put("stepCounts", steps.counts());
        m.put("jainFairness", result.jainFairness());
        m.put("perClientQueries", result.perClientQueries());
        m.put("firstError", result.firstError());
        return m;
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "";
    }
}
