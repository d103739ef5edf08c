package org.gridstack.bench.frontier;

import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.frontier.protocol.BlobEncoding;

/**
 * The FroNtier throughput experiment: for one query at several zip levels and client counts, the
 * servlet over HTTP (its executable jar as a child process), plain JDBC on the same embedded
 * PostgreSQL, and zlib alone on the same row-stream bytes. Every answer is read in full and
 * checked; a wrong answer fails the run. Results go to {@code frontier-throughput.{md,json,csv}}.
 *
 * <p>Run it with {@code ./mvnw -Pbench -pl benchmarks -am verify} (as an unprivileged user:
 * PostgreSQL refuses root) or via {@link #main}; see {@code benchmarks/README.md}.
 */
public final class FrontierThroughputBenchmark {
    private FrontierThroughputBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        BenchmarkConfig config;
        try {
            config = BenchmarkConfig.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        if (config.command().isEmpty()) {
            config = config.withCommand(StartCommand.describe(args));
        }
        try {
            BenchmarkResult result = run(config);
            System.out.println();
            System.out.println(ReportWriter.markdown(result));
        } catch (Exception e) {
            System.err.println("[bench] FAILED: " + e);
            e.printStackTrace();
            System.exit(1);
        }
        System.exit(0); // a driver thread left behind must not keep the JVM (and Maven) waiting
    }

    /** Runs the whole experiment; starts and always stops its own PostgreSQL and servlet. */
    public static BenchmarkResult run(BenchmarkConfig config) throws Exception {
        Objects.requireNonNull(config, "config is null");
        ProjectLayout layout = ProjectLayout.discover();
        Path jar = layout.servletJar();
        Path outputDir = config.outputDir().orElse(layout.resultsDir());
        BenchmarkDataset dataset = BenchmarkDataset.golden();
        OffsetDateTime startedAt = OffsetDateTime.now();
        MachineInfo machine = MachineInfo.current();
        long t0 = System.nanoTime();
        String command = config.command().orElseGet(() -> StartCommand.describe(new String[0]));

        BenchmarkResult result;
        try (RunResources resources = new RunResources()) {
            log("starting embedded PostgreSQL; data: " + dataset.description());
            BenchmarkDatabase db = resources.database(BenchmarkDatabase.start(dataset));
            String postgresVersion = db.serverVersion();
            ExpectedRows expected;
            try (Connection c = db.readerConnection()) {
                expected = ExpectedRows.fetch(c, config.query());
            }
            log("query answers " + expected.rowCount() + " rows via JDBC; starting the servlet " + jar);
            ServletProcess servlet = resources.servlet(ServletProcess.start(jar, db, config.servletArgs(), outputDir.resolve("servlet.log")));

            HostMonitor host = resources.monitor(HostMonitor.start(Map.of(
                    "benchmark JVM (clients)", HostMonitor.tree(ProcessHandle.current()),
                    "servlet", HostMonitor.tree(ProcessHandle.of(servlet.pid()).orElseThrow()),
                    "PostgreSQL", HostMonitor.postgresServer(db.port())), Duration.ofSeconds(1)));

            Map<Integer, ReferenceAnswer> references = establishReferences(config, servlet.address(), expected);
            ReferenceAnswer any = references.values().iterator().next();
            log("reference answers checked: " + any.records() + " records, full_size " + any.fullSize());
            PeerServlet peer = null;
            Map<Integer, ReferenceAnswer> peerReferences = Map.of();
            if (config.peer().isPresent()) {
                BenchmarkConfig.Peer p = config.peer().get();
                if (p.url().isPresent()) {
                    peer = resources.peer(PeerServlet.running(p.name(), p.url().get()));
                } else {
                    log("starting the peer: " + p.startCommand().get());
                    peer = resources.peer(PeerServlet.start(p.name(), p.startCommand().get(), p.path(), db, config.query(),
                            outputDir.resolve("peer.log")));
                }
                // the peer's answers are checked against the same JDBC rows as ours, independently of ours
                peerReferences = establishReferences(config, peer.address(), expected);
                log("the peer (" + p.name() + " at " + peer.address() + ") answers the same rows at every zip level");
            }

            List<BenchmarkResult.JdbcMeasurement> jdbc = new ArrayList<>();
            for (int clients : config.clientCounts()) {
                jdbc.add(measureJdbc(config, db, expected, clients, new CpuSampler(servlet.pid())));
            }
            List<BenchmarkResult.ServletMeasurement> servletResults = new ArrayList<>();
            List<BenchmarkResult.ServletMeasurement> peerResults = new ArrayList<>();
            List<BenchmarkResult.ServletMeasurement> sdkResults = new ArrayList<>();
            List<BenchmarkResult.ServletMeasurement> peerSdkResults = new ArrayList<>();
            for (int level : config.zipLevels()) {
                if (config.sdkClient()) {
                    checkSdk(config, servlet.address(), level, expected);
                    if (peer != null) {
                        checkSdk(config, peer.address(), level, expected);
                    }
                }
                for (int clients : config.clientCounts()) {
                    // cell by cell, ours then the peer's, so both see the same state of the machine
                    servletResults.add(measureServlet(config, servlet, references.get(level), clients));
                    if (peer != null) {
                        peerResults.add(measureServlet(config, peer, peerReferences.get(level), clients));
                    }
                    if (config.sdkClient()) {
                        sdkResults.add(measureSdk(config, servlet, level, expected, clients));
                        if (peer != null) {
                            peerSdkResults.add(measureSdk(config, peer, level, expected, clients));
                        }
                    }
                }
            }
            List<DeflaterThroughput.Stats> deflater = new ArrayList<>();
            CpuSampler cpu = new CpuSampler(servlet.pid());
            for (int level : config.zipLevels()) {
                if (level > 0) {
                    deflater.add(logged(DeflaterThroughput.single(any.rowStream(), level, config.deflaterWarmup(), config.deflaterMeasure(), cpu)));
                    deflater.add(logged(DeflaterThroughput.parallel(any.rowStream(), level, config.deflaterThreads(),
                            config.deflaterWarmup(), config.deflaterMeasure(), cpu)));
                }
            }
            if (!servlet.isAlive()) {
                throw new IllegalStateException("the servlet died during the run; its output:\n" + servlet.logTail());
            }
            result = new BenchmarkResult(startedAt, Duration.ofNanos(System.nanoTime() - t0), machine, command, config,
                    dataset.description(), postgresVersion, servlet.commandForReport(), any.fullSize(), any.records(),
                    servletResults, sdkResults, jdbc, deflater, host.stop(), peer == null ? Optional.empty()
                    : Optional.of(new BenchmarkResult.PeerRun(peer.name(), peer.address(), peer.command(), peerResults, peerSdkResults)));
        }
        List<Path> files = ReportWriter.write(result, outputDir);
        log("results written to " + files);
        return result;
    }

