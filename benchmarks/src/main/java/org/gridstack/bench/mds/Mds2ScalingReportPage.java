package org.gridstack.bench.mds;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.gridstack.bench.kit.report.HostCharts;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.SvgChart;
import org.gridstack.bench.kit.RunScale;

/**
 * The web page of a seed 001 run: per experiment set, as seed 001 drew them, throughput and mean
 * CORT against its x axis (users, IPs or GRISes; one line per variant) and, per variant, the
 * NetLogger steps (mean ms per query, logarithmic) against the same axis; the level table; seed
 * 001 beside this run with issue 11's target; the host monitor's charts. Stateless.
 */
final class Mds2ScalingReportPage {
    private Mds2ScalingReportPage() {
    }

    static HtmlPage build(Mds2ScalingBenchmark.Result r, String baseName) {
        Mds2ScalingBenchmark.Config c = r.config();
        HtmlPage.Builder page = HtmlPage.builder("MDS2 GRIS and GIIS scalability (seed 001 reduced)")
                .fact("started", r.started())
                .fact("elapsed", r.elapsed().toSeconds() + " s")
                .fact("cores", r.cores())
                .fact("arguments", c.describe())
                .fact("users", "a new LDAP connection per query, " + c.think().toMillis() + " ms between answer and next query (seed 001: 1 s);"
                        + " every answer checked (entry count, IP entries only)")
                .fact("where", "every GRIS, the GIIS and the users: this JVM (GRISes on ports of their own); IP scripts: its child processes")
                .fact("steps", "connect: client side; init_search, invoke_provider, generate_result, search_index, transmit: the answering"
                        + " server's mds.step timers, mean ms per query over the measured interval");
        for (Seed001Experiment e : c.experiments()) {
            List<Mds2Level> levels = r.of(e);
            Set<String> variants = new LinkedHashSet<>();
            levels.forEach(l -> variants.add(l.variant()));
            boolean logX = e == Seed001Experiment.GRIS_USERS || e == Seed001Experiment.GIIS_USERS;
            SvgChart.Builder qps = SvgChart.builder(e.title() + ": throughput", e.xLabel(), "queries/s").integerX().logAxes(logX, false)
                    .size(480, 320);
            SvgChart.Builder cort = SvgChart.builder(e.title() + ": mean CORT", e.xLabel(), "ms").integerX().logAxes(logX, true).size(480, 320);
            for (String v : variants) {
                qps.series(v, points(levels, v, Mds2Level::queriesPerSecond));
                cort.series(v, points(levels, v, Mds2Level::cortMillis));
            }
            if (e == Seed001Experiment.GRIS_PROVIDERS) {
                qps.reference("seed 001: cached, 90 IPs: 8 queries/s", List.of(new double[] {90, Seed001Reference.CACHED_GRIS_90_IPS_QUERIES_PER_SECOND},
                        new double[] {90, Seed001Reference.CACHED_GRIS_90_IPS_QUERIES_PER_SECOND}));
            }
            List<SvgChart> charts = new ArrayList<>(List.of(qps.build(), cort.build()));
            for (String v : variants) {
                SvgChart.Builder steps = SvgChart.builder(e.title() + ", " + v + ": steps", e.xLabel(), "mean ms per query").integerX()
                        .logAxes(logX, true).size(480, 320);
                for (String s : StepTimes.STEPS) {
                    List<double[]> p = points(levels, v, l -> l.steps().mean(s)).stream().filter(x -> Double.isFinite(x[1]) && x[1] > 0).toList();
                    if (!p.isEmpty()) {
                        steps.series(s, p);
                    }
                }
                charts.add(steps.build());
            }
            List<List<String>> rows = levels.stream().map(Mds2Level::cells).toList();
            List<String> headers = new ArrayList<>(Mds2Level.HEADERS);
            headers.set(1, e.xLabel());
            page.heading(e.title()).paragraph(e.setUp() + ".").charts(charts).table("Every level (step columns: mean ms per query)", headers, rows);
        }
        List<List<String>> cmp = new ArrayList<>();
        for (Seed001Comparisons.Row row : Seed001Comparisons.judge(r.levels())) {
            cmp.add(List.of(row.claim(), row.seed(), row.ours(), RunScale.verdict(row.verdict())));
        }
        page.heading("Seed 001 beside this run").table("Seed 001's published statements and issue 11's target",
                        List.of("claim", "seed 001", "this run", "verdict"), cmp)
                .note("Source: " + Seed001Reference.SOURCE + ". Seed 001's hardware: dual 1133 MHz PIII servers, users on 20 hosts over"
                        + " 100 Mbps LANs; answer sizes there: " + Seed001Reference.ANSWER_SIZES + ". Its curves are only drawn, not"
                        + " given in numbers.");
        List<SvgChart> host = HostCharts.of(r.host());
        if (!host.isEmpty()) {
            page.heading("The host during the run").charts(host);
        }
        return page.link("Markdown tables", baseName + ".md").link("CSV (one line per level)", baseName + ".csv")
                .link("JSON (every number, per-user counts)", baseName + ".json").build();
    }

    private static List<double[]> points(List<Mds2Level> levels, String variant, ToDoubleFunction<Mds2Level> y) {
        return levels.stream().filter(l -> l.variant().equals(variant)).map(l -> new double[] {l.x(), y.applyAsDouble(l)}).toList();
    }
}
