package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;
import static org.gridstack.bench.kit.CommandLineArgs.orPreset;

import java.io.IOException;
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
import java.util.OptionalDouble;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.gridstack.bench.kit.BenchmarkMain;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.bench.kit.LevelTimeOptions;
import org.gridstack.bench.kit.MultiProcessDriver;
import org.gridstack.bench.kit.PresetOptions;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.report.Headline;
import org.gridstack.bench.kit.report.RunFiles;
import org.gridstack.bench.kit.report.TextTable;
import org.gridstack.bench.suite.ExperimentCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.gridstack.bench.kit.TargetVerdict;
import org.gridstack.mds.giis.GiisMode;

/**
 * Seed 002 reduced, on this machine: an index of N entries (synthetic provider, one {@code date}
 * each) answered by our GIIS in cached mode with one GRIS registered, by our GIIS uncached
 * (chained mode over a GRIS with its cache off: every query runs the provider, seed 002's
 * uncached MDS2), by our MDS4-style XML index
 * over HTTP (an XPath returning all N entries), by a real slapd holding the same entries and by a
 * real BDII (bdii-update and its slapd) loaded with them, all in one run so the numbers are ratios. Each query returns all N entries over a persistent
 * connection and is checked (count and content, see {@link LdapSubtreeQuery} and
 * {@link XPathQuery}); a wrong answer is counted as an error, never as a query. For each N and
 * server the clients step through a list of counts ({@link ClosedLoopDriver#runEach}), each level
 * held with its warm-up discarded. Per level: queries/min, response time (median, p99), Jain's
 * fairness index and max/min of the per-client counts, errors; beside them seed 002's published
 * MDS2/MDS4 figures ({@link Seed002Reference}) and the targets ({@link MdsTargets}).
 *
 * <p>Where things run: slapd and the BDII are child processes; the GRIS, the GIIS and the XML index
 * run in this JVM; the clients too with {@code --client-processes=0} (tiny), else in that many load
 * agent JVMs of their own ({@link MultiProcessDriver}; quick and full). The host monitor shows the
 * JVM's and slapd's CPU. Results go to
 * {@code mds-index.{md,csv,json,html}} and the folder's {@code index.html}. Not thread-safe; each
 * {@link #run} is independent.
 */
public final class MdsIndexBenchmark {
    static final String BASE_NAME = "mds-index";

    /**
     * Settings of a run.
     *
     * @param servers the servers to measure, in this order
     * @param sizes the index sizes N
     * @param clients the client counts of each step
     * @param warmup unmeasured time per level
     * @param measure measured time per level
     * @param indexMaxConcurrentQueries the XML index's {@code mds.index.max-concurrent-queries} (shipped default 8;
     *        queries beyond it get 429 and count as errors)
     * @param clientProcesses 0: the clients run in this JVM; K: in up to K load agents of their own
     * @param giisMaxConcurrentRequests the GIISes' limit of requests processed at once (0: the shipped default)
     * @param giisFairShare whether the GIISes share a contended server between connections (shipped: yes)
     */
    public record Config(List<IndexServer> servers, List<Integer> sizes, List<Integer> clients, Duration warmup, Duration measure,
                         int indexMaxConcurrentQueries, int clientProcesses, int giisMaxConcurrentRequests,
                         boolean giisFairShare) {
        public Config {
            servers = List.copyOf(requireNonNull(servers, "servers is null"));
            sizes = List.copyOf(requireNonNull(sizes, "sizes is null"));
            clients = List.copyOf(requireNonNull(clients, "clients is null"));
            requireNonNull(warmup, "warmup is null");
            requireNonNull(measure, "measure is null");
            if (servers.isEmpty() || sizes.isEmpty() || clients.isEmpty()) {
                throw new IllegalArgumentException("servers, sizes and clients must each name at least one value");
            }
            for (int n : sizes) {
                if (n < 1 || n > 10_000) {
                    throw new IllegalArgumentException("index size " + n + " is outside 1..10000");
                }
            }
            for (int c : clients) {
                if (c < 1 || c > 2_000) {
                    throw new IllegalArgumentException("client count " + c + " is outside 1..2000");
                }
            }
            if (measure.isZero() || measure.isNegative() || warmup.isNegative()) {
                throw new IllegalArgumentException("measure must be positive and warm-up not negative");
            }
            if (clientProcesses < 0) {
                throw new IllegalArgumentException("clientProcesses must not be negative, got " + clientProcesses);
            }
            if (giisMaxConcurrentRequests < 0) {
                throw new IllegalArgumentException("giis-max-concurrent-requests must not be negative (0: the GIIS's default), got "
                        + giisMaxConcurrentRequests);
            }
            if (indexMaxConcurrentQueries < 1) {
                throw new IllegalArgumentException("index-max-concurrent-queries must be at least 1, got " + indexMaxConcurrentQueries);
            }
        }

        String describe() {
            return "--servers=" + servers.stream().map(IndexServer::option).collect(Collectors.joining(","))
                    + " --sizes=" + join(sizes) + " --clients=" + join(clients) + " --warmup-millis=" + warmup.toMillis()
                    + " --measure-millis=" + measure.toMillis() + " --index-max-concurrent-queries=" + indexMaxConcurrentQueries
                    + " --client-processes=" + clientProcesses
                    + (giisMaxConcurrentRequests == 0 ? "" : " --giis-max-concurrent-requests=" + giisMaxConcurrentRequests)
                    + (giisFairShare ? "" : " --giis-fair-share=false");
        }
    }