    /** One checked answer per zip level; all levels must carry the same row stream. */
    private static Map<Integer, ReferenceAnswer> establishReferences(BenchmarkConfig config, ServletAddress servlet, ExpectedRows expected)
            throws Exception {
        Map<Integer, ReferenceAnswer> references = new LinkedHashMap<>();
        for (int level : config.zipLevels()) {
            if (references.containsKey(level)) {
                continue;
            }
            byte[] body = FrontierHttpClient.fetchOnce(servlet, config.query(), level);
            ReferenceAnswer ref = ReferenceAnswer.establish(level, BlobEncoding.forClientZipLevel(level), body, expected);
            ReferenceAnswer first = references.isEmpty() ? null : references.values().iterator().next();
            if (first != null && !Arrays.equals(first.rowStream(), ref.rowStream())) {
                throw new AnswerMismatchException("zip levels " + first.zipLevel() + " and " + level + " carry different row streams");
            }
            references.put(level, ref);
        }
        return references;
    }

    private static BenchmarkResult.JdbcMeasurement measureJdbc(BenchmarkConfig config, BenchmarkDatabase db, ExpectedRows expected,
                                                               int clients, CpuSampler cpu) throws Exception {
        List<JdbcQueryClient> opened = new ArrayList<>();
        LoadStats stats = load(config, clients, i -> {
            JdbcQueryClient c = new JdbcQueryClient(db.readerConnection(), config.query(), expected);
            opened.add(c);
            return c;
        }, cpu);
        long checked = opened.stream().mapToLong(JdbcQueryClient::checkedAnswers).sum();
        log(String.format(Locale.ROOT, "JDBC, %d client(s): %.1f q/s, %.1f MB/s of values", clients, stats.queriesPerSecond(),
                stats.payloadMegabytesPerSecond()));
        return new BenchmarkResult.JdbcMeasurement(stats, checked);
    }

