package org.gridstack.bench.frontier;

import com.zaxxer.hikari.HikariDataSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import javax.sql.DataSource;
import org.HdrHistogram.Histogram;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.LatencySummary;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.report.HtmlPage;
import org.gridstack.bench.kit.report.RunFiles;
import org.gridstack.bench.kit.report.TextTable;
import org.gridstack.frontier.protocol.AnswerDecoder;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.http.HttpResponseReader;
import org.gridstack.frontier.web.FrontierApplication;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import org.gridstack.bench.kit.report.Headline;

/**
 * How long a fast client waits beside slow readers: as many slow readers as the pool has
 * connections, each from its own address, ask for an answer larger than
 * {@code frontier.response-buffer-bytes} and stop reading after its status line; meanwhile a
 * client at another address (127.0.0.2) asks {@code select 1} again and again. Measured side by side
 * in one run with the answer spool on (the default: the slow answers are on disk, their
 * connections back in the pool) and off ({@code frontier.spool-client-bytes=0}: the answers are
 * sent as produced and hold their connections, as in the production servlet, so the fast client
 * waits up to {@code MaxDbAcquireSeconds} and gets an error). Also records the pool's connections
 * in use while the slow readers read. The servlet runs in-process on its demo database.
 */
public final class SlowReadersBenchmark {
    /** Settings. */
    public record Config(int pool, int fastRequests, int answerRows, int acquireSeconds) {
        public Config {
            if (pool < 1 || fastRequests < 1 || answerRows < 1 || acquireSeconds < 1) {
                throw new IllegalArgumentException("every setting must be at least 1: " + pool + ", " + fastRequests + ", " + answerRows
                        + ", " + acquireSeconds);
            }
        }
    }

    /** One mode's numbers. */
    public record Result(String mode, int slowReaders, long answerBytes, int connectionsInUse, List<Double> fastMillis, int fastErrors) {
        public LatencySummary fast() {
            Histogram h = LatencySummary.newHistogram();
            fastMillis.forEach(ms -> LatencySummary.record(h, Math.round(ms * 1e6)));
            return LatencySummary.of(h);
        }

        /** The Markdown table's headers, one per {@link #cells()}. */
        static final List<String> HEADERS = List.of("spool", "slow readers (pool size)", "slow answer bytes",
                "connections in use while they read", "fast select 1: requests", "p50 ms", "max ms", "errors");

        /** This mode's row of the tables. */
        public List<String> cells() {
            LatencySummary f = fast();
            return List.of(mode, Integer.toString(slowReaders), Long.toString(answerBytes), Integer.toString(connectionsInUse),
                    Integer.toString(fastMillis.size()), String.format(Locale.ROOT, "%.1f", f.p50Millis()),
                    String.format(Locale.ROOT, "%.1f", f.maxMillis()), Integer.toString(fastErrors));
        }
    }

    private SlowReadersBenchmark() {
    }

