package org.gridstack.bench.invalidation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gridstack.bench.kit.LatencySummary;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.SvgChart;
import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.report.HostCharts;

/**
 * The web page of an invalidation-staleness run: for each granularity the staleness of every
 * round (how long the changed answer was still served through the two Squid levels) and its
 * distribution, and the purges each granularity needed (the price of row granularity's precision
 * and of table granularity's simplicity). The thesis found Squid's expiry-based consistency too
 * coarse; it gives no staleness figure to put beside ours. Stateless.
 */
final class InvalidationReportPage {
    private InvalidationReportPage() {
    }

    static HtmlPage build(List<InvalidationStalenessBenchmark.Result> results, List<HostMonitor.Sample> host) {
        HtmlPage.Builder page = HtmlPage.builder("Invalidation through two Squid levels: staleness and purges")
                .fact("set-up", "servlet with row-level change tracking, a site Squid under a central Squid, updates by JDBC, purges by the"
                        + " servlet's invalidator; the changed URL polled through the site Squid until the new value shows");
        SvgChart.Builder rounds = SvgChart.builder("Staleness of each round", "round", "ms").integerX().size(560, 340);
        SvgChart.Builder sorted = SvgChart.builder("Staleness distribution", "share of rounds", "ms").size(560, 340);
        List<List<String>> rows = new ArrayList<>();
        for (InvalidationStalenessBenchmark.Result r : results) {
            List<double[]> byRound = new ArrayList<>();
            List<Double> ms = r.stalenessMillis();
            for (int i = 0; i < ms.size(); i++) {
                byRound.add(new double[] {i + 1, ms.get(i)});
            }
            rounds.series(r.granularity(), byRound);
            List<Double> order = ms.stream().sorted().toList();
            List<double[]> cdf = new ArrayList<>();
            for (int i = 0; i < order.size(); i++) {
                cdf.add(new double[] {(i + 1.0) / order.size(), order.get(i)});
            }
            sorted.series(r.granularity(), cdf);
            LatencySummary st = r.staleness();
            rows.add(List.of(r.granularity(), Integer.toString(r.rounds()), Integer.toString(r.urlsPerRound()), f(st.p50Millis()), f(st.p99Millis()),
                    f(st.maxMillis()), Integer.toString(r.changedAnswers()), String.format(Locale.ROOT, "%.0f", r.purges()),
                    String.format(Locale.ROOT, "%.0f %%", 100 * r.overInvalidation()), String.format(Locale.ROOT, "%.0f", r.skipped()),
                    String.format(Locale.ROOT, "%.0f", r.failures())));
        }
        page.heading("Staleness").charts(List.of(rounds.build(), sorted.build()));
        page.table("Per granularity", List.of("granularity", "rounds", "URLs cached per round", "staleness p50 ms", "p99 ms", "max ms",
                "answers changed", "purges sent", "of them for unchanged answers", "URLs kept (skipped)", "failed purges"), rows);
        if (!host.isEmpty()) {
            page.heading("The host over the run (sampled every second from /proc)").charts(HostCharts.of(host));
        }
        return page.link("invalidation-staleness.md", "invalidation-staleness.md").build();
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
