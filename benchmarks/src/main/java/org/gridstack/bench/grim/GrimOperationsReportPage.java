package org.gridstack.bench.grim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.gridstack.bench.kit.report.HostCharts;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.SvgChart;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import java.util.function.ToDoubleFunction;

/**
 * The web page of a GRIM operations run (seed 000, Figures 6-9 and Table 2): per mode a chart of
 * the median query response time of every operation on every backend (logarithmic, as the seed
 * drew it), with the seed's MySQL and Xindice times as dashed reference points where the seed gives
 * a number; the table of every cell with the seed's anchors beside it; the issue's targets.
 * Stateless.
 */
final class GrimOperationsReportPage {
    private GrimOperationsReportPage() {
    }

    static HtmlPage build(BenchmarkGrimOperations.Result r) {
        List<String> backends = r.cells().stream().map(BenchmarkGrimOperations.Cell::backend).distinct().toList();
        HtmlPage.Builder page = HtmlPage.builder("GRIM operations on " + String.join(", ", backends) + " (seed 000)")
                .fact("data set", String.format(Locale.ROOT, "scale %.3f of seed 000's", r.scale()))
                .fact("repeats", r.repeats() + " per cell (median, p10-p90)")
                .fact("cutoff", r.cutoffMillis() + " ms (slower: DNC, as the seed marked Xindice)")
                .fact("load (ms)", r.loadMillis())
                .fact("machine", r.machine());
        List<SvgChart> charts = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            SvgChart.Builder chart = SvgChart.builder(mode.label() + ": median QRT per operation", "operation #", "ms").integerX()
                    .logAxes(false, true).size(560, 340);
            for (String b : backends) {
                List<double[]> points = new ArrayList<>();
                for (Operation op : Operation.benchmarkOperations()) {
                    r.cell(op, b, mode).filter(c -> c.status().equals("ok") && c.qrt().medianMs() > 0)
                            .ifPresent(c -> points.add(new double[] {op.number(), c.qrt().medianMs()}));
                }
                chart.series(b, points);
            }
            chart.reference("seed MySQL", seedPoints(SeedAnchors::mysqlMillis));
            chart.reference("seed Xindice", seedPoints(SeedAnchors::xindiceMillis));
            charts.add(chart.build());
        }
        page.heading("Median query response time").charts(charts)
                .note("Dashed: what seed 000 measured on a dual Xeon in 2003, where it gives a number (MySQL: nonScoped 3 ms, indexed 9 ms;"
                        + " Xindice: indexed 1 s); for the other operations it gives bounds, listed in the table.");
        List<String> headers = new ArrayList<>(List.of("#", "operation", "mode"));
        backends.forEach(b -> headers.add(b + " median (p10-p90) ms"));
        headers.addAll(List.of("seed MySQL", "seed Xindice", "seed MDS2"));
        List<List<String>> rows = new ArrayList<>();
        for (Operation op : Operation.benchmarkOperations()) {
            for (Mode mode : Mode.values()) {
                List<String> row = new ArrayList<>(List.of(String.valueOf(op.number()), op.label(), mode.label()));
                for (String b : backends) {
                    Optional<BenchmarkGrimOperations.Cell> c = r.cell(op, b, mode);
                    row.add(c.map(GrimOperationsReportPage::qrt).orElse("-"));
                }
                row.addAll(List.of(SeedAnchors.mysql(op), SeedAnchors.xindice(op), SeedAnchors.mds2(op)));
                rows.add(row);
            }
        }
        page.table("Every operation, backend and mode", headers, rows);
        page.heading("Targets");
        BenchmarkGrimOperations.targets(r).lines().skip(1).forEach(l -> page.paragraph(l.replaceFirst("^- ", "")));
        if (!r.host().isEmpty()) {
            page.heading("The host over the run (sampled every second from /proc)").charts(HostCharts.of(r.host()));
        }
        return page.link("grim-operations.csv", "grim-operations.csv").link("grim-operations.json", "grim-operations.json")
                .link("grim-operations.md", "grim-operations.md").build();
    }

    private static String qrt(BenchmarkGrimOperations.Cell c) {
        if (!c.status().equals("ok")) {
            return c.status();
        }
        return String.format(Locale.ROOT, "%s (%s-%s)%s", BenchmarkGrimOperations.ms(c.qrt().medianMs()), BenchmarkGrimOperations.ms(c.qrt().p10Ms()),
                BenchmarkGrimOperations.ms(c.qrt().p90Ms()), c.matchesReference() ? "" : " WRONG");
    }

    private static List<double[]> seedPoints(ToDoubleFunction<Operation> millis) {
        List<double[]> points = new ArrayList<>();
        for (Operation op : Operation.benchmarkOperations()) {
            double ms = millis.applyAsDouble(op);
            if (!Double.isNaN(ms)) {
                points.add(new double[] {op.number(), ms});
            }
        }
        return points;
    }
}
