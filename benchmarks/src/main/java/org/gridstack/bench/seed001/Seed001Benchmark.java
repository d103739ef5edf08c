package org.gridstack.bench.seed001;

import static java.util.Objects.requireNonNull;
import static org.gridstack.bench.kit.CommandLineArgs.orPreset;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.gridstack.bench.hawkeye.Seed001HawkeyeSites;
import org.gridstack.bench.kit.BenchmarkMain;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.bench.kit.LevelTimeOptions;
import org.gridstack.bench.kit.PresetOptions;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.Scale;
import org.gridstack.bench.kit.ThinkingUserOptions;
import org.gridstack.bench.kit.report.RunFiles;
import org.gridstack.bench.kit.report.TextTable;
import org.gridstack.bench.mds.Seed001MdsSites;
import org.gridstack.bench.rgma.Seed001RgmaSites;
import org.gridstack.bench.suite.ExperimentCatalog;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import com.sun.management.OperatingSystemMXBean;
import org.gridstack.bench.kit.report.Headline;

/**
 * Seed 001's four experiment sets for all three designs in one run, on the same machine, the same
 * collectors (mds-index's in-process IPs: GRIS IPs, Hawkeye modules; R-GMA's producers publish the
 * seed's CPU-load table) and the same load driver (closed-loop users with the seed's think time):
 * (1) information server vs users: GRIS, ProducerServlet, agent; (2) directory server vs users:
 * GIIS, registry, manager; (3) information server vs 10..90 collectors, fixed users; (4) aggregate
 * server vs information servers: GIIS vs GRISes, archiver vs stream producers, manager vs agents,
 * fixed users. Each level asks the seed's whole-answer query and the same items with two attributes
 * (plus, for Hawkeye's manager, a constraint matching about 1 % of the ads); the designs run one
 * after another at every level (see {@link #runLevels}). Every answer is checked. Per level:
 * queries/s, response time (mean, p50, p99), errors, answer size, load1, the JVM's CPU and each
 * design's step timers. Beside them seed 001's setups, figures and recommendations
 * ({@link ThreeWayReference}, {@link RecommendationChecks}). Results:
 * {@code seed001.{md,csv,json,html}}. Not thread-safe; each {@link #run} is independent.
 */
public final class Seed001Benchmark {
    static final String BASE_NAME = "seed001";

    /** Settings of a run; {@code verdicts} false (tiny scale) leaves the recommendation verdicts out. */
    public record Config(List<Integer> sets, List<Integer> users, List<Integer> collectors, List<Integer> servers, int fixedUsers,
            Duration think, Duration warmup, Duration measure, boolean verdicts) {
        public Config {
            sets = List.copyOf(requireNonNull(sets, "sets is null"));
            users = List.copyOf(requireNonNull(users, "users is null"));
            collectors = List.copyOf(requireNonNull(collectors, "collectors is null"));
            servers = List.copyOf(requireNonNull(servers, "servers is null"));
            requireNonNull(think, "think is null");
            requireNonNull(warmup, "warmup is null");
            requireNonNull(measure, "measure is null");
            if (sets.isEmpty() || users.isEmpty() || collectors.isEmpty() || servers.isEmpty()) {
                throw new IllegalArgumentException("sets, users, collectors and servers need a value each");
            }
            check("sets", sets, 1, 4);
            check("users", users, 1, 2_000);
            check("collectors", collectors, 1, 95);
            check("servers", servers, 1, 1_000);
            check("fixed-users", List.of(fixedUsers), 1, 2_000);
            if (measure.isZero() || measure.isNegative() || warmup.isNegative() || think.isNegative()) {
                throw new IllegalArgumentException("measure must be positive, warm-up and think time not negative");
            }
        }

        private static void check(String what, List<Integer> values, int min, int max) {
            for (int v : values) {
                if (v < min || v > max) {
                    throw new IllegalArgumentException(what + " value " + v + " is outside " + min + ".." + max);
                }
            }
        }

        String describe() {
            return "--sets=" + join(sets) + " --users=" + join(users) + " --collectors=" + join(collectors) + " --servers="
                    + join(servers) + " --fixed-users=" + fixedUsers + " --think-millis=" + think.toMillis() + " --warmup-millis="
                    + warmup.toMillis() + " --measure-millis=" + measure.toMillis();
        }
    }

