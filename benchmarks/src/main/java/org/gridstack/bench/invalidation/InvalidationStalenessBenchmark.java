package org.gridstack.bench.invalidation;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.LatencySummary;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.report.RunFiles;
import org.gridstack.bench.kit.report.TextTable;
import org.gridstack.frontier.cache.CacheInvalidator;
import org.gridstack.frontier.protocol.AnswerDecoder;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.http.HttpResponseReader;
import org.gridstack.frontier.web.FrontierApplication;
import org.gridstack.frontier.web.FrontierConfiguration;
import org.gridstack.testing.SquidProcess;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import java.sql.SQLException;
import org.gridstack.bench.kit.report.Headline;

/**
 * Staleness of automatic cache invalidation (thesis 3.2.2): how long after an UPDATE commits does
 * a client reading through two Squid levels, with no refresh of its own, see the new value; and
 * how many purges hit answers that had not changed (over-invalidation), for both invalidation
 * granularities ({@code frontier.invalidation-granularity=row|table}). The servlet runs in-process
 * on its demo database (which has the modification triggers), the caches are real Squid processes
 * (tier 1 forward proxy to the servlet, tier 2 a site proxy below it).
 *
 * <p>K cached URLs read table t_bench, a realistic mix: K-2 point lookups by id, one range over the
 * first half of those ids, and one query the servlet cannot summarise (an OR). Each round: all K
 * are read through tier 2 (filling both caches), one point-lookup row is updated and committed,
 * then the client polls that URL through tier 2 every {@code pollMillis} until it sees the new
 * value. Staleness = first read showing the new value minus commit time (the poll interval bounds
 * the resolution). After the purges are done every URL is read again through the caches and
 * compared with the database's own answer: a stale answer stops the benchmark, so the savings of
 * row granularity are only counted when they are correct. An answer "changed" when that answer
 * differs from the one read before the update; over-invalidation = purges of unchanged answers
 * per purge.
 */
public final class InvalidationStalenessBenchmark {
    /** Settings; {@code granularity} is {@code row} or {@code table}. */
    public record Config(int rounds, int urlsPerRound, int pollMillis, String granularity) {
        public Config {
            if (urlsPerRound < 3) {
                throw new IllegalArgumentException("urlsPerRound must be at least 3 (point lookups, a range and an OR)");
            }
            if (!granularity.equals("row") && !granularity.equals("table")) {
                throw new IllegalArgumentException("granularity must be row or table, not " + granularity);
            }
        }

        public Config(int rounds, int urlsPerRound, int pollMillis) {
            this(rounds, urlsPerRound, pollMillis, "row");
        }

        public Config withGranularity(String g) {
            return new Config(rounds, urlsPerRound, pollMillis, g);
        }

        public static Config defaults() {
            return new Config(200, 10, 5, "row");
        }
    }

    /** Results. */
    public record Result(String granularity, List<Double> stalenessMillis, double purged, double notCached, double failures,
                         double skipped, int changedAnswers, int rounds, int urlsPerRound) {
        /** The staleness times summarised (HdrHistogram, 3 significant digits). */
        public LatencySummary staleness() {
            Histogram h = LatencySummary.newHistogram();
            stalenessMillis.forEach(ms -> LatencySummary.record(h, Math.round(ms * 1e6)));
            return LatencySummary.of(h);
        }

        /** Purges sent (to both cache levels). */
        public double purges() {
            return purged + notCached;
        }

        /** Purges of answers that did not change, per purge. */
        public double overInvalidation() {
            double total = purges();
            // a changed answer needs one purge per cache level (2)
            return total == 0 ? 0 : Math.max(0, 1.0 - (double) changedAnswers * 2 / total);
        }

        /** The Markdown table of results, without rows. */
        static TextTable markdownTable() {
            return TextTable.of("granularity", "rounds", "URLs cached per round", "staleness p50 ms", "p90 ms", "p99 ms", "max ms",
                    "answers changed", "purges sent", "of them for unchanged answers", "URLs kept (skipped)", "failed purges").alignRightFrom(1);
        }

        /** This result's row of {@link #markdownTable()}. */
        public List<String> markdownCells() {
            LatencySummary st = staleness();
            return List.of(granularity, Integer.toString(rounds), Integer.toString(urlsPerRound), f("%.1f", st.p50Millis()),
                    f("%.1f", st.p90Millis()), f("%.1f", st.p99Millis()), f("%.1f", st.maxMillis()), Integer.toString(changedAnswers),
                    f("%.0f", purges()), f("%.0f %%", overInvalidation() * 100), f("%.0f", skipped), f("%.0f", failures));
        }

        private static String f(String format, double value) {
            return String.format(Locale.ROOT, format, value);
        }

        /** This result alone as a Markdown table. */
        public String markdown() {
            return markdownTable().row(markdownCells()).markdown();
        }
    }

