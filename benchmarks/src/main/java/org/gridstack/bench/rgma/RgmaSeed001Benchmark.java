package org.gridstack.bench.rgma;

import static java.util.Objects.requireNonNull;
import static org.gridstack.bench.kit.CommandLineArgs.orPreset;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.gridstack.bench.kit.BenchmarkMain;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.bench.kit.LevelTimeOptions;
import org.gridstack.bench.kit.PresetOptions;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.RunScale;
import org.gridstack.bench.kit.ThinkingUserOptions;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.RunFiles;
import org.gridstack.bench.kit.report.TextTable;
import org.gridstack.bench.suite.ExperimentCatalog;
import org.gridstack.rgma.client.PrimaryProducer;
import org.gridstack.rgma.client.ProducerOptions;
import org.gridstack.rgma.client.SecondaryProducer;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.gridstack.bench.kit.report.Headline;

/**
 * Seed 001's four R-GMA experiment sets, reduced, against our R-GMA (in this JVM, over embedded
 * PostgreSQL, users as closed-loop HTTP clients with the seed's think time): (1) ProducerServlet vs
 * users: 10 latest producers, every consumer asks for all their rows through the ConsumerServlet
 * with the producers handed to it (no registry); (2) registry vs users: 60 producers, every query
 * mediated by the registry; (3) ProducerServlet vs 10..90 producers, fixed users, with pooled
 * database connections and with the seed's one connection per producer per query (the A/B of the
 * seed's bottleneck); (4) an archiver (secondary producer) fed by 1..N stream producers publishing
 * once a second, fixed users asking it for the latest rows. Every answer is checked (row count).
 * Per level: queries/s, response time (mean, p50, p99), load1, and the mean time per NetLogger step
 * from the server's {@code rgma.step} timers. Beside them seed 001's figures and recommendations
 * ({@link RgmaSeed001Reference}). Results: {@code rgma-seed001.{md,csv,json,html}}.
 *
 * <p>Not thread-safe; each {@link #run} is independent.
 */
public final class RgmaSeed001Benchmark {
    static final String BASE_NAME = "rgma-seed001";
    static final List<String> SETS = List.of("1. ProducerServlet vs users", "2. Registry vs users",
            "3. ProducerServlet vs producers", "4. Archiver vs stream producers");

    /** Settings of a run. */
    public record Config(List<Integer> users, List<Integer> producers, List<Integer> streams, int fixedUsers, Duration think,
            Duration warmup, Duration measure) {
        public Config {
            users = List.copyOf(requireNonNull(users, "users is null"));
            producers = List.copyOf(requireNonNull(producers, "producers is null"));
            streams = List.copyOf(requireNonNull(streams, "streams is null"));
            requireNonNull(think, "think is null");
            requireNonNull(warmup, "warmup is null");
            requireNonNull(measure, "measure is null");
            if (users.isEmpty() || producers.isEmpty() || streams.isEmpty() || fixedUsers < 1 || measure.isZero()) {
                throw new IllegalArgumentException("users, producers and streams need a value each, fixed-users at least 1,"
                        + " measure positive");
            }
        }

        String describe() {
            return "--users=" + join(users) + " --producers=" + join(producers) + " --streams=" + join(streams) + " --fixed-users="
                    + fixedUsers + " --think-millis=" + think.toMillis() + " --warmup-millis=" + warmup.toMillis()
                    + " --measure-millis=" + measure.toMillis();
        }
    }

    /** One measured level. */
    public record Level(int set, String variant, int x, int users, int rows, LevelResult result, Map<String, Double> stepMillis,
            double load1) {
        static final List<String> HEADERS = List.of("set", "variant", "x", "users", "rows", "queries/s", "mean ms", "p50 ms",
                "p99 ms", "errors", "load1", "steps (ms per query, summed over its producer calls)");

        List<String> cells() {
            return List.of(String.valueOf(set), variant, String.valueOf(x), String.valueOf(users), String.valueOf(rows),
                    fmt(result.queriesPerSecond()), fmt(result.latency().meanMillis()), fmt(result.latency().p50Millis()),
                    fmt(result.latency().p99Millis()), String.valueOf(result.errors()), fmt(load1),
                    stepMillis.entrySet().stream().map(e -> e.getKey() + " " + fmt(e.getValue())).collect(Collectors.joining("; ")));
        }
    }

