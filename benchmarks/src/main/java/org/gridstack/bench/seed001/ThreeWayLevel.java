package org.gridstack.bench.seed001;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.gridstack.bench.kit.LevelResult;
import java.util.TreeMap;

/**
 * One measured level of the three-design run: the set, design, query shape, x (users, collectors or
 * information servers), the users, items per answer, one answer's size, what the driver measured,
 * load1 at the end, the benchmark JVM's CPU (cores busy; servers and users share it, R-GMA's
 * PostgreSQL is a process of its own and not in it) and the design's step timers (mean ms per
 * query over the measured interval). Immutable.
 */
public record ThreeWayLevel(SeedSet set, Design design, QueryShape shape, int x, int users, int items, long answerBytes,
        LevelResult result, double load1, double jvmCores, Map<String, Double> stepMillis) {
    public ThreeWayLevel {
        requireNonNull(set, "set is null");
        requireNonNull(design, "design is null");
        requireNonNull(shape, "shape is null");
        requireNonNull(result, "result is null");
        stepMillis = Map.copyOf(new LinkedHashMap<>(requireNonNull(stepMillis, "stepMillis is null")));
    }

    static final List<String> HEADERS = List.of("design", "component", "query", "x", "users", "items", "KB/answer", "queries/s",
            "mean ms", "p50 ms", "p99 ms", "errors", "load1", "JVM cores", "steps (mean ms per query)");

    double queriesPerSecond() {
        return result.queriesPerSecond();
    }

    double medianMillis() {
        return result.latency().p50Millis();
    }

    String series() {
        return design.label() + ", " + shape.label();
    }

    List<String> cells() {
        return List.of(design.label(), design.component(set), shape.label(), String.valueOf(x), String.valueOf(users),
                String.valueOf(items), fmt(answerBytes / 1000.0), fmt(result.queriesPerSecond()), fmt(result.latency().meanMillis()),
                fmt(result.latency().p50Millis()), fmt(result.latency().p99Millis()), String.valueOf(result.errors()), fmt(load1),
                fmt(jvmCores), stepMillis.entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .map(e -> e.getKey() + " " + fmt(e.getValue())).collect(Collectors.joining("; ")));
    }

    Map<String, Object> jsonFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("set", set.number());
        m.put("design", design.label());
        m.put("component", design.component(set));
        m.put("query", shape.label());
        m.put("x", x);
        m.put("users", users);
        m.put("items", items);
        m.put("answerBytes", answerBytes);
        m.put("queries", result.queries());
        m.put("errors", result.errors());
        m.put("queriesPerSecond", result.queriesPerSecond());
        m.put("latencyMillis", result.latency());
        m.put("load1", load1);
        m.put("jvmCores", jvmCores);
        m.put("stepMeanMillis", new TreeMap<>(stepMillis));
        m.put("firstError", result.firstError());
        return m;
    }

    static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.2f", v);
    }
}