    /** The run's levels, what could not be measured, and the settings. */
    public record Result(Config config, List<ThreeWayLevel> levels, List<String> failures, LocalDateTime started, Duration elapsed,
            int cores) implements BenchmarkMain.Report {
        public Result {
            requireNonNull(config, "config is null");
            levels = List.copyOf(levels);
            failures = List.copyOf(failures);
        }

        List<ThreeWayLevel> of(SeedSet set) {
            return levels.stream().filter(l -> l.set() == set).toList();
        }

        List<RecommendationChecks.Row> checks() {
            return RecommendationChecks.judge(levels, config.think().toMillis(), config.verdicts());
        }

        public String markdown() {
            StringBuilder s = new StringBuilder("### Seed 001: MDS2, R-GMA and Hawkeye side by side\n\n");
            s.append("Run ").append(started.truncatedTo(ChronoUnit.SECONDS)).append(" (").append(elapsed.toSeconds()).append(" s), ")
                    .append(cores).append(" cores, `").append(config.describe()).append("`. One JVM holds every server and the users")
                    .append(" (R-GMA's PostgreSQL is a process of its own); think time ").append(config.think().toMillis())
                    .append(" ms (seed: 1000). Compare the designs within this run (ratios), not with the seed's hardware.\n\n");
            for (SeedSet set : SeedSet.values()) {
                List<ThreeWayLevel> of = of(set);
                if (of.isEmpty()) {
                    continue;
                }
                s.append("#### ").append(set.title()).append("\n\nSeed 001:\n\n");
                for (Design d : Design.values()) {
                    s.append("- ").append(d.label()).append(": ").append(ThreeWayReference.SEED.get(set).get(d)).append('\n');
                }
                TextTable table = TextTable.of(ThreeWayLevel.HEADERS);
                of.forEach(l -> table.row(l.cells()));
                s.append('\n').append(table.markdown());
                s.append('\n').append(ratios(set)).append('\n');
            }
            if (!failures.isEmpty()) {
                s.append("#### Not measured\n\n");
                failures.forEach(f -> s.append("- ").append(f.replace('\n', ' ')).append('\n'));
                s.append('\n');
            }
            TextTable recommendations = TextTable.of("design", "seed 001", "this run (largest level, all data)", "verdict");
            checks().forEach(r -> recommendations.row(r.design(), r.seed(), r.ours(), r.verdict()));
            s.append("#### Seed 001's recommendations against this run\n\n").append(recommendations.markdown());
            s.append("\nSource: ").append(ThreeWayReference.SOURCE).append(".\n");
            return s.toString();
        }

        /** Per x of a set: each design's median (whole answers) relative to MDS2's. */
        String ratios(SeedSet set) {
            TextTable table = TextTable.of(set.xLabel(), "MDS2 ms", "R-GMA ms (x MDS2)", "Hawkeye ms (x MDS2)");
            of(set).stream().map(ThreeWayLevel::x).distinct().forEach(x -> {
                Optional<ThreeWayLevel> m = find(set, Design.MDS2, x);
                List<Object> row = new ArrayList<>(List.of(x, m.map(l -> ThreeWayLevel.fmt(l.medianMillis())).orElse("-")));
                for (Design d : List.of(Design.RGMA, Design.HAWKEYE)) {
                    Optional<ThreeWayLevel> o = find(set, d, x);
                    row.add(o.map(l -> ThreeWayLevel.fmt(l.medianMillis()) + (m.isPresent()
                            ? " (" + ThreeWayLevel.fmt(l.medianMillis() / m.get().medianMillis()) + ")" : "")).orElse("-"));
                }
                table.row(row);
            });
            return "Median response, all data, relative to MDS2 at the same level:\n\n" + table.markdown();
        }

        private Optional<ThreeWayLevel> find(SeedSet set, Design d, int x) {
            return levels.stream().filter(l -> l.set() == set && l.design() == d && l.x() == x && l.shape() == QueryShape.WHOLE)
                    .findFirst();
        }

        String csv() {
            List<String> headers = new ArrayList<>(List.of("set"));
            headers.addAll(ThreeWayLevel.HEADERS);
            TextTable table = TextTable.of(headers);
            for (ThreeWayLevel l : levels) {
                List<Object> row = new ArrayList<>(List.of(l.set().number()));
                row.addAll(l.cells());
                table.row(row);
            }
            return table.csv();
        }

        String json() {
            Map<String, Object> root = ResultJson.runHeader(started, elapsed, cores, config.describe());
            root.put("levels", levels.stream().map(ThreeWayLevel::jsonFields).toList());
            root.put("failures", failures);
            root.put("recommendations", checks());
            root.put("seed001", Map.of("source", ThreeWayReference.SOURCE, "thinkMillis", ThreeWayReference.THINK_MILLIS));
            return ResultJson.toJson(root);
        }

        public List<Path> write(Path dir) throws IOException {
            List<Path> written = new ArrayList<>(new RunFiles(BASE_NAME, markdown(), csv(), json(), ThreeWayReportPage.build(this, BASE_NAME)).write(dir));
            written.add(headline().write(dir));
            return List.copyOf(written);
        }

        /**
         * The headline: set 1's peak information-server rate of Hawkeye's agent over MDS2's GRIS, both
         * ours and measured in this run (the seed found the agent the faster); no target.
         */
        public Headline headline() {
            return new Headline("set 1: Hawkeye agent vs MDS2 GRIS peak, queries/s", peak(Design.HAWKEYE),
                    peak(Design.MDS2), "MDS2 GRIS (this run)", "queries/s", true, null);
        }

        private double peak(Design design) {
            return levels.stream().filter(l -> l.set() == SeedSet.INFORMATION_SERVER_USERS && l.design() == design)
                    .mapToDouble(ThreeWayLevel::queriesPerSecond).max().orElse(Double.NaN);
        }
    }