    /** Every level measured, with the settings and the host monitor's samples. */
    public record Result(Config config, List<MdsLevel> levels, int cores, LocalDateTime started, Duration elapsed,
                         List<HostMonitor.Sample> host) implements BenchmarkMain.Report {
        public Result {
            requireNonNull(config, "config is null");
            levels = List.copyOf(levels);
            host = List.copyOf(host);
        }

        /** The level of {@code server} at {@code entries} and {@code clients}, if measured. */
        public Optional<MdsLevel> find(IndexServer server, int entries, int clients) {
            return levels.stream().filter(l -> l.server() == server && l.entries() == entries && l.clients() == clients).findFirst();
        }

        /** The highest queries/min of {@code server} at {@code entries}. */
        OptionalDouble peak(IndexServer server, int entries) {
            return levels.stream().filter(l -> l.server() == server && l.entries() == entries).mapToDouble(MdsLevel::queriesPerMinute).max();
        }

        public String markdown() {
            StringBuilder s = new StringBuilder("### Seed 002 reduced: MDS index of N entries against clients\n\n");
            s.append("Run ").append(started.truncatedTo(ChronoUnit.SECONDS)).append(" (").append(elapsed.toSeconds()).append(" s), ")
                    .append(cores).append(" cores, `").append(config.describe()).append("`. Queries are subtree searches for `")
                    .append(IndexLayout.FILTER).append("` (the XML index: XPath `").append(IndexLayout.XPATH)
                    .append("`) returning all N entries over persistent connections; slapd and the BDII run as child processes, the GRIS,"
                            + " GIIS and XML index in the benchmark's JVM, ").append(config.clientProcesses() == 0
                            ? "and the clients in that JVM too (they compete with our servers inside it).\n\n"
                            : "and the clients in up to " + config.clientProcesses() + " load agent JVMs of their own.\n\n");
            s.append("Queries/min (median ms):\n\n");
            s.append(pivot()).append('\n');
            s.append("Seed 002's published peaks beside ours (queries/min):\n\n").append(seedTable()).append('\n');
            s.append("Targets of the issue:\n\n").append(TargetVerdict.markdown(MdsTargets.judge(levels))).append('\n');
            TextTable every = MdsLevel.markdownTable();
            levels.forEach(l -> every.row(l.markdownCells()));
            s.append("Every level:\n\n").append(every.markdown());
            return s.toString();
        }

        private String pivot() {
            boolean giisOverSlapd = config.servers().contains(IndexServer.SLAPD) && config.servers().contains(IndexServer.GIIS_CACHED);
            List<String> headers = new ArrayList<>(List.of("N", "clients"));
            config.servers().forEach(v -> headers.add(v.label()));
            if (giisOverSlapd) {
                headers.add("GIIS / slapd");
            }
            TextTable table = TextTable.of(headers).alignRightFrom(0);
            for (int n : config.sizes()) {
                for (int c : config.clients()) {
                    List<Object> row = new ArrayList<>(List.of(n, c));
                    for (IndexServer v : config.servers()) {
                        row.add(find(v, n, c).map(l -> String.format(Locale.ROOT, "%,.0f (%.2f)", l.queriesPerMinute(),
                                l.result().latency().p50Millis())).orElse("-"));
                    }
                    if (giisOverSlapd) {
                        var g = find(IndexServer.GIIS_CACHED, n, c);
                        var sl = find(IndexServer.SLAPD, n, c);
                        row.add(g.isPresent() && sl.isPresent() && sl.get().queriesPerMinute() > 0
                                ? String.format(Locale.ROOT, "%.2f", g.get().queriesPerMinute() / sl.get().queriesPerMinute()) : "-");
                    }
                    table.row(row);
                }
            }
            return table.markdown();
        }

        /** Rows: N, seed MDS2 cached peak, our GIIS peak, ratio, seed MDS4 peak, our index peak, ratio, slapd peak. */
        List<List<String>> seedRows() {
            List<List<String>> rows = new ArrayList<>();
            for (int n : config.sizes()) {
                OptionalDouble mds2 = Seed002Reference.mds2Peak(n);
                OptionalDouble mds4 = Seed002Reference.mds4Peak(n);
                OptionalDouble giis = peak(IndexServer.GIIS_CACHED, n);
                OptionalDouble index = peak(IndexServer.XML_INDEX, n);
                OptionalDouble slapd = peak(IndexServer.SLAPD, n);
                OptionalDouble uncached = peak(IndexServer.GIIS_CHAINED, n);
                rows.add(List.of(String.valueOf(n), qpm(mds2), qpm(giis), times(giis, mds2), qpm(mds4), qpm(index), times(index, mds4),
                        qpm(slapd), qpm(uncached), share(uncached, giis), n == 1 ? "~1 %" : "failed"));
            }
            return rows;
        }

        static final List<String> SEED_HEADERS = List.of("N", "seed MDS2 GIIS (cached) peak", "our GIIS peak", "ours / MDS2",
                "seed MDS4 index peak", "our XML index peak", "ours / MDS4", "slapd peak (this run)", "our GIIS uncached peak",
                "ours uncached / cached", "seed MDS2 uncached / cached");

        private String seedTable() {
            TextTable table = TextTable.of(SEED_HEADERS).alignRightFrom(0);
            seedRows().forEach(table::row);
            StringBuilder s = new StringBuilder(table.markdown());
            s.append("\nSeed figures: ").append(Seed002Reference.SOURCE)
                    .append("; only N = 1 and 100 are given in its text (2005 hardware, 20 client nodes over a LAN). Its uncached MDS2"
                            + " reached about 1 % of the cached one at N = 1 and failed for N = 10..100; ours uncached is the GIIS in"
                            + " chained mode over a GRIS with its cache off.\n");
            return s.toString();
        }

        public String csv() {
            TextTable table = MdsLevel.csvTable();
            levels.forEach(l -> table.row(l.csvCells()));
            return table.csv();
        }

        public String json() {
            Map<String, Object> root = ResultJson.runHeader(started, elapsed, cores, config.describe());
            root.put("filter", IndexLayout.FILTER);
            root.put("xpath", IndexLayout.XPATH);
            root.put("levels", levels.stream().map(MdsLevel::jsonFields).toList());
            root.put("targets", MdsTargets.judge(levels));
            Map<String, Object> seed = new LinkedHashMap<>();
            seed.put("source", Seed002Reference.SOURCE);
            seed.put("mds2CachedPeakQueriesPerMinute", Seed002Reference.MDS2_CACHED_PEAK_QUERIES_PER_MINUTE);
            seed.put("mds4PeakQueriesPerMinute", Seed002Reference.MDS4_PEAK_QUERIES_PER_MINUTE);
            seed.put("mds2StarvationJainIndex", Seed002Reference.starvationJainIndex());
            root.put("seed002", seed);
            return ResultJson.toJson(root);
        }

        /** Writes {@code mds-index.{md,csv,json,html}} into {@code dir} and updates its report index; returns their paths. */
        public List<Path> write(Path dir) throws IOException {
            List<Path> written = new ArrayList<>(new RunFiles(BASE_NAME, markdown(), csv(), json(), MdsIndexReportPage.build(this, BASE_NAME))
                    .write(dir));
            Optional<Headline> headline = MdsTargets.headline(levels);
            if (headline.isPresent()) {
                written.add(headline.get().write(dir));
            }
            return List.copyOf(written);
        }
    }