    /** The run's levels and settings. */
    public record Result(Config config, List<Level> levels, LocalDateTime started, Duration elapsed) implements BenchmarkMain.Report {
        public String markdown() {
            StringBuilder s = new StringBuilder("### Seed 001 reduced: R-GMA's four experiment sets\n\n");
            s.append("`").append(config.describe()).append("`; one JVM holds the server(s), their embedded PostgreSQL and the users; ")
                    .append("think time ").append(config.think().toMillis()).append(" ms (seed: 1000).\n\n");
            TextTable table = TextTable.of(Level.HEADERS);
            levels.forEach(l -> table.row(l.cells()));
            s.append(table.markdown());
            s.append("\nSeed 001 (").append(RgmaSeed001Reference.SOURCE).append("): the ProducerServlet peaked at ")
                    .append(fmt(RgmaSeed001Reference.PRODUCER_SERVLET_PEAK_QUERIES_PER_SECOND)).append(" queries/s at ")
                    .append(RgmaSeed001Reference.PRODUCER_SERVLET_PEAK_USERS).append(" consumers; ")
                    .append(Math.round(RgmaSeed001Reference.REGISTRY_PROCESS_SHARE * 100))
                    .append(" % of a registry query was RegistryServlet-ProcessQuery.\n\n");
            TextTable recommendations = TextTable.of("seed 001 recommendation", "this run");
            RgmaSeed001Reference.RECOMMENDATIONS.forEach(r -> recommendations.row(r.text(), RunScale.verdict(verdict(r))));
            return s.append(recommendations.markdown()).toString();
        }

        private String verdict(RgmaSeed001Reference.Recommendation r) {
            int set = r.set().ordinal() + 1;
            List<Level> of = levels.stream().filter(l -> l.set() == set).toList();
            if (of.isEmpty()) {
                return "not measured";
            }
            Level last = of.get(of.size() - 1);
            if (last.result().queries() == 0) {
                return "at " + last.x() + " (" + last.users() + " users) no query finished within the measured interval: the limit"
                        + " still applies";
            }
            double offered = last.users() / (config.think().toMillis() / 1000.0 + last.result().latency().meanMillis() / 1000.0);
            boolean keepsUp = last.result().errors() == 0 && last.result().queriesPerSecond() >= 0.8 * offered;
            return String.format(Locale.ROOT, "at %s=%d (%d users) %.1f queries/s of %.1f offered, median %.1f ms: %s", set == 3
                    ? "producers" : set == 4 ? "stream producers" : "users", last.x(), last.users(),
                    last.result().queriesPerSecond(), offered, last.result().latency().p50Millis(), keepsUp
                    ? "the limit does not hold here" : "throughput falls behind the offered load: the limit still applies");
        }

