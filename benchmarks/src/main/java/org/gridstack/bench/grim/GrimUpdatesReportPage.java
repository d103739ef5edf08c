package org.gridstack.bench.grim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gridstack.bench.kit.report.Headline;
import org.gridstack.bench.kit.report.HostCharts;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.SvgChart;
import java.util.Optional;

/**
 * The web page of a GRIM update-rate run (seed 000's update measurements and the targets):
 * updates per second of every in-process cell and every path through the service on a logarithmic
 * axis, with the seed's MySQL (200/s) and Xindice (1.3/s) rates and the 30,000/s target as dashed
 * lines, and the tables of both parts. Stateless.
 */
final class GrimUpdatesReportPage {
    private static final double SEED_MYSQL = 200;
    private static final double SEED_XINDICE = 1.3;
    private static final double TARGET = 30_000;

    private GrimUpdatesReportPage() {
    }

    /**
     * The run's headline for the suite's front page: the best rate through the service (or, without
     * that part, in-process) over the seed's MySQL rate; target 30,000/s, that is 150 x. Empty when
     * nothing was measured.
     */
    static Optional<Headline> headline(BenchmarkGrimUpdates.Result r) {
        boolean http = !r.http().isEmpty();
        double best = http ? r.http().stream().mapToDouble(BenchmarkGrimUpdates.Http::updatesPerSecond).max().orElse(Double.NaN)
                : r.inProcess().stream().mapToDouble(BenchmarkGrimUpdates.InProcess::updatesPerSecond).max().orElse(Double.NaN);
        if (Double.isNaN(best)) {
            return Optional.empty();
        }
        return Optional.of(new Headline("best update rate " + (http ? "through the service" : "in-process") + " vs seed 000's MySQL",
                best, SEED_MYSQL, "seed 000's MySQL", "updates/s", true, TARGET / SEED_MYSQL));
    }

    static HtmlPage build(BenchmarkGrimUpdates.Result r) {
        HtmlPage.Builder page = HtmlPage.builder("GRIM update rates (seed 000)")
                .fact("in-process data set", String.format(Locale.ROOT, "scale %.3f", r.scale()))
                .fact("service data set", String.format(Locale.ROOT, "scale %.3f, writes with backend=%s", r.serviceScale(), r.writeTarget()))
                .fact("machine", r.machine());
        List<String> labels = new ArrayList<>();
        List<double[]> rates = new ArrayList<>();
        for (BenchmarkGrimUpdates.InProcess p : r.inProcess()) {
            labels.add(p.backend() + " " + p.kind() + " x" + p.threads());
            rates.add(new double[] {labels.size(), Math.max(p.updatesPerSecond(), 0.01)});
        }
        List<double[]> http = new ArrayList<>();
        for (BenchmarkGrimUpdates.Http h : r.http()) {
            labels.add("service " + h.path());
            http.add(new double[] {labels.size(), Math.max(h.updatesPerSecond(), 0.01)});
        }
        double last = Math.max(1, labels.size());
        SvgChart chart = SvgChart.builder("Updates per second (cells numbered as in the table)", "cell", "updates/s").integerX()
                .logAxes(false, true).size(700, 360)
                .series("in-process", rates).series("through the service", http)
                .reference("seed MySQL 200/s", List.of(new double[] {1, SEED_MYSQL}, new double[] {last, SEED_MYSQL}))
                .reference("seed Xindice 1.3/s", List.of(new double[] {1, SEED_XINDICE}, new double[] {last, SEED_XINDICE}))
                .reference("target 30,000/s", List.of(new double[] {1, TARGET}, new double[] {last, TARGET})).build();
        page.heading("Update rates").charts(List.of(chart))
                .note("The seed's MDS2 could not be updated at all. The target is the issue's: 30,000 updates/s from at least 1,000 providers"
                        + " with the baseline query within 2x.");
        List<List<String>> cells = new ArrayList<>();
        int n = 0;
        for (BenchmarkGrimUpdates.InProcess p : r.inProcess()) {
            cells.add(List.of(Integer.toString(++n), p.backend(), p.kind(), Integer.toString(p.threads()), Integer.toString(p.updatesPerCall()),
                    BenchmarkGrimUpdates.rate(p.updatesPerSecond()), String.format(Locale.ROOT, "%.3f", p.meanCallMs()),
                    p.verified() + " (" + p.mismatches() + ")"));
        }
        page.table("In-process: each backend's apply() straight", List.of("cell", "backend", "kind", "threads", "updates/call", "updates/s",
                "mean ms/call", "verified (mismatches)"), cells);
        List<List<String>> paths = new ArrayList<>();
        for (BenchmarkGrimUpdates.Http h : r.http()) {
            paths.add(List.of(Integer.toString(++n), h.path(), Integer.toString(h.connections()), String.format(Locale.ROOT, "%.0f", h.updatesPerSecond()),
                    String.format(Locale.ROOT, "%.2f / %.2f", h.latency().medianMs(), h.p99Ms()), Long.toString(h.errors()),
                    String.format(Locale.ROOT, "%.3f -> %.3f (%.2fx)", h.baselineIdleClient().medianMs(), h.baselineLoadedClient().medianMs(),
                            h.baselineRatio()),
                    String.format(Locale.ROOT, "%.2f / %.2f / %.2f", h.clientCores(), h.serviceCores(), h.postgresCores()),
                    h.verified() + " (" + h.mismatches() + ")"));
        }
        if (!paths.isEmpty()) {
            page.table("Through the service (the jar as a child process)", List.of("cell", "path", "connections", "updates/s",
                    "latency median / p99 ms", "errors", "baseline nonScoped idle -> loaded ms", "cores client / service / PostgreSQL",
                    "verified (mismatches)"), paths);
        }
        if (!r.host().isEmpty()) {
            page.heading("The host over the run (sampled every second from /proc)").charts(HostCharts.of(r.host()));
        }
        return page.link("grim-updates.md", "grim-updates.md").link("grim-updates.csv", "grim-updates.csv")
                .link("grim-updates.json", "grim-updates.json").build();
    }
}
