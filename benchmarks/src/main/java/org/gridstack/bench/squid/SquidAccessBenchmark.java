package org.gridstack.bench.squid;

import java.net.InetSocketAddress;
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
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.gridstack.bench.frontier.TStringData;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.report.RunFiles;
import org.gridstack.bench.kit.report.TextTable;
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
import org.gridstack.testing.WanLink;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.function.Supplier;

/**
 * Thesis experiments 1, 3, 4 and 5 on this machine: the {@code T_STRING} answer at 10 kB, 100 kB
 * and 1 MB or the COOL query set ({@link Workload}), zip levels 0/1/5/9, 1-8 closed-loop clients, read by every
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
 * full_size and record checks), or its body length (plain HTTP). A failure stops the run. For the
 * COOL query set the expected answers are PostgreSQL's own (direct JDBC, every column as text),
 * and the SDK's answers through Squid are compared with them value by value before it is measured.
 *
 * <p>With a {@link WanLink.Profile} (experiment 5, the clients at a Tier-1 site across the
 * Atlantic) the clients reach the servlet, Squid and the database through {@link WanLink}s, while
 * Squid still reaches the servlet directly: the cache stands beside the server, as the thesis's
 * did at CERN.
 */
public final class SquidAccessBenchmark {
    static final String SQL = "select string from T_STRING";
    static final String BASE_NAME = "squid-access";
    /** Default least warm-up of the first cell of each access method and zip level (see {@code measure}). */
    static final Duration FIRST_CELL_WARMUP = Duration.ofSeconds(3);

