package org.gridstack.bench.dqp;

import java.util.ArrayList;
import java.util.List;

import java.util.Optional;
import org.gridstack.bench.kit.report.HostCharts;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.SvgChart;
import org.gridstack.bench.kit.TargetVerdict;

/**
 * The web page of a seed 003 run: per part a chart and the tables with the seed's figures beside
 * ours and the ratios: access modes (median time per mode on a logarithmic axis, the seed's times
 * dashed), bytes and time against block size for both codecs (log-log), the Scan-1 cost profile
 * as shares of the wall time beside Figure 7's, the OPERATION_CALL grid (time against evaluators
 * per copy count; speed-up of k evaluators with k copies against the ideal, the 0.8 k target and
 * the seed's best), the targets, and the host monitor's charts. Stateless.
 */
final class DqpReportPage {
    private DqpReportPage() {
    }

    static HtmlPage build(DqpResult r, String baseName) {
        DqpBenchmark.Config c = r.config();
        HtmlPage.Builder page = HtmlPage.builder("OGSA-DQP access modes, block sizes and parallel calls (seed 003)")
                .fact("started", r.started())
                .fact("elapsed", r.elapsed().toSeconds() + " s")
                .fact("cores", r.cores())
                .fact("arguments", c.describe())
                .fact("where", "one host over loopback: two embedded PostgreSQL 15 'hosts', their data services, the evaluators, the "
                        + "EntropyAnalyser copies, the coordinator and the clients all in the benchmark JVM (PostgreSQL as its children)")
                .fact("checks", "every mode's rows equal direct JDBC's (sorted canonical rows) before timing; later runs: row counts");

        page.heading("1. Access modes (seed 003 Figures 2-4)");
        List<AccessMode> modes = List.of(AccessMode.values());
        SvgChart.Builder chart = SvgChart.builder("Median time per access mode (the modes are explained in the table below)",
                "access mode", "ms").categories(modes.stream().map(m -> (modes.indexOf(m) + 1) + " " + m.label()).toList())
                .logAxes(false, true).size(960, 420);
        for (SeedQuery q : SeedQuery.values()) {
            List<double[]> ours = new ArrayList<>();
            List<double[]> seed = new ArrayList<>();
            for (int i = 0; i < modes.size(); i++) {
                int x = i + 1;
                r.mode(q, modes.get(i)).ifPresent(m -> ours.add(new double[] {x, m.medianMillis()}));
                Seed003Reference.time(q, modes.get(i)).ifPresent(t -> seed.add(new double[] {x, t.millis()}));
            }
            if (!ours.isEmpty()) {
                chart.series(q.label() + " (this run)", ours);
            }
            if (!seed.isEmpty()) {
                chart.reference(q.label() + " (seed 003)", seed);
            }
        }
        page.charts(List.of(chart.build()));
        List<List<String>> legend = new ArrayList<>();
        for (int i = 0; i < modes.size(); i++) {
            legend.add(List.of(String.valueOf(i + 1), modes.get(i).label(), modes.get(i).description()));
        }
        page.table("The modes", List.of("#", "mode", "what it is"), legend);
        for (SeedQuery q : SeedQuery.values()) {
            page.table(q.label() + ": " + q.sql(), DqpResult.MODE_HEADERS, r.modeRows(q));
        }
        page.note("Seed figures: " + Seed003Reference.SOURCE + ". The seed's bar charts carry no numbers; only times quoted in its text"
                + " are shown. 'x direct JDBC' is this run's median over direct JDBC's median; 'seed x JDBC' the same for the seed.");

        page.heading("2. Codecs and block sizes (seed 003 Table 2, Figures 5-6)");
        page.table("Bytes of the seed tables in both codecs", DqpResult.CODEC_HEADERS, r.codecRows());
        SvgChart.Builder bytes = SvgChart.builder("Scan-1 bytes against block size", "tuples per block", "bytes").logAxes(true, true).size(480, 320);
        SvgChart.Builder times = SvgChart.builder("Scan-1 time against block size", "tuples per block", "median ms").logAxes(true, true)
                .size(480, 320);
        for (String codec : DqpBenchmark.SWEEP_CODECS) {
            String name = DqpResult.codecLabel(codec);
            List<SweepPoint> series = r.sweep().stream().filter(p -> p.codec().equals(codec)).toList();
            if (series.isEmpty()) {
                continue;
            }
            bytes.series(name + " (data service blocks)", series.stream().map(p -> new double[] {p.blockSize(), p.codecBytes()}).toList());
            bytes.series(name + " (DQP EXCHANGE)", series.stream().map(p -> new double[] {p.blockSize(), p.exchangeBytes()}).toList());
            times.series("data service " + name, series.stream().map(p -> new double[] {p.blockSize(), p.dataService().medianMillis()}).toList());
            times.series("DQP " + name, series.stream().map(p -> new double[] {p.blockSize(), p.dqp().medianMillis()}).toList());
        }
        if (!r.sweep().isEmpty()) {
            times.reference("seed 003 GDS: 218 s at 1, 10.5 s at 120-130", List.of(new double[] {1, Seed003Reference.SCAN_1_TUPLE_REMOTE_MS},
                    new double[] {125, Seed003Reference.SCAN_1_BLOCKED_BEST_MS}));
            page.charts(List.of(bytes.build(), times.build()));
        }
        page.table("Scan-1 block-size sweep (medians)", DqpResult.SWEEP_HEADERS, r.sweepRows()).note(r.stopPayingSentence());

        page.heading("3. Cost profile of DQP Scan-1 (seed 003 Figure 7)");
        List<List<String>> profile = r.profileRows();
        List<String> parts = new ArrayList<>();
        for (int i = 1; i < profile.size(); i++) {
            parts.add(i + " " + profile.get(i).get(0));
        }
        SvgChart.Builder shares = SvgChart.builder("Share of the wall time per part (the rows of the table below)", "part", "% of wall time")
                .categories(parts).size(960, 360);
        List<double[]> seed = new ArrayList<>();
        List<double[]> arrow = new ArrayList<>();
        List<double[]> xml = new ArrayList<>();
        for (int i = 1; i < profile.size(); i++) {
            seed.add(new double[] {i, percent(profile.get(i).get(2))});
            arrow.add(new double[] {i, percent(profile.get(i).get(4))});
            xml.add(new double[] {i, percent(profile.get(i).get(6))});
        }
        shares.reference("seed 003 (28.6 s)", seed).series("this run, Arrow", arrow).series("this run, WebRowSet", xml);
        page.charts(List.of(shares.build()));
        page.table("Figure 7's parts beside the coordinator's profile (one run each)", DqpResult.PROFILE_HEADERS, profile);
        page.note("Part 1 is the wall time. Parts 2-7 overlap (pipelining) in both the seed and here, so their sum (row 8) exceeds the wall"
                + " time. The seed's translation (unpacking at the receiving evaluator) is compared with our EXCHANGE unpacking, its tuple size"
                + " computation with our packing and encoding of blocks.");

        page.heading("4. Parallel OPERATION_CALL (seed 003 Figure 8)");
        SvgChart.Builder byK = SvgChart.builder("Entropy query time against evaluators", "evaluators k", "median ms").integerX().size(480, 320);
        for (int copies : c.copies()) {
            List<double[]> pts = r.grid().stream().filter(g -> g.copies() == copies)
                    .map(g -> new double[] {g.evaluators(), g.timing().medianMillis()}).toList();
            if (!pts.isEmpty()) {
                byK.series(copies + (copies == 1 ? " copy" : " copies"), pts);
            }
        }
        double base = r.gridBaselineMillis();
        List<double[]> diagonal = r.grid().stream().filter(g -> g.evaluators() == g.copies())
                .map(g -> new double[] {g.evaluators(), base / g.timing().medianMillis()}).toList();
        int maxK = c.maxEvaluators();
        SvgChart.Builder speedUp = SvgChart.builder("Speed-up, k evaluators with k copies", "k", "speed-up against k = 1").integerX()
                .size(480, 320).series("this run", diagonal.isEmpty() ? List.of(new double[] {1, Double.NaN}) : diagonal)
                .reference("ideal (k)", List.of(new double[] {1, 1}, new double[] {maxK, maxK}))
                .reference("target 0.8 k", List.of(new double[] {1, 0.8}, new double[] {maxK, 0.8 * maxK}))
                .reference("seed 003 best (2.25 x)", List.of(new double[] {1, Seed003Reference.OPERATION_CALL_BEST_SPEEDUP},
                        new double[] {maxK, Seed003Reference.OPERATION_CALL_BEST_SPEEDUP}));
        if (!r.grid().isEmpty()) {
            page.charts(List.of(byK.build(), speedUp.build()));
        }
        page.table("Median (speed-up against the median of the k = 1 cells); partition i runs on evaluator i and calls copy i mod c", r.gridHeaders(), r.gridRows());
        page.note("LATENCY mode: each call computes the entropy and then waits " + c.entropyLatency().toMillis() + " ms, standing for the"
                + " seed's remote machines on a 2-core host. A copy serves concurrent calls concurrently (its web server has many threads),"
                + " so unlike the seed's single machines the number of copies does not bound the parallelism here; the evaluators do.");

        page.heading("5. Bounded-heap scan (issue 12)").paragraph(r.bigScanSentence());
        page.heading("Targets of issue 12").table("Judged on this run", List.of("target", "measured", "verdict"),
                TargetVerdict.rows(DqpTargets.judge(r)));
        List<SvgChart> host = HostCharts.of(r.host());
        if (!host.isEmpty()) {
            page.heading("The host during the run").charts(host);
        }
        return page.link("Markdown tables", baseName + ".md").link("CSV (one line per measurement)", baseName + ".csv")
                .link("JSON (every number, every run's time, the profiles)", baseName + ".json").build();
    }

    private static double percent(String cell) {
        Optional<String> v = Optional.of(cell.replace("%", "").strip()).filter(s -> !s.equals("-"));
        return v.map(s -> Double.parseDouble(s.replace(",", ""))).orElse(Double.NaN);
    }

}