    private MdsIndexBenchmark() {
    }

    /** Runs every server, size and client count of {@code config}; prints a line per level to stdout. */
    public static Result run(Config config) throws Exception {
        requireNonNull(config, "config is null");
        LocalDateTime started = LocalDateTime.now();
        long t0 = System.nanoTime();
        List<MdsLevel> levels = new ArrayList<>();
        SlapdIndexCopy slapd = null;
        BdiiIndexCopy bdii = null;
        XmlIndexServer index = null;
        HostMonitor monitor = null;
        List<HostMonitor.Sample> samples;
        try {
            if (config.servers().contains(IndexServer.SLAPD)) {
                slapd = SlapdIndexCopy.start();
            }
            if (config.servers().contains(IndexServer.BDII)) {
                bdii = BdiiIndexCopy.start(config.sizes());
            }
            if (config.servers().contains(IndexServer.XML_INDEX)) {
                index = XmlIndexServer.start(config.indexMaxConcurrentQueries());
            }
            Map<String, Supplier<List<ProcessHandle>>> watched = new LinkedHashMap<>();
            watched.put("benchmark JVM (clients, GRIS, GIIS, XML index)", () -> List.of(ProcessHandle.current()));
            if (slapd != null) {
                ProcessHandle h = slapd.handle();
                watched.put("slapd", () -> List.of(h));
            }
            if (bdii != null) {
                ProcessHandle h = bdii.handle();
                watched.put("BDII slapd", () -> List.of(h));
            }
            monitor = HostMonitor.start(watched, Duration.ofSeconds(1));
            for (int n : config.sizes()) {
                IndexLayout layout = new IndexLayout(n);
                try (GiisWithGris stack = GiisWithGris.start(layout, GiisMode.CACHED,
                        config.giisMaxConcurrentRequests(),
                        config.giisFairShare());
                     GiisWithGris uncached = config.servers().contains(IndexServer.GIIS_CHAINED)
                             ? GiisWithGris.start(layout, GiisMode.CHAINED, config.giisMaxConcurrentRequests(),
                                     config.giisFairShare()) : null) {
                    if (slapd != null) {
                        slapd.load(layout);
                    }
                    if (index != null) {
                        index.serve(layout, stack.grisPort());
                    }
                    for (IndexServer server : config.servers()) {
                        List<String> clients = clients(server, layout, stack, uncached, slapd, bdii, index);
                        IndexClients factory = new IndexClients(clients.toArray(String[]::new));
                        try (ClosedLoopDriver.Client check = factory.open(-1)) {
                            check.query(new ClosedLoopDriver.Tally()); // a wrong first answer fails the run here
                        }
                        for (int c : config.clients()) {
                            ClosedLoopDriver.Level level = new ClosedLoopDriver.Level(c, config.warmup(), config.measure(), Duration.ZERO,
                                    ClosedLoopDriver.OnError.COUNT);
                            LevelResult r = config.clientProcesses() == 0
                                    ? ClosedLoopDriver.run(level, factory, ClosedLoopDriver.Window.NONE)
                                    : MultiProcessDriver.run(level, Math.min(c, config.clientProcesses()),
                                            MultiProcessDriver.AgentLauncher.local("-Xmx512m"), IndexClients.class, clients, ClosedLoopDriver.Window.NONE);
                            System.out.printf(Locale.ROOT, "mds-index: %-28s N=%-4d clients=%-4d %,12.0f queries/min  median %8.2f ms"
                                    + "  p99 %8.2f ms  Jain %.3f  errors %d%n", server.label(), n, r.clients(), r.queriesPerMinute(),
                                    r.latency().p50Millis(), r.latency().p99Millis(), r.jainFairness(), r.errors());
                            levels.add(new MdsLevel(server, n, r));
                        }
                    }
                }
            }
        } finally {
            samples = monitor == null ? List.of() : monitor.stop();
            try {
                if (index != null) {
                    index.close();
                }
            } finally {
                try {
                    if (bdii != null) {
                        bdii.close();
                    }
                } finally {
                    if (slapd != null) {
                        slapd.close();
                    }
                }
            }
        }
        return new Result(config, levels, Runtime.getRuntime().availableProcessors(), started, Duration.ofNanos(System.nanoTime() - t0),
                samples);
    }

