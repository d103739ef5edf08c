package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;
import static org.gridstack.bench.kit.CommandLineArgs.orPreset;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
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
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.gridstack.bench.kit.BenchmarkMain;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.bench.kit.LevelTimeOptions;
import org.gridstack.bench.kit.PresetOptions;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.ThinkingUserOptions;
import org.gridstack.bench.kit.report.RunFiles;
import org.gridstack.bench.kit.report.TextTable;
import org.gridstack.bench.suite.ExperimentCatalog;
import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.giis.GiisMode;
import org.gridstack.mds.ldap.StepTimers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.gridstack.bench.kit.RunScale;

/**
 * Seed 001 reduced, on this machine: its four MDS2 experiment sets ({@link Seed001Experiment})
 * against our GRIS and GIIS, with seed 001's client behaviour (every user opens a new LDAP
 * connection per query and waits a think time, 1 s in the seed, between queries;
 * {@link NewConnectionSearch}) and its NetLogger steps: the client times {@code connect}, the
 * servers' {@code mds.step} timers give {@code init_search}, {@code invoke_provider},
 * {@code generate_result}, {@code search_index} and {@code transmit}, read in this JVM at the
 * edges of every measured interval ({@link StepWindow}). (1) one GRIS with 10 IPs, users
 * stepped, cache forced on and off (the seed's two extremes); (2) a GIIS with that GRIS
 * registered, users stepped; (3) one GRIS with 10..90 memory IPs, a fixed number of users, cache
 * on and off; (4) a cached GIIS with 50..600 GRISes registered, a fixed number of users, querying
 * all data and the memory part. Every answer is checked (entry count and class). Per level:
 * queries/s, CORT (mean, p50, p99), errors, answer size, the step means. Beside them seed 001's
 * published figures ({@link Seed001Reference}) and issue 11's target for it
 * ({@link Seed001Comparisons}).
 *
 * <p>Where things run: every GRIS, the GIIS and all users share this JVM (the GRISes each on a
 * port of their own; IPs as forked scripts or in-process, see {@link DeviceProviders}). Results go
 * to {@code mds-seed001.{md,csv,json,html}} and the folder's {@code index.html}. Not thread-safe;
 * each {@link #run} is independent.
 */
public final class Mds2ScalingBenchmark {
    static final String BASE_NAME = "mds-seed001";
    /** Seed 001's GRISes in sets 1, 2 and 4 have 10 IPs: here 1 memory IP and 9 cpu IPs. */
    static final int MEMORY_IPS = 1;
    static final int CPU_IPS = 9;
    /** Set 2: "we set the cache element time to live (cachettl) parameter to a very large value". */
    static final Duration DIRECTORY_CACHETTL = Duration.ofDays(1);
    /** Set 4: MDS2's example cachettl. */
    static final Duration AGGREGATE_CACHETTL = GiisWithGris.CACHETTL;

    /**
     * Settings of a run.
     *
     * @param experiments which sets to run, in this order
     * @param users the user counts of sets 1 and 2
     * @param providers the IP counts of set 3
     * @param grises the GRIS counts of set 4
     * @param fixedUsers the users of sets 3 and 4 (seed: 10)
     * @param think each user's wait between an answer and its next query (seed: 1 s)
     * @param warmup unmeasured time per level
     * @param measure measured time per level
     * @param ipKind how the IPs of sets 1-3 collect (set 4 always uses in-process IPs: hundreds of GRISes)
     */
    public record Config(List<Seed001Experiment> experiments, List<Integer> users, List<Integer> providers, List<Integer> grises,
                         int fixedUsers, Duration think, Duration warmup, Duration measure, DeviceProviders.Kind ipKind) {
        public Config {
            experiments = List.copyOf(requireNonNull(experiments, "experiments is null"));
            users = List.copyOf(requireNonNull(users, "users is null"));
            providers = List.copyOf(requireNonNull(providers, "providers is null"));
            grises = List.copyOf(requireNonNull(grises, "grises is null"));
            requireNonNull(think, "think is null");
            requireNonNull(warmup, "warmup is null");
            requireNonNull(measure, "measure is null");
            requireNonNull(ipKind, "ipKind is null");
            if (experiments.isEmpty() || users.isEmpty() || providers.isEmpty() || grises.isEmpty()) {
                throw new IllegalArgumentException("experiments, users, providers and grises must each name at least one value");
            }
            check("users", users, 1, 2_000);
            check("providers", providers, 1, 500);
            check("grises", grises, 1, 2_000);
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
            return "--experiments=" + experiments.stream().map(Seed001Experiment::option).collect(Collectors.joining(",")) + " --users="
                    + join(users) + " --providers=" + join(providers) + " --grises=" + join(grises) + " --fixed-users=" + fixedUsers
                    + " --think-millis=" + think.toMillis() + " --warmup-millis=" + warmup.toMillis() + " --measure-millis="
                    + measure.toMillis() + " --ips=" + ipKind.option();
        }
    }

