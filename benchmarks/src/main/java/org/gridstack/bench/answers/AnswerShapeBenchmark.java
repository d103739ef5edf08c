package org.gridstack.bench.answers;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.Deflater;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.bench.kit.MultiProcessDriver;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.SecondsConverter;
import org.gridstack.bench.kit.report.RunFiles;
import org.gridstack.bench.kit.report.TextTable;
import org.gridstack.client.frontier.FrontierClient;
import org.gridstack.client.frontier.FrontierClientConfig;
import org.gridstack.client.frontier.FrontierResult;
import org.gridstack.client.frontier.QueryOptions;
import org.gridstack.frontier.web.FrontierApplication;
import org.gridstack.testing.SquidProcess;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import java.io.IOException;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.function.Supplier;
import org.gridstack.bench.kit.report.Headline;

/**
 * The thesis's experiments on the shape of FroNtier answers (seed 004, 5.2.7-5.2.9): 2.2, 1 MB
 * answers of 5..90 % compressibility at zip levels against clients, measuring what the clients
 * get (row MB/s), what crosses the network (body MB/s) and the error rate; 2.3, answers of
 * 1..30 MB at zip 5 and 50 % compressibility, straight from the servlet and through a Squid; the
 * error rate of every level is kept, the thesis's experiment 2.4 measure. Clients are the SDK
 * (each its own {@link FrontierClient}: md5, zlib and full_size checked, every value's length
 * summed and compared); failed queries are counted, not fatal. The servlet runs in this JVM on an
 * embedded PostgreSQL whose tables {@link ShapeTable} generates.
 */
public final class AnswerShapeBenchmark {
    static final String BASE_NAME = "answer-shape";

    /**
     * Settings of a run.
     *
     * @param compressibility experiment 2.2's compressibility levels (%), at 1 MB
     * @param zips experiment 2.2's zip levels
     * @param sizes experiment 2.3's answer sizes (MB), at zip 5 and 50 %
     * @param squid whether experiment 2.3 also runs through a Squid
     * @param clients client counts of every cell
     * @param clientProcesses 0: the clients run in this JVM beside the servlet; K: in up to K JVMs of their own
     *        ({@link MultiProcessDriver}), as the thesis's clients ran on other nodes
     */
    public record Config(List<Integer> compressibility, List<Integer> zips, List<Integer> sizes, boolean squid, List<Integer> clients,
            Duration warmup, Duration measure, int clientProcesses) {
        public Config {
            compressibility = List.copyOf(requireNonNull(compressibility, "compressibility is null"));
            zips = List.copyOf(requireNonNull(zips, "zips is null"));
            sizes = List.copyOf(requireNonNull(sizes, "sizes is null"));
            clients = List.copyOf(requireNonNull(clients, "clients is null"));
            requireNonNull(warmup, "warmup is null");
            requireNonNull(measure, "measure is null");
            if (clients.isEmpty() || clients.stream().anyMatch(c -> c < 1)) {
                throw new IllegalArgumentException("clients must be a list of positive counts, got " + clients);
            }
            if (clientProcesses < 0) {
                throw new IllegalArgumentException("clientProcesses must not be negative, got " + clientProcesses);
            }
            if (zips.stream().anyMatch(z -> z < 0 || z > 9)) {
                throw new IllegalArgumentException("zip levels are 0..9, got " + zips);
            }
        }

        Set<ShapeTable> tables() {
            Set<ShapeTable> t = new LinkedHashSet<>();
            compressibility.forEach(c -> t.add(new ShapeTable(1, c)));
            sizes.forEach(s -> t.add(new ShapeTable(s, 50)));
            return t;
        }
    }

    /**
     * One measured cell.
     *
     * @param experiment "2.2" or "2.3"
     * @param access "direct" or "squid"
     * @param measuredCompressibility the share zlib level 1 saves on the answer's values (%)
     */
    public record Cell(String experiment, String access, int megabytes, int compressibilityPercent, double measuredCompressibility, int zip,
            LevelResult level) {
        double rowMegabytesPerSecond() {
            return level.payloadMegabytesPerSecond();
        }

        double bodyMegabytesPerSecond() {
            return level.wireMegabytesPerSecond();
        }
    }