    /**
     * Settings.
     *
     * @param firstCellWarmup least warm-up of the first cell of each access method and zip level (see {@code measure})
     * @param repetitions how many times each cell is measured, one right after the other (the thesis ran 2)
     * @param wan null when the clients sit beside the servers (every experiment but 5)
     */
    public record Config(List<AccessMethod> methods, List<Workload> workloads, List<Integer> zips, List<Integer> clients,
                         Duration warmup, Duration measure, Duration firstCellWarmup, int repetitions, WanLink.Profile wan) {
        public Config {
            methods = List.copyOf(methods);
            workloads = List.copyOf(workloads);
            zips = List.copyOf(zips);
            clients = List.copyOf(clients);
            Objects.requireNonNull(warmup, "warmup is null");
            Objects.requireNonNull(measure, "measure is null");
            Objects.requireNonNull(firstCellWarmup, "firstCellWarmup is null");
            if (repetitions < 1) {
                throw new IllegalArgumentException("--repetitions must be at least 1, got " + repetitions);
            }
            if (firstCellWarmup.isNegative()) {
                throw new IllegalArgumentException("--first-cell-warmup-millis must not be negative");
            }
            if (methods.isEmpty() || workloads.isEmpty() || zips.isEmpty() || clients.isEmpty()) {
                throw new IllegalArgumentException("methods, workloads, zips and clients must each name at least one value");
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

        /** The full grid: 348 cells of 0.5 s warm-up + 3 s, about 21 minutes on 2 cores. */
        static Config defaults() {
            return new Config(List.of(AccessMethod.values()), List.of(Workload.KB_10, Workload.KB_100, Workload.MB_1), List.of(0, 1, 5, 9),
                    List.of(1, 2, 4, 8), Duration.ofMillis(500), Duration.ofSeconds(3), FIRST_CELL_WARMUP, 1, null);
        }

        /** The same settings with the clients behind {@code wan}. */
        public Config withWan(WanLink.Profile wan) {
            return new Config(methods, workloads, zips, clients, warmup, measure, firstCellWarmup, repetitions, wan);
        }

        /** Cells this configuration measures (direct JDBC once per size and clients: it has no zip level). */
        int cellCount() {
            long jdbc = methods.contains(AccessMethod.DIRECT_JDBC) ? 1 : 0;
            return Math.toIntExact(workloads.size() * clients.size() * (jdbc + (methods.size() - jdbc) * zips.size()));
        }

        String describe() {
            return "--methods=" + methods.stream().map(AccessMethod::option).collect(Collectors.joining(","))
                    + " --workloads=" + workloads.stream().map(Workload::option).collect(Collectors.joining(","))
                    + " --zips=" + join(zips) + " --clients=" + join(clients)
                    + " --warmup-millis=" + warmup.toMillis() + " --measure-millis=" + measure.toMillis()
                    + " --first-cell-warmup-millis=" + firstCellWarmup.toMillis() + " --repetitions=" + repetitions
                    + (wan == null ? "" : " --wan-rtt-millis=" + wan.oneWayDelay().multipliedBy(2).toMillis()
                    + " --wan-connection-kbytes-per-second=" + wan.connectionBytesPerSecond() / 1000
                    + " --wan-link-kbytes-per-second=" + wan.linkBytesPerSecond() / 1000);
        }
    }

    /**
     * Every cell measured, with the setting it ran under; {@code wanBytes}: bytes the WAN links
     * carried (0 without); {@code host}: the host monitor's samples (the benchmark JVM with its
     * clients and servlet, Squid, PostgreSQL, every second).
     */
    public record Result(Config config, List<CellStats> cells, String dataset, int cores, LocalDateTime started, Duration elapsed, long wanBytes,
                         List<HostMonitor.Sample> host) {
        public Result {
            Objects.requireNonNull(config, "config is null");
            cells = List.copyOf(cells);
            host = List.copyOf(host);
        }

        public String markdown() {
            StringBuilder s = new StringBuilder("### Access methods through Squid ("
                    + config.workloads().stream().map(Workload::label).collect(Collectors.joining(", ")) + ")\n\n");
            s.append("Run ").append(started.truncatedTo(ChronoUnit.SECONDS)).append(" (").append(elapsed.toSeconds()).append(" s), ")
                    .append(cores).append(" cores, `").append(config.describe()).append("`; data: ").append(dataset).append(".\n");
            if (config.wan() != null) {
                s.append("\nClients across an emulated WAN (").append(config.wan().describe())
                        .append("; user-space forwarder, no loss or jitter); Squid beside the servlet. The WAN links carried ")
                        .append(String.format(Locale.ROOT, "%,.1f MB", wanBytes / 1e6)).append(".\n");
            }
            for (Workload workload : config.workloads()) {
                List<CellStats> of = cells.stream().filter(c -> c.workload() == workload).toList();
                s.append("\n#### ").append(workload.label()).append(" (")
                        .append(of.isEmpty() ? "-" : String.format(Locale.ROOT, "%,d", of.get(0).rowsPerIteration())).append(" rows")
                        .append(workload.queries().size() == 1 ? ", `" + workload.queries().get(0) + "`)"
                                : " in " + workload.queries().size() + " queries per iteration; queries/s below count iterations)")
                        .append("\n\n");
                s.append("Queries/s by access method (direct JDBC has no zip level: measured once per workload, repeated in each zip row):\n\n");
                s.append(pivot(workload)).append('\n');
                TextTable table = CellStats.markdownTable();
                of.forEach(c -> table.row(c.markdownCells()));
                s.append(table.markdown());
                if (config.methods().contains(AccessMethod.SDK_SQUID_HIT) && workload.tString()) {
                    s.append('\n').append(workload == Workload.MB_1 ? "Targets of the issue (judged at 1 MB, where the references were measured):\n\n"
                            : "Ratios of the issue's targets (not judged at this size: no reference):\n\n");
                    s.append(SquidTargets.markdown(cells, workload));
                }
            }
            return s.toString();
        }

        private String pivot(Workload size) {
            List<AccessMethod> methods = config.methods().stream().sorted().toList();
            List<String> headers = new ArrayList<>(List.of("zip", "clients"));
            methods.forEach(m -> headers.add(m.label()));
            TextTable table = TextTable.of(headers).alignRightFrom(0);
            for (int zip : config.zips()) {
                for (int clients : config.clients()) {
                    List<Object> row = new ArrayList<>(List.of(zip, clients));
                    for (AccessMethod m : methods) {
                        int z = m == AccessMethod.DIRECT_JDBC ? CellStats.NO_ZIP : zip;
                        row.add(SquidTargets.find(cells, m, size, z, clients)
                                .map(c -> String.format(Locale.ROOT, "%.0f", c.queriesPerSecond())).orElse("-"));
                    }
                    table.row(row);
                }
            }
            return table.markdown();
        }

        public String csv() {
            TextTable table = CellStats.csvTable();
            cells.forEach(c -> table.row(c.csvCells()));
            return table.csv();
        }

        public String json() {
            Map<String, Object> root = ResultJson.runHeader(started, elapsed, cores, config.describe());
            root.put("dataset", dataset);
            if (config.wan() != null) {
                root.put("wan", Map.of("roundTripMillis", config.wan().oneWayDelay().multipliedBy(2).toMillis(),
                        "connectionBytesPerSecond", config.wan().connectionBytesPerSecond(),
                        "linkBytesPerSecond", config.wan().linkBytesPerSecond(), "bytesCarried", wanBytes));
            }
            root.put("cells", cells.stream().map(CellStats::jsonFields).toList());
            return ResultJson.toJson(root);
        }

        /** Writes {@code squid-access.{md,csv,json,html}} into {@code dir} and updates its report index; returns their paths. */
        public List<Path> write(Path dir) throws IOException {
            List<Path> written = new ArrayList<>(new RunFiles(BASE_NAME, markdown(), csv(), json(), SquidAccessReportPage.build(this, BASE_NAME))
                    .write(dir));
            written.add(SquidTargets.headline(cells).write(dir));
            return List.copyOf(written);
        }
    }

    /**
     * What every answer of one workload and zip level must look like: per query the expected rows,
     * and the URL and body length a plain HTTP client must see through Squid.
     */
    private record Expected(Workload workload, List<ExpectedAnswer> answers, List<URI> urls, List<Long> plainBodyBytes) {
        int rows() {
            return answers.stream().mapToInt(ExpectedAnswer::rowCount).sum();
        }

        long chars() {
            return answers.stream().mapToLong(ExpectedAnswer::chars).sum();
        }
    }

    /** Where the clients connect: the servers themselves, or the WAN links in front of them. */
    private record ClientPorts(int servlet, int squid, int database) {
    }

    private SquidAccessBenchmark() {
    }

    public static Result run(Config config) throws Exception {
        Objects.requireNonNull(config, "config is null");
        LocalDateTime started = LocalDateTime.now();
        long t0 = System.nanoTime();
        StringBuilder dataset = new StringBuilder();
        Path schema = TStringSchema.write(dataset, config.workloads().contains(Workload.COOL));
        int port = SquidProcess.freePort();
        List<CellStats> cells = new ArrayList<>();
        List<String> allRows = TStringData.rows();
        int cell = 0;
        int cellCount = config.cellCount();
        List<WanLink> links = new ArrayList<>();
        List<HostMonitor.Sample> host = List.of();
        try (SquidProcess squid = SquidProcess.siteProxy("squid-access-bench", null);
             ConfigurableApplicationContext servlet = new SpringApplication(FrontierApplication.class).run(
                     "--server.port=" + port, "--server.address=127.0.0.1", "--frontier.demo-schema=" + schema,
                     // all load clients share one X-Frontier-Id and address: no per-client share, and a pool
                     // as large as the most clients (else the servlet answers 503 to the 11th of 16, by design)
                     "--frontier.client-pool-share=1",
                     "--frontier.max-active=" + Math.max(10, config.clients().stream().mapToInt(Integer::intValue).max().orElse(1)),
                     "--logging.level.root=WARN", "--spring.main.banner-mode=off")) {
            DemoDatabase database = servlet.getBean(FrontierConfiguration.DemoHolder.class).database();
            ClientPorts ports = new ClientPorts(port, squid.port(), database.port());
            if (config.wan() != null) {
                ports = new ClientPorts(wan(links, "servlet", port, config.wan()), wan(links, "squid", squid.port(), config.wan()),
                        wan(links, "postgres", database.port(), config.wan()));
                System.out.println("clients reach the servlet, Squid and PostgreSQL through WAN links: " + links);
            }
            // Squid fetches misses from the servlet itself; clients going direct use their own port (a WAN link in experiment 5)
            String server = "http://127.0.0.1:" + port + "/Frontier";
            String clientServer = "http://127.0.0.1:" + ports.servlet() + "/Frontier";
            String proxy = "http://127.0.0.1:" + ports.squid();
            String jdbcUrl = database.jdbcUrl().replace(":" + database.port() + "/", ":" + ports.database() + "/");
            SquidLogTail log = new SquidLogTail(squid);
            Optional<ProcessHandle> postmaster = ProcessCpu.postmaster(database.port());
            if (postmaster.isEmpty()) {
                System.out.println("warning: the embedded PostgreSQL on port " + database.port() + " was not found: its CPU is reported as 0");
            }
            Map<String, Supplier<List<ProcessHandle>>> watched = new LinkedHashMap<>();
            watched.put("benchmark JVM (clients, servlet)", () -> List.of(ProcessHandle.current()));
            watched.put("Squid", ProcessCpu::squidProcesses);
            watched.put("PostgreSQL", HostMonitor.postgresServer(database.port()));
            try (HostMonitor monitor = HostMonitor.start(watched, Duration.ofSeconds(1))) {
                Set<String> warmed = new HashSet<>(); // access method and zip level pairs measured before
                for (Workload workload : config.workloads()) {
                    List<ExpectedAnswer> answers = expectedAnswers(database, workload, allRows);
                    if (config.methods().contains(AccessMethod.DIRECT_JDBC)) {
                        checkDirectJdbc(database, jdbcUrl, answers);
                        Expected expected = new Expected(workload, answers, List.of(), List.of());
                        for (int clients : config.clients()) {
                            cells.add(measure(config, log, postmaster, AccessMethod.DIRECT_JDBC, expected, CellStats.NO_ZIP, clients,
                                    i -> directJdbcQuery(database, jdbcUrl, expected), ++cell, cellCount,
                                    warmed.add(AccessMethod.DIRECT_JDBC + "/" + CellStats.NO_ZIP)));
                        }
                    }
                    for (int zip : config.zips()) {
                        // failovertoserver=no: a Squid failure must fail the run, not silently go direct
                        String viaSquid = "(serverurl=" + server + ")(proxyurl=" + proxy + ")(retrieve-ziplevel=" + zip + ")(failovertoserver=no)";
                        String direct = "(serverurl=" + clientServer + ")(retrieve-ziplevel=" + zip + ")";
                        List<URI> urls = fillAndCheck(viaSquid, answers);
                        List<Long> bodies = new ArrayList<>();
                        for (URI url : urls) {
                            bodies.add(plainBodyLength(url, ports.squid()));
                        }
                        Expected expected = new Expected(workload, answers, urls, bodies);
                        int squidPort = ports.squid();
                        int servletPort = ports.servlet();
                        for (AccessMethod method : config.methods()) {
                            if (method == AccessMethod.DIRECT_JDBC) {
                                continue;
                            }
                            for (int clients : config.clients()) {
                                ClosedLoopDriver.ClientFactory factory = switch (method) {
                                    case DIRECT_JDBC -> throw new AssertionError("measured once per workload");
                                    case SDK_DIRECT -> i -> sdkQuery(direct, QueryOptions.DEFAULT, expected);
                                    case PLAIN_HTTP_KEEPALIVE_DIRECT -> i -> plainQuery(servletPort, true, expected);
                                    case SDK_SQUID_FORCED_REFRESH -> i -> sdkQuery(viaSquid, QueryOptions.DEFAULT.withRefresh(RefreshPolicy.HARD), expected);
                                    case SDK_SQUID_HIT -> i -> sdkQuery(viaSquid, QueryOptions.DEFAULT, expected);
                                    case JDBC_DRIVER_SQUID_HIT -> i -> driverQuery("jdbc:frontier:" + viaSquid, expected);
                                    case PLAIN_HTTP_SQUID_HIT -> i -> plainQuery(squidPort, false, expected);
                                    case PLAIN_HTTP_KEEPALIVE_SQUID_HIT -> i -> plainQuery(squidPort, true, expected);
                                };
                                cells.add(measure(config, log, postmaster, method, expected, zip, clients, factory, ++cell, cellCount,
                                        warmed.add(method + "/" + zip)));
                            }
                        }
                    }
                }
                host = monitor.stop();
            }
        } finally {
            links.forEach(WanLink::close);
            Files.deleteIfExists(schema);
        }
        return new Result(config, cells, dataset.toString(), Runtime.getRuntime().availableProcessors(), started,
                Duration.ofNanos(System.nanoTime() - t0), links.stream().mapToLong(WanLink::bytesForwarded).sum(), host);
    }

    private static int wan(List<WanLink> links, String name, int targetPort, WanLink.Profile profile) throws IOException {
        WanLink link = WanLink.start(name, new InetSocketAddress("127.0.0.1", targetPort), profile);
        links.add(link);
        return link.port();
    }

    /** A {@code T_STRING} cut's rows come from Java; the COOL query set's from PostgreSQL itself (as the servlet's reader role). */
    private static List<ExpectedAnswer> expectedAnswers(DemoDatabase database, Workload workload, List<String> allRows) throws Exception {
        if (workload.tString()) {
            return ExpectedAnswer.tString(workload, allRows);
        }
        try (Connection c = DriverManager.getConnection(database.jdbcUrl(), jdbcProperties(database))) {
            return ExpectedAnswer.fromJdbc(c, workload.queries());
        }
    }

    /**
     * One cell, measured {@code config.repetitions()} times in a row. The first cell of an access
     * method and zip level ({@code firstOfItsKind}) warms up for at least
     * {@code config.firstCellWarmup()}: the clients and the servlet share this JVM, and a
     * cell measured before the JIT has compiled its code paths measured the compiler (the grid's
     * first SDK cell once showed 160-180 queries/s and ~6 ms of CPU per 10 kB answer, against
     * 800+ in the next).
     */
    private static CellStats measure(Config config, SquidLogTail log, Optional<ProcessHandle> postmaster, AccessMethod method,
                                     Expected expected, int zip, int clients, ClosedLoopDriver.ClientFactory factory, int cell, int cellCount,
                                     boolean firstOfItsKind) throws Exception {
        log.mark();
        Duration warmup = firstOfItsKind && config.warmup().compareTo(config.firstCellWarmup()) < 0 ? config.firstCellWarmup() : config.warmup();
        List<CellStats.Repetition> repetitions = new ArrayList<>();
        for (int r = 0; r < config.repetitions(); r++) {
            repetitions.add(measureOnce(config, postmaster, clients, factory, r == 0 ? warmup : config.warmup()));
        }
        SquidLogTail.Codes codes = log.since();
        double hits = method.throughSquid() ? codes.hitRatio() : Double.NaN;
        CellStats c = CellStats.of(method, expected.workload(), expected.rows(), expected.chars(), zip, clients, repetitions, hits);
        System.out.printf(Locale.ROOT, "[%d/%d] %s %s%n", cell, cellCount, expected.workload().label(), String.join(" | ", c.markdownCells()));
        return c;
    }

    /** One measurement of a cell, with the CPU of every party over its measured interval. */
    private static CellStats.Repetition measureOnce(Config config, Optional<ProcessHandle> postmaster, int clients,
                                                    ClosedLoopDriver.ClientFactory factory, Duration warmup) throws Exception {
        double[] cpu = new double[3]; // JVM, Squid, PostgreSQL seconds over the measured interval
        LevelResult o = ClosedLoopDriver.run(ClosedLoopDriver.Level.of(clients, warmup, config.measure()), factory,
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
        return new CellStats.Repetition(o.queries(), o.seconds(), o.wireBytes(), cpu[0], cpu[1], cpu[2]);
    }

    /** Each first read fills Squid and is compared value by value; the second must then be a hit. Returns the answers' URLs. */
    private static List<URI> fillAndCheck(String viaSquid, List<ExpectedAnswer> answers) throws Exception {
        List<URI> urls = new ArrayList<>();
        try (FrontierClient client = new FrontierClient(FrontierClientConfig.parse(viaSquid))) {
            for (ExpectedAnswer answer : answers) {
                FrontierResult r = client.query(answer.sql());
                List<List<String>> got = new ArrayList<>(r.rowCount());
                for (int i = 0; i < r.rowCount(); i++) {
                    got.add(row(r, i));
                }
                answer.compare(got, "the SDK through Squid");
                FrontierResult again = client.query(answer.sql());
                if (!"HIT".equals(again.origin().cacheStatus())) {
                    throw new IllegalStateException("second read of `" + answer.sql() + "` was not a Squid hit: X-Cache " + again.origin().xCache());
                }
                urls.add(client.url(answer.sql(), Ttl.LONG));
            }
        }
        return urls;
    }

    private static List<String> row(FrontierResult r, int row) {
        List<String> values = new ArrayList<>(r.columnCount());
        for (int c = 0; c < r.columnCount(); c++) {
            values.add(r.getString(row, c));
        }
        return values;
    }

    /** Direct JDBC's answers (through the WAN link when there is one), compared value by value once per workload. */
    private static void checkDirectJdbc(DemoDatabase database, String jdbcUrl, List<ExpectedAnswer> answers) throws Exception {
        try (Connection c = DriverManager.getConnection(jdbcUrl, jdbcProperties(database))) {
            for (ExpectedAnswer answer : answers) {
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(answer.sql())) {
                    answer.compare(ExpectedAnswer.readRows(rs), "direct JDBC");
                }
            }
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
        return counted(() -> {
            long bytes = 0;
            for (ExpectedAnswer answer : expected.answers()) {
                FrontierResult r = client.query(answer.sql(), options);
                int rows = r.rowCount();
                answer.check(rows, -1, rows == 0 ? null : row(r, 0), rows == 0 ? null : row(r, rows - 1), "the SDK");
                bytes += r.origin().bytes();
            }
            return bytes;
        }, client);
    }

    /** One JDBC driver connection per client; every value is read with getString. */
    private static ClosedLoopDriver.Client driverQuery(String url, Expected expected) throws Exception {
        Connection c = DriverManager.getConnection(url);
        return counted(() -> {
            long bytes = 0;
            for (ExpectedAnswer answer : expected.answers()) {
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(answer.sql())) {
                    readAll(rs, answer, "the JDBC driver");
                    bytes += rs.unwrap(FrontierResult.class).origin().bytes();
                }
            }
            return bytes;
        }, c);
    }

    /** pgjdbc straight to the embedded PostgreSQL as the servlet's read-only role, text results like the servlet. */
    private static ClosedLoopDriver.Client directJdbcQuery(DemoDatabase database, String jdbcUrl, Expected expected) throws Exception {
        Connection c = DriverManager.getConnection(jdbcUrl, jdbcProperties(database));
        Statement s = c.createStatement();
        return counted(() -> {
            for (ExpectedAnswer answer : expected.answers()) {
                try (ResultSet rs = s.executeQuery(answer.sql())) {
                    readAll(rs, answer, "direct JDBC");
                }
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

    /**
     * Reads every value with getString and checks rows, characters and (ordered answers) the first
     * and last row. One array is reused for the values of each row; only the first and last rows are
     * kept, so the client's cost per row stays what a plain JDBC loop pays.
     */
    private static void readAll(ResultSet rs, ExpectedAnswer answer, String how) throws Exception {
        int columns = rs.getMetaData().getColumnCount();
        String[] row = new String[columns];
        int rows = 0;
        long chars = 0;
        List<String> first = null;
        while (rs.next()) {
            for (int c = 1; c <= columns; c++) {
                String v = rs.getString(c);
                chars += v == null ? 0 : v.length();
                row[c - 1] = v;
            }
            if (first == null) {
                first = Arrays.asList(row.clone());
            }
            rows++;
        }
        answer.check(rows, chars, first, rows == 0 ? null : Arrays.asList(row), how);
    }

    /**
     * A plain HTTP client's GETs of the cached answers' URLs, sent to {@code port} (Squid, or the
     * servlet itself); every answer must be a 200 with the cached body's length.
     */
    private static ClosedLoopDriver.Client plainQuery(int port, boolean keepAlive, Expected expected) {
        List<PlainHttpGet> gets = expected.urls().stream().map(url -> new PlainHttpGet(url, "127.0.0.1", port, keepAlive)).toList();
        return counted(() -> {
            long total = 0;
            for (int i = 0; i < gets.size(); i++) {
                long n = gets.get(i).get();
                if (n != expected.plainBodyBytes().get(i)) {
                    throw new IllegalStateException("plain HTTP body of " + n + " bytes; the cached answer to `" + expected.answers().get(i).sql()
                            + "` has " + expected.plainBodyBytes().get(i));
                }
                total += n;
            }
            return total;
        }, () -> {
            for (PlainHttpGet g : gets) {
                g.close();
            }
        });
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
        WanLink.Profile wan = o.wanRttMillis == 0 ? null
                : new WanLink.Profile(Duration.ofMillis(o.wanRttMillis).dividedBy(2), o.wanConnectionKbps * 1000, o.wanLinkKbps * 1000);
        return new Config(o.methods, o.workloads, o.zips, o.clients, o.warmup, o.measure, o.firstCellWarmup, o.repetitions, wan);
    }

    /** The command line over a grid's defaults. */
    @Command(name = "SquidAccessBenchmark", description = "access methods through Squid: the thesis's experiments 1 and 3 (benchmarks/docs/squid.md)")
    static final class Options {
        List<AccessMethod> methods;
        List<Workload> workloads;
        List<Integer> zips;
        List<Integer> clients;
        Duration warmup;
        Duration measure;
        Duration firstCellWarmup;
        int repetitions;
        Path output;

        Options(Config defaults, Path output) {
            this.methods = defaults.methods();
            this.workloads = defaults.workloads();
            if (defaults.wan() != null) {
                this.wanRttMillis = defaults.wan().oneWayDelay().multipliedBy(2).toMillis();
                this.wanConnectionKbps = defaults.wan().connectionBytesPerSecond() / 1000;
                this.wanLinkKbps = defaults.wan().linkBytesPerSecond() / 1000;
            }
            this.zips = defaults.zips();
            this.clients = defaults.clients();
            this.warmup = defaults.warmup();
            this.measure = defaults.measure();
            this.firstCellWarmup = defaults.firstCellWarmup();
            this.repetitions = defaults.repetitions();
            this.output = output;
        }

        @Option(names = "--methods", paramLabel = "all|M,...", description = "access methods: all, or of jdbc, sdk-direct, sdk-refresh,"
                + " sdk-hit, driver-hit, plain-hit, plain-keepalive-hit, plain-keepalive-direct")
        void methods(String v) {
            methods = AccessMethod.parseList(v.trim());
        }

        @Option(names = {"--workloads", "--sizes"}, paramLabel = "10k,100k,1m,cool",
                description = "what each iteration reads: T_STRING cuts of 10 kB, 100 kB, 1 MB, or the COOL query set (experiment 4)")
        void workloads(String v) {
            workloads = Workload.parseList(v.trim());
        }

        long wanRttMillis;
        long wanConnectionKbps = 265;
        long wanLinkKbps = 1600;

        @Option(names = "--wan-rtt-millis", paramLabel = "MS",
                description = "clients behind an emulated WAN with this round-trip time (experiment 5); 0 (default) = none")
        void wanRtt(long v) {
            if (v < 0) {
                throw new IllegalArgumentException("--wan-rtt-millis must be 0 (no WAN) or more, got " + v);
            }
            wanRttMillis = v;
        }

        @Option(names = "--wan-connection-kbytes-per-second", paramLabel = "KB",
                description = "the WAN's ceiling per connection and direction, kB/s (default 265: the thesis's single FNAL client); 0 = none")
        void wanConnection(long v) {
            wanConnectionKbps = v;
        }

        @Option(names = "--wan-link-kbytes-per-second", paramLabel = "KB",
                description = "the WAN's ceiling for all connections together, kB/s (default 1600: the thesis's plateau); 0 = none")
        void wanLink(long v) {
            wanLinkKbps = v;
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

        @Option(names = "--first-cell-warmup-millis", paramLabel = "MS",
                description = "least warm-up of the first cell of each access method and zip level (default 3000: the JIT's)")
        void firstCellWarmup(long v) {
            firstCellWarmup = Duration.ofMillis(v);
        }

        @Option(names = "--repetitions", paramLabel = "N", description = "measurements of each cell, one after the other (default 1)")
        void repetitions(int v) {
            repetitions = v;
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
