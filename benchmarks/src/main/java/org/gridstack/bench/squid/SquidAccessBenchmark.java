package org.gridstack.bench.squid;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.gridstack.bench.frontier.TStringData;
import org.gridstack.client.frontier.FrontierClient;
import org.gridstack.client.frontier.FrontierClientConfig;
import org.gridstack.client.frontier.FrontierResult;
import org.gridstack.client.frontier.QueryOptions;
import org.gridstack.client.frontier.RefreshPolicy;
import org.gridstack.frontier.protocol.Ttl;
import org.gridstack.frontier.web.FrontierApplication;
import org.gridstack.testing.SquidProcess;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Thesis experiments 1 and 3, focused: the ~1 MB {@code select string from T_STRING} answer read by
 * a plain HTTP client, the SDK and the JDBC driver through a Squid memory hit, by the SDK directly
 * from the servlet and by the SDK with a hard refresh through Squid; queries/s, MB/s, client
 * (JVM) CPU and Squid CPU per cell. The servlet (with its embedded PostgreSQL) runs in this JVM:
 * for the Squid-hit methods it is idle after the first fill, for direct and hard refresh its CPU
 * is inside the "client JVM" figure.
 */
public final class SquidAccessBenchmark {
    static final String SQL = "select string from T_STRING";

    /** Settings. */
    public record Config(List<AccessMethod> methods, List<Integer> zips, List<Integer> clients, Duration warmup, Duration measure) {
        public Config {
            methods = List.copyOf(methods);
            zips = List.copyOf(zips);
            clients = List.copyOf(clients);
            Objects.requireNonNull(warmup, "warmup is null");
            Objects.requireNonNull(measure, "measure is null");
        }

        static Config defaults() {
            return new Config(Arrays.asList(AccessMethod.values()), List.of(0, 5), List.of(1, 2, 4), Duration.ofSeconds(1), Duration.ofSeconds(4));
        }
    }

    /** Every cell measured, with the setting it ran under. */
    public record Result(List<CellStats> cells, String dataset, int cores, LocalDate date) {
        public Result {
            cells = List.copyOf(cells);
        }

        public String markdown() {
            StringBuilder s = new StringBuilder();
            s.append("Run ").append(date).append(", ").append(cores).append(" cores, data: ").append(dataset).append(".\n\n");
            s.append(CellStats.markdownHeader());
            for (CellStats c : cells) {
                s.append(c.markdownRow()).append('\n');
            }
            s.append('\n').append(SquidTargets.markdown(cells));
            return s.toString();
        }
    }

    private SquidAccessBenchmark() {
    }

    public static Result run(Config config) throws Exception {
        Objects.requireNonNull(config, "config is null");
        StringBuilder dataset = new StringBuilder();
        Path schema = TStringSchema.write(dataset);
        int port = SquidProcess.freePort();
        List<CellStats> cells = new ArrayList<>();
        try (SquidProcess squid = SquidProcess.siteProxy("squid-access-bench", null);
             ConfigurableApplicationContext servlet = new SpringApplication(FrontierApplication.class).run(
                     "--server.port=" + port, "--server.address=127.0.0.1", "--frontier.demo-schema=" + schema,
                     "--logging.level.root=WARN", "--spring.main.banner-mode=off")) {
            String server = "http://127.0.0.1:" + port + "/Frontier";
            String proxy = "http://127.0.0.1:" + squid.port();
            HashSet<String> expected = new HashSet<>(TStringData.rows());
            for (int zip : config.zips()) {
                // failovertoserver=no: a Squid failure must fail the run, not silently go direct
                String viaSquid = "(serverurl=" + server + ")(proxyurl=" + proxy + ")(retrieve-ziplevel=" + zip + ")(failovertoserver=no)";
                FrontierClient sdkSquid = new FrontierClient(FrontierClientConfig.parse(viaSquid));
                FrontierClient sdkDirect = new FrontierClient(FrontierClientConfig.parse("(serverurl=" + server + ")(retrieve-ziplevel=" + zip + ")"));
                fillAndCheck(sdkSquid, expected);
                URI url = sdkSquid.url(SQL, Ttl.LONG);
                for (AccessMethod method : config.methods()) {
                    for (int clients : config.clients()) {
                        ClosedLoop.QueryFactory factory = switch (method) {
                            case PLAIN_HTTP_SQUID_HIT -> () -> new PlainHttpGet(url, "127.0.0.1", squid.port())::get;
                            case SDK_SQUID_HIT -> () -> () -> sdkQuery(sdkSquid, QueryOptions.DEFAULT);
                            case JDBC_SQUID_HIT -> () -> jdbcQuery("jdbc:frontier:" + viaSquid);
                            case SDK_DIRECT -> () -> () -> sdkQuery(sdkDirect, QueryOptions.DEFAULT);
                            case SDK_SQUID_HARD_REFRESH -> () -> () -> sdkQuery(sdkSquid, QueryOptions.DEFAULT.withRefresh(RefreshPolicy.HARD));
                        };
                        int logBefore = squid.resultCodes().size();
                        ClosedLoop.Outcome o = ClosedLoop.run(clients, factory, config.warmup(), config.measure());
                        List<String> codes = squid.resultCodes();
                        double hits = Double.NaN;
                        if (method.throughSquid() && codes.size() > logBefore) {
                            List<String> cell = codes.subList(logBefore, codes.size());
                            hits = cell.stream().filter(c -> c.equals("TCP_MEM_HIT")).count() / (double) cell.size();
                        }
                        CellStats c = new CellStats(method, zip, clients, o.queries(), o.seconds(), o.bytes(),
                                o.jvmCpu() / o.seconds(), o.squidCpu() / o.seconds(), o.postgresCpu() / o.seconds(), hits);
                        cells.add(c);
                        System.out.println(c.markdownRow());
                    }
                }
            }
        } finally {
            Files.deleteIfExists(schema);
        }
        return new Result(cells, dataset.toString(), Runtime.getRuntime().availableProcessors(), LocalDate.now());
    }

