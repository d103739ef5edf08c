package org.gridstack.bench.grim;

import static java.util.Objects.requireNonNull;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.report.ReportIndex;
import org.gridstack.bench.kit.SecondsConverter;
import org.gridstack.bench.kit.report.TextTable;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.Update;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.gridstack.bench.kit.report.Headline;

/**
 * Update rates. (a) In this JVM, per backend: single-attribute updates ({@code host.load_last_1min}),
 * one update per {@code apply()} = one transaction, from 1 and 4 threads; and {@code apply()} of
 * 1,000 updates per call. (b) Through the service (the jar as a child process, PostgreSQL only):
 * N provider connections, each one persistent HTTP/1.1 connection sending closed-loop
 * {@code PATCH /api/v1/objects/host/{host}} ({@link NioUpdateLoad}); meanwhile one thread repeats
 * the baseline query {@code nonScoped} and its QRT is compared with its idle QRT; then the bulk path
 * {@code POST /api/v1/updates} with K updates per request from a few connections. Every part ends
 * by reading hosts back and comparing with the last acknowledged value (durability/correctness).
 */
public final class BenchmarkGrimUpdates {
    static final String TOKEN = "bench-provider-token";

    public record Config(double scale, List<String> backends, Duration inProcessDuration, List<Integer> threads, int batchSize, boolean http,
            double serviceScale, int connections, Duration httpWarmup, Duration httpDuration, Duration idleDuration, int bulkConnections,
            int bulkSize, Duration bulkDuration, List<String> serviceJvmArgs, Path output, long seed, String writeTarget) {
        public Config {
            requireNonNull(backends, "backends is null");
            requireNonNull(output, "output is null");
            if (!"postgres".equals(writeTarget) && !"all".equals(writeTarget)) {
                throw new IllegalArgumentException("--write-target must be postgres (the service runs PostgreSQL only) or all "
                        + "(PostgreSQL, BaseX and LDAP, the copies following PostgreSQL's change log), got " + writeTarget);
            }
        }

        static Config parse(String[] args) {
            Options o = CommandLineArgs.parse(new Options(), args);
            return new Config(o.scale, o.backends.equals(List.of("none")) ? List.of() : o.backends, o.inProcessSeconds, o.threads,
                    o.batch, o.http, o.serviceScale, o.connections, o.httpWarmupSeconds, o.httpSeconds, o.idleSeconds, o.bulkConnections,
                    o.bulkSize, o.bulkSeconds, o.serviceJvmArgs, o.run.output, o.run.seed, o.writeTarget);
        }
    }

    @Command(name = "BenchmarkGrimUpdates", description = "update rates in-process and through the service (benchmarks/docs/grim.md)")
    static final class Options {
        @Option(names = "--scale", paramLabel = "F", description = "fraction of the data set in-process (default 1.0)")
        double scale = 1.0;
        @Option(names = "--backends", split = ",", paramLabel = "B", description = "in-process backends, or none (default all)")
        List<String> backends = GrimBackendSet.ALL;
        @Option(names = "--inprocess-seconds", paramLabel = "S", converter = SecondsConverter.class, description = "seconds per in-process cell (default 5)")
        Duration inProcessSeconds = Duration.ofSeconds(5);
        @Option(names = "--threads", split = ",", paramLabel = "N", description = "in-process writer threads (default 1,4)")
        List<Integer> threads = List.of(1, 4);
        @Option(names = "--batch", paramLabel = "N", description = "updates per apply() in the batch cell (default 1000)")
        int batch = 1000;
        @Option(names = "--http", arity = "1", paramLabel = "true|false", description = "also through the service jar (default true)")
        boolean http = true;
        @Option(names = "--service-scale", paramLabel = "F", description = "fraction of the data set in the service (default 1.0)")
        double serviceScale = 1.0;
        @Option(names = "--connections", paramLabel = "N", description = "provider connections (default 1000)")
        int connections = 1000;
        @Option(names = "--http-warmup-seconds", paramLabel = "S", converter = SecondsConverter.class, description = "default 5")
        Duration httpWarmupSeconds = Duration.ofSeconds(5);
        @Option(names = "--http-seconds", paramLabel = "S", converter = SecondsConverter.class, description = "measured seconds through the service (default 20)")
        Duration httpSeconds = Duration.ofSeconds(20);
        @Option(names = "--idle-seconds", paramLabel = "S", converter = SecondsConverter.class, description = "baseline query alone (default 5)")
        Duration idleSeconds = Duration.ofSeconds(5);
        @Option(names = "--bulk-connections", paramLabel = "N", description = "default 2")
        int bulkConnections = 2;
        @Option(names = "--bulk-size", paramLabel = "N", description = "updates per bulk request (default 10000)")
        int bulkSize = 10_000;
        @Option(names = "--bulk-seconds", paramLabel = "S", converter = SecondsConverter.class, description = "default 10")
        Duration bulkSeconds = Duration.ofSeconds(10);
        @Option(names = "--service-jvm-args", split = ",", paramLabel = "ARG", description = "JVM arguments of the service")
        List<String> serviceJvmArgs = List.of();
        @Mixin
        GrimRunOptions run = new GrimRunOptions();
        @Option(names = "--write-target", paramLabel = "postgres|all", description = "where the service writes (default postgres)")
        String writeTarget = "postgres";
    }

