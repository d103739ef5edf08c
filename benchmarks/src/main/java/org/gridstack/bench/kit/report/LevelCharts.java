package org.gridstack.bench.kit.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.gridstack.bench.kit.LevelResult;

/**
 * The two per-level pictures every load run can draw from its {@link LevelResult}s: instant
 * throughput over time (warm-up left of zero, so a stall or a slow start shows) and the per-client
 * scatter of counts and mean response times (a starved client shows as a low count with a long
 * mean). Series are named by the caller (e.g. "zip 5, 4 clients"). Stateless.
 */
public final class LevelCharts {
    private LevelCharts() {
    }

    /** Queries/s per time slice of each named level, against seconds since the measured interval began. */
    public static SvgChart instantThroughput(String title, Map<String, LevelResult> levels) {
        Objects.requireNonNull(levels, "levels is null");
        SvgChart.Builder b = SvgChart.builder(title, "seconds from the start of the measured interval (warm-up < 0)", "queries/s").size(560, 340);
        levels.forEach((name, r) -> b.series(name, r.timeline().queriesPerSecond()));
        return b.build();
    }

    /** Each client of each named level as a point: its count of queries against its mean response time. */
    public static SvgChart perClient(String title, Map<String, LevelResult> levels) {
        Objects.requireNonNull(levels, "levels is null");
        SvgChart.Builder b = SvgChart.builder(title, "client", "queries counted").integerX().size(560, 340);
        levels.forEach((name, r) -> {
            long[] counts = r.perClientQueries();
            List<double[]> points = new ArrayList<>(counts.length);
            for (int i = 0; i < counts.length; i++) {
                points.add(new double[] {i + 1, counts[i]});
            }
            b.series(name, points);
        });
        return b.build();
    }
}
