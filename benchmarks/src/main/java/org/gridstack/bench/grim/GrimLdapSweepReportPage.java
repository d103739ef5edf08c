package org.gridstack.bench.grim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gridstack.bench.kit.report.HostCharts;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.SvgChart;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;

/**
 * The web page of a GRIM LDAP sweep (seed 000's LDAP scaling figure): the median QRT of every
 * operation against the size of the data set, on logarithmic axes, one chart per mode, and the
 * table of every point. Stateless.
 */
final class GrimLdapSweepReportPage {
    private GrimLdapSweepReportPage() {
    }

    static HtmlPage build(BenchmarkGrimLdapSweep.Result r) {
        HtmlPage.Builder page = HtmlPage.builder("GRIM on LDAP against the size of the data set (seed 000)")
                .fact("repeats", r.repeats() + " per point (median)")
                .fact("sizes", r.points().stream().map(p -> String.format(Locale.ROOT, "%.3f (%d objects)", p.scale(), p.objects())).toList())
                .fact("machine", r.machine());
        List<SvgChart> charts = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            SvgChart.Builder chart = SvgChart.builder(mode.label() + ": median QRT against objects", "objects", "ms").logAxes(true, true).size(600, 380);
            for (Operation op : Operation.benchmarkOperations()) {
                List<double[]> points = new ArrayList<>();
                for (BenchmarkGrimLdapSweep.Point p : r.points()) {
                    p.cell(op, mode).filter(c -> c.status().equals("ok") && c.qrt().medianMs() > 0)
                            .ifPresent(c -> points.add(new double[] {p.objects(), c.qrt().medianMs()}));
                }
                chart.series(op.number() + " " + op.label(), points);
            }
            charts.add(chart.build());
        }
        page.heading("Query response time against size").charts(charts)
                .note("Seed 000 found MDS2 (LDAP) usable only at about 5 % of its data set; here every size is loaded into OpenLDAP-shaped"
                        + " entries of the same GLUE model.");
        List<List<String>> rows = new ArrayList<>();
        for (BenchmarkGrimLdapSweep.Point p : r.points()) {
            for (BenchmarkGrimOperations.Cell c : p.cells()) {
                rows.add(List.of(String.format(Locale.ROOT, "%.3f", p.scale()), Long.toString(p.objects()), c.number() + " " + c.operation(), c.mode(),
                        c.status(), c.status().equals("ok") ? BenchmarkGrimOperations.ms(c.qrt().medianMs()) : "-",
                        Boolean.toString(c.matchesReference())));
            }
        }
        page.table("Every point", List.of("scale", "objects", "operation", "mode", "status", "median ms", "answer equals reference"), rows);
        if (!r.host().isEmpty()) {
            page.heading("The host over the run (sampled every second from /proc)").charts(HostCharts.of(r.host()));
        }
        return page.link("grim-ldap-sweep.md", "grim-ldap-sweep.md").link("grim-ldap-sweep.csv", "grim-ldap-sweep.csv")
                .link("grim-ldap-sweep.json", "grim-ldap-sweep.json").build();
    }
}