        public List<Path> write(Path dir) throws IOException {
            TextTable csv = TextTable.of(Level.HEADERS);
            levels.forEach(l -> csv.row(l.cells()));
            Map<String, Object> root = ResultJson.runHeader(started, elapsed, Runtime.getRuntime().availableProcessors(),
                    config.describe());
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Level l : levels) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("set", l.set());
                m.put("variant", l.variant());
                m.put("x", l.x());
                m.put("users", l.users());
                m.put("rows", l.rows());
                m.put("queriesPerSecond", l.result().queriesPerSecond());
                m.put("meanMillis", l.result().latency().meanMillis());
                m.put("p50Millis", l.result().latency().p50Millis());
                m.put("p99Millis", l.result().latency().p99Millis());
                m.put("errors", l.result().errors());
                m.put("load1", l.load1());
                m.put("stepMillis", l.stepMillis());
                rows.add(m);
            }
            root.put("levels", rows);
            root.put("seed001", Map.of("source", RgmaSeed001Reference.SOURCE, "producerServletPeakQueriesPerSecond",
                    RgmaSeed001Reference.PRODUCER_SERVLET_PEAK_QUERIES_PER_SECOND));
            HtmlPage.Builder page = HtmlPage.builder("Seed 001 reduced: R-GMA").fact("settings", config.describe())
                    .paragraph("Seed 001's four R-GMA sets on our R-GMA; seed figures in the last table.");
            page.table("levels", Level.HEADERS, levels.stream().map(Level::cells).toList());
            List<Path> written = new ArrayList<>(new RunFiles(BASE_NAME, markdown(), csv.csv(), ResultJson.toJson(root), page.build()).write(dir));
            written.add(headline().write(dir));
            return List.copyOf(written);
        }

        /** The headline: set 1's peak ProducerServlet rate over seed 001's (about 12 queries/s); the issue sets no target. */
        public Headline headline() {
            double peak = levels.stream().filter(l -> l.set() == 1).mapToDouble(l -> l.result().queriesPerSecond()).max().orElse(Double.NaN);
            return new Headline("set 1: ProducerServlet peak vs seed 001's, queries/s", peak,
                    RgmaSeed001Reference.PRODUCER_SERVLET_PEAK_QUERIES_PER_SECOND, "seed 001 (R-GMA 3.4.6)", "queries/s", true, null);
        }
    }

    private RgmaSeed001Benchmark() {
    }

    /** Runs the four sets; prints a line per level. */
    public static Result run(Config config) throws Exception {
        LocalDateTime started = LocalDateTime.now();
        long t0 = System.nanoTime();
        List<Level> levels = new ArrayList<>();
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        try (RgmaSite pooled = new RgmaSite("pooled"); RgmaSite perQuery = new RgmaSite("per-query")) {
            // set 1: 10 producers handed to the consumers
            List<Long> ten = pooled.addProducers(10, "set1-");
            for (int users : config.users()) {
                levels.add(level(1, "producers handed", users, users, 10, pooled, http, config, directQuery(pooled, ten)));
            }
            // set 2: 60 producers, consumers mediated by the registry
            pooled.addProducers(50, "set2-");
            for (int users : config.users()) {
                levels.add(level(2, "mediated", users, users, 60, pooled, http, config, "/rgma/consumer/query?type=latest&select="
                        + enc("SELECT * FROM cpuload")));
            }
            pooled.closeProducers();
            // set 3: 10..90 producers, fixed users, pooled vs per-query connections
            for (RgmaSite site : List.of(pooled, perQuery)) {
                List<Long> ids = new ArrayList<>();
                int have = 0;
                for (int n : config.producers()) {
                    ids.addAll(site.addProducers(n - have, "set3-" + have + "-"));
                    have = n;
                    levels.add(level(3, site.connections + " connections", n, config.fixedUsers(), n, site, http, config,
                            directQuery(site, ids)));
                }
                site.closeProducers();
            }
            // set 4: an archiver fed by stream producers publishing once a second
            ScheduledExecutorService publishers = Executors.newScheduledThreadPool(4);
            try (SecondaryProducer archiver = pooled.archiver()) {
                List<PrimaryProducer> streams = new ArrayList<>();
                for (int n : config.streams()) {
                    while (streams.size() < n) {
                        int i = streams.size();
                        PrimaryProducer p = new PrimaryProducer(pooled.endpoint, ProducerOptions.of("cpuload")
                                .withTerminationInterval(3600));
                        streams.add(p);
                        publishers.scheduleAtFixedRate(() -> RgmaSite.publish(p, "stream-" + i), 0, 1, TimeUnit.SECONDS);
                    }
                    String q = "/rgma/consumer/query?type=latest&producer=" + archiver.id() + "&select="
                            + enc("SELECT * FROM cpuload WHERE host LIKE 'stream-%'");
                    waitForRows(http, pooled, q, n);
                    levels.add(level(4, "archiver latest", n, config.fixedUsers(), n, pooled, http, config, q));
                }
            } finally {
                publishers.shutdownNow();
            }
        }
        return new Result(config, levels, started, Duration.ofNanos(System.nanoTime() - t0));
    }

    private static String directQuery(RgmaSite site, List<Long> ids) {
        return "/rgma/consumer/query?type=latest&select=" + enc("SELECT * FROM cpuload") + ids.stream()
                .map(id -> "&producer=" + id).collect(Collectors.joining());
    }

    private static void waitForRows(HttpClient http, RgmaSite site, String path, int rows) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (rowCount(http, site, path) < rows) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the archiver did not receive all " + rows + " stream producers in 60 s");
            }
            Thread.sleep(200);
        }
    }

    static int rowCount(HttpClient http, RgmaSite site, String path) throws Exception {
        return rowCount(http, site, path, null);
    }

    /** The rows of one answer to {@code path}; a {@code timeout} (null: none) turns a stalled answer into an error. */
    static int rowCount(HttpClient http, RgmaSite site, String path, Duration timeout) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(site.endpoint.base() + path)).GET();
        if (timeout != null) {
            request.timeout(timeout);
        }
        HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("HTTP " + r.statusCode() + ": " + r.body());
        }
        String body = r.body();
        int rowsAt = body.indexOf("\"rows\":[");
        int count = 0;
        int depth = 0;
        for (int i = rowsAt + 8; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '[') {
                if (depth++ == 0) {
                    count++;
                }
            } else if (c == ']') {
                if (depth-- == 0) {
                    break;
                }
            } else if (c == '"') {
                i = body.indexOf('"', i + 1);
            }
        }
        return count;
    }

    private static Level level(int set, String variant, int x, int users, int rows, RgmaSite site, HttpClient http, Config config,
            String path) throws Exception {
        Map<String, long[]>[] edges = new Map[2];
        ClosedLoopDriver.Window window = new ClosedLoopDriver.Window() {
            @Override
            public void measureStarted() {
                edges[0] = site.steps();
            }

            @Override
            public void measureEnded() {
                edges[1] = site.steps();
            }
        };
        URI uri = URI.create(site.endpoint.base() + path);
        LevelResult r = ClosedLoopDriver.run(new ClosedLoopDriver.Level(users, config.warmup(), config.measure(), config.think(),
                ClosedLoopDriver.OnError.COUNT), index -> tally -> {
                    int got = rowCount(http, site, path);
                    if (got != rows) {
                        throw new IllegalStateException("expected " + rows + " rows from " + uri + ", got " + got);
                    }
                    tally.add(0, got);
                }, window);
        Map<String, Double> steps = new LinkedHashMap<>();
        if (edges[0] != null && edges[1] != null && r.queries() > 0) {
            edges[1].forEach((step, end) -> {
                long[] start = edges[0].getOrDefault(step, new long[2]);
                if (end[1] > start[1]) {
                    steps.put(step, (end[0] - start[0]) / 1e6 / r.queries());
                }
            });
        }
        Level l = new Level(set, variant, x, users, rows, r, steps, load1());
        System.out.printf(Locale.ROOT, "rgma-seed001: set %d %-22s x=%-4d users=%-4d %8.1f queries/s mean %s ms p99 %s ms errors %d%n",
                set, variant, x, users, r.queriesPerSecond(), fmt(r.latency().meanMillis()), fmt(r.latency().p99Millis()), r.errors());
        return l;
    }

    private static double load1() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.2f", v);
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    static Config parse(String[] args, Path[] output) {
        Options o = CommandLineArgs.parse(new Options(output[0]), args);
        output[0] = o.preset.output();
        return o.config();
    }

    public static void main(String[] args) throws Exception {
        BenchmarkMain.run(BASE_NAME, args, RgmaSeed001Benchmark::parse, Config::describe, RgmaSeed001Benchmark::run);
    }

    /** The command line: a scale's preset (experiments/rgma-seed001.yaml), then any setting over it. */
    @Command(name = "RgmaSeed001Benchmark", description = "seed 001 reduced: R-GMA's four experiment sets")
    static final class Options {
        @Mixin
        final PresetOptions preset;
        @Mixin
        final ThinkingUserOptions users = new ThinkingUserOptions();
        @Mixin
        final LevelTimeOptions times = new LevelTimeOptions();
        @Option(names = "--producers", split = ",", description = "producer counts of set 3")
        List<Integer> producers;
        @Option(names = "--streams", split = ",", description = "stream producer counts of set 4")
        List<Integer> streams;

        Options(Path output) {
            this.preset = new PresetOptions(output);
        }

        Config config() {
            Options p = ExperimentCatalog.shipped().get(BASE_NAME).preset(preset.scale(), new Options(preset.output()));
            return new Config(users.users(p.users), orPreset(producers, p.producers, "producers"), orPreset(streams, p.streams, "streams"),
                    users.fixedUsers(p.users), users.think(p.users), times.warmup(p.times), times.measure(p.times));
        }
    }
}