    /** Runs one mode: {@code spool} on (the default) or off. */
    public static Result run(Config config, boolean spool) throws Exception {
        Objects.requireNonNull(config, "config is null");
        Path schema = Files.createTempFile("slow-readers-bench", ".sql");
        Files.writeString(schema, "CREATE TABLE t_slow AS SELECT g AS id, repeat(md5(g::text), 4) AS s FROM generate_series(1, "
                + config.answerRows() + ") AS g;\n", StandardCharsets.UTF_8);
        List<Socket> slow = new ArrayList<>();
        try (ConfigurableApplicationContext servlet = new SpringApplication(FrontierApplication.class).run(
                "--server.port=0", "--server.address=127.0.0.1", "--frontier.demo-schema=" + schema,
                "--frontier.max-active=" + config.pool(), "--frontier.max-db-acquire-seconds=" + config.acquireSeconds(),
                "--frontier.response-buffer-bytes=65536", "--frontier.send-timeout-seconds=600",
                "--server.tomcat.connection-timeout=600000", "--frontier.spool-client-bytes=" + (spool ? 256L << 20 : 0),
                "--logging.level.root=WARN", "--spring.main.banner-mode=off")) {
            int port = ((ServletWebServerApplicationContext) servlet).getWebServer().getPort();
            for (int i = 0; i < config.pool(); i++) {
                Socket s = new Socket();
                slow.add(s);
                s.setReceiveBufferSize(1024);
                s.setSoTimeout(600_000);
                s.bind(new InetSocketAddress(loopback(10 + i), 0));
                s.connect(new InetSocketAddress(loopback(1), port));
                send(s.getOutputStream(), "select id, s from t_slow order by id", "slow-reader-" + i, "HTTP/1.1");
            }
            for (Socket s : slow) {
                String status = statusLine(s.getInputStream());
                if (!status.startsWith("HTTP/1.1 200")) {
                    throw new IllegalStateException("a slow reader got " + status);
                }
            }
            int inUse = servlet.getBean(DataSource.class).unwrap(HikariDataSource.class).getHikariPoolMXBean().getActiveConnections();
            List<Double> fast = new ArrayList<>();
            int errors = 0;
            for (int i = 0; i < config.fastRequests(); i++) {
                long t0 = System.nanoTime();
                DecodedPayload p = selectOne(port);
                fast.add((System.nanoTime() - t0) / 1e6);
                if (p.error() != 0) {
                    errors++;
                } else if (p.records() != 1) {
                    throw new IllegalStateException("select 1 answered " + p.records() + " records");
                }
            }
            // every slow reader still gets its whole answer
            long answerBytes = -1;
            for (Socket s : slow) {
                byte[] rest = s.getInputStream().readAllBytes();
                String tail = new String(rest, Math.max(0, rest.length - 200), Math.min(200, rest.length), StandardCharsets.ISO_8859_1);
                if (!tail.replaceAll("\\s+", " ").matches(".*</frontier>( 0)? ?")) {
                    throw new IllegalStateException("a slow reader's answer was cut: ..." + tail);
                }
                answerBytes = rest.length;
            }
            return new Result(spool ? "on" : "off", config.pool(), answerBytes, inUse, fast, errors);
        } finally {
            for (Socket s : slow) {
                s.close();
            }
            Files.deleteIfExists(schema);
        }
    }

    private static void send(OutputStream out, String sql, String id, String version) throws IOException {
        out.write(("GET /Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode(sql) + " " + version
                + "\r\nHost: 127.0.0.1\r\nX-Frontier-Id: " + id + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    private static DecodedPayload selectOne(int port) throws Exception {
        try (Socket s = new Socket()) {
            s.setSoTimeout(600_000);
            s.bind(new InetSocketAddress(loopback(2), 0));
            s.connect(new InetSocketAddress(loopback(1), port));
            send(s.getOutputStream(), "select 1 as one", "fast-client", "HTTP/1.0");
            HttpResponseReader http = new HttpResponseReader(s.getInputStream(), 64 * 1024);
            HttpResponseReader.Head head = http.readHead(false);
            try (AnswerDecoder decoder = new AnswerDecoder()) {
                return decoder.decode(http.body(head), -1).requireIntact().payloads().get(0);
            }
        }
    }

    /** 127.0.0.{@code last}: each its own client address, all on this host. */
    private static InetAddress loopback(int last) throws IOException {
        return InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) last});
    }

