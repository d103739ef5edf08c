package org.gridstack.bench.invalidation;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.gridstack.frontier.cache.CacheInvalidator;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.web.FrontierApplication;
import org.gridstack.frontier.web.FrontierConfiguration;
import org.gridstack.testing.SquidProcess;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Staleness of automatic cache invalidation (thesis 3.2.2): how long after an UPDATE commits does
 * a client reading through two Squid levels, with no refresh of its own, see the new value; and
 * how many purges hit answers that had not changed (over-invalidation). The servlet runs
 * in-process on its demo database (which has the modification triggers), the caches are real
 * Squid processes (tier 1 forward proxy to the servlet, tier 2 a site proxy below it).
 *
 * <p>Each round: K cached URLs read table t_bench (one row each), one row is updated and
 * committed, then the client polls the changed URL through tier 2 every {@code pollMillis} until it
 * sees the new value. Staleness = first read showing the new value minus commit time (the poll
 * interval bounds the resolution).
 */
public final class InvalidationStalenessBenchmark {
    /** Settings. */
    public record Config(int rounds, int urlsPerRound, int pollMillis) {
        public static Config defaults() {
            return new Config(200, 10, 5);
        }
    }

    /** Results. */
    public record Result(List<Double> stalenessMillis, double purged, double notCached, double failures,
                         int rounds, int urlsPerRound) {
        public double percentile(double p) {
            List<Double> s = new ArrayList<>(stalenessMillis);
            Collections.sort(s);
            return s.get(Math.min(s.size() - 1, (int) Math.ceil(p / 100.0 * s.size()) - 1));
        }

        /** Purges of answers that did not change, per purge. */
        public double overInvalidation() {
            double total = purged + notCached;
            // each round changes one URL's answer; the other K-1 readers of the table are purged too
            return total == 0 ? 0 : 1.0 - (double) rounds * 2 / total;
        }

        public String markdown() {
            return String.format(Locale.ROOT, """
                    | rounds | URLs cached per round | staleness p50 ms | p90 ms | p99 ms | max ms | purges sent | of them for unchanged answers | failed purges |
                    |---:|---:|---:|---:|---:|---:|---:|---:|---:|
                    | %d | %d | %.1f | %.1f | %.1f | %.1f | %.0f | %.0f %% | %.0f |
                    """, rounds, urlsPerRound, percentile(50), percentile(90), percentile(99), percentile(100),
                    purged + notCached, overInvalidation() * 100, failures);
        }
    }

    private InvalidationStalenessBenchmark() {
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
                     "--frontier.invalidation-enabled=true", "--logging.level.root=WARN", "--spring.main.banner-mode=off")) {
            String base = "http://127.0.0.1:" + port;
            CacheInvalidator invalidator = servlet.getBean(FrontierConfiguration.Invalidation.class).invalidator();
            invalidator.register(new CacheInvalidator.Cache("tier1", "127.0.0.1", tier1.port(), base, 1));
            invalidator.register(new CacheInvalidator.Cache("tier2", "127.0.0.1", tier2.port(), base, 2));
            FrontierConfiguration.DemoHolder demo = servlet.getBean(FrontierConfiguration.DemoHolder.class);
            List<String> urls = new ArrayList<>();
            for (int i = 1; i <= config.urlsPerRound(); i++) {
                urls.add(base + "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOBzip5&p1="
                        + P1Codec.encode("select v from t_bench where id = " + i));
            }
            List<Double> staleness = new ArrayList<>();
            try (Connection admin = demo.database().adminConnection(); Statement s = admin.createStatement()) {
                for (int round = 1; round <= config.rounds(); round++) {
                    for (String url : urls) {
                        read(tier2.port(), url); // fill both caches
                    }
                    int id = 1 + round % config.urlsPerRound();
                    String value = "r" + round;
                    s.executeUpdate("update t_bench set v = '" + value + "' where id = " + id);
                    long committed = System.nanoTime();
                    long deadline = committed + TimeUnit.SECONDS.toNanos(30);
                    while (!value.equals(read(tier2.port(), urls.get(id - 1)))) {
                        if (System.nanoTime() > deadline) {
                            throw new IllegalStateException("round " + round + ": the update was not seen through the caches within 30 s");
                        }
                        Thread.sleep(config.pollMillis());
                    }
                    staleness.add((System.nanoTime() - committed) / 1e6);
                }
            }
            invalidator.drain(30, TimeUnit.SECONDS);
            MeterRegistry meters = servlet.getBean(MeterRegistry.class);
            return new Result(staleness, meters.get("frontier.invalidation.purged").counter().count(),
                    meters.get("frontier.invalidation.not.cached").counter().count(),
                    meters.get("frontier.invalidation.failures").counter().count(), config.rounds(), config.urlsPerRound());
        } finally {
            Files.deleteIfExists(schema);
        }
    }

    /** One read through a proxy, with the C client's headers and no refresh; returns the single value. */
    static String read(int proxyPort, String url) throws IOException, FrontierProtocolException {
        try (Socket socket = new Socket("127.0.0.1", proxyPort)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + url + " HTTP/1.0\r\nX-Frontier-Id: invalidation-bench\r\nCache-Control: max-stale=1\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            int body = response.indexOf("\r\n\r\n");
            if (body < 0) {
                throw new IOException("no HTTP answer from the proxy");
            }
            ResponseParser.Payload p = ResponseParser.parse(response.substring(body + 4)).payloads().get(0);
            if (p.error() != 0) {
                throw new IOException("error answer: " + p.message());
            }
            return p.decode().rows().get(0).get(0).text();
        }
    }

    public static void main(String[] args) throws Exception {
        Config d = Config.defaults();
        Config c = new Config(Integer.getInteger("bench.rounds", d.rounds()), Integer.getInteger("bench.urls", d.urlsPerRound()),
                Integer.getInteger("bench.poll-millis", d.pollMillis()));
        Result r = run(c);
        String report = "### Invalidation staleness through two Squid levels\n\n" + r.markdown();
        System.out.println(report);
        Path out = Path.of(System.getProperty("bench.output", "target/results"));
        Files.createDirectories(out);
        Files.writeString(out.resolve("invalidation-staleness.md"), report, StandardCharsets.UTF_8);
        System.exit(0); // the servlet's non-daemon threads are closed; leave nothing behind
    }
}
