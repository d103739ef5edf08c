package org.gridstack.bench.mds;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;
import org.gridstack.bench.kit.report.HostCharts;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.SvgChart;
import org.gridstack.bench.kit.TargetVerdict;

/**
 * The web page of a seed 002 run: per index size N three charts against clients on logarithmic
 * axes, as seed 002 drew them (queries/min per
 * server with seed 002's published MDS2 and MDS4 peaks as dashed lines where its text gives them;
 * median response time; Jain's fairness index), the seed's peaks beside ours with the ratios, the
 * issue's targets, every level in a table, and the host monitor's charts. Stateless.
 */
final class MdsIndexReportPage {
    private MdsIndexReportPage() {
    }

    static HtmlPage build(MdsIndexBenchmark.Result r, String baseName) {
        MdsIndexBenchmark.Config c = r.config();
        HtmlPage.Builder page = HtmlPage.builder("MDS index against clients (seed 002 reduced)")
                .fact("started", r.started())
                .fact("elapsed", r.elapsed().toSeconds() + " s")
                .fact("cores", r.cores())
                .fact("arguments", c.describe())
                .fact("query", "LDAP subtree search " + IndexLayout.FILTER + " below the N entries' parent; XML index XPath "
                        + IndexLayout.XPATH + "; every answer checked to hold all N entries")
                .fact("where", "slapd and the BDII: child processes; GRIS, GIIS, XML index and the clients: this JVM");
        int lo = c.clients().stream().mapToInt(Integer::intValue).min().orElse(1);
        int hi = c.clients().stream().mapToInt(Integer::intValue).max().orElse(1);
        for (int n : c.sizes()) {
            SvgChart.Builder qpm = SvgChart.builder("N = " + n + ": queries/min", "clients", "queries/min").integerX()
                    .logAxes(true, true).size(480, 320);
            SvgChart.Builder median = SvgChart.builder("N = " + n + ": median response time", "clients", "ms").integerX()
                    .logAxes(true, true).size(480, 320);
            SvgChart.Builder jain = SvgChart.builder("N = " + n + ": Jain's fairness index", "clients", "Jain's index").integerX()
                    .logAxes(true, false).size(480, 320);
            for (IndexServer s : c.servers()) {
                qpm.series(s.label(), points(r, s, n, l -> l.queriesPerMinute()));
                median.series(s.label(), points(r, s, n, l -> l.result().latency().p50Millis()));
                jain.series(s.label(), points(r, s, n, l -> l.result().jainFairness()));
            }
            OptionalDouble mds2 = Seed002Reference.mds2Peak(n);
            OptionalDouble mds4 = Seed002Reference.mds4Peak(n);
            if (mds2.isPresent()) {
                qpm.reference("seed 002 MDS2 GIIS peak", flat(lo, hi, mds2.getAsDouble()));
            }
            if (mds4.isPresent()) {
                qpm.reference("seed 002 MDS4 index peak", flat(lo, hi, mds4.getAsDouble()));
            }
            page.heading("Index of N = " + n + " entries").charts(List.of(qpm.build(), median.build(), jain.build()));
        }
        page.heading("Seed 002's published figures beside this run")
                .table("Peak queries/min (seed: 2005, dual 2.4 GHz Xeon server, 20 client nodes; here: one host, loopback)",
                        MdsIndexBenchmark.Result.SEED_HEADERS, r.seedRows())
                .note("Source: " + Seed002Reference.SOURCE + ". Its text gives the peaks only for N = 1 and 100. Its MDS2 starved clients"
                        + " from 2 to about 128 concurrent clients: at N = 100 with 16 clients one client made "
                        + String.format(Locale.ROOT, "%,d", Seed002Reference.STARVATION_TOP_CLIENT_QUERIES) + " queries while the other 15 made "
                        + String.format(Locale.ROOT, "%,d", Seed002Reference.STARVATION_OTHER_15_CLIENTS_QUERIES) + " (Jain's index about "
                        + String.format(Locale.ROOT, "%.3f", Seed002Reference.starvationJainIndex()) + ").");
        page.table("Targets of the issue", List.of("target", "measured", "verdict"),
                TargetVerdict.rows(MdsTargets.judge(r.levels())));
        List<List<String>> rows = new ArrayList<>();
        for (MdsLevel l : r.levels()) {
            var x = l.result();
            rows.add(List.of(String.valueOf(l.entries()), l.server().label(), String.valueOf(l.clients()),
                    String.format(Locale.ROOT, "%,.0f", x.queriesPerMinute()), String.format(Locale.ROOT, "%.2f", x.latency().p50Millis()),
                    String.format(Locale.ROOT, "%.2f", x.latency().p99Millis()), String.format(Locale.ROOT, "%.3f", x.jainFairness()),
                    MdsLevel.ratio(x.maxMinRatio()), String.valueOf(x.errors()), x.firstError() == null ? "" : x.firstError()));
        }
        page.heading("Every level").table("One row per server, N and client count",
                List.of("N", "server", "clients", "queries/min", "median ms", "p99 ms", "Jain", "max/min", "errors", "first error"), rows);
        List<SvgChart> host = HostCharts.of(r.host());
        if (!host.isEmpty()) {
            page.heading("The host during the run").charts(host);
        }
        return page.link("Markdown tables", baseName + ".md").link("CSV (one line per level)", baseName + ".csv")
                .link("JSON (every number, per-client counts)", baseName + ".json").build();
    }

    private static List<double[]> points(MdsIndexBenchmark.Result r, IndexServer s, int n, ToDoubleFunction<MdsLevel> y) {
        return r.levels().stream().filter(l -> l.server() == s && l.entries() == n)
                .map(l -> new double[] {l.clients(), y.applyAsDouble(l)}).toList();
    }

    private static List<double[]> flat(int lo, int hi, double y) {
        return List.of(new double[] {lo, y}, new double[] {hi, y});
    }
}