    private Seed001Benchmark() {
    }

    /** Runs the sets of {@code config} for the three designs; prints a line per level. */
    public static Result run(Config config) throws Exception {
        requireNonNull(config, "config is null");
        LocalDateTime started = LocalDateTime.now();
        long t0 = System.nanoTime();
        List<ThreeWayLevel> levels = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        try (DesignSites mds = new Seed001MdsSites(); DesignSites rgma = new Seed001RgmaSites();
                DesignSites hawkeye = new Seed001HawkeyeSites()) {
            List<DesignSites> designs = List.of(mds, rgma, hawkeye);
            for (int number : config.sets()) {
                SeedSet set = SeedSet.values()[number - 1];
                if (set.usersOnX()) {
                    runLevels(config, set, designs, 0, 0, config.users(), levels, failures);
                } else {
                    List<Integer> xs = set == SeedSet.INFORMATION_SERVER_COLLECTORS ? config.collectors() : config.servers();
                    int most = xs.stream().mapToInt(Integer::intValue).max().orElseThrow();
                    for (int x : xs) {
                        runLevels(config, set, designs, x, most, List.of(config.fixedUsers()), levels, failures);
                    }
                }
            }
        }
        return new Result(config, levels, failures, started, Duration.ofNanos(System.nanoTime() - t0),
                Runtime.getRuntime().availableProcessors());
    }

    /**
     * Runs each user count of {@code set} at {@code x} on every design. Sets 1 and 2 open the three
     * designs' sites together and interleave the designs at every user count (so they meet the same
     * host); sets 3 and 4 run one design's site at a time, since theirs load the host by themselves
     * (R-GMA's stream producers publish every second). A site that cannot be set up, a level that
     * fails as a whole (e.g. a user still waiting 3 minutes after the measurement) and a site that
     * does not close cleanly are written to {@code failures} and the run goes on.
     */
    private static void runLevels(Config config, SeedSet set, List<DesignSites> designs, int x, int most, List<Integer> userCounts,
            List<ThreeWayLevel> levels, List<String> failures) {
        if (!set.usersOnX()) {
            for (DesignSites d : designs) {
                DesignSite site = open(d, set, x, most, failures);
                if (site != null) {
                    runShapes(config, set, d.design(), x, userCounts.get(0), site, levels, failures);
                    close(site, set, d.design(), failures);
                }
            }
            return;
        }
        List<DesignSite> sites = new ArrayList<>();
        for (DesignSites d : designs) {
            sites.add(open(d, set, x, most, failures));
        }
        for (int users : userCounts) {
            for (int i = 0; i < designs.size(); i++) {
                if (sites.get(i) != null) {
                    runShapes(config, set, designs.get(i).design(), users, users, sites.get(i), levels, failures);
                }
            }
        }
        for (int i = 0; i < designs.size(); i++) {
            if (sites.get(i) != null) {
                close(sites.get(i), set, designs.get(i).design(), failures);
            }
        }
    }

    private static DesignSite open(DesignSites d, SeedSet set, int x, int most, List<String> failures) {
        try {
            return d.open(set, x, most);
        } catch (Exception e) {
            fail(failures, "set " + set.number() + " " + d.design().label() + " at " + x + ": could not be set up", e);
            return null;
        }
    }

    private static void runShapes(Config config, SeedSet set, Design design, int x, int users, DesignSite site,
            List<ThreeWayLevel> levels, List<String> failures) {
        for (QueryShape shape : QueryShape.values()) {
            try {
                Optional<Target> target = site.target(shape);
                if (target.isPresent()) {
                    levels.add(level(config, set, design, shape, x, users, target.get(), site));
                }
            } catch (Exception e) {
                fail(failures, "set " + set.number() + " " + design.label() + " " + shape.label() + " at " + set.xLabel() + " " + x
                        + " (" + users + " users): not measured", e);
            }
        }
    }