    /** Every level measured, with the settings and the host monitor's samples. */
    public record Result(Config config, List<Mds2Level> levels, int cores, LocalDateTime started, Duration elapsed,
                         List<HostMonitor.Sample> host) implements BenchmarkMain.Report {
        public Result {
            requireNonNull(config, "config is null");
            levels = List.copyOf(levels);
            host = List.copyOf(host);
        }

        List<Mds2Level> of(Seed001Experiment e) {
            return levels.stream().filter(l -> l.experiment() == e).toList();
        }

        public String markdown() {
            StringBuilder s = new StringBuilder("### Seed 001 reduced: MDS2's GRIS and GIIS experiments\n\n");
            s.append("Run ").append(started.truncatedTo(ChronoUnit.SECONDS)).append(" (").append(elapsed.toSeconds()).append(" s), ")
                    .append(cores).append(" cores, `").append(config.describe()).append("`. Every user opens a new LDAP connection per query"
                            + " and waits ").append(config.think().toMillis()).append(" ms between answer and next query (seed 001: 1 s);"
                            + " every GRIS, the GIIS and the users share one JVM. Step columns: mean ms per query over the measured"
                            + " interval (connect: client side; the rest: the answering server's `mds.step` timers).\n\n");
            for (Seed001Experiment e : config.experiments()) {
                s.append("#### ").append(e.title()).append("\n\n").append(e.setUp()).append(".\n\n");
                TextTable table = TextTable.of(Mds2Level.HEADERS.stream().map(h -> h.equals("x") ? e.xLabel() : h).toList());
                of(e).forEach(l -> table.row(l.cells()));
                s.append(table.markdown()).append('\n');
            }
            s.append("Seed 001 beside this run, and issue 11's target:\n\n").append(Seed001Comparisons.markdown(Seed001Comparisons.judge(levels)))
                    .append("\nSeed figures: ").append(Seed001Reference.SOURCE).append("; answer sizes there: ")
                    .append(Seed001Reference.ANSWER_SIZES).append(".\n");
            return s.toString();
        }

        public String csv() {
            TextTable table = Mds2Level.csvTable();
            levels.forEach(l -> table.row(l.csvCells()));
            return table.csv();
        }

        public String json() {
            Map<String, Object> root = ResultJson.runHeader(started, elapsed, cores, config.describe());
            root.put("steps", StepTimes.STEPS);
            root.put("levels", levels.stream().map(Mds2Level::jsonFields).toList());
            // a tiny run keeps what it measured and judges nothing, in the raw data too
            root.put("comparisons", Seed001Comparisons.judge(levels).stream().map(c -> new Seed001Comparisons.Row(c.claim(), c.seed(), c.ours(),
                    RunScale.verdict(c.verdict()))).toList());
            Map<String, Object> seed = new LinkedHashMap<>();
            seed.put("source", Seed001Reference.SOURCE);
            seed.put("thinkMillis", Seed001Reference.THINK_MILLIS);
            seed.put("cachedGris90IpsQueriesPerSecond", Seed001Reference.CACHED_GRIS_90_IPS_QUERIES_PER_SECOND);
            seed.put("cachedGris90IpsCortMillisBelow", Seed001Reference.CACHED_GRIS_90_IPS_CORT_MILLIS_BELOW);
            seed.put("uncachedInvokeIpShareAbove", Seed001Reference.UNCACHED_INVOKE_IP_SHARE_ABOVE);
            seed.put("recommendedMaxUsersPerGris", Seed001Reference.RECOMMENDED_MAX_USERS_PER_GRIS);
            seed.put("recommendedMaxIpsPerGris", Seed001Reference.RECOMMENDED_MAX_IPS_PER_GRIS);
            seed.put("recommendedMaxGrisesPerGiis", Seed001Reference.RECOMMENDED_MAX_GRISES_PER_GIIS);
            root.put("seed001", seed);
            return ResultJson.toJson(root);
        }

        /** Writes {@code mds-seed001.{md,csv,json,html}} into {@code dir} and updates its report index; returns their paths. */
        public List<Path> write(Path dir) throws IOException {
            List<Path> written = new ArrayList<>(new RunFiles(BASE_NAME, markdown(), csv(), json(), Mds2ScalingReportPage.build(this, BASE_NAME)).write(dir));
            written.add(Seed001Comparisons.headline(levels).write(dir));
            return List.copyOf(written);
        }
    }