    /** One in-process measurement: {@code kind} single (one update per apply) or batched. */
    public record InProcess(String backend, String kind, int threads, int updatesPerCall, long updates, double seconds, double updatesPerSecond,
            double meanCallMs, int verified, int mismatches) {
    }

    /** One HTTP measurement ({@code path} patch or bulk) with the baseline query idle and under that load. */
    public record Http(String path, int connections, long acknowledged, long errors, double seconds, double updatesPerSecond, QrtSummary latency,
            double p99Ms, int reconnects, QrtSummary baselineIdleClient, QrtSummary baselineLoadedClient, QrtSummary baselineIdleServer,
            QrtSummary baselineLoadedServer, double baselineRatio, double clientCores, double serviceCores, double postgresCores,
            long groupCommits, double requestsPerGroup, double commitMsPerGroup, int verified, int mismatches, List<String> errorSamples) {
    }

    public record Result(String machine, double scale, double serviceScale, String writeTarget, List<InProcess> inProcess, List<Http> http,
            List<String> serviceCommand, List<HostMonitor.Sample> host) {
    }

    private BenchmarkGrimUpdates() {
    }

    public static void main(String[] args) throws Exception {
        Config c = Config.parse(args);
        Result r = run(c);
        System.out.println(summary(r));
        System.out.println("results: " + c.output().toAbsolutePath());
    }

    public static Result run(Config c) throws Exception {
        String machine = ResultFiles.machine();
        HostMonitor monitor = HostMonitor.startForThisProcessTree("benchmark JVM and its children (PostgreSQL, BaseX, slapd, the GRIM service)");
        try (monitor) {
            List<InProcess> inProcess = new ArrayList<>();
            if (!c.backends().isEmpty()) {
                try (GrimBackendSet set = GrimBackendSet.load(c.backends(), c.scale(), c.seed())) {
                    int hosts = set.source().count(GlueModel.HOST);
                    for (GrimBackend b : set.backends().values()) {
                        double singleMs = 0;
                        for (int t : c.threads()) {
                            InProcess p = inProcess(b, hosts, t, 1, c.inProcessDuration());
                            singleMs = t == 1 ? p.meanCallMs() : singleMs;
                            inProcess.add(p);
                            System.out.println(p);
                        }
                        // a backend that needs a search per update (LDAP in-memory: ~1 s at full size) would spend many minutes on one
                        // call of 1,000: such backends get a batch of about 5 s of single-update work instead (reported as updates/call)
                        int batch = Math.min(c.batchSize(), hosts);
                        if (singleMs > 0 && batch * singleMs > 5_000) {
                            batch = (int) Math.max(10, Math.min(batch, Math.round(5_000 / singleMs)));
                        }
                        inProcess.add(inProcess(b, hosts, 1, batch, c.inProcessDuration()));
                        System.out.println(inProcess.get(inProcess.size() - 1));
                    }
                }
            }
            List<Http> http = new ArrayList<>();
            List<String> command = List.of();
            if (c.http()) {
                Path jar = GrimServiceProcess.locateJar();
                try (GrimServiceProcess service = GrimServiceProcess.start(jar, c.serviceJvmArgs(), List.of("--grim.scale=" + c.serviceScale(),
                        "--grim.seed=" + c.seed(), "--grim.provider-tokens=" + TOKEN,
                        "--grim.backends=" + ("all".equals(c.writeTarget()) ? "postgres,basex,ldap" : "postgres"), "--logging.level.root=WARN",
                        "--logging.level.org.gridstack.grim.store.postgres=INFO"),
                        c.output().resolve("grim-service.log"))) {
                    command = service.command();
                    ServiceClient client = new ServiceClient(service.base(), TOKEN);
                    int hosts = (int) client.count("postgres", GlueModel.HOST);
                    http.add(patchLoad(c, service, client, hosts));
                    System.out.println(http.get(http.size() - 1));
                    http.add(webSocketLoad(c, service, client, hosts));
                    System.out.println(http.get(http.size() - 1));
                    http.add(bulkLoad(c, service, client, hosts));
                    System.out.println(http.get(http.size() - 1));
                }
            }
            Result r = new Result(machine, c.scale(), c.serviceScale(), c.writeTarget(), inProcess, http, command, monitor.stop());
            write(r, c.output());
            return r;
        }
    }

