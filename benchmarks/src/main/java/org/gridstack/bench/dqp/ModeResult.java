package org.gridstack.bench.dqp;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gridstack.bench.kit.RepeatedQuery;
import java.util.Arrays;

/**
 * One query in one access mode: the rows it returned (checked equal, as sorted canonical rows, to
 * direct JDBC's answer before any run was timed) and the times of its measured runs. Immutable.
 */
record ModeResult(SeedQuery query, AccessMode mode, int rows, RepeatedQuery.Result timing) {
    ModeResult {
        requireNonNull(query, "query is null");
        requireNonNull(mode, "mode is null");
        requireNonNull(timing, "timing is null");
    }

    double medianMillis() {
        return timing.medianMillis();
    }

    Map<String, Object> jsonFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("query", query.label());
        m.put("mode", mode.name());
        m.put("modeLabel", mode.label());
        m.put("rows", rows);
        m.put("sameRowsAsJdbc", true);
        m.put("medianMs", timing.medianMillis());
        m.put("minMs", timing.minMillis());
        m.put("maxMs", timing.maxMillis());
        m.put("runsMs", Arrays.stream(timing.nanos()).mapToDouble(n -> n / 1e6).toArray());
        Seed003Reference.time(query, mode).ifPresent(t -> {
            m.put("seedMs", t.millis());
            m.put("seedWhat", t.what());
        });
        return m;
    }
}
