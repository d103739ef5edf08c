package org.gridstack.bench.squid;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import org.gridstack.bench.frontier.TStringData;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.report.RunFiles;
import org.gridstack.client.frontier.FrontierClient;
import org.gridstack.client.frontier.FrontierClientConfig;
import org.gridstack.client.frontier.FrontierResult;
import org.gridstack.client.frontier.QueryOptions;
import org.gridstack.client.frontier.RefreshPolicy;
import org.gridstack.frontier.demo.DemoDatabase;
import org.gridstack.frontier.protocol.Ttl;
import org.gridstack.frontier.web.FrontierApplication;
import org.gridstack.frontier.web.FrontierConfiguration;
import org.gridstack.testing.SquidProcess;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Thesis experiments 1 and 3 on this machine: the {@code T_STRING} answer at 10 kB, 100 kB and
 * 1 MB ({@link ResultSize}), zip levels 0/1/5/9, 1-8 closed-loop clients, read by every
 * {@link AccessMethod}: direct JDBC to the database, the SDK directly from the servlet, the SDK
 * with a forced refresh through Squid, and through a Squid memory hit the SDK, the JDBC driver
 * and a plain HTTP client with and without keep-alive. Per cell: queries/s, MB/s (wire and row
 * data), client (JVM) CPU, Squid and PostgreSQL CPU, Squid's memory-hit share. The servlet (with
 * its embedded PostgreSQL) runs in this JVM: for the Squid-hit methods and direct JDBC it is idle,
 * for direct and forced refresh its CPU is inside the "client JVM" figure.
 *
 * <p>Every answer is checked: before each size and zip level the answer is compared value by value
 * with the expected rows (and the next read must be a Squid hit); each query then checks its row
 * count (SDK, JDBC; plus first and last value of the cut sizes, and the SDK's md5, zlib,
 * full_size and record checks), or its body length (plain HTTP). A failure stops the run.
 */
public final class SquidAccessBenchmark {
    static final String SQL = "select string from T_STRING";
    static final String BASE_NAME = "squid-access";

    /** Settings. */
    public record Config(List<AccessMethod> methods, List<ResultSize> sizes, List<Integer> zips, List<Integer> clients,
                         Duration warmup, Duration measure) {
        public Config {
            methods = List.copyOf(methods);
            sizes = List.copyOf(sizes);
            zips = List.copyOf(zips);
            clients = List.copyOf(clients);
            Objects.requireNonNull(warmup, "warmup is null");
            Objects.requireNonNull(measure, "measure is null");
            if (methods.isEmpty() || sizes.isEmpty() || zips.isEmpty() || clients.isEmpty()) {
                throw new IllegalArgumentException("methods, sizes, zips and clients must each name at least one value");
            }
            for (int z : zips) {
                if (z < 0 || z > 9) {
                    throw new IllegalArgumentException("zip level " + z + " is outside 0..9");
                }
            }
            for (int c : clients) {
                if (c < 1) {
                    throw new IllegalArgumentException("clients must be at least 1, got " + c);
                }
            }
            if (measure.isZero() || measure.isNegative() || warmup.isNegative()) {
                throw new IllegalArgumentException("measure must be positive and warm-up not negative");
            }
        }

        /** The full grid: ~300 cells of 0.5 s warm-up + 3 s, about 18 minutes on 2 cores. */
        static Config defaults() {
            return new Config(List.of(AccessMethod.values()), List.of(ResultSize.values()), List.of(0, 1, 5, 9), List.of(1, 2, 4, 8),
                    Duration.ofMillis(500), Duration.ofSeconds(3));
        }

        /** Cells this configuration measures (direct JDBC once per size and clients: it has no zip level). */
        int cellCount() {
            long jdbc = methods.contains(AccessMethod.DIRECT_JDBC) ? 1 : 0;
            return Math.toIntExact(sizes.size() * clients.size() * (jdbc + (methods.size() - jdbc) * zips.size()));
        }

        String describe() {
            return "--methods=" + methods.stream().map(AccessMethod::option).collect(Collectors.joining(","))
                    + " --sizes=" + sizes.stream().map(ResultSize::option).collect(Collectors.joining(","))
                    + " --zips=" + join(zips) + " --clients=" + join(clients)
                    + " --warmup-millis=" + warmup.toMillis() + " --measure-millis=" + measure.toMillis();
        }
    }

