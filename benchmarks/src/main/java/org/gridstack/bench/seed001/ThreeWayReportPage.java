package org.gridstack.bench.seed001;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.SvgChart;

/**
 * The web page of a three-design seed 001 run: per set, seed 001's setups and findings for the
 * three designs, throughput and median response against the set's x axis (a line per design and
 * query), the level table and the medians relative to MDS2; then the recommendations table.
 * Stateless.
 */
final class ThreeWayReportPage {
    private ThreeWayReportPage() {
    }

    static HtmlPage build(Seed001Benchmark.Result r, String baseName) {
        Seed001Benchmark.Config c = r.config();
        HtmlPage.Builder page = HtmlPage.builder("Seed 001: MDS2, R-GMA and Hawkeye side by side")
                .fact("started", r.started())
                .fact("elapsed", r.elapsed().toSeconds() + " s")
                .fact("cores", r.cores())
                .fact("arguments", c.describe())
                .fact("users", "closed loop, " + c.think().toMillis() + " ms between answer and next query (seed 001: 1 s); every"
                        + " answer checked (item count, projections)")
                .fact("where", "every server and the users in this JVM; R-GMA's embedded PostgreSQL a process of its own")
                .paragraph("Compare the designs within this run (ratios); the seed's hardware and ours differ.");
        for (SeedSet set : SeedSet.values()) {
            List<ThreeWayLevel> levels = r.of(set);
            if (levels.isEmpty()) {
                continue;
            }
            Set<String> series = new LinkedHashSet<>();
            levels.forEach(l -> series.add(l.series()));
            SvgChart.Builder qps = SvgChart.builder(set.title() + ": throughput", set.xLabel(), "queries/s").integerX()
                    .logAxes(set.usersOnX(), false).size(480, 320);
            SvgChart.Builder median = SvgChart.builder(set.title() + ": median response", set.xLabel(), "ms").integerX()
                    .logAxes(set.usersOnX(), true).size(480, 320);
            for (String s : series) {
                qps.series(s, points(levels, s, ThreeWayLevel::queriesPerSecond));
                List<double[]> m = points(levels, s, ThreeWayLevel::medianMillis).stream()
                        .filter(p -> Double.isFinite(p[1]) && p[1] > 0).toList();
                if (!m.isEmpty()) {
                    median.series(s, m);
                }
            }
            if (set == SeedSet.INFORMATION_SERVER_USERS) {
                qps.reference("seed 001: R-GMA's peak, 12 queries/s at 100 consumers",
                        List.of(new double[] {100, 12}, new double[] {100, 12}));
            }
            List<String> seed = new ArrayList<>();
            for (Design d : Design.values()) {
                seed.add(d.label() + " (" + d.component(set) + "): " + ThreeWayReference.SEED.get(set).get(d));
            }
            page.heading(set.title()).paragraph("Seed 001: " + String.join(". ", seed) + ".").charts(List.of(qps.build(), median.build()))
                    .table("Every level", ThreeWayLevel.HEADERS, levels.stream().map(ThreeWayLevel::cells).toList());
        }
        if (!r.failures().isEmpty()) {
            page.heading("Not measured").table("Sites and levels that failed", List.of("what"),
                    r.failures().stream().map(List::of).toList());
        }
        List<List<String>> rows = new ArrayList<>();
        for (RecommendationChecks.Row row : r.checks()) {
            rows.add(List.of(row.design(), row.seed(), row.ours(), row.verdict()));
        }
        page.heading("Seed 001's recommendations").table("At the largest level measured, all data", List.of("design", "seed 001",
                "this run", "verdict"), rows).note("Source: " + ThreeWayReference.SOURCE + ".");
        return page.link("Markdown tables", baseName + ".md").link("CSV (one line per level)", baseName + ".csv")
                .link("JSON (every number)", baseName + ".json").build();
    }

    private static List<double[]> points(List<ThreeWayLevel> levels, String series, ToDoubleFunction<ThreeWayLevel> y) {
        return levels.stream().filter(l -> l.series().equals(series)).map(l -> new double[] {l.x(), y.applyAsDouble(l)}).toList();
    }
}
