package org.gridstack.bench.grim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gridstack.bench.kit.report.HostCharts;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.SvgChart;

/**
 * The web page of a GRIM scenarios run (seed 000, Figures 10 and 11, Table 3): for every backend
 * and scenario the interval-average QRT of each query thread over the run (the seed's time-series
 * figures; Phase II, with the update threads, between the marked times), the Figures 10/11
 * breakdown (alone, + concurrent queries, + concurrent updates) beside the seed's, and the
 * per-thread table. Stateless.
 */
final class GrimScenariosReportPage {
    /** What seed 000 printed for its Figures 10 (nonScoped) and 11 (indexed): alone, + queries, + updates, total (ms). */
    private static final List<List<String>> SEED = List.of(
            List.of("Fig. 10 nonScoped", "MySQL", "3", "+0", "+3", "6"),
            List.of("Fig. 10 nonScoped", "Xindice", "400", "+340", "+935", "1,675"),
            List.of("Fig. 10 nonScoped", "MDS2", "500", "+16,300", "+20,000", "36,800"),
            List.of("Fig. 11 indexed", "MySQL", "9", "+9", "+12", "30"),
            List.of("Fig. 11 indexed", "Xindice", "1,000", "+269,000", "+170,000", "440,000"),
            List.of("Fig. 11 indexed", "MDS2", "100", "+16,900", "+20,000", "37,000"));

    private GrimScenariosReportPage() {
    }

    static HtmlPage build(BenchmarkGrimScenarios.Result r) {
        HtmlPage.Builder page = HtmlPage.builder("GRIM scenarios: queries with and without concurrent updates (seed 000)")
                .fact("data set", String.format(Locale.ROOT, "scale %.3f of seed 000's", r.scale()))
                .fact("interval", String.format(Locale.ROOT, "%.2f s per point (the seed's interval average)", r.intervalSeconds()))
                .fact("answers equal the reference", r.answersMatchReference())
                .fact("machine", r.machine());
        List<SvgChart> charts = new ArrayList<>();
        for (BenchmarkGrimScenarios.Run run : r.runs()) {
            SvgChart.Builder chart = SvgChart.builder(String.format(Locale.ROOT, "%s, scenario %d (Phase II %.1f-%.1f s)", run.backend(),
                    run.scenario(), run.phase2From(), run.phase2To()), "seconds", "mean QRT ms").size(460, 300);
            for (BenchmarkGrimScenarios.QueryThread q : run.queries()) {
                List<double[]> points = new ArrayList<>();
                List<Double> avg = q.series().averagesMs();
                for (int i = 0; i < avg.size(); i++) {
                    points.add(new double[] {i * q.series().intervalSeconds(), avg.get(i)});
                }
                chart.series(q.name() + " " + q.operation(), points);
            }
            charts.add(chart.build());
        }
        page.heading("Query response time over each run").charts(charts)
                .note("Phase II (the update threads running) is the seed's 360-660 s of 1,200 s, scaled to the run's length; the"
                        + " title of each chart gives its times.");
        List<List<String>> breakdown = new ArrayList<>();
        for (BenchmarkGrimScenarios.Breakdown b : r.breakdowns()) {
            breakdown.add(List.of(b.backend(), Integer.toString(b.scenario()), b.thread() + " " + b.operation(), ms(b.aloneMs()),
                    signed(b.concurrentQueriesMs()), signed(b.concurrentUpdatesMs()), ms(b.totalMs())));
        }
        page.table("Figures 10/11 breakdown, ours (ms)", List.of("backend", "scenario", "query", "alone", "+ concurrent queries",
                "+ concurrent updates", "= total (Phase II)"), breakdown);
        page.table("Figures 10/11 as seed 000 printed them (ms; dual Xeon, 2003)", List.of("figure", "platform", "alone",
                "+ concurrent queries", "+ concurrent updates", "= total"), SEED);
        List<List<String>> threads = new ArrayList<>();
        for (BenchmarkGrimScenarios.Run run : r.runs()) {
            for (BenchmarkGrimScenarios.QueryThread q : run.queries()) {
                threads.add(List.of(run.backend(), Integer.toString(run.scenario()), q.name() + " " + q.operation(), Long.toString(q.responses()),
                        ms(q.phase1Ms()) + " / " + ms(q.phase2Ms()) + " / " + ms(q.phase3Ms()), String.format(Locale.ROOT, "%.2f", q.bytes() / 1e6),
                        String.format(Locale.ROOT, "%.3f", q.mbps())));
            }
        }
        page.table("Per query thread (Table 3: the seed's indexed thread got 1.8 MB / 0.012 Mbps from MySQL, 697 MB / 4.64 Mbps from Xindice"
                + " in 20 minutes)", List.of("backend", "scenario", "thread", "responses", "Phase I / II / III mean ms", "MB", "Mbps"), threads);
        if (!r.host().isEmpty()) {
            page.heading("The host over the run (sampled every second from /proc)").charts(HostCharts.of(r.host()));
        }
        return page.link("grim-scenarios.md", "grim-scenarios.md").link("grim-scenarios.json", "grim-scenarios.json")
                .link("grim-scenarios-intervals.csv", "grim-scenarios-intervals.csv").build();
    }

    private static String ms(double v) {
        return BenchmarkGrimOperations.ms(v);
    }

    private static String signed(double v) {
        return (v >= 0 ? "+" : "-") + BenchmarkGrimOperations.ms(Math.abs(v));
    }
}