    /** Every cell measured, with the setting it ran under. */
    public record Result(Config config, List<CellStats> cells, String dataset, int cores, LocalDateTime started, Duration elapsed) {
        public Result {
            Objects.requireNonNull(config, "config is null");
            cells = List.copyOf(cells);
        }

        public String markdown() {
            StringBuilder s = new StringBuilder("### Access methods through Squid (T_STRING: "
                    + config.sizes().stream().map(ResultSize::label).collect(Collectors.joining(", ")) + ")\n\n");
            s.append("Run ").append(started.truncatedTo(ChronoUnit.SECONDS)).append(" (").append(elapsed.toSeconds()).append(" s), ")
                    .append(cores).append(" cores, `").append(config.describe()).append("`; data: ").append(dataset).append(".\n");
            for (ResultSize size : config.sizes()) {
                s.append("\n#### ").append(size.label()).append(" (").append(size.rows()).append(" rows, `").append(size.sql()).append("`)\n\n");
                s.append("Queries/s by access method (direct JDBC has no zip level: measured once per size, repeated in each zip row):\n\n");
                s.append(pivot(size)).append('\n');
                s.append(CellStats.markdownHeader());
                cells.stream().filter(c -> c.size() == size).forEach(c -> s.append(c.markdownRow()).append('\n'));
                if (config.methods().contains(AccessMethod.SDK_SQUID_HIT)) {
                    s.append('\n').append(size == ResultSize.MB_1 ? "Targets of the issue (judged at 1 MB, where the references were measured):\n\n"
                            : "Ratios of the issue's targets (not judged at this size: no reference):\n\n");
                    s.append(SquidTargets.markdown(cells, size));
                }
            }
            return s.toString();
        }

        private String pivot(ResultSize size) {
            List<AccessMethod> methods = config.methods().stream().sorted().toList();
            StringBuilder s = new StringBuilder("| zip | clients | ");
            s.append(methods.stream().map(AccessMethod::label).collect(Collectors.joining(" | "))).append(" |\n|---:|---:|");
            s.append("---:|".repeat(methods.size())).append('\n');
            for (int zip : config.zips()) {
                for (int clients : config.clients()) {
                    s.append("| ").append(zip).append(" | ").append(clients).append(" |");
                    for (AccessMethod m : methods) {
                        int z = m == AccessMethod.DIRECT_JDBC ? CellStats.NO_ZIP : zip;
                        s.append(' ').append(SquidTargets.find(cells, m, size, z, clients)
                                .map(c -> String.format(Locale.ROOT, "%.0f", c.queriesPerSecond())).orElse("-")).append(" |");
                    }
                    s.append('\n');
                }
            }
            return s.toString();
        }

        public String csv() {
            StringBuilder s = new StringBuilder(CellStats.csvHeader()).append('\n');
            cells.forEach(c -> s.append(c.csvRow()).append('\n'));
            return s.toString();
        }

        public String json() {
            Map<String, Object> root = ResultJson.runHeader(started, elapsed, cores, config.describe());
            root.put("dataset", dataset);
            root.put("cells", cells.stream().map(CellStats::jsonFields).toList());
            return ResultJson.toJson(root);
        }

        /** Writes {@code squid-access.{md,csv,json,html}} into {@code dir} and updates its report index; returns their paths. */
        public List<Path> write(Path dir) throws java.io.IOException {
            return new RunFiles(BASE_NAME, markdown(), csv(), json(), SquidAccessReportPage.build(this, BASE_NAME)).write(dir);
        }
    }