    private static String statusLine(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c; (c = in.read()) >= 0 && c != '\n'; ) {
            b.write(c);
        }
        return b.toString(StandardCharsets.ISO_8859_1).trim();
    }

    /** The command line ({@code --name=value}). */
    @Command(name = "SlowReadersBenchmark", description = "a fast client's wait beside slow readers, answer spool on and off")
    static final class Options {
        @Option(names = "--pool", paramLabel = "N", description = "pool size (frontier.max-active) = slow readers (default 4)")
        int pool = 4;

        @Option(names = "--fast-requests", paramLabel = "N", description = "select 1 requests of the fast client per mode (default 20)")
        int fastRequests = 20;

        @Option(names = "--answer-rows", paramLabel = "N", description = "rows of the slow answer, 128 characters each (default 50000)")
        int answerRows = 50_000;

        @Option(names = "--acquire-seconds", paramLabel = "S", description = "frontier.max-db-acquire-seconds (default 10)")
        int acquireSeconds = 10;

        @Option(names = "--output", paramLabel = "DIR", description = "directory of frontier-slow-readers.md")
        Path output = Path.of("target", "results");

        Config config() {
            return new Config(pool, fastRequests, answerRows, acquireSeconds);
        }
    }

    static Options parse(String[] args) {
        return CommandLineArgs.parse(new Options(), args);
    }

    /** Writes {@code frontier-slow-readers.{md,csv,json,html}}; returns the Markdown. */
    static String write(List<Result> results, Config config, Path dir) throws IOException {
        TextTable table = TextTable.of(Result.HEADERS).alignRightFrom(1);
        TextTable csv = TextTable.of("spool", "slow_readers", "answer_bytes", "connections_in_use", "fast_requests", "fast_p50_ms", "fast_max_ms",
                "fast_errors");
        List<Map<String, Object>> json = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        for (Result r : results) {
            table.row(r.cells());
            LatencySummary f = r.fast();
            csv.row(r.mode(), r.slowReaders(), r.answerBytes(), r.connectionsInUse(), r.fastMillis().size(),
                    String.format(Locale.ROOT, "%.3f", f.p50Millis()), String.format(Locale.ROOT, "%.3f", f.maxMillis()), r.fastErrors());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("spool", r.mode());
            m.put("slowReaders", r.slowReaders());
            m.put("answerBytes", r.answerBytes());
            m.put("connectionsInUse", r.connectionsInUse());
            m.put("fastMillis", r.fastMillis());
            m.put("fastErrors", r.fastErrors());
            json.add(m);
            rows.add(r.cells());
        }
        StringBuilder md = new StringBuilder("### A fast client beside slow readers\n\n").append(table.markdown());
        if (results.size() == 2 && results.get(0).fast().p50Millis() > 0) {
            md.append(String.format(Locale.ROOT, "%nfast client's median wait, spool off / on: %.0f x%n",
                    results.get(1).fast().p50Millis() / results.get(0).fast().p50Millis()));
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("benchmark", "SlowReadersBenchmark");
        root.put("pool", config.pool());
        root.put("answerRows", config.answerRows());
        root.put("acquireSeconds", config.acquireSeconds());
        root.put("results", json);
        HtmlPage page = HtmlPage.builder("A fast client beside slow readers")
                .fact("set-up", "servlet in-process on its demo database, pool of " + config.pool() + ", response-buffer-bytes 64 KiB; "
                        + config.pool() + " slow readers from " + config.pool() + " addresses stop reading after the status line; a fast "
                        + "client at 127.0.0.2 asks select 1; MaxDbAcquireSeconds " + config.acquireSeconds())
                .table("Per mode", List.of("spool", "slow readers (pool size)", "slow answer bytes", "connections in use while they read",
                        "fast requests", "p50 ms", "max ms", "errors"), rows)
                .link("frontier-slow-readers.md", "frontier-slow-readers.md").build();
        new RunFiles("frontier-slow-readers", md.toString(), csv.csv(), ResultJson.toJson(root), page).write(dir);
        headline(results).write(dir);
        return md.toString();
    }

    /**
     * The headline: the fast client's median wait with the answer spool on over the same with it
     * off, in the same run (lower is better; not measured without both modes); no target.
     */
    static Headline headline(List<Result> results) {
        double on = results.stream().filter(r -> r.mode().equals("on")).mapToDouble(r -> r.fast().p50Millis()).findFirst().orElse(Double.NaN);
        double off = results.stream().filter(r -> r.mode().equals("off")).mapToDouble(r -> r.fast().p50Millis()).findFirst().orElse(Double.NaN);
        return new Headline("spool on vs off, fast client's median wait (answer or error) beside slow readers", on, off,
                "spool off (this run)", "ms", false, null);
    }

    public static void main(String[] args) throws Exception {
        Options o = parse(args);
        Config c = o.config();
        List<Result> results = List.of(run(c, true), run(c, false));
        System.out.println(write(results, c, o.output));
        System.exit(0); // the servlets' non-daemon threads are closed; leave nothing behind
    }
}