    /** @param host the host monitor's samples over the run (this JVM's process tree: clients, servlet, its PostgreSQL, Squid) */
    public record Result(LocalDateTime started, Duration elapsed, int cores, Config config, List<Cell> cells, List<HostMonitor.Sample> host) {
        String markdown() {
            TextTable table = TextTable.of("exp", "access", "MB", "compressibility % (measured)", "zip", "clients", "queries/s", "row MB/s",
                    "body MB/s", "p50 ms", "p99 ms", "errors %");
            for (Cell c : cells) {
                LevelResult l = c.level();
                table.row(c.experiment(), c.access(), c.megabytes(),
                        String.format(Locale.ROOT, "%d (%.1f)", c.compressibilityPercent(), c.measuredCompressibility()), c.zip(), l.clients(),
                        String.format(Locale.ROOT, "%.1f", l.queriesPerSecond()), String.format(Locale.ROOT, "%.2f", c.rowMegabytesPerSecond()),
                        String.format(Locale.ROOT, "%.2f", c.bodyMegabytesPerSecond()), String.format(Locale.ROOT, "%.1f", l.latency().p50Millis()),
                        String.format(Locale.ROOT, "%.1f", l.latency().p99Millis()), String.format(Locale.ROOT, "%.1f", 100 * l.errorRate()));
            }
            return "### FroNtier answer shapes (thesis experiments 2.2, 2.3, 2.4)\n\n" + table.markdown();
        }

        /** Writes {@code answer-shape.{md,json,html}} and the folder's index; returns their paths. */
        public List<Path> write(Path dir) throws IOException {
            Map<String, Object> root = ResultJson.runHeader(started, elapsed, cores, config);
            root.put("cells", cells);
            List<Path> written = new ArrayList<>(new RunFiles(BASE_NAME, markdown(), null, ResultJson.toJson(root),
                    AnswerShapeReportPage.build(this)).write(dir));
            written.add(headline().write(dir));
            return List.copyOf(written);
        }

        /**
         * The headline: experiment 2.3's largest answer at its most clients, row MB/s through the
         * Squid over straight from the servlet in the same run (the thesis's comparison); without
         * the Squid cells, 2.3's (else 2.2's) own row MB/s and no reference. No target.
         */
        public Headline headline() {
            Comparator<Cell> largest = Comparator.comparingInt((Cell c) -> c.megabytes()).thenComparingInt(c -> c.level().clients());
            Optional<Cell> squid = cells.stream().filter(c -> c.experiment().equals("2.3") && c.access().equals("squid")).max(largest);
            Optional<Cell> direct = squid.flatMap(s -> cells.stream().filter(c -> c.experiment().equals("2.3") && c.access().equals("direct")
                    && c.megabytes() == s.megabytes() && c.level().clients() == s.level().clients()).findFirst());
            if (squid.isPresent() && direct.isPresent()) {
                Cell s = squid.get();
                return new Headline(String.format(Locale.ROOT, "2.3: through Squid vs straight from the servlet, row MB/s at %d MB, %d clients",
                        s.megabytes(), s.level().clients()), s.rowMegabytesPerSecond(), direct.get().rowMegabytesPerSecond(), "servlet direct (this run)",
                        "row MB/s", true, null);
            }
            Optional<Cell> any = cells.stream().max(Comparator.comparing(Cell::experiment).thenComparing(largest));
            return Headline.withoutReference(any.map(c -> String.format(Locale.ROOT, "%s: row MB/s at %d MB, zip %d, %d clients",
                    c.experiment(), c.megabytes(), c.zip(), c.level().clients())).orElse("row MB/s"), any.map(Cell::rowMegabytesPerSecond).orElse(Double.NaN),
                    "row MB/s", true);
        }
    }

    private AnswerShapeBenchmark() {
    }

