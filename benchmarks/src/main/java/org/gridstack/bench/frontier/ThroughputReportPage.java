package org.gridstack.bench.frontier;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.TreeSet;
import org.gridstack.bench.kit.report.HostCharts;
import org.gridstack.bench.kit.report.LevelCharts;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.SvgChart;
import java.util.LinkedHashMap;
import java.util.Map;
import org.gridstack.bench.kit.LevelResult;

/**
 * The web page of one throughput run: what ran where, then queries/s, row-stream MB/s and response
 * times against clients per zip level with plain JDBC beside them, and the production servlet
 * 3.42's queries/s (as the issue measured it on this kind of machine, default query only) as
 * dashed reference lines with our ratio to it. Stateless.
 */
final class ThroughputReportPage {
    private ThroughputReportPage() {
    }

    static HtmlPage build(BenchmarkResult r, String baseName) {
        BenchmarkConfig c = r.config();
        MachineInfo m = r.machine();
        HtmlPage.Builder page = HtmlPage.builder("FroNtier servlet throughput: servlet vs plain JDBC vs production 3.42")
                .fact("started", r.startedAt())
                .fact("elapsed", String.format(Locale.ROOT, "%.0f s", r.elapsed().toMillis() / 1000.0))
                .fact("command", r.command())
                .fact("machine", m.cores() + " cores, " + m.cpuModel() + ", " + m.memory() + ", " + m.os())
                .fact("JVM", m.jvm())
                .fact("load average at start", m.loadAverage())
                .fact("PostgreSQL", r.postgresVersion())
                .fact("data", r.dataset())
                .fact("query", c.query())
                .fact("answer", r.records() + " records, " + r.rowStreamBytes() + " bytes of row stream")
                .fact("warm-up / measured", c.warmup().toMillis() + " ms / " + c.measure().toMillis() + " ms per level");
        List<SvgChart> charts = new ArrayList<>();
        charts.add(chart(r, "Queries per second", "queries/s", s -> s.queriesPerSecond(), true));
        charts.add(chart(r, "Row stream MB/s", "MB/s", LoadStats::payloadMegabytesPerSecond, false));
        charts.add(chart(r, "Median response time", "ms", LoadStats::p50Millis, false));
        charts.add(chart(r, "99th percentile response time", "ms", LoadStats::p99Millis, false));
        page.heading("Throughput and response time against clients").charts(charts)
                .note(r.peer().map(p -> "Every line was measured in this run; the " + p.name() + " (" + p.address()
                        + ") right after ours in every cell, same clients, same database, same checks.")
                        .orElse("Solid: measured in this run. Dashed: the production servlet 3.42 on the same kind of machine"
                        + " (2 cores shared by client, servlet and PostgreSQL; the issue's figures from another day), default query only."));
        List<List<String>> rows = new ArrayList<>();
        for (BenchmarkResult.ServletMeasurement s : r.servlet()) {
            LoadStats st = s.stats();
            OptionalDouble real = ReportWriter.peerQps(r, s.zipLevel(), st.clients());
            rows.add(List.of("servlet zip " + s.zipLevel(), Integer.toString(st.clients()), f1(st.queriesPerSecond()),
                    f1(st.payloadMegabytesPerSecond()), f1(st.p50Millis()), f1(st.p99Millis()),
                    real.isPresent() ? f1(real.getAsDouble()) : "-",
                    real.isPresent() ? String.format(Locale.ROOT, "%.2f x", st.queriesPerSecond() / real.getAsDouble()) : "-"));
        }
        r.peer().ifPresent(p -> p.servlet().forEach(s -> rows.add(List.of(p.name() + " zip " + s.zipLevel(),
                Integer.toString(s.stats().clients()), f1(s.stats().queriesPerSecond()), f1(s.stats().payloadMegabytesPerSecond()),
                f1(s.stats().p50Millis()), f1(s.stats().p99Millis()), "-", "-"))));
        for (BenchmarkResult.JdbcMeasurement j : r.jdbc()) {
            LoadStats st = j.stats();
            OptionalDouble real = RealServletReference.jdbcQps(r.config(), st.clients());
            rows.add(List.of("plain JDBC", Integer.toString(st.clients()), f1(st.queriesPerSecond()), f1(st.payloadMegabytesPerSecond()),
                    f1(st.p50Millis()), f1(st.p99Millis()), real.isPresent() ? f1(real.getAsDouble()) : "-",
                    real.isPresent() ? String.format(Locale.ROOT, "%.2f x", st.queriesPerSecond() / real.getAsDouble()) : "-"));
        }
        page.table("Measured levels", List.of("what", "clients", "queries/s", "row stream MB/s", "p50 ms", "p99 ms",
                r.peer().isPresent() ? "peer queries/s (this run)" : "reference queries/s", "ours / reference"), rows);
        Map<String, LevelResult> busiest = new LinkedHashMap<>();
        int most = r.servlet().stream().mapToInt(s -> s.stats().clients()).max().orElse(0);
        r.servlet().stream().filter(s -> s.stats().clients() == most)
                .forEach(s -> busiest.put("servlet zip " + s.zipLevel(), s.stats().level()));
        r.peer().ifPresent(p -> p.servlet().stream().filter(s -> s.stats().clients() == most)
                .forEach(s -> busiest.put(p.name() + " zip " + s.zipLevel(), s.stats().level())));
        r.jdbc().stream().filter(j -> j.stats().clients() == most).forEach(j -> busiest.put("plain JDBC", j.stats().level()));
        if (!busiest.isEmpty()) {
            page.heading("Over time and per client, at " + most + " client(s)")
                    .charts(List.of(LevelCharts.instantThroughput("Instant throughput, " + most + " client(s)", busiest),
                            LevelCharts.perClient("Queries per client, " + most + " client(s)", busiest)))
                    .note("A dip in the left chart is a stall (GC, a checkpoint, another process); a low point in the right one a starved client.");
        }
        if (!r.host().isEmpty()) {
            page.heading("The host over the run (sampled every second from /proc)").charts(HostCharts.of(r.host()))
                    .note("Cores busy per process include its children. The benchmark JVM runs the load clients; on a 2-core"
                            + " machine whatever it and the other processes take is not available to the servlet.");
        }
        return page.link("Markdown summary", baseName + ".md").link("JSON (every number)", baseName + ".json")
                .link("CSV (one line per level)", baseName + ".csv").build();
    }