    /** What every answer of one size and zip level must look like. */
    private record Expected(ResultSize size, List<String> values, long plainBodyBytes) {
    }

    private SquidAccessBenchmark() {
    }

    public static Result run(Config config) throws Exception {
        Objects.requireNonNull(config, "config is null");
        LocalDateTime started = LocalDateTime.now();
        long t0 = System.nanoTime();
        StringBuilder dataset = new StringBuilder();
        Path schema = TStringSchema.write(dataset);
        int port = SquidProcess.freePort();
        List<CellStats> cells = new ArrayList<>();
        List<String> allRows = TStringData.rows();
        int cell = 0;
        int cellCount = config.cellCount();
        try (SquidProcess squid = SquidProcess.siteProxy("squid-access-bench", null);
             ConfigurableApplicationContext servlet = new SpringApplication(FrontierApplication.class).run(
                     "--server.port=" + port, "--server.address=127.0.0.1", "--frontier.demo-schema=" + schema,
                     // all load clients share one X-Frontier-Id and address: no per-client share
                     "--frontier.client-pool-share=1",
                     "--logging.level.root=WARN", "--spring.main.banner-mode=off")) {
            String server = "http://127.0.0.1:" + port + "/Frontier";
            String proxy = "http://127.0.0.1:" + squid.port();
            DemoDatabase database = servlet.getBean(FrontierConfiguration.DemoHolder.class).database();
            SquidLogTail log = new SquidLogTail(squid);
            Optional<ProcessHandle> postmaster = ProcessCpu.postmaster(database.port());
            if (postmaster.isEmpty()) {
                System.out.println("warning: the embedded PostgreSQL on port " + database.port() + " was not found: its CPU is reported as 0");
            }
            for (ResultSize size : config.sizes()) {
                List<String> values = size.expected(allRows);
                if (config.methods().contains(AccessMethod.DIRECT_JDBC)) {
                    checkDirectJdbc(database, size, values);
                    for (int clients : config.clients()) {
                        cells.add(measure(config, log, postmaster, AccessMethod.DIRECT_JDBC, size, CellStats.NO_ZIP, clients,
                                i -> directJdbcQuery(database, size, values), ++cell, cellCount));
                    }
                }
                for (int zip : config.zips()) {
                    // failovertoserver=no: a Squid failure must fail the run, not silently go direct
                    String viaSquid = "(serverurl=" + server + ")(proxyurl=" + proxy + ")(retrieve-ziplevel=" + zip + ")(failovertoserver=no)";
                    String direct = "(serverurl=" + server + ")(retrieve-ziplevel=" + zip + ")";
                    URI url = fillAndCheck(viaSquid, size, values);
                    Expected expected = new Expected(size, values, plainBodyLength(url, squid.port()));
                    for (AccessMethod method : config.methods()) {
                        if (method == AccessMethod.DIRECT_JDBC) {
                            continue;
                        }
                        for (int clients : config.clients()) {
                            ClosedLoopDriver.ClientFactory factory = switch (method) {
                                case DIRECT_JDBC -> throw new AssertionError("measured once per size");
                                case SDK_DIRECT -> i -> sdkQuery(direct, QueryOptions.DEFAULT, expected);
                                case SDK_SQUID_FORCED_REFRESH -> i -> sdkQuery(viaSquid, QueryOptions.DEFAULT.withRefresh(RefreshPolicy.HARD), expected);
                                case SDK_SQUID_HIT -> i -> sdkQuery(viaSquid, QueryOptions.DEFAULT, expected);
                                case JDBC_DRIVER_SQUID_HIT -> i -> driverQuery("jdbc:frontier:" + viaSquid, expected);
                                case PLAIN_HTTP_SQUID_HIT -> i -> plainQuery(url, squid.port(), false, expected);
                                case PLAIN_HTTP_KEEPALIVE_SQUID_HIT -> i -> plainQuery(url, squid.port(), true, expected);
                            };
                            cells.add(measure(config, log, postmaster, method, size, zip, clients, factory, ++cell, cellCount));
                        }
                    }
                }
            }
        } finally {
            Files.deleteIfExists(schema);
        }
        return new Result(config, cells, dataset.toString(), Runtime.getRuntime().availableProcessors(), started,
                Duration.ofNanos(System.nanoTime() - t0));
    }