    public static Result run(Config config) throws Exception {
        requireNonNull(config, "config is null");
        LocalDateTime started = LocalDateTime.now();
        long t0 = System.nanoTime();
        Path schema = Files.createTempFile("answer-shape", ".sql");
        int maxMb = config.sizes().stream().mapToInt(Integer::intValue).max().orElse(1);
        List<Cell> cells = new ArrayList<>();
        List<HostMonitor.Sample> host;
        try {
            StringBuilder script = new StringBuilder();
            config.tables().forEach(t -> script.append(t.createStatements()));
            Files.writeString(schema, script, StandardCharsets.UTF_8);
            int port = SquidProcess.freePort();
            Map<String, Supplier<List<ProcessHandle>>> watched = new LinkedHashMap<>();
            watched.put("benchmark JVM (clients, servlet) and its PostgreSQL", HostMonitor.tree(ProcessHandle.current()));
            try (HostMonitor monitor = HostMonitor.start(watched, Duration.ofSeconds(1));
                 ConfigurableApplicationContext servlet = new SpringApplication(FrontierApplication.class).run(
                    "--server.port=" + port, "--server.address=127.0.0.1", "--frontier.demo-schema=" + schema,
                    "--frontier.client-pool-share=1", "--logging.level.root=WARN", "--spring.main.banner-mode=off");
                 SquidProcess squid = config.squid() && !config.sizes().isEmpty()
                         ? SquidProcess.siteProxy("answer-shape-bench", null, maxMb + 2) : null) {
                String server = "http://127.0.0.1:" + port + "/Frontier";
                warmUp(config, server);
                Map<ShapeTable, Double> measured = new HashMap<>();
                for (int c : config.compressibility()) {
                    ShapeTable t = new ShapeTable(1, c);
                    for (int zip : config.zips()) {
                        for (int clients : config.clients()) {
                            cells.add(cell(config, "2.2", "direct", t, zip, clients, "(serverurl=" + server + ")", measured));
                        }
                    }
                }
                for (int mb : config.sizes()) {
                    ShapeTable t = new ShapeTable(mb, 50);
                    for (int clients : config.clients()) {
                        cells.add(cell(config, "2.3", "direct", t, 5, clients, "(serverurl=" + server + ")", measured));
                        if (squid != null) {
                            cells.add(cell(config, "2.3", "squid", t, 5, clients, "(serverurl=" + server + ")(proxyurl=http://127.0.0.1:"
                                    + squid.port() + ")(failovertoserver=no)", measured));
                        }
                    }
                }
                host = monitor.stop();
            }
        } finally {
            Files.deleteIfExists(schema);
        }
        return new Result(started, Duration.ofNanos(System.nanoTime() - t0), Runtime.getRuntime().availableProcessors(), config, List.copyOf(cells),
                host);
    }

    /**
     * Before the first cell, the servlet, the SDK and PostgreSQL run the paths of every zip level for
     * a few seconds, unmeasured: in a fresh JVM the first cells would otherwise measure the JIT
     * compiler (a first try showed 2-4 MB/s against 21 MB/s once warm, for the same cell).
     */
    private static void warmUp(Config config, String server) throws Exception {
        ShapeTable table = config.tables().iterator().next();
        Duration each = Duration.ofMillis(Math.max(1000, config.warmup().toMillis()));
        for (int zip : config.zips().isEmpty() ? List.of(5) : config.zips()) {
            ClosedLoopDriver.run(new ClosedLoopDriver.Level(2, each, Duration.ofMillis(1), Duration.ZERO, ClosedLoopDriver.OnError.COUNT),
                    i -> sdkClient("(serverurl=" + server + ")(retrieve-ziplevel=" + zip + ")", table),
                    ClosedLoopDriver.Window.NONE);
        }
    }

    private static Cell cell(Config config, String experiment, String access, ShapeTable table, int zip, int clients, String servers,
            Map<ShapeTable, Double> measured) throws Exception {
        String clientConfig = servers + "(retrieve-ziplevel=" + zip + ")";
        double compressibility = measured.computeIfAbsent(table, t -> compressibility(clientConfig, t));
        ClosedLoopDriver.Level level = new ClosedLoopDriver.Level(clients, config.warmup(), config.measure(), Duration.ZERO,
                ClosedLoopDriver.OnError.COUNT);
        LevelResult r = config.clientProcesses() == 0
                ? ClosedLoopDriver.run(level, i -> sdkClient(clientConfig, table), ClosedLoopDriver.Window.NONE)
                : MultiProcessDriver.run(level, Math.min(clients, config.clientProcesses()), MultiProcessDriver.AgentLauncher.local("-Xmx512m"),
                        ShapeClients.class, List.of(clientConfig, Integer.toString(table.megabytes()), Integer.toString(table.compressibilityPercent())),
                        ClosedLoopDriver.Window.NONE);
        System.out.printf(Locale.ROOT, "[answer-shape] %s %s %d MB c%d%% zip %d, %d client(s): %.1f q/s, %.2f row MB/s, %.2f body MB/s, %.1f %% errors%n",
                experiment, access, table.megabytes(), table.compressibilityPercent(), zip, clients, r.queriesPerSecond(),
                r.payloadMegabytesPerSecond(), r.wireMegabytesPerSecond(), 100 * r.errorRate());
        return new Cell(experiment, access, table.megabytes(), table.compressibilityPercent(), compressibility, zip, r);
    }