    private interface Metric {
        double of(LoadStats s);
    }

    private static SvgChart chart(BenchmarkResult r, String title, String unit, Metric metric, boolean withReference) {
        SvgChart.Builder chart = SvgChart.builder(title, "clients", unit).integerX().size(560, 340);
        for (int level : new TreeSet<>(r.servlet().stream().map(BenchmarkResult.ServletMeasurement::zipLevel).toList())) {
            List<double[]> points = new ArrayList<>();
            List<double[]> reference = new ArrayList<>();
            for (BenchmarkResult.ServletMeasurement s : r.servlet()) {
                if (s.zipLevel() == level) {
                    points.add(new double[] {s.stats().clients(), metric.of(s.stats())});
                    RealServletReference.servletQps(r.config(), level, s.stats().clients()).ifPresent(q -> reference.add(new double[] {s.stats().clients(), q}));
                }
            }
            chart.series("servlet zip " + level, points);
            int z = level;
            r.peer().ifPresent(p -> chart.series(p.name() + " zip " + z, p.servlet().stream().filter(s -> s.zipLevel() == z)
                    .map(s -> new double[] {s.stats().clients(), metric.of(s.stats())}).toList()));
            if (withReference && !reference.isEmpty() && r.peer().isEmpty()) {
                chart.reference("production 3.42 zip " + level + " (issue, other day)", reference);
            }
        }
        if (!r.jdbc().isEmpty()) {
            chart.series("plain JDBC", r.jdbc().stream().map(j -> new double[] {j.stats().clients(), metric.of(j.stats())}).toList());
        }
        return chart.build();
    }



    private static String f1(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : "-";
    }
}