    private static CellStats measure(Config config, SquidLogTail log, Optional<ProcessHandle> postmaster, AccessMethod method,
                                     ResultSize size, int zip, int clients, ClosedLoopDriver.ClientFactory factory, int cell, int cellCount)
            throws Exception {
        log.mark();
        double[] cpu = new double[3]; // JVM, Squid, PostgreSQL seconds over the measured interval
        LevelResult o = ClosedLoopDriver.run(ClosedLoopDriver.Level.of(clients, config.warmup(), config.measure()), factory,
                new ClosedLoopDriver.Window() {
                    @Override
                    public void measureStarted() {
                        cpu[0] = ProcessCpu.jvmSeconds();
                        cpu[1] = ProcessCpu.squidSeconds();
                        cpu[2] = ProcessCpu.postgresSeconds(postmaster);
                    }

                    @Override
                    public void measureEnded() {
                        cpu[0] = ProcessCpu.jvmSeconds() - cpu[0];
                        cpu[1] = ProcessCpu.squidSeconds() - cpu[1];
                        cpu[2] = ProcessCpu.postgresSeconds(postmaster) - cpu[2];
                    }
                });
        SquidLogTail.Codes codes = log.since();
        double hits = method.throughSquid() ? codes.hitRatio() : Double.NaN;
        CellStats c = new CellStats(method, size, zip, clients, o.queries(), o.seconds(), o.wireBytes(),
                cpu[0] / o.seconds(), cpu[1] / o.seconds(), cpu[2] / o.seconds(), hits);
        System.out.printf(Locale.ROOT, "[%d/%d] %s %s%n", cell, cellCount, size.label(), c.markdownRow());
        return c;
    }

    /** The first read fills Squid and is compared value by value; the second must then be a hit. Returns the answer's URL. */
    private static URI fillAndCheck(String viaSquid, ResultSize size, List<String> expected) throws Exception {
        try (FrontierClient client = new FrontierClient(FrontierClientConfig.parse(viaSquid))) {
            FrontierResult r = client.query(size.sql());
            List<String> got = new ArrayList<>(r.rowCount());
            for (int i = 0; i < r.rowCount(); i++) {
                got.add(r.getString(i, 0));
            }
            compare(size, got, expected, "the SDK through Squid");
            FrontierResult again = client.query(size.sql());
            if (!"HIT".equals(again.origin().cacheStatus())) {
                throw new IllegalStateException("second read of " + size.label() + " was not a Squid hit: X-Cache " + again.origin().xCache());
            }
            return client.url(size.sql(), Ttl.LONG);
        }
    }

    /** Direct JDBC's answer, compared value by value once per size. */
    private static void checkDirectJdbc(DemoDatabase database, ResultSize size, List<String> expected) throws Exception {
        try (Connection c = DriverManager.getConnection(database.jdbcUrl(), jdbcProperties(database));
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(size.sql())) {
            List<String> got = new ArrayList<>(size.rows());
            while (rs.next()) {
                got.add(rs.getString(1));
            }
            compare(size, got, expected, "direct JDBC");
        }
    }

    private static void compare(ResultSize size, List<String> got, List<String> expected, String how) {
        List<String> g = got;
        if (!size.ordered()) {
            g = new ArrayList<>(got);
            g.sort(null);
        }
        if (!g.equals(expected)) {
            int at = 0;
            while (at < Math.min(g.size(), expected.size()) && g.get(at).equals(expected.get(at))) {
                at++;
            }
            throw new IllegalStateException(size.label() + " answer read by " + how + " differs from the expected rows: " + got.size()
                    + " rows for " + expected.size() + ", first difference at row " + at + (size.ordered() ? "" : " (both sorted)"));
        }
    }