    /** First read fills Squid and is checked value by value; the second must then be a hit. */
    private static void fillAndCheck(FrontierClient client, HashSet<String> expected) throws Exception {
        FrontierResult r = client.query(SQL);
        HashSet<String> got = new HashSet<>();
        for (int i = 0; i < r.rowCount(); i++) {
            got.add(r.getString(i, 0));
        }
        if (r.rowCount() != TStringData.ROWS || !got.equals(expected)) {
            throw new IllegalStateException("T_STRING answer differs from the expected rows (" + r.rowCount() + " rows)");
        }
        FrontierResult again = client.query(SQL);
        if (!"HIT".equals(again.origin().cacheStatus())) {
            throw new IllegalStateException("second read was not a Squid hit: X-Cache " + again.origin().xCache());
        }
    }

    /** One SDK query: the SDK checks md5, zlib, full_size and record count; the row count is checked here. */
    private static long sdkQuery(FrontierClient client, QueryOptions options) throws Exception {
        FrontierResult r = client.query(SQL, options);
        if (r.rowCount() != TStringData.ROWS) {
            throw new IllegalStateException("expected " + TStringData.ROWS + " rows, got " + r.rowCount());
        }
        return r.origin().bytes();
    }

    /** One JDBC connection per client thread; every value is read with getString. */
    private static ClosedLoop.Query jdbcQuery(String url) throws Exception {
        Connection c = DriverManager.getConnection(url); // stateless (one HTTP request per query); closed with the JVM
        return () -> {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(SQL)) {
                long rows = 0;
                long chars = 0;
                while (rs.next()) {
                    chars += rs.getString(1).length();
                    rows++;
                }
                if (rows != TStringData.ROWS || chars != (long) TStringData.ROWS * TStringData.LENGTH) {
                    throw new IllegalStateException("JDBC read " + rows + " rows, " + chars + " characters");
                }
                return rs.unwrap(FrontierResult.class).origin().bytes();
            }
        };
    }

    public static void main(String[] args) throws Exception {
        Config d = Config.defaults();
        Config c = new Config(d.methods(), ints(System.getProperty("bench.zips"), d.zips()), ints(System.getProperty("bench.clients"), d.clients()),
                Duration.ofMillis(Long.getLong("bench.warmup-millis", d.warmup().toMillis())),
                Duration.ofMillis(Long.getLong("bench.measure-millis", d.measure().toMillis())));
        Result r = run(c);
        String report = "### Access methods through Squid (T_STRING, ~1 MB)\n\n" + r.markdown();
        System.out.println(report);
        Path out = Path.of(System.getProperty("bench.output", "target/results"));
        Files.createDirectories(out);
        Files.writeString(out.resolve("squid-access.md"), report, StandardCharsets.UTF_8);
        System.exit(0); // the servlet's and Squid's cleanup run as shutdown hooks
    }

    private static List<Integer> ints(String text, List<Integer> fallback) {
        return text == null || text.isBlank() ? fallback
                : Arrays.stream(text.split(",")).map(String::trim).map(Integer::valueOf).collect(Collectors.toList());
    }
}