    private InvalidationStalenessBenchmark() {
    }

    /** The K SQL texts: point lookups 1..K-2, a range over the first half of them, an OR the servlet cannot summarise. */
    static List<String> queries(int k) {
        List<String> sql = new ArrayList<>();
        for (int i = 1; i <= k - 2; i++) {
            sql.add("select v from t_bench where id = " + i);
        }
        sql.add("select v from t_bench where id between 1 and " + Math.max(1, (k - 2) / 2) + " order by id");
        sql.add("select v from t_bench where id = 1 or id = " + (k - 2) + " order by id");
        return sql;
    }

    public static Result run(Config config) throws Exception {
        Objects.requireNonNull(config, "config is null");
        Path schema = Files.createTempFile("invalidation-bench", ".sql");
        Files.writeString(schema, "CREATE TABLE t_bench (id integer PRIMARY KEY, v varchar(40));\n"
                + "INSERT INTO t_bench SELECT i, 'v0' FROM generate_series(1, " + config.urlsPerRound() + ") AS g(i);\n",
                StandardCharsets.UTF_8);
        int port = SquidProcess.freePort();
        try (SquidProcess tier1 = SquidProcess.siteProxy("bench-tier1", null);
             SquidProcess tier2 = SquidProcess.siteProxy("bench-tier2", tier1);
             ConfigurableApplicationContext servlet = new SpringApplication(FrontierApplication.class).run(
                     "--server.port=" + port, "--server.address=127.0.0.1", "--frontier.demo-schema=" + schema,
                     "--frontier.invalidation-enabled=true", "--frontier.invalidation-granularity=" + config.granularity(),
                     "--logging.level.root=WARN", "--spring.main.banner-mode=off")) {
            String base = "http://127.0.0.1:" + port;
            CacheInvalidator invalidator = servlet.getBean(FrontierConfiguration.Invalidation.class).invalidator();
            invalidator.register(new CacheInvalidator.Cache("tier1", "127.0.0.1", tier1.port(), base, 1));
            invalidator.register(new CacheInvalidator.Cache("tier2", "127.0.0.1", tier2.port(), base, 2));
            FrontierConfiguration.DemoHolder demo = servlet.getBean(FrontierConfiguration.DemoHolder.class);
            List<String> sql = queries(config.urlsPerRound());
            List<String> urls = new ArrayList<>();
            for (String q : sql) {
                urls.add(base + "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOBzip5&p1=" + P1Codec.encode(q));
            }
            int points = config.urlsPerRound() - 2;
            List<Double> staleness = new ArrayList<>();
            int changedAnswers = 0;
            try (Connection admin = demo.database().adminConnection(); Statement s = admin.createStatement()) {
                for (int round = 1; round <= config.rounds(); round++) {
                    List<String> before = new ArrayList<>();
                    for (String url : urls) {
                        before.add(read(tier2.port(), url)); // fill both caches
                    }
                    int id = 1 + round % points;
                    String value = "r" + round;
                    s.executeUpdate("update t_bench set v = '" + value + "' where id = " + id);
                    long committed = System.nanoTime();
                    long deadline = committed + TimeUnit.SECONDS.toNanos(30);
                    while (!(value + "\n").equals(read(tier2.port(), urls.get(id - 1)))) {
                        if (System.nanoTime() > deadline) {
                            throw new IllegalStateException("round " + round + ": the update was not seen through the caches within 30 s");
                        }
                        Thread.sleep(config.pollMillis());
                    }
                    staleness.add((System.nanoTime() - committed) / 1e6);
                    invalidator.drain(30, TimeUnit.SECONDS);
                    // every answer through the caches must be the database's: savings only count when correct
                    for (int i = 0; i < urls.size(); i++) {
                        String truth = query(s, sql.get(i));
                        String through = read(tier2.port(), urls.get(i));
                        if (!truth.equals(through)) {
                            throw new IllegalStateException("round " + round + " (" + config.granularity() + "): stale answer through the caches for "
                                    + sql.get(i) + ": " + through + ", the database says " + truth);
                        }
                        if (!truth.equals(before.get(i))) {
                            changedAnswers++;
                        }
                    }
                }
            }
            invalidator.drain(30, TimeUnit.SECONDS);
            MeterRegistry meters = servlet.getBean(MeterRegistry.class);
            return new Result(config.granularity(), staleness, meters.get("frontier.invalidation.purged").counter().count(),
                    meters.get("frontier.invalidation.not.cached").counter().count(),
                    meters.get("frontier.invalidation.failures").counter().count(),
                    meters.get("frontier.invalidation.skipped").counter().count(), changedAnswers, config.rounds(), config.urlsPerRound());
        } finally {
            Files.deleteIfExists(schema);
        }
    }