    /** One SDK client; an answer counts when it has every row and every value has its full length. */
    static ClosedLoopDriver.Client sdkClient(String clientConfig, ShapeTable table) {
        FrontierClient client = new FrontierClient(FrontierClientConfig.parse(clientConfig));
        return new ClosedLoopDriver.Client() {
            @Override
            public void query(ClosedLoopDriver.Tally tally) throws Exception {
                FrontierResult r = client.query(table.query(), QueryOptions.DEFAULT);
                long values = checked(r, table);
                tally.add(r.origin().bytes(), values);
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }

    private static long checked(FrontierResult r, ShapeTable table) {
        if (r.rowCount() != table.rows()) {
            throw new IllegalStateException(table.name() + ": expected " + table.rows() + " rows, got " + r.rowCount());
        }
        long values = 0;
        for (int i = 0; i < r.rowCount(); i++) {
            int length = r.getBytes(i, 0).length;
            if (length != ShapeTable.ROW_BYTES) {
                throw new IllegalStateException(table.name() + ": row " + i + " has " + length + " bytes, not " + ShapeTable.ROW_BYTES);
            }
            values += length;
        }
        return values;
    }

    /** What zlib level 1 saves on the answer's values, in %, from one answer fetched and checked. */
    private static double compressibility(String clientConfig, ShapeTable table) {
        try (FrontierClient client = new FrontierClient(FrontierClientConfig.parse(clientConfig))) {
            FrontierResult r = client.query(table.query(), QueryOptions.DEFAULT);
            checked(r, table);
            ByteArrayOutputStream all = new ByteArrayOutputStream((int) table.valueBytes());
            for (int i = 0; i < r.rowCount(); i++) {
                all.writeBytes(r.getBytes(i, 0));
            }
            byte[] in = all.toByteArray();
            Deflater d = new Deflater(1);
            d.setInput(in);
            d.finish();
            byte[] buf = new byte[64 * 1024];
            long out = 0;
            while (!d.finished()) {
                out += d.deflate(buf);
            }
            d.end();
            return 100.0 * (1 - (double) out / in.length);
        } catch (Exception e) {
            throw new IllegalStateException("cannot fetch the reference answer of " + table.name() + ": " + e.getMessage(), e);
        }
    }

    /** The command line: a scale's defaults, then any single setting over them. */
    @Command(name = "AnswerShapeBenchmark", description = "thesis experiments 2.2 (compressibility), 2.3 (answer sizes) and 2.4 (error rates)")
    static final class Options {
        @Option(names = "--compressibility", split = ",", paramLabel = "PCT", description = "experiment 2.2's levels (default 5,30,50,70,90)")
        List<Integer> compressibility = List.of(5, 30, 50, 70, 90);
        @Option(names = "--zips", split = ",", paramLabel = "Z", description = "experiment 2.2's zip levels (default 0,1,5,9)")
        List<Integer> zips = List.of(0, 1, 5, 9);
        @Option(names = "--sizes", split = ",", paramLabel = "MB", description = "experiment 2.3's answer sizes (default 1,5,10,20,30)")
        List<Integer> sizes = List.of(1, 5, 10, 20, 30);
        @Option(names = "--squid", arity = "1", paramLabel = "true|false", description = "experiment 2.3 through Squid too (default true)")
        boolean squid = true;
        @Option(names = "--clients", split = ",", paramLabel = "N", description = "clients per cell (default 1,2,4)")
        List<Integer> clients = List.of(1, 2, 4);
        @Option(names = "--warmup-seconds", paramLabel = "S", converter = SecondsConverter.class, description = "default 2")
        Duration warmup = Duration.ofSeconds(2);
        @Option(names = "--measure-seconds", paramLabel = "S", converter = SecondsConverter.class, description = "default 5")
        Duration measure = Duration.ofSeconds(5);
        @Option(names = "--client-processes", paramLabel = "K", description = "0: clients in this JVM (default); K: in up to K JVMs of their own")
        int clientProcesses;
        @Option(names = "--output", paramLabel = "DIR", description = "directory of answer-shape.{md,json,html}")
        Path output = Path.of("target", "results");

        Config config() {
            return new Config(compressibility, zips, sizes, squid, clients, warmup, measure, clientProcesses);
        }
    }

    static Options parse(String[] args) {
        return CommandLineArgs.parse(new Options(), args);
    }

    public static void main(String[] args) throws Exception {
        Options o = parse(args);
        Result r = run(o.config());
        System.out.println(r.markdown());
        System.out.println("written: " + r.write(o.output));
        System.exit(0);
    }
}