    /** The clients of {@code server} for this index size, as {@link IndexClients} reads them. */
    private static List<String> clients(IndexServer server, IndexLayout layout, GiisWithGris stack, GiisWithGris uncached,
                                        SlapdIndexCopy slapd, BdiiIndexCopy bdii, XmlIndexServer index) {
        return switch (server) {
            case GIIS_CACHED -> IndexClients.ldap(stack.giisPort(), layout.parentInGiis().toString(), layout.entries());
            case GIIS_CHAINED -> IndexClients.ldap(uncached.giisPort(), layout.parentInGiis().toString(), layout.entries());
            case SLAPD -> IndexClients.ldap(slapd.port(), layout.parent().toString(), layout.entries());
            case BDII -> IndexClients.ldap(bdii.port(), layout.parent().toString(), layout.entries());
            case XML_INDEX -> IndexClients.xpath(index.queryUri(IndexLayout.XPATH), layout.entries());
        };
    }

    /** Parses {@code --name=value} arguments; {@code output[0]} receives {@code --output}. */
    static Config parse(String[] args, Path[] output) {
        Options o = CommandLineArgs.parse(new Options(output[0]), args);
        output[0] = o.preset.output();
        return o.config();
    }

    public static void main(String[] args) throws Exception {
        BenchmarkMain.run("mds-index", args, MdsIndexBenchmark::parse, Config::describe, MdsIndexBenchmark::run);
    }