    /** Body length of the cached answer as a plain client reads it (the length every plain query must then see). */
    private static long plainBodyLength(URI url, int squidPort) throws Exception {
        try (PlainHttpGet get = new PlainHttpGet(url, "127.0.0.1", squidPort, false)) {
            return get.get();
        }
    }

    /** Each client its own SDK client (closed when the client is done): the SDK checks md5, zlib, full_size and record count; rows are checked here. */
    private static ClosedLoopDriver.Client sdkQuery(String config, QueryOptions options, Expected expected) {
        FrontierClient client = new FrontierClient(FrontierClientConfig.parse(config));
        String sql = expected.size().sql();
        return counted(() -> {
            FrontierResult r = client.query(sql, options);
            int rows = r.rowCount();
            if (rows != expected.size().rows()) {
                throw new IllegalStateException("expected " + expected.size().rows() + " rows, got " + rows);
            }
            if (expected.size().ordered()) {
                checkEnds(r.getString(0, 0), r.getString(rows - 1, 0), expected);
            }
            return r.origin().bytes();
        }, client);
    }

    private static void checkEnds(String first, String last, Expected expected) {
        List<String> v = expected.values();
        if (!v.get(0).equals(first) || !v.get(v.size() - 1).equals(last)) {
            throw new IllegalStateException("first or last row of the " + expected.size().label() + " answer differs from the expected one");
        }
    }