    static String hostId(int index) {
        return String.format("host-%06d", index + 1);
    }

    /** {@code threads} threads, each owning the hosts i with i % threads == t, for {@code duration}. */
    static InProcess inProcess(GrimBackend b, int hosts, int threads, int perCall, Duration duration) throws InterruptedException {
        AtomicLong updates = new AtomicLong();
        AtomicLong calls = new AtomicLong();
        AtomicLong callNanos = new AtomicLong();
        long[][] last = new long[threads][];
        List<Thread> workers = new ArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        for (int t = 0; t < threads; t++) {
            int tt = t;
            int owned = (hosts - tt + threads - 1) / threads;
            last[t] = new long[owned];
            Arrays.fill(last[t], -1);
            Thread w = new Thread(() -> {
                long value = 100_000L * (tt + 1);
                int next = 0;
                try {
                    do {
                        List<Update> batch = new ArrayList<>(perCall);
                        int[] slots = new int[Math.min(perCall, owned)];
                        for (int i = 0; i < slots.length; i++) {
                            slots[i] = next;
                            batch.add(Update.set(GlueModel.HOST, hostId(next * threads + tt), Map.of("load_last_1min", ++value)).validated());
                            next = (next + 1) % owned;
                        }
                        long c0 = System.nanoTime();
                        b.apply(batch);
                        callNanos.addAndGet(System.nanoTime() - c0);
                        for (int i = 0; i < slots.length; i++) {
                            last[tt][slots[i]] = (Long) batch.get(i).values().get("load_last_1min");
                        }
                        calls.incrementAndGet();
                        updates.addAndGet(batch.size());
                    } while (System.nanoTime() < end);
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "grim-inprocess-updater-" + t);
            workers.add(w);
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!failures.isEmpty()) {
            throw new IllegalStateException(b.name() + ": updates failed: " + failures.get(0), failures.get(0));
        }
        int verified = 0;
        int mismatches = 0;
        for (int t = 0; t < threads; t++) {
            for (int slot = 0; slot < last[t].length && verified < 20 * (t + 1); slot += Math.max(1, last[t].length / 20)) {
                if (last[t][slot] < 0) {
                    continue;
                }
                OperationResult r = b.execute(Operation.HOST_LOOKUP, Mode.BEST, Map.of("host", hostId(slot * threads + t)));
                verified++;
                if (r.rows().size() != 1 || !Long.valueOf(last[t][slot]).equals(r.rows().get(0).get(2))) {
                    mismatches++;
                }
            }
        }
        return new InProcess(b.name(), perCall == 1 ? "single" : "batched", threads, perCall, updates.get(), seconds, updates.get() / seconds,
                calls.get() == 0 ? Double.NaN : callNanos.get() / 1e6 / calls.get(), verified, mismatches);
    }

    private static Http patchLoad(Config c, GrimServiceProcess service, ServiceClient client, int hosts) throws Exception {
        BaselineProbe.Summary idle = idleBaseline(c, client);
        BaselineProbe probe = new BaselineProbe(client, "postgres").start();
        double[] meters0 = client.groupCommitMeters();
        double[] cpu0 = cpu(service);
        NioUpdateLoad load = new NioUpdateLoad(new InetSocketAddress("127.0.0.1", service.port()), c.connections(), TOKEN, c.writeTarget(),
                i -> hostId(i % hosts));
        NioUpdateLoad.Result r = load.run(c.httpWarmup(), c.httpDuration());
        double[] cpu1 = cpu(service);
        double[] meters1 = client.groupCommitMeters();
        BaselineProbe.Summary loaded = probe.stop();
        double wall = (cpu1[3] - cpu0[3]) / 1e9;
        int verified = 0;
        int mismatches = 0;
        int step = Math.max(1, Math.min(c.connections(), hosts) / 50);
        for (int i = 0; c.connections() <= hosts && i < c.connections(); i += step) {
            if (!r.certain()[i] || r.lastAcked()[i] < 0) {
                continue;
            }
            verified++;
            if (client.hostLoad("postgres", hostId(i)) != r.lastAcked()[i]) {
                mismatches++;
            }
        }
        return new Http("patch", c.connections(), r.acknowledged(), r.errors(), r.seconds(), r.updatesPerSecond(), r.latency(), r.p99Ms(),
                r.reconnects(), idle.client(), loaded.client(), idle.server(), loaded.server(), loaded.client().medianMs() / idle.client().medianMs(),
                (cpu1[0] - cpu0[0]) / wall, (cpu1[1] - cpu0[1]) / wall, (cpu1[2] - cpu0[2]) / wall, (long) (meters1[0] - meters0[0]),
                perGroup(meters0, meters1, 1, 1), perGroup(meters0, meters1, 2, 1000), verified, mismatches, r.errorSamples());
    }

    /**
     * The streaming path: the same providers, each on one persistent WebSocket to
     * {@code /api/v1/updates/ws} (one message per update, one answer per stored update).
     */
    private static Http webSocketLoad(Config c, GrimServiceProcess service, ServiceClient client, int hosts) throws Exception {
        BaselineProbe.Summary idle = idleBaseline(c, client);
        BaselineProbe probe = new BaselineProbe(client, "postgres").start();
        double[] meters0 = client.groupCommitMeters();
        double[] cpu0 = cpu(service);
        List<String> hostIds = new ArrayList<>(hosts);
        for (int i = 0; i < hosts; i++) {
            hostIds.add(hostId(i));
        }
        ProviderWebSocketLoad.Measurement m = ProviderWebSocketLoad.run(
                URI.create("ws://127.0.0.1:" + service.port() + "/api/v1/updates/ws?backend=" + c.writeTarget()), TOKEN, c.connections(),
                c.httpWarmup(), c.httpDuration(), hostIds);
        double[] cpu1 = cpu(service);
        double[] meters1 = client.groupCommitMeters();
        BaselineProbe.Summary loaded = probe.stop();
        double wall = (cpu1[3] - cpu0[3]) / 1e9;
        int verified = 0;
        int mismatches = 0;
        int step = Math.max(1, m.lastValues().size() / 50);
        int k = 0;
        for (Map.Entry<String, Long> e : new TreeMap<>(m.lastValues()).entrySet()) {
            if (k++ % step != 0) {
                continue;
            }
            verified++;
            if (client.hostLoad("postgres", e.getKey()) != e.getValue()) {
                mismatches++;
            }
        }
        QrtSummary latency = QrtSummary.ofNanos(m.latencyNanos());
        return new Http("websocket", c.connections(), m.acknowledged(), m.errors(), m.seconds(), m.updatesPerSecond(), latency, latency.p99Ms(), 0,
                idle.client(), loaded.client(), idle.server(), loaded.server(), loaded.client().medianMs() / idle.client().medianMs(),
                (cpu1[0] - cpu0[0]) / wall, (cpu1[1] - cpu0[1]) / wall, (cpu1[2] - cpu0[2]) / wall, (long) (meters1[0] - meters0[0]),
                perGroup(meters0, meters1, 1, 1), perGroup(meters0, meters1, 2, 1000), verified, mismatches, m.errorSamples());
    }

    /** Mean of meter {@code i} per group commit between two readings, times {@code factor}. */
    private static double perGroup(double[] before, double[] after, int i, double factor) {
        double groups = after[0] - before[0];
        return groups <= 0 ? Double.NaN : (after[i] - before[i]) / groups * factor;
    }

    private static BaselineProbe.Summary idleBaseline(Config c, ServiceClient client) throws InterruptedException {
        BaselineProbe idleProbe = new BaselineProbe(client, "postgres").start();
        Thread.sleep(c.idleDuration().toMillis());
        return idleProbe.stop();
    }

    /** {client JVM, service JVM, PostgreSQL} CPU seconds and System.nanoTime(). */
    private static double[] cpu(GrimServiceProcess service) {
        double self = ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(0.0);
        double[] s = service.cpuSeconds();
        return new double[] {self, s[0], s[1], System.nanoTime()};
    }

    private static Http bulkLoad(Config c, GrimServiceProcess service, ServiceClient client, int hosts) throws Exception {
        BaselineProbe.Summary idle = idleBaseline(c, client);
        BaselineProbe probe = new BaselineProbe(client, "postgres").start();
        int k = c.bulkConnections();
        AtomicLong acked = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        long[][] lastLat = new long[k][];
        long[] lastValue = new long[k];
        int[] firstHost = new int[k];
        List<String> errorSamples = new CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        long measureFrom = System.nanoTime() + c.httpWarmup().toNanos() / 2;
        long end = measureFrom + c.bulkDuration().toNanos();
        double[] meters0 = client.groupCommitMeters();
        double[] cpu0 = cpu(service);
        for (int t = 0; t < k; t++) {
            int tt = t;
            // thread t owns the hosts i with i % k == t: no host twice in one request, none shared between threads
            int owned = (hosts - tt + k - 1) / k;
            int size = Math.min(c.bulkSize(), owned);
            lastLat[t] = new long[1 << 12];
            Thread w = new Thread(() -> {
                int next = 0;
                long round = 0;
                int nLat = 0;
                // past the end only until this connection has had one answer (an overloaded machine must not leave
                // nothing to read back); such late answers are not counted in the rate
                long hardEnd = end + TimeUnit.MINUTES.toNanos(2);
                while (System.nanoTime() < end || (lastValue[tt] == 0 && System.nanoTime() < hardEnd)) {
                    long value = 10_000_000L + tt * 1_000_000L + ++round;
                    StringBuilder json = new StringBuilder(size * 90 + 20).append("{\"updates\":[");
                    int first = next;
                    for (int i = 0; i < size; i++) {
                        if (i > 0) {
                            json.append(',');
                        }
                        json.append("{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"").append(hostId(next * k + tt))
                                .append("\",\"values\":{\"load_last_1min\":").append(value).append("}}");
                        next = (next + 1) % owned;
                    }
                    json.append("]}");
                    try {
                        ServiceClient.Answer a = client.postUpdates(c.writeTarget(), json.toString());
                        long done = System.nanoTime();
                        if (a.status() == 200) {
                            lastValue[tt] = value;
                            firstHost[tt] = first * k + tt;
                            if (done >= measureFrom && done < end) {
                                acked.addAndGet(size);
                                if (nLat < lastLat[tt].length) {
                                    lastLat[tt][nLat++] = a.clientNanos();
                                }
                            }
                        } else {
                            errors.incrementAndGet();
                            lastValue[tt] = -1;
                            if (errorSamples.size() < 5) {
                                errorSamples.add(a.status() + " " + a.body());
                            }
                        }
                    } catch (Exception e) {
                        errors.incrementAndGet();
                        lastValue[tt] = -1;
                        if (errorSamples.size() < 5) {
                            errorSamples.add(e.toString());
                        }
                    }
                }
                lastLat[tt] = Arrays.copyOf(lastLat[tt], nLat);
            }, "grim-bulk-" + t);
            threads.add(w);
            w.start();
        }
        for (Thread w : threads) {
            w.join();
        }
        double[] cpu1 = cpu(service);
        double[] meters1 = client.groupCommitMeters();
        BaselineProbe.Summary loaded = probe.stop();
        double wall = (cpu1[3] - cpu0[3]) / 1e9;
        int verified = 0;
        int mismatches = 0;
        for (int t = 0; t < k; t++) {
            if (lastValue[t] > 0) {
                verified++;
                if (client.hostLoad("postgres", hostId(firstHost[t])) != lastValue[t]) {
                    mismatches++;
                }
            }
        }
        QrtSummary bulkLatency = QrtSummary.ofNanos(Arrays.stream(lastLat).flatMapToLong(Arrays::stream).toArray());
        double seconds = c.bulkDuration().toNanos() / 1e9;
        return new Http("bulk x" + c.bulkSize(), k, acked.get(), errors.get(), seconds, acked.get() / seconds, bulkLatency,
                bulkLatency.p99Ms(), 0, idle.client(), loaded.client(), idle.server(), loaded.server(),
                loaded.client().medianMs() / idle.client().medianMs(), (cpu1[0] - cpu0[0]) / wall, (cpu1[1] - cpu0[1]) / wall,
                (cpu1[2] - cpu0[2]) / wall, (long) (meters1[0] - meters0[0]), perGroup(meters0, meters1, 1, 1), perGroup(meters0, meters1, 2, 1000),
                verified, mismatches, List.copyOf(errorSamples));
    }

    static void write(Result r, Path dir) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        for (InProcess p : r.inProcess()) {
            rows.add(List.of("inprocess", p.backend(), p.kind(), p.threads(), p.updatesPerCall(), p.updates(), p.seconds(), p.updatesPerSecond(),
                    p.meanCallMs(), "", "", "", "", p.verified(), p.mismatches()));
        }
        for (Http h : r.http()) {
            rows.add(List.of("http", r.writeTarget(), h.path(), h.connections(), "", h.acknowledged(), h.seconds(), h.updatesPerSecond(),
                    h.latency().medianMs(), h.p99Ms(), h.baselineIdleClient().medianMs(), h.baselineLoadedClient().medianMs(), h.baselineRatio(),
                    h.verified(), h.mismatches()));
        }
        ResultFiles.csv(dir, "grim-updates.csv", List.of("part", "backend", "kind", "threads_or_connections", "updates_per_call", "updates", "seconds",
                "updates_per_second", "median_ms", "p99_ms", "baseline_idle_ms", "baseline_loaded_ms", "baseline_ratio", "verified", "mismatches"), rows);
        ResultFiles.json(dir, "grim-updates.json", r);
        ResultFiles.text(dir, "grim-updates.md", summary(r));
        GrimUpdatesReportPage.build(r).write(dir.resolve("grim-updates.html"));
        Optional<Headline> headline = GrimUpdatesReportPage.headline(r);
        if (headline.isPresent()) {
            headline.get().write(dir);
        }
        ReportIndex.update(dir);
    }

    static String rate(double perSecond) {
        return String.format(Locale.ROOT, perSecond >= 100 ? "%.0f" : perSecond >= 1 ? "%.1f" : "%.2f", perSecond);
    }

    static String summary(Result r) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "GRIM update rates; in-process scale %.2f, service scale %.2f; %s%n%n",
                r.scale(), r.serviceScale(), r.machine()));
        TextTable inProcess = TextTable.of("backend", "kind", "threads", "updates/call", "updates/s", "mean ms/call", "verified (mismatches)");
        for (InProcess p : r.inProcess()) {
            inProcess.row(p.backend(), p.kind(), p.threads(), p.updatesPerCall(), rate(p.updatesPerSecond()),
                    String.format(Locale.ROOT, "%.3f", p.meanCallMs()), p.verified() + " (" + p.mismatches() + ")");
        }
        sb.append(inProcess.markdown());
        if (!r.http().isEmpty()) {
            sb.append("\nThrough the service, writes with backend=").append(r.writeTarget()).append("all".equals(r.writeTarget())
                    ? " (PostgreSQL commits with its change-log entry; BaseX and LDAP apply it before the answer)\n" : " (PostgreSQL only)\n");
            TextTable http = TextTable.of("HTTP path", "connections", "updates/s", "latency median / p99 ms", "errors",
                    "baseline nonScoped idle -> loaded ms (ratio)", "server QRT idle -> loaded ms", "cores client/service/PG",
                    "group commits: requests/group, ms/commit", "verified (mismatches)");
            for (Http h : r.http()) {
                http.row(h.path(), h.connections(), String.format(Locale.ROOT, "%.0f", h.updatesPerSecond()),
                        String.format(Locale.ROOT, "%.2f / %.2f", h.latency().medianMs(), h.p99Ms()), h.errors(),
                        String.format(Locale.ROOT, "%.3f -> %.3f (%.2fx)", h.baselineIdleClient().medianMs(), h.baselineLoadedClient().medianMs(),
                                h.baselineRatio()),
                        String.format(Locale.ROOT, "%.3f -> %.3f", h.baselineIdleServer().medianMs(), h.baselineLoadedServer().medianMs()),
                        String.format(Locale.ROOT, "%.2f/%.2f/%.2f", h.clientCores(), h.serviceCores(), h.postgresCores()),
                        String.format(Locale.ROOT, "%d: %.1f, %.2f", h.groupCommits(), h.requestsPerGroup(), h.commitMsPerGroup()),
                        h.verified() + " (" + h.mismatches() + ")");
            }
            sb.append('\n').append(http.markdown());
            sb.append("\nSeed: MySQL 200 updates/s (connect per update), Xindice 1.3/s, MDS2 impossible; required 30,000/s from >= 1,000 providers"
                    + " with the baseline within 2x; bulk target 200,000/s.\n");
        }
        return sb.toString();
    }
}