    private Mds2ScalingBenchmark() {
    }

    /** Runs every experiment of {@code config}; prints a line per level to stdout. */
    public static Result run(Config config) throws Exception {
        requireNonNull(config, "config is null");
        LocalDateTime started = LocalDateTime.now();
        long t0 = System.nanoTime();
        List<Mds2Level> levels = new ArrayList<>();
        Path scripts = Files.createTempDirectory("mds-seed001-ips");
        HostMonitor monitor = null;
        List<HostMonitor.Sample> samples;
        try {
            Path script = DeviceProviders.writeScript(scripts);
            Map<String, Supplier<List<ProcessHandle>>> watched = new LinkedHashMap<>();
            watched.put("benchmark JVM (users, GRISes, GIIS; IP scripts are its children)", () -> List.of(ProcessHandle.current()));
            monitor = HostMonitor.start(watched, Duration.ofSeconds(1));
            for (Seed001Experiment e : config.experiments()) {
                switch (e) {
                    case GRIS_USERS -> grisUsers(config, script, levels);
                    case GIIS_USERS -> giisUsers(config, script, levels);
                    case GRIS_PROVIDERS -> grisProviders(config, script, levels);
                    case GIIS_GRISES -> giisGrises(config, levels);
                }
            }
        } finally {
            samples = monitor == null ? List.of() : monitor.stop();
            Files.deleteIfExists(scripts.resolve(DeviceProviders.SCRIPT_NAME));
            Files.deleteIfExists(scripts);
        }
        return new Result(config, levels, Runtime.getRuntime().availableProcessors(), started, Duration.ofNanos(System.nanoTime() - t0),
                samples);
    }

    /** The seed's two extremes: always cached and never cached. */
    private static final List<CacheMode> EXTREMES = List.of(CacheMode.ON, CacheMode.OFF);

    private static String variant(CacheMode mode) {
        return mode == CacheMode.OFF ? "uncached" : "cached";
    }

    private static void grisUsers(Config config, Path script, List<Mds2Level> levels) throws Exception {
        for (CacheMode mode : EXTREMES) {
            MeterRegistry meters = new SimpleMeterRegistry();
            try (GrisFarm farm = GrisFarm.start(1, config.ipKind(), MEMORY_IPS, CPU_IPS, mode, script, new StepTimers(meters, "gris"))) {
                Target t = new Target(farm.port(0), GrisFarm.suffix(0).toString(), DeviceProviders.ALL_FILTER, MEMORY_IPS + CPU_IPS);
                sweepUsers(config, Seed001Experiment.GRIS_USERS, variant(mode), t, meters, "gris", levels);
            }
        }
    }