    /**
     * The command line: a scale's defaults, then any single setting over them. An empty value (an
     * unset Maven property, {@code --sizes=}) keeps the scale's default.
     */
    @Command(name = "MdsIndexBenchmark", description = "seed 002 reduced: GIIS, XML index and slapd answering N entries to 1..800 clients (benchmarks/docs/mds.md)")
    static final class Options {
        /**
         * The preset grid, from experiments/mds-index.yaml: tiny (seconds, for the build; clients in this
         * JVM), quick (minutes) and full (seed 002's client steps), both with the clients in two load agents
         * of their own, so the clients do not share our servers' JVM (slapd's never shared slapd's process).
         */
        @Mixin
        final PresetOptions preset;
        @Mixin
        final LevelTimeOptions times = new LevelTimeOptions();
        private List<IndexServer> servers;
        @Option(names = "--sizes", split = ",", paramLabel = "N,...", description = "index sizes N")
        List<Integer> sizes;
        @Option(names = "--clients", split = ",", paramLabel = "N,...", description = "client counts, one level each")
        List<Integer> clients;
        @Option(names = "--index-max-concurrent-queries", paramLabel = "N", description = "the XML index's query limit (shipped: 8)")
        int indexMaxConcurrent = 8;
        @Option(names = "--client-processes", paramLabel = "K", description = "0: clients in this JVM (preset); K: in up to K JVMs of their own")
        Integer clientProcesses;
        @Option(names = "--giis-max-concurrent-requests", paramLabel = "N", description = "the GIISes' request limit (0: shipped default, 16)")
        int giisMaxConcurrent;
        @Option(names = "--giis-fair-share", arity = "1", paramLabel = "true|false", description = "the GIISes' fair sharing of a contended server (shipped: true)")
        boolean giisFairShare = true;

        Options(Path output) {
            this.preset = new PresetOptions(output);
        }

        @Option(names = "--servers", paramLabel = "all|giis,giis-chained,index,slapd,bdii", description = "servers to measure")
        void servers(String v) {
            servers = IndexServer.parseList(v);
        }

        /** The scale's preset (experiments/mds-index.yaml) with every option given replacing its setting. */
        Config config() {
            Options p = ExperimentCatalog.shipped().get(BASE_NAME).preset(preset.scale(), new Options(preset.output()));
            return new Config(orPreset(servers, p.servers, "servers"), orPreset(sizes, p.sizes, "sizes"), orPreset(clients, p.clients, "clients"),
                    times.warmup(p.times), times.measure(p.times), indexMaxConcurrent,
                    orPreset(clientProcesses, p.clientProcesses, "client-processes"), giisMaxConcurrent, giisFairShare);
        }
    }

    private static String qpm(OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%,.0f", v.getAsDouble()) : "-";
    }

    private static String times(OptionalDouble ours, OptionalDouble theirs) {
        return ours.isPresent() && theirs.isPresent() ? String.format(Locale.ROOT, "%.1f x", ours.getAsDouble() / theirs.getAsDouble()) : "-";
    }

    private static String share(OptionalDouble part, OptionalDouble whole) {
        return part.isPresent() && whole.isPresent() && whole.getAsDouble() > 0
                ? String.format(Locale.ROOT, "%.1f %%", 100 * part.getAsDouble() / whole.getAsDouble()) : "-";
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