    /** The database's answer, rows joined as {@link #read} joins them. */
    private static String query(Statement s, String sql) throws SQLException {
        StringBuilder b = new StringBuilder();
        try (var rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int c = 1; c <= n; c++) {
                    b.append(rs.getString(c)).append(c < n ? "\t" : "\n");
                }
            }
        }
        return b.toString();
    }

    /** One read through a proxy, with the C client's headers and no refresh; returns the rows (tab, newline separated). */
    static String read(int proxyPort, String url) throws IOException, FrontierProtocolException {
        try (Socket socket = new Socket("127.0.0.1", proxyPort)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + url + " HTTP/1.0\r\nX-Frontier-Id: invalidation-bench\r\nCache-Control: max-stale=1\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            HttpResponseReader http = new HttpResponseReader(socket.getInputStream(), 64 * 1024);
            HttpResponseReader.Head head = http.readHead(false);
            DecodedPayload p;
            try (AnswerDecoder decoder = new AnswerDecoder()) {
                p = decoder.decode(http.body(head), -1).requireIntact().payloads().get(0);
            } catch (FrontierProtocolException e) {
                throw new FrontierProtocolException("HTTP " + head.status() + " from the proxy: " + e.getMessage(), e);
            }
            if (p.error() != 0) {
                throw new IOException("error answer: " + p.message());
            }
            StringBuilder b = new StringBuilder();
            for (var row : p.decode().rows()) {
                for (int c = 0; c < row.size(); c++) {
                    b.append(row.get(c).text()).append(c < row.size() - 1 ? "\t" : "\n");
                }
            }
            return b.toString();
        }
    }

    /** The command line ({@code --name=value}); blank values keep the defaults of {@link Config#defaults()}. */
    @Command(name = "InvalidationStalenessBenchmark", description = "stale answers after an update, through two Squid levels (benchmarks/docs/frontier.md)")
    static final class Options {
        @Option(names = "--rounds", paramLabel = "N", description = "updates per granularity (default 200)")
        int rounds = Config.defaults().rounds();

        @Option(names = "--urls", paramLabel = "N", description = "cached URLs checked after each update, at least 3 (default 10)")
        int urls = Config.defaults().urlsPerRound();

        @Option(names = "--poll-millis", paramLabel = "MS", description = "pause between checks of a stale URL (default 5)")
        int pollMillis = Config.defaults().pollMillis();

        @Option(names = "--granularities", split = ",", paramLabel = "table,row", description = "invalidation granularities to measure")
        List<String> granularities = List.of("table", "row");

        @Option(names = "--output", paramLabel = "DIR", description = "directory of invalidation-staleness.md")
        Path output = Path.of("target", "results");

        /** The settings of one run (granularity row; {@link Config#withGranularity} for the others). */
        Config config() {
            return new Config(rounds, urls, pollMillis, "row");
        }
    }

    /** Writes {@code invalidation-staleness.{md,csv,json,html}} and the folder's index; returns the Markdown. */
    static String write(List<Result> results, Path dir) throws IOException {
        return write(results, List.of(), dir);
    }

    /** As {@link #write(List, Path)}, with the host monitor's samples over the runs ({@code host}) plotted on the page. */
    static String write(List<Result> results, List<HostMonitor.Sample> host, Path dir) throws IOException {
        TextTable table = Result.markdownTable();
        results.forEach(r -> table.row(r.markdownCells()));
        StringBuilder report = new StringBuilder("### Invalidation staleness through two Squid levels\n\n").append(table.markdown());
        TextTable csv = TextTable.of("granularity", "rounds", "urls_per_round", "staleness_p50_ms", "staleness_p90_ms", "staleness_p99_ms",
                "staleness_max_ms", "answers_changed", "purges_sent", "purges_for_unchanged_share", "urls_skipped", "failed_purges");
        List<Map<String, Object>> json = new ArrayList<>();
        for (Result r : results) {
            LatencySummary st = r.staleness();
            csv.row(r.granularity(), r.rounds(), r.urlsPerRound(), String.format(Locale.ROOT, "%.3f", st.p50Millis()),
                    String.format(Locale.ROOT, "%.3f", st.p90Millis()), String.format(Locale.ROOT, "%.3f", st.p99Millis()),
                    String.format(Locale.ROOT, "%.3f", st.maxMillis()), r.changedAnswers(), String.format(Locale.ROOT, "%.0f", r.purges()),
                    String.format(Locale.ROOT, "%.4f", r.overInvalidation()), String.format(Locale.ROOT, "%.0f", r.skipped()),
                    String.format(Locale.ROOT, "%.0f", r.failures()));
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("granularity", r.granularity());
            m.put("rounds", r.rounds());
            m.put("urlsPerRound", r.urlsPerRound());
            m.put("stalenessP50Millis", st.p50Millis());
            m.put("stalenessP90Millis", st.p90Millis());
            m.put("stalenessP99Millis", st.p99Millis());
            m.put("stalenessMaxMillis", st.maxMillis());
            m.put("answersChanged", r.changedAnswers());
            m.put("purgesSent", r.purges());
            m.put("purgesForUnchangedShare", r.overInvalidation());
            m.put("urlsSkipped", r.skipped());
            m.put("failedPurges", r.failures());
            m.put("stalenessMillis", r.stalenessMillis());
            json.add(m);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("benchmark", "InvalidationStalenessBenchmark");
        root.put("results", json);
        root.put("host", host);
        new RunFiles("invalidation-staleness", report.toString(), csv.csv(), ResultJson.toJson(root),
                InvalidationReportPage.build(results, host)).write(dir);
        headline(results).write(dir);
        return report.toString();
    }

    /**
     * The headline: purges sent at row granularity over those at table granularity for the same
     * updates in the same run (lower is better: the answers row granularity keeps cached); not
     * measured without both. No target.
     */
    static Headline headline(List<Result> results) {
        double row = results.stream().filter(r -> r.granularity().equals("row")).mapToDouble(Result::purges).findFirst().orElse(Double.NaN);
        double table = results.stream().filter(r -> r.granularity().equals("table")).mapToDouble(Result::purges).findFirst().orElse(Double.NaN);
        return new Headline("row vs table granularity, purges sent for the same updates", row, table,
                "table granularity (this run)", "purges", false, null);
    }

    static Options parse(String[] args) {
        return CommandLineArgs.parse(new Options(), args);
    }

    public static void main(String[] args) throws Exception {
        Options o = parse(args);
        Config c = o.config();
        List<Result> results = new ArrayList<>();
        List<HostMonitor.Sample> host;
        try (HostMonitor monitor = HostMonitor.startForThisProcessTree("benchmark JVM and its children (servlet's PostgreSQL, two Squids)")) {
            for (String g : o.granularities) {
                results.add(run(c.withGranularity(g.trim())));
            }
            host = monitor.stop();
        }
        System.out.println(write(results, host, o.output));
        System.exit(0); // the servlet's non-daemon threads are closed; leave nothing behind
    }
}