    private static void giisUsers(Config config, Path script, List<Mds2Level> levels) throws Exception {
        MeterRegistry meters = new SimpleMeterRegistry();
        try (GrisFarm farm = GrisFarm.start(1, config.ipKind(), MEMORY_IPS, CPU_IPS, CacheMode.ON, script, new StepTimers(meters, "gris"));
             RegisteredGiis giis = RegisteredGiis.start(farm, 1, MEMORY_IPS + CPU_IPS, GiisMode.CACHED, DIRECTORY_CACHETTL,
                     new StepTimers(meters, "giis"))) {
            Target t = new Target(giis.port(), IndexLayout.GIIS_SUFFIX, DeviceProviders.ALL_FILTER, MEMORY_IPS + CPU_IPS);
            sweepUsers(config, Seed001Experiment.GIIS_USERS, "cached", t, meters, "giis", levels);
        }
    }

    private static void grisProviders(Config config, Path script, List<Mds2Level> levels) throws Exception {
        for (CacheMode mode : EXTREMES) {
            for (int ips : config.providers()) {
                MeterRegistry meters = new SimpleMeterRegistry();
                try (GrisFarm farm = GrisFarm.start(1, config.ipKind(), ips, 0, mode, script, new StepTimers(meters, "gris"))) {
                    Target t = new Target(farm.port(0), GrisFarm.suffix(0).toString(), DeviceProviders.MEMORY_FILTER, ips);
                    levels.add(level(config, Seed001Experiment.GRIS_PROVIDERS, variant(mode), ips, config.fixedUsers(), t, meters, "gris"));
                }
            }
        }
    }

    private static void giisGrises(Config config, List<Mds2Level> levels) throws Exception {
        int most = config.grises().stream().mapToInt(Integer::intValue).max().orElseThrow();
        MeterRegistry meters = new SimpleMeterRegistry();
        // in-process IPs with MDS2's cachetimes: hundreds of GRISes forking scripts would measure the process table
        try (GrisFarm farm = GrisFarm.start(most, DeviceProviders.Kind.JAVA, MEMORY_IPS, CPU_IPS, CacheMode.AUTO, null,
                new StepTimers(meters, "gris"))) {
            for (int g : config.grises()) {
                try (RegisteredGiis giis = RegisteredGiis.start(farm, g, MEMORY_IPS + CPU_IPS, GiisMode.CACHED, AGGREGATE_CACHETTL,
                        new StepTimers(meters, "giis"))) {
                    Target all = new Target(giis.port(), IndexLayout.GIIS_SUFFIX, DeviceProviders.ALL_FILTER, g * (MEMORY_IPS + CPU_IPS));
                    Target memory = new Target(giis.port(), IndexLayout.GIIS_SUFFIX, DeviceProviders.MEMORY_FILTER, g * MEMORY_IPS);
                    levels.add(level(config, Seed001Experiment.GIIS_GRISES, "all data", g, config.fixedUsers(), all, meters, "giis"));
                    levels.add(level(config, Seed001Experiment.GIIS_GRISES, "memory only", g, config.fixedUsers(), memory, meters, "giis"));
                }
            }
        }
    }

    /** Where the users send which query, and how many entries each answer must hold. */
    private record Target(int port, String base, String filter, int entries) {
    }

    private static void sweepUsers(Config config, Seed001Experiment e, String variant, Target t, MeterRegistry meters, String server,
                                   List<Mds2Level> levels) throws Exception {
        for (int users : config.users()) {
            levels.add(level(config, e, variant, users, users, t, meters, server));
        }
    }

