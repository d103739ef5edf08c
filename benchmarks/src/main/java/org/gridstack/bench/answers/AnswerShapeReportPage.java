package org.gridstack.bench.answers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.gridstack.bench.kit.report.HostCharts;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.SvgChart;

/**
 * The web page of an answer-shape run: experiment 2.2 as the thesis drew it (throughput against
 * compressibility per zip level: what the clients get and what crosses the network), experiment
 * 2.3 (throughput against answer size, direct and through Squid), the error rate of every cell
 * (experiment 2.4's measure), the thesis's numbers as dashed lines, and every cell in a table.
 * Stateless.
 */
final class AnswerShapeReportPage {
    /** Thesis 5.2.7 (1 MB, 5 client nodes, CPU-bound server): client throughput at zip 0 and at zip 1, MB/s. */
    static final double THESIS_ZIP0_CLIENT_MBPS = 6.3;
    static final double THESIS_ZIP1_CLIENT_MBPS = 1.5;
    /** Thesis 5.2.8: through Squid, 50 % compressible answers up to 30 MB, bound by a 100 Mbit/s link. */
    static final double THESIS_SQUID_MBPS = 20;

    private AnswerShapeReportPage() {
    }

    static HtmlPage build(AnswerShapeBenchmark.Result r) {
        AnswerShapeBenchmark.Config c = r.config();
        int most = c.clients().stream().mapToInt(Integer::intValue).max().orElse(1);
        HtmlPage.Builder page = HtmlPage.builder("FroNtier answer shapes: compressibility, size, errors (thesis experiments 2.2-2.4)")
                .fact("started", r.started().withNano(0))
                .fact("elapsed", r.elapsed().toSeconds() + " s")
                .fact("cores", r.cores())
                .fact("settings", c)
                .fact("clients", "the SDK, each its own FrontierClient, in the servlet's JVM; md5, zlib, full_size and every value's length checked")
                .fact("data", "rows of 10,000 bytes: pseudo-random bytes then zeros, generated in PostgreSQL (ShapeTable)");
        List<SvgChart> charts = new ArrayList<>();
        if (!c.compressibility().isEmpty()) {
            double lo = c.compressibility().stream().mapToInt(Integer::intValue).min().orElse(0);
            double hi = c.compressibility().stream().mapToInt(Integer::intValue).max().orElse(100);
            SvgChart.Builder rows = SvgChart.builder("2.2: what " + most + " client(s) get, 1 MB answers", "compressibility %", "row MB/s").size(520, 330);
            SvgChart.Builder body = SvgChart.builder("2.2: what crosses the network", "compressibility %", "body MB/s").size(520, 330);
            for (int zip : c.zips()) {
                Predicate<AnswerShapeBenchmark.Cell> of = x -> x.experiment().equals("2.2") && x.zip() == zip && x.level().clients() == most;
                rows.series("zip " + zip, points(r, of, x -> x.compressibilityPercent(), AnswerShapeBenchmark.Cell::rowMegabytesPerSecond));
                body.series("zip " + zip, points(r, of, x -> x.compressibilityPercent(), AnswerShapeBenchmark.Cell::bodyMegabytesPerSecond));
            }
            rows.reference("thesis zip 0", List.of(new double[] {lo, THESIS_ZIP0_CLIENT_MBPS}, new double[] {hi, THESIS_ZIP0_CLIENT_MBPS}));
            rows.reference("thesis zip 1", List.of(new double[] {lo, THESIS_ZIP1_CLIENT_MBPS}, new double[] {hi, THESIS_ZIP1_CLIENT_MBPS}));
            charts.add(rows.build());
            charts.add(body.build());
        }
        if (!c.sizes().isEmpty()) {
            SvgChart.Builder sizes = SvgChart.builder("2.3: what " + most + " client(s) get, zip 5, 50 %", "answer MB", "row MB/s").size(520, 330);
            SvgChart.Builder errors = SvgChart.builder("2.4: failed queries, direct, zip 5", "clients", "errors %").integerX().size(520, 330);
            for (String access : List.of("direct", "squid")) {
                sizes.series(access, points(r, x -> x.experiment().equals("2.3") && x.access().equals(access) && x.level().clients() == most,
                        x -> x.megabytes(), AnswerShapeBenchmark.Cell::rowMegabytesPerSecond));
            }
            double lo = c.sizes().stream().mapToInt(Integer::intValue).min().orElse(1);
            double hi = c.sizes().stream().mapToInt(Integer::intValue).max().orElse(30);
            sizes.reference("thesis via Squid", List.of(new double[] {lo, THESIS_SQUID_MBPS}, new double[] {hi, THESIS_SQUID_MBPS}));
            for (int mb : c.sizes()) {
                errors.series(mb + " MB", points(r, x -> x.experiment().equals("2.3") && x.access().equals("direct") && x.megabytes() == mb,
                        x -> x.level().clients(), x -> 100 * x.level().errorRate()));
            }
            charts.add(sizes.build());
            charts.add(errors.build());
        }
        page.heading("Throughput and errors").charts(charts)
                .note("Dashed: the thesis's numbers (2007: one FroNtier server, clients on other nodes, 100 Mbit/s network; zip 0 client"
                        + " throughput ~6.3 MB/s, zip 1 ~1.5 MB/s with the server's CPU the bottleneck; ~20 MB/s through Squid for 20-30 MB"
                        + " answers, network-bound). Here clients, servlet, PostgreSQL and Squid share this machine's cores.");
        List<List<String>> rows = new ArrayList<>();
        for (AnswerShapeBenchmark.Cell x : r.cells()) {
            rows.add(List.of(x.experiment(), x.access(), Integer.toString(x.megabytes()),
                    String.format(Locale.ROOT, "%d (%.1f)", x.compressibilityPercent(), x.measuredCompressibility()), Integer.toString(x.zip()),
                    Integer.toString(x.level().clients()), f(x.level().queriesPerSecond()), f(x.rowMegabytesPerSecond()),
                    f(x.bodyMegabytesPerSecond()), f(x.level().latency().p50Millis()), f(x.level().latency().p99Millis()),
                    f(100 * x.level().errorRate())));
        }
        page.table("Every cell", List.of("experiment", "access", "MB", "compressibility % (measured)", "zip", "clients", "queries/s", "row MB/s",
                "body MB/s", "p50 ms", "p99 ms", "errors %"), rows);
        if (!r.host().isEmpty()) {
            page.heading("The host over the run (sampled every second from /proc)").charts(HostCharts.of(r.host()));
        }
        return page.link("answer-shape.md", "answer-shape.md").link("answer-shape.json", "answer-shape.json").build();
    }

    private static List<double[]> points(AnswerShapeBenchmark.Result r, Predicate<AnswerShapeBenchmark.Cell> which,
            ToDoubleFunction<AnswerShapeBenchmark.Cell> x, ToDoubleFunction<AnswerShapeBenchmark.Cell> y) {
        return r.cells().stream().filter(which).map(c -> new double[] {x.applyAsDouble(c), y.applyAsDouble(c)}).toList();
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.2f", v);
    }
}