    private static void close(DesignSite site, SeedSet set, Design design, List<String> failures) {
        try {
            site.close();
        } catch (Exception e) {
            fail(failures, "set " + set.number() + " " + design.label() + ": closing failed", e);
        }
    }

    private static void fail(List<String> failures, String what, Exception e) {
        String line = what + ": " + e;
        failures.add(line);
        System.out.println("seed001: " + line);
    }

    private static ThreeWayLevel level(Config config, SeedSet set, Design design, QueryShape shape, int x, int users, Target target,
            DesignSite site) throws Exception {
        Edges edges = new Edges(site);
        LevelResult r = ClosedLoopDriver.run(new ClosedLoopDriver.Level(users, config.warmup(), config.measure(), config.think(),
                ClosedLoopDriver.OnError.COUNT), target.clients(), edges);
        ThreeWayLevel l = new ThreeWayLevel(set, design, shape, x, users, target.items(), target.answerBytes(), r, load1(),
                edges.cores(), edges.stepMillis(r.queries()));
        System.out.printf(Locale.ROOT, "seed001: set %d %-8s %-31s x=%-4d users=%-4d %8.1f queries/s  mean %s ms  p50 %s ms  errors %d%n",
                set.number(), design.label(), shape.label(), x, users, r.queriesPerSecond(), ThreeWayLevel.fmt(r.latency().meanMillis()),
                ThreeWayLevel.fmt(r.latency().p50Millis()), r.errors());
        return l;
    }

    /** The step timers and the JVM's CPU time at the edges of a measured interval. */
    private static final class Edges implements ClosedLoopDriver.Window {
        private final DesignSite site;
        private Map<String, long[]> stepsAtStart;
        private Map<String, long[]> stepsAtEnd;
        private long cpuStart;
        private long cpuEnd;
        private long wallStart;
        private long wallEnd;

        Edges(DesignSite site) {
            this.site = site;
        }

        @Override
        public void measureStarted() {
            stepsAtStart = site.steps();
            cpuStart = processCpuNanos();
            wallStart = System.nanoTime();
        }

        @Override
        public void measureEnded() {
            stepsAtEnd = site.steps();
            cpuEnd = processCpuNanos();
            wallEnd = System.nanoTime();
        }

        double cores() {
            return wallEnd > wallStart && cpuStart >= 0 ? (double) (cpuEnd - cpuStart) / (wallEnd - wallStart) : Double.NaN;
        }

        /** Each step's time in the interval per query (ms); steps that did not run are left out. */
        Map<String, Double> stepMillis(long queries) {
            Map<String, Double> out = new LinkedHashMap<>();
            if (stepsAtStart == null || stepsAtEnd == null || queries == 0) {
                return out;
            }
            stepsAtEnd.forEach((step, end) -> {
                long[] start = stepsAtStart.getOrDefault(step, new long[2]);
                if (end[1] > start[1]) {
                    out.put(step, (end[0] - start[0]) / 1e6 / queries);
                }
            });
            return out;
        }
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    private static double load1() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    static Config parse(String[] args, Path[] output) {
        Options o = CommandLineArgs.parse(new Options(output[0]), args);
        output[0] = o.preset.output();
        return o.config();
    }

    public static void main(String[] args) {
        BenchmarkMain.run(BASE_NAME, args, Seed001Benchmark::parse, Config::describe, Seed001Benchmark::run);
    }

    /** The command line: a scale's preset (experiments/seed001.yaml), then any setting over it. */
    @Command(name = "Seed001Benchmark", description = "seed 001: MDS2, R-GMA and Hawkeye in its four experiment sets")
    static final class Options {
        @Mixin
        final PresetOptions preset;
        @Mixin
        final ThinkingUserOptions users = new ThinkingUserOptions();
        @Mixin
        final LevelTimeOptions times = new LevelTimeOptions();
        @Option(names = "--sets", split = ",", description = "which of the sets 1-4 to run")
        List<Integer> sets;
        @Option(names = "--collectors", split = ",", description = "IPs, producers and modules of set 3")
        List<Integer> collectors;
        @Option(names = "--servers", split = ",", description = "GRISes, stream producers and agents of set 4")
        List<Integer> servers;

        Options(Path output) {
            this.preset = new PresetOptions(output);
        }

        Config config() {
            Options p = ExperimentCatalog.shipped().get(BASE_NAME).preset(preset.scale(), new Options(preset.output()));
            return new Config(orPreset(sets, p.sets, "sets"), users.users(p.users), orPreset(collectors, p.collectors, "collectors"),
                    orPreset(servers, p.servers, "servers"), users.fixedUsers(p.users), users.think(p.users), times.warmup(p.times),
                    times.measure(p.times), preset.scale() != Scale.TINY);
        }
    }
}