    /** One cell of a servlet, ours or the peer. */
    private static BenchmarkResult.ServletMeasurement measureServlet(BenchmarkConfig config, MeasuredServlet servlet,
                                                                     ReferenceAnswer reference, int clients) throws Exception {
        ServletAddress address = servlet.address();
        byte[] request = FrontierHttpClient.request(address, config.query(), reference.zipLevel());
        List<FrontierHttpClient> opened = new ArrayList<>();
        LoadStats stats = load(config, servlet, clients, i -> {
            FrontierHttpClient c = new FrontierHttpClient(address, request, new AnswerVerifier(reference, config.verify()));
            opened.add(c);
            return c;
        });
        long compared = opened.stream().mapToLong(c -> c.verifier().comparedAnswers()).sum();
        long decoded = opened.stream().mapToLong(c -> c.verifier().decodedAnswers()).sum();
        long connects = opened.stream().mapToLong(FrontierHttpClient::connects).sum();
        log(String.format(Locale.ROOT, "%s zip %d, %d client(s): %.1f q/s, %.1f MB/s body, %.1f MB/s row stream (p50 %.1f ms)",
                address, reference.zipLevel(), clients, stats.queriesPerSecond(), stats.wireMegabytesPerSecond(), stats.payloadMegabytesPerSecond(),
                stats.p50Millis()));
        return new BenchmarkResult.ServletMeasurement(reference.zipLevel(), stats, compared, decoded, connects);
    }

    /** The SDK's answer at {@code level}, compared value by value with JDBC's before the SDK is measured. */
    private static void checkSdk(BenchmarkConfig config, ServletAddress servlet, int level, ExpectedRows expected) throws Exception {
        try (SdkQueryClient c = new SdkQueryClient(servlet, level, config.query(), expected)) {
            c.checkValues();
        }
        log("the SDK reads the same rows as JDBC from " + servlet + " at zip " + level);
    }

    /** One cell of a servlet, ours or the peer, with the Java SDK as the client. */
    private static BenchmarkResult.ServletMeasurement measureSdk(BenchmarkConfig config, MeasuredServlet servlet, int level,
                                                                  ExpectedRows expected, int clients) throws Exception {
        ServletAddress address = servlet.address();
        List<SdkQueryClient> opened = new ArrayList<>();
        LoadStats stats = load(config, servlet, clients, i -> {
            SdkQueryClient c = new SdkQueryClient(address, level, config.query(), expected);
            opened.add(c);
            return c;
        });
        long checked = opened.stream().mapToLong(SdkQueryClient::checkedAnswers).sum();
        log(String.format(Locale.ROOT, "%s zip %d, %d SDK client(s): %.1f q/s, %.1f MB/s body (p50 %.1f ms, client %.2f ms CPU per query)",
                address, level, clients, stats.queriesPerSecond(), stats.wireMegabytesPerSecond(), stats.p50Millis(),
                stats.clientCpuMillisPerQuery()));
        return new BenchmarkResult.ServletMeasurement(level, stats, 0, checked, 0);
    }

    /** One closed-loop level against a servlet; a failure says so when the servlet died. */
    private static LoadStats load(BenchmarkConfig config, MeasuredServlet servlet, int clients, ClosedLoopDriver.ClientFactory factory)
            throws Exception {
        try {
            return load(config, clients, factory, new CpuSampler(servlet.cpuPid()));
        } catch (Exception e) {
            if (!servlet.isAlive()) {
                throw new IllegalStateException("the servlet at " + servlet.address() + " died; its output:\n" + servlet.logTail(), e);
            }
            throw e;
        }
    }

    /** One closed-loop level, with the CPU use of every party over its measured interval. */
    private static LoadStats load(BenchmarkConfig config, int clients, ClosedLoopDriver.ClientFactory factory, CpuSampler cpu)
            throws Exception {
        CpuSampler.Snapshot[] edges = new CpuSampler.Snapshot[2];
        LevelResult r = ClosedLoopDriver.run(ClosedLoopDriver.Level.of(clients, config.warmup(), config.measure()), factory,
                new ClosedLoopDriver.Window() {
                    @Override
                    public void measureStarted() {
                        edges[0] = cpu.snapshot();
                    }

                    @Override
                    public void measureEnded() {
                        edges[1] = cpu.snapshot();
                    }
                });
        return LoadStats.of(r, edges[1] == null ? CpuSampler.Usage.NONE : CpuSampler.between(edges[0], edges[1]));
    }

    private static DeflaterThroughput.Stats logged(DeflaterThroughput.Stats d) {
        log(String.format(Locale.ROOT, "zlib level %d, %s: %.1f MB/s (ratio %.2f)", d.level(), d.mode(), d.megabytesPerSecond(), d.ratio()));
        return d;
    }

    private static void log(String message) {
        System.err.println("[bench] " + message);
    }
}
