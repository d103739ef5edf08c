package org.gridstack.bench.grim;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.report.ReportIndex;
import org.gridstack.bench.kit.report.TextTable;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.GrimBackend;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import java.io.IOException;
import java.util.Comparator;
import org.gridstack.bench.kit.report.Headline;

/**
 * The LDAP backend at the seed's database sizes (5/10/25/50/100 %): per scale the load time and
 * every operation's median QRT in best and faithful mode (with cutoff), using the same
 * measurement as {@link BenchmarkGrimOperations}. LDAP is loaded straight from the generated
 * objects (no PostgreSQL in the chain: the copies are equal, see the operations benchmark).
 */
public final class BenchmarkGrimLdapSweep {
    public record Config(List<Double> scales, int repeats, Duration cutoff, Path output, long seed) {
        public Config {
            requireNonNull(scales, "scales is null");
        }

        static Config parse(String[] args) {
            Options o = CommandLineArgs.parse(new Options(), args);
            return new Config(o.scales, o.repeats, Duration.ofMillis(o.cutoffMillis), o.run.output, o.run.seed);
        }
    }

    @Command(name = "BenchmarkGrimLdapSweep", description = "the operations on LDAP at growing fractions of the data set (benchmarks/docs/grim.md)")
    static final class Options {
        @Option(names = "--scales", split = ",", paramLabel = "F", description = "fractions of the data set (default 0.05,0.10,0.25,0.50,1.0)")
        List<Double> scales = List.of(0.05, 0.10, 0.25, 0.50, 1.0);
        @Option(names = "--repeats", paramLabel = "N", description = "measured calls per cell (default 5)")
        int repeats = 5;
        @Option(names = "--cutoff-ms", paramLabel = "MS", description = "a call slower than this does not complete (default 100000)")
        long cutoffMillis = 100_000;
        @Mixin
        GrimRunOptions run = new GrimRunOptions();
    }

    public record Point(double scale, long objects, long loadMillis, List<BenchmarkGrimOperations.Cell> cells) {
        public Optional<BenchmarkGrimOperations.Cell> cell(Operation op, Mode mode) {
            return cells.stream().filter(c -> c.operation().equals(op.label()) && c.mode().equals(mode.label())).findFirst();
        }
    }

    public record Result(String machine, int repeats, List<Point> points, List<HostMonitor.Sample> host) {
    }

    private BenchmarkGrimLdapSweep() {
    }

    public static void main(String[] args) throws Exception {
        Config c = Config.parse(args);
        Result r = run(c);
        System.out.println(table(r));
        System.out.println("results: " + c.output().toAbsolutePath());
    }

    public static Result run(Config c) throws Exception {
        String machine = ResultFiles.machine();
        List<Point> points = new ArrayList<>();
        HostMonitor monitor = HostMonitor.startForThisProcessTree("benchmark JVM and its children (PostgreSQL, slapd)");
        try (monitor) {
            for (double scale : c.scales()) {
                BenchmarkGrimOperations.Config oc = new BenchmarkGrimOperations.Config(scale, c.repeats(), 1, List.of("ldap"), c.cutoff(), c.output(),
                        c.seed());
                try (GrimBackendSet set = GrimBackendSet.load(List.of("ldap"), scale, c.seed()); CutoffExecutor calls = new CutoffExecutor()) {
                    GrimBackend ldap = set.backend("ldap");
                    List<BenchmarkGrimOperations.Cell> cells = new ArrayList<>();
                    for (Operation op : Operation.benchmarkOperations()) {
                        for (Mode mode : Mode.values()) {
                            cells.add(BenchmarkGrimOperations.measure(ldap, op, mode, set, calls, oc));
                        }
                    }
                    Point p = new Point(scale, set.source().totalObjects(), set.loadMillis().get("ldap"), cells);
                    points.add(p);
                    System.out.printf(Locale.ROOT, "ldap scale %.2f: %d objects loaded in %d ms%n", scale, p.objects(), p.loadMillis());
                }
            }
        }
        Result r = new Result(machine, c.repeats(), points, monitor.stop());
        write(r, c.output());
        return r;
    }

    static void write(Result r, Path dir) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        for (Point p : r.points()) {
            for (BenchmarkGrimOperations.Cell c : p.cells()) {
                rows.add(List.of(p.scale(), p.objects(), p.loadMillis(), c.number(), c.operation(), c.mode(), c.status(), c.qrt().medianMs(),
                        c.requests(), c.bytes(), c.rows(), c.matchesReference()));
            }
        }
        ResultFiles.csv(dir, "grim-ldap-sweep.csv", List.of("scale", "objects", "load_ms", "number", "operation", "mode", "status", "median_ms",
                "requests", "bytes", "rows", "matches_reference"), rows);
        ResultFiles.json(dir, "grim-ldap-sweep.json", r);
        ResultFiles.text(dir, "grim-ldap-sweep.md", table(r));
        GrimLdapSweepReportPage.build(r).write(dir.resolve("grim-ldap-sweep.html"));
        headline(r).write(dir);
        ReportIndex.update(dir);
    }

    /**
     * The headline: at the largest fraction of the data set, the slowest operation's median QRT in
     * best mode. The sweep has no reference: no peer runs beside it, and the seed gave MDS2 at these
     * sizes no number (it managed 5 % of the database only).
     */
    static Headline headline(Result r) {
        Optional<Point> largest = r.points().stream().max(Comparator.comparingDouble(Point::scale));
        double slowest = largest.flatMap(p -> p.cells().stream().filter(c -> c.mode().equals(Mode.BEST.label()) && c.status().equals("ok"))
                .map(c -> c.qrt().medianMs()).max(Double::compare)).orElse(Double.NaN);
        String what = largest.map(p -> String.format(Locale.ROOT, "LDAP at %.1f %% of the data set: slowest operation's median QRT (best mode)", 100 * p.scale()))
                .orElse("LDAP: slowest operation's median QRT (best mode)");
        return Headline.withoutReference(what, slowest, "ms", false);
    }

    static String table(Result r) {
        List<String> headers = new ArrayList<>(List.of("operation"));
        r.points().forEach(p -> headers.add(String.format(Locale.ROOT, "%.0f %%", p.scale() * 100)));
        TextTable table = TextTable.of(headers);
        List<Object> loads = new ArrayList<>(List.of("objects / load ms"));
        r.points().forEach(p -> loads.add(p.objects() + " / " + p.loadMillis()));
        table.row(loads);
        for (Operation op : Operation.benchmarkOperations()) {
            List<Object> row = new ArrayList<>(List.of(op.number() + " " + op.label()));
            r.points().forEach(p -> row.add(text(p.cell(op, Mode.BEST)) + " / " + text(p.cell(op, Mode.FAITHFUL))));
            table.row(row);
        }
        return "LDAP scale sweep (median QRT ms, best / faithful; seed: MDS2 worked only at 5 %, QRT growing exponentially with size); "
                + r.machine() + "\n\n" + table.markdown();
    }

    private static String text(Optional<BenchmarkGrimOperations.Cell> c) {
        if (c.isEmpty()) {
            return "-";
        }
        return c.get().status().equals("ok") ? BenchmarkGrimOperations.ms(c.get().qrt().medianMs()) + (c.get().matchesReference() ? "" : " WRONG")
                : c.get().status();
    }
}