    /** One JDBC driver connection per client; every value is read with getString. */
    private static ClosedLoopDriver.Client driverQuery(String url, Expected expected) throws Exception {
        Connection c = DriverManager.getConnection(url);
        String sql = expected.size().sql();
        return counted(() -> {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                readAll(rs, expected);
                return rs.unwrap(FrontierResult.class).origin().bytes();
            }
        }, c);
    }

    /** pgjdbc straight to the embedded PostgreSQL as the servlet's read-only role, text results like the servlet. */
    private static ClosedLoopDriver.Client directJdbcQuery(DemoDatabase database, ResultSize size, List<String> values) throws Exception {
        Connection c = DriverManager.getConnection(database.jdbcUrl(), jdbcProperties(database));
        Statement s = c.createStatement();
        Expected expected = new Expected(size, values, 0);
        String sql = size.sql();
        return counted(() -> {
            try (ResultSet rs = s.executeQuery(sql)) {
                readAll(rs, expected);
            }
            return 0; // no HTTP body: MB/s (wire) is not defined for direct JDBC; MB/s (rows) is
        }, c);
    }

    private static Properties jdbcProperties(DemoDatabase database) {
        Properties p = database.readerProperties();
        p.setProperty("binaryTransfer", "false");
        p.setProperty("ApplicationName", "squid-access-bench");
        return p;
    }

    /** Reads every value with getString and checks rows, characters and (cut sizes) the first and last value. */
    private static void readAll(ResultSet rs, Expected expected) throws Exception {
        long rows = 0;
        long chars = 0;
        String first = null;
        String last = null;
        while (rs.next()) {
            last = rs.getString(1);
            if (first == null) {
                first = last;
            }
            chars += last.length();
            rows++;
        }
        if (rows != expected.size().rows() || chars != expected.size().valueChars()) {
            throw new IllegalStateException("JDBC read " + rows + " rows, " + chars + " characters; expected "
                    + expected.size().rows() + " and " + expected.size().valueChars());
        }
        if (expected.size().ordered()) {
            checkEnds(first, last, expected);
        }
    }

    /** A plain HTTP client; every answer must be a 200 with the cached body's length. */
    private static ClosedLoopDriver.Client plainQuery(URI url, int squidPort, boolean keepAlive, Expected expected) {
        PlainHttpGet get = new PlainHttpGet(url, "127.0.0.1", squidPort, keepAlive);
        return counted(() -> {
            long n = get.get();
            if (n != expected.plainBodyBytes()) {
                throw new IllegalStateException("plain HTTP body of " + n + " bytes; the cached " + expected.size().label()
                        + " answer has " + expected.plainBodyBytes());
            }
            return n;
        }, get);
    }

    /** One query of a client: returns the HTTP body bytes it received (0 where there is no HTTP). */
    @FunctionalInterface
    private interface BodyQuery {
        long run() throws Exception;
    }

    /** A driver client that runs {@code query} and releases {@code resource} when it is done. */
    private static ClosedLoopDriver.Client counted(BodyQuery query, AutoCloseable resource) {
        return new ClosedLoopDriver.Client() {
            @Override
            public void query(ClosedLoopDriver.Tally tally) throws Exception {
                tally.add(query.run(), 0);
            }

            @Override
            public void close() throws Exception {
                resource.close();
            }
        };
    }

    /** Parses {@code --name=value} arguments over the defaults; {@code output[0]} receives {@code --output}. */
    static Config parse(String[] args, Config defaults, Path[] output) {
        Options o = CommandLineArgs.parse(new Options(defaults, output[0]), args);
        output[0] = o.output;
        return new Config(o.methods, o.sizes, o.zips, o.clients, o.warmup, o.measure);
    }

    /** The command line over a grid's defaults. */
    @Command(name = "SquidAccessBenchmark", description = "access methods through Squid: the thesis's experiments 1 and 3 (README)")
    static final class Options {
        List<AccessMethod> methods;
        List<ResultSize> sizes;
        List<Integer> zips;
        List<Integer> clients;
        Duration warmup;
        Duration measure;
        Path output;

        Options(Config defaults, Path output) {
            this.methods = defaults.methods();
            this.sizes = defaults.sizes();
            this.zips = defaults.zips();
            this.clients = defaults.clients();
            this.warmup = defaults.warmup();
            this.measure = defaults.measure();
            this.output = output;
        }

        @Option(names = "--methods", paramLabel = "all|M,...", description = "access methods: all, or of jdbc, sdk-direct, sdk-refresh,"
                + " sdk-hit, driver-hit, plain-hit, plain-keepalive-hit")
        void methods(String v) {
            methods = AccessMethod.parseList(v.trim());
        }

        @Option(names = "--sizes", paramLabel = "10k,100k,1m", description = "result sizes")
        void sizes(String v) {
            sizes = ResultSize.parseList(v.trim());
        }

        @Option(names = "--zips", split = ",", paramLabel = "N", description = "zip levels (retrieve-ziplevel)")
        void zips(List<Integer> v) {
            zips = v;
        }

        @Option(names = "--clients", split = ",", paramLabel = "N", description = "closed-loop clients per cell")
        void clients(List<Integer> v) {
            clients = v;
        }

        @Option(names = "--warmup-millis", paramLabel = "MS", description = "warm-up per cell")
        void warmup(long v) {
            warmup = Duration.ofMillis(v);
        }

        @Option(names = "--measure-millis", paramLabel = "MS", description = "measured interval per cell")
        void measure(long v) {
            measure = Duration.ofMillis(v);
        }

        @Option(names = "--output", paramLabel = "DIR", description = "directory of squid-access.{md,csv,json,html}")
        void output(Path v) {
            output = v;
        }
    }

    public static void main(String[] args) throws Exception {
        Path[] output = {Path.of("target/results")};
        Config c;
        try {
            c = parse(args, Config.defaults(), output);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        System.out.println("squid-access: " + c.cellCount() + " cells, " + c.describe());
        Result r = run(c);
        System.out.println(r.markdown());
        System.out.println("written: " + r.write(output[0]));
        System.exit(0); // the servlet's and Squid's cleanup run as shutdown hooks
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