    private static Mds2Level level(Config config, Seed001Experiment e, String variant, int x, int users, Target t, MeterRegistry meters,
                                   String server) throws Exception {
        Timer connect = StepWindow.connectTimer(meters);
        ClosedLoopDriver.ClientFactory factory = i -> new NewConnectionSearch(t.port(), t.base(), t.filter(), t.entries(), connect);
        long bytes = new NewConnectionSearch(t.port(), t.base(), t.filter(), t.entries(), connect).check(); // a wrong answer fails here
        StepWindow window = new StepWindow(meters, server);
        LevelResult r = ClosedLoopDriver.run(new ClosedLoopDriver.Level(users, config.warmup(), config.measure(), config.think(),
                ClosedLoopDriver.OnError.COUNT), factory, window);
        Mds2Level l = new Mds2Level(e, variant, x, t.entries(), bytes, r, window.times());
        System.out.printf(Locale.ROOT, "mds-seed001: %-30s %-11s %s=%-4d users=%-4d %8.1f queries/s  CORT mean %9s ms  p99 %9s ms  errors %d"
                        + "  steps %s%n", e.title(), variant, e.xLabel(), x, users, r.queriesPerSecond(), StepTimes.millis(r.latency().meanMillis()),
                StepTimes.millis(r.latency().p99Millis()), r.errors(), l.steps().meanMillis().entrySet().stream()
                        .map(s -> s.getKey() + "=" + StepTimes.millis(s.getValue())).collect(Collectors.joining(" ")));
        return l;
    }

    /** Parses {@code --name=value} arguments; {@code output[0]} receives {@code --output}. */
    static Config parse(String[] args, Path[] output) {
        Options o = CommandLineArgs.parse(new Options(output[0]), args);
        output[0] = o.preset.output();
        return o.config();
    }

    public static void main(String[] args) throws Exception {
        BenchmarkMain.run("mds-seed001", args, Mds2ScalingBenchmark::parse, Config::describe, Mds2ScalingBenchmark::run);
    }

    /**
     * The command line: a scale's defaults, then any single setting over them. An empty value (an
     * unset Maven property) keeps the scale's default.
     */
    @Command(name = "Mds2ScalingBenchmark", description = "seed 001 reduced: GRIS and GIIS vs users, IPs and registered GRISes (benchmarks/docs/mds.md)")
    static final class Options {
        /** The preset grid, from experiments/mds-seed001.yaml: tiny (seconds, for the build), quick (minutes), full (seed 001's steps, 60 s per level). */
        @Mixin
        final PresetOptions preset;
        @Mixin
        final ThinkingUserOptions users = new ThinkingUserOptions();
        @Mixin
        final LevelTimeOptions times = new LevelTimeOptions();
        private List<Seed001Experiment> experiments;
        @Option(names = "--providers", split = ",", paramLabel = "N,...", description = "IP counts of set 3")
        List<Integer> providers;
        @Option(names = "--grises", split = ",", paramLabel = "N,...", description = "GRIS counts of set 4")
        List<Integer> grises;
        private DeviceProviders.Kind ipKind;

        Options(Path output) {
            this.preset = new PresetOptions(output);
        }

        @Option(names = "--experiments", paramLabel = "all|gris-users,giis-users,gris-providers,giis-grises", description = "sets to run")
        void experiments(String v) {
            experiments = Seed001Experiment.parseList(v);
        }

        @Option(names = "--ips", paramLabel = "script|java", description = "how the IPs of sets 1-3 collect (default script: a process per run)")
        void ips(String v) {
            ipKind = DeviceProviders.Kind.parse(v);
        }

        /** The scale's preset (experiments/mds-seed001.yaml) with every option given replacing its setting. */
        Config config() {
            Options p = ExperimentCatalog.shipped().get(BASE_NAME).preset(preset.scale(), new Options(preset.output()));
            return new Config(orPreset(experiments, p.experiments, "experiments"), users.users(p.users),
                    orPreset(providers, p.providers, "providers"), orPreset(grises, p.grises, "grises"), users.fixedUsers(p.users),
                    users.think(p.users), times.warmup(p.times), times.measure(p.times), orPreset(ipKind, p.ipKind, "ips"));
        }
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
