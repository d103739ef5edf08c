package org.gridstack.bench.frontier;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.RunScale;
import org.gridstack.bench.kit.report.Headline;
import org.gridstack.bench.kit.report.ReportIndex;
import org.gridstack.bench.kit.report.TextTable;

/**
 * Renders a {@link BenchmarkResult} as Markdown (for the README), JSON and CSV, and writes
 * {@code frontier-throughput.{md,json,csv}}. Numbers use '.' as decimal separator whatever the
 * locale; MB means 10^6 bytes.
 */
public final class ReportWriter {
    public static final String BASE_NAME = "frontier-throughput";

    private ReportWriter() {
    }

    /**
     * Writes the files into {@code dir} and returns their paths (md, json, csv, the web page), then
     * rewrites the folder's {@code index.html} of report pages.
     */
    public static List<Path> write(BenchmarkResult r, Path dir) throws IOException {
        Objects.requireNonNull(r, "r is null");
        Files.createDirectories(dir);
        Path md = dir.resolve(BASE_NAME + ".md");
        Path json = dir.resolve(BASE_NAME + ".json");
        Path csv = dir.resolve(BASE_NAME + ".csv");
        Path html = dir.resolve(BASE_NAME + ".html");
        Files.writeString(md, markdown(r), StandardCharsets.UTF_8);
        Files.writeString(json, json(r), StandardCharsets.UTF_8);
        Files.writeString(csv, csv(r), StandardCharsets.UTF_8);
        ThroughputReportPage.build(r, BASE_NAME).write(html);
        ReportIndex.update(dir);
        Optional<Headline> headline = TargetCheck.headline(r);
        if (headline.isPresent()) {
            return List.of(md, json, csv, html, headline.get().write(dir));
        }
        return List.of(md, json, csv, html);
    }

    // ---------------------------------------------------------------- Markdown

    public static String markdown(BenchmarkResult r) {
        StringBuilder b = new StringBuilder(8192);
        BenchmarkConfig c = r.config();
        MachineInfo m = r.machine();
        b.append("### FroNtier throughput: `").append(c.query()).append("`\n\n");
        b.append("- Date: ").append(r.startedAt().withNano(0)).append(" (run took ").append(r.elapsed().toSeconds()).append(" s)\n");
        b.append("- Machine: ").append(m.cores()).append(" cores (").append(m.cpuModel()).append("), ").append(m.memory())
                .append(" RAM, ").append(m.os()).append("; JVM ").append(m.jvm()).append("; user ").append(m.user())
                .append("; load average at start ").append(m.loadAverage()).append('\n');
        b.append("- Command: `").append(r.command()).append("`\n");
        b.append("- Database: embedded PostgreSQL ").append(r.postgresVersion()).append(", one instance for servlet and JDBC; data: ")
                .append(r.dataset()).append('\n');
        b.append("- Servlet: `").append(String.join(" ", r.servletCommand())).append("`\n");
        b.append("- Per cell: ").append(seconds(c.warmup())).append(" s warm-up, ").append(seconds(c.measure()))
                .append(" s measured; one answer = ").append(r.records()).append(" records, ").append(r.rowStreamBytes())
                .append(" bytes of row stream (full_size); each client has its own keep-alive connection\n");
        b.append("- Checking: ").append(verificationSummary(r)).append("\n\n");

        b.append("Servlet over HTTP vs plain JDBC on the same database (MB = 10^6 bytes; body = HTTP response body, "
                + "row stream = uncompressed payload):\n\n");
        String peerLabel = r.peer().map(p -> p.name() + " q/s (this run)").orElse("real 3.42 q/s (issue, other day)");
        TextTable servlet = TextTable.of("zip", "clients", "servlet q/s", "body MB/s", "row stream MB/s", "p50 ms", "p99 ms", "JDBC q/s",
                "servlet / JDBC", peerLabel, "x peer", "cores used: client / servlet / PG / other").alignRight(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        for (BenchmarkResult.ServletMeasurement s : r.servlet()) {
            LoadStats st = s.stats();
            OptionalDouble jdbc = r.jdbc(st.clients()).map(j -> OptionalDouble.of(j.stats().queriesPerSecond())).orElse(OptionalDouble.empty());
            OptionalDouble real = peerQps(r, s.zipLevel(), st.clients());
            servlet.row(s.zipLevel(), st.clients(), f1(st.queriesPerSecond()), f1(st.wireMegabytesPerSecond()),
                    f1(st.payloadMegabytesPerSecond()), f1(st.p50Millis()), f1(st.p99Millis()), opt(jdbc, 1),
                    jdbc.isPresent() ? f2(st.queriesPerSecond() / jdbc.getAsDouble()) : "-", opt(real, 0),
                    real.isPresent() ? f2(st.queriesPerSecond() / real.getAsDouble()) : "-", cpu(st.cpu()));
        }
        b.append(servlet.markdown());

        r.peer().ifPresent(p -> peerTable(b, r, p));
        if (!r.sdk().isEmpty()) {
            sdkTable(b, r);
        }

        List<TargetCheck> targets = TargetCheck.evaluate(r);
        if (!targets.isEmpty()) {
            TextTable table = TextTable.of("target", "measured", "required", "reached").alignRight(1, 2).alignCenter(3);
            for (TargetCheck t : targets) {
                table.row(t.target(), f1(t.measured()) + ' ' + t.unit(), t.relation() + ' ' + f1(t.required()) + ' ' + t.unit(),
                        RunScale.verdict(t.met() ? "yes" : "**no**"));
            }
            b.append("\nTargets of the issue:\n\n").append(table.markdown());
        }

        if (!r.deflater().isEmpty()) {
            b.append("\nzlib alone on the same ").append(r.rowStreamBytes()).append("-byte row stream (input MB/s; ")
                    .append(seconds(c.deflaterMeasure())).append(" s each):\n\n");
            TextTable zlib = TextTable.of("level", "Deflater, 1 thread MB/s", "ratio", "ParallelZlibOutputStream, " + c.deflaterThreads()
                    + " threads MB/s", "0.8x Deflater (zip target line) MB/s", "real zlib reference MB/s",
                    "cores used, 1 thread: bench / servlet / PG / other").alignRight(0, 1, 2, 3, 4, 5);
            for (int level : deflaterLevels(r)) {
                var single = r.deflaterSingle(level);
                var parallel = r.deflaterParallel(level);
                zlib.row(level, single.map(d -> f1(d.megabytesPerSecond())).orElse("-"), single.map(d -> f2(d.ratio())).orElse("-"),
                        parallel.map(d -> f1(d.megabytesPerSecond())).orElse("-"),
                        single.map(d -> f1(RealServletReference.ZIP_TIMES_DEFLATER * d.megabytesPerSecond())).orElse("-"),
                        opt(RealServletReference.zlibMegabytesPerSecond(level), 0), single.map(d -> cpu(d.cpu())).orElse("-"));
            }
            b.append(zlib.markdown());
        }

        b.append("\nPlain JDBC (").append("own connection per client, `binaryTransfer=false`, every value read with `getString`):\n\n");
        TextTable jdbc = TextTable.of("clients", "q/s", "value MB/s", "p50 ms", "p99 ms", "real JDBC loop q/s",
                "cores used: client / servlet / PG / other").alignRight(0, 1, 2, 3, 4, 5);
        for (BenchmarkResult.JdbcMeasurement j : r.jdbc()) {
            LoadStats st = j.stats();
            jdbc.row(st.clients(), f1(st.queriesPerSecond()), f1(st.payloadMegabytesPerSecond()), f1(st.p50Millis()), f1(st.p99Millis()),
                    opt(RealServletReference.jdbcQps(r.config(), st.clients()), 0), cpu(st.cpu()));
        }
        return b.append(jdbc.markdown()).toString();
    }

    /** The peer's queries/s measured in this run, or (without a peer) the figure for the real servlet 3.42. */
    static OptionalDouble peerQps(BenchmarkResult r, int zipLevel, int clients) {
        return r.peer().isPresent() ? r.peerQueriesPerSecond(zipLevel, clients) : RealServletReference.servletQps(r.config(), zipLevel, clients);
    }

    private static void peerTable(StringBuilder b, BenchmarkResult r, BenchmarkResult.PeerRun p) {
        b.append("\nThe ").append(p.name()).append(" at ").append(p.address())
                .append(p.command().map(cmd -> " (started by the run: `" + cmd + "`)").orElse(" (already running)"))
                .append(", measured right after ours in every cell, same clients and checks; its CPU is its JVM's:\n\n");
        TextTable table = TextTable.of("zip", "clients", "peer q/s", "ours / peer", "peer p50 ms", "ours p50 ms", "peer p99 ms", "ours p99 ms",
                "peer max ms", "ours max ms", "cores used: client / peer / PG / other").alignRight(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        for (BenchmarkResult.ServletMeasurement m : p.servlet()) {
            LoadStats st = m.stats();
            var ours = r.servlet(m.zipLevel(), st.clients());
            table.row(m.zipLevel(), st.clients(), f1(st.queriesPerSecond()),
                    ours.map(o -> f2(o.stats().queriesPerSecond() / st.queriesPerSecond())).orElse("-"),
                    f1(st.p50Millis()), ours.map(o -> f1(o.stats().p50Millis())).orElse("-"),
                    f1(st.p99Millis()), ours.map(o -> f1(o.stats().p99Millis())).orElse("-"),
                    f1(st.level().latency().maxMillis()), ours.map(o -> f1(o.stats().level().latency().maxMillis())).orElse("-"),
                    cpu(st.cpu()));
        }
        b.append(table.markdown());
    }

    /** The Java SDK against the plain keep-alive client on the same servlet, cell by cell, ours and the peer's. */
    private static void sdkTable(StringBuilder b, BenchmarkResult r) {
        String peer = r.peer().map(BenchmarkResult.PeerRun::name).orElse(null);
        b.append("\nThe Java SDK (`FrontierClient`, one per client: md5, zlib, full_size and records checked, rows indexed) as the client,"
                + " measured right after the plain keep-alive client in every cell; client ms = CPU of the benchmark JVM per query:\n\n");
        List<String> headers = new ArrayList<>(List.of("zip", "clients", "ours: plain q/s", "ours: SDK q/s", "SDK / plain", "plain p50 ms",
                "SDK p50 ms", "client ms, plain", "client ms, SDK"));
        if (peer != null) {
            headers.addAll(List.of("peer: plain q/s", "peer: SDK q/s", "SDK / plain", "ours / peer, SDK"));
        }
        TextTable table = TextTable.of(headers).alignRightFrom(0);
        for (BenchmarkResult.ServletMeasurement m : r.sdk()) {
            LoadStats sdk = m.stats();
            var plain = r.servlet(m.zipLevel(), sdk.clients()).map(BenchmarkResult.ServletMeasurement::stats);
            List<Object> row = new ArrayList<>(List.of(m.zipLevel(), sdk.clients(), plain.map(p -> f1(p.queriesPerSecond())).orElse("-"),
                    f1(sdk.queriesPerSecond()), plain.map(p -> f2(sdk.queriesPerSecond() / p.queriesPerSecond())).orElse("-"),
                    plain.map(p -> f2(p.p50Millis())).orElse("-"), f2(sdk.p50Millis()),
                    plain.map(p -> f2(p.clientCpuMillisPerQuery())).orElse("-"), f2(sdk.clientCpuMillisPerQuery())));
            if (peer != null) {
                var peerPlain = r.peer().flatMap(p -> p.servlet(m.zipLevel(), sdk.clients())).map(BenchmarkResult.ServletMeasurement::stats);
                var peerSdk = r.peer().flatMap(p -> p.sdk(m.zipLevel(), sdk.clients())).map(BenchmarkResult.ServletMeasurement::stats);
                row.addAll(List.of(peerPlain.map(p -> f1(p.queriesPerSecond())).orElse("-"), peerSdk.map(p -> f1(p.queriesPerSecond())).orElse("-"),
                        peerSdk.isPresent() && peerPlain.isPresent() ? f2(peerSdk.get().queriesPerSecond() / peerPlain.get().queriesPerSecond()) : "-",
                        peerSdk.map(p -> f2(sdk.queriesPerSecond() / p.queriesPerSecond())).orElse("-")));
            }
            table.row(row);
        }
        b.append(table.markdown());
    }

    private static String cpu(CpuSampler.Usage u) {
        return f2(u.client()) + " / " + f2(u.servlet()) + " / " + f2(u.postgres()) + " / " + f2(u.other());
    }

    private static String verificationSummary(BenchmarkResult r) {
        long compared = r.servlet().stream().mapToLong(BenchmarkResult.ServletMeasurement::answersCompared).sum();
        long decoded = r.servlet().stream().mapToLong(BenchmarkResult.ServletMeasurement::answersDecoded).sum();
        long jdbc = r.jdbc().stream().mapToLong(BenchmarkResult.JdbcMeasurement::answersChecked).sum();
        long connects = r.servlet().stream().mapToLong(BenchmarkResult.ServletMeasurement::connects).sum();
        return "verify=" + r.config().verify().label() + "; every answer read in full and checked: " + (compared + decoded)
                + " servlet answers (" + compared + " byte-identical to the level's reference, which was decoded, md5/zlib/full_size/records"
                + "-checked and compared value by value with JDBC; " + decoded + " decoded in full), " + jdbc
                + " JDBC answers (row count and value length); " + connects + " HTTP connections opened"
                + (r.sdk().isEmpty() ? "" : "; " + r.sdk().stream().mapToLong(BenchmarkResult.ServletMeasurement::answersDecoded).sum()
                        + " answers read by the SDK (its own md5/zlib/full_size/records checks, the row count here, every value compared"
                        + " with JDBC once per zip level)");
    }

    private static List<Integer> deflaterLevels(BenchmarkResult r) {
        return r.deflater().stream().map(DeflaterThroughput.Stats::level).distinct().collect(Collectors.toList());
    }



    // ---------------------------------------------------------------- CSV

    public static String csv(BenchmarkResult r) {
        TextTable table = TextTable.of("kind", "zip_level", "clients", "threads", "queries", "seconds", "queries_per_s", "body_mb_per_s",
                "row_stream_mb_per_s", "p50_ms", "p99_ms", "jdbc_queries_per_s", "servlet_to_jdbc", "peer_queries_per_s", "ratio_to_peer",
                "answers_verified", "cores_client", "cores_servlet", "cores_postgres", "cores_other");
        for (BenchmarkResult.ServletMeasurement s : r.servlet()) {
            LoadStats st = s.stats();
            OptionalDouble jdbc = r.jdbc(st.clients()).map(j -> OptionalDouble.of(j.stats().queriesPerSecond())).orElse(OptionalDouble.empty());
            OptionalDouble real = peerQps(r, s.zipLevel(), st.clients());
            csvRow(table, "servlet", s.zipLevel(), st.clients(), st.clients(), st.queries(), st.seconds(), st.queriesPerSecond(),
                    st.wireMegabytesPerSecond(), st.payloadMegabytesPerSecond(), st.p50Millis(), st.p99Millis(),
                    jdbc, jdbc.isPresent() ? OptionalDouble.of(st.queriesPerSecond() / jdbc.getAsDouble()) : OptionalDouble.empty(),
                    real, real.isPresent() ? OptionalDouble.of(st.queriesPerSecond() / real.getAsDouble()) : OptionalDouble.empty(),
                    s.answersVerified(), st.cpu());
        }
        for (BenchmarkResult.ServletMeasurement s : r.sdk()) {
            LoadStats st = s.stats();
            csvRow(table, "servlet-sdk", s.zipLevel(), st.clients(), st.clients(), st.queries(), st.seconds(), st.queriesPerSecond(),
                    st.wireMegabytesPerSecond(), st.payloadMegabytesPerSecond(), st.p50Millis(), st.p99Millis(),
                    OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), s.answersVerified(), st.cpu());
        }
        for (BenchmarkResult.ServletMeasurement s : r.peer().map(BenchmarkResult.PeerRun::sdk).orElse(List.of())) {
            LoadStats st = s.stats();
            csvRow(table, "peer-sdk", s.zipLevel(), st.clients(), st.clients(), st.queries(), st.seconds(), st.queriesPerSecond(),
                    st.wireMegabytesPerSecond(), st.payloadMegabytesPerSecond(), st.p50Millis(), st.p99Millis(),
                    OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), s.answersVerified(), st.cpu());
        }
        for (BenchmarkResult.ServletMeasurement s : r.peer().map(BenchmarkResult.PeerRun::servlet).orElse(List.of())) {
            LoadStats st = s.stats();
            csvRow(table, "peer", s.zipLevel(), st.clients(), st.clients(), st.queries(), st.seconds(), st.queriesPerSecond(),
                    st.wireMegabytesPerSecond(), st.payloadMegabytesPerSecond(), st.p50Millis(), st.p99Millis(),
                    OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), s.answersVerified(), st.cpu());
        }
        for (BenchmarkResult.JdbcMeasurement j : r.jdbc()) {
            LoadStats st = j.stats();
            OptionalDouble real = RealServletReference.jdbcQps(r.config(), st.clients());
            csvRow(table, "jdbc", -1, st.clients(), st.clients(), st.queries(), st.seconds(), st.queriesPerSecond(),
                    st.wireMegabytesPerSecond(), st.payloadMegabytesPerSecond(), st.p50Millis(), st.p99Millis(),
                    OptionalDouble.empty(), OptionalDouble.empty(),
                    real, real.isPresent() ? OptionalDouble.of(st.queriesPerSecond() / real.getAsDouble()) : OptionalDouble.empty(),
                    j.answersChecked(), st.cpu());
        }
        for (DeflaterThroughput.Stats d : r.deflater()) {
            csvRow(table, d.threads() == 1 ? "deflater" : "parallel-zlib", d.level(), 0, d.threads(), d.operations(), d.seconds(),
                    d.operations() / d.seconds(), Double.NaN, d.megabytesPerSecond(), Double.NaN, Double.NaN,
                    OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), d.operations(), d.cpu());
        }
        return table.csv();
    }

    private static void csvRow(TextTable table, String kind, int level, int clients, int threads, long queries, double seconds, double qps,
                               double bodyMb, double rowMb, double p50, double p99, OptionalDouble jdbc, OptionalDouble toJdbc,
                               OptionalDouble real, OptionalDouble toReal, long verified, CpuSampler.Usage cpu) {
        table.row(kind, level < 0 ? "" : String.valueOf(level), clients == 0 ? "" : String.valueOf(clients), threads, queries, num(seconds),
                num(qps), num(bodyMb), num(rowMb), num(p50), num(p99), num(jdbc), num(toJdbc), num(real), num(toReal), verified,
                num(cpu.client()), num(cpu.servlet()), num(cpu.postgres()), num(cpu.other()));
    }

    // ---------------------------------------------------------------- JSON

    public static String json(BenchmarkResult r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("benchmark", "FrontierThroughputBenchmark");
        root.put("startedAt", r.startedAt().toString());
        root.put("elapsedSeconds", r.elapsed().toMillis() / 1000.0);
        root.put("command", r.command());
        MachineInfo m = r.machine();
        root.put("machine", map("cores", m.cores(), "cpuModel", m.cpuModel(), "memory", m.memory(), "os", m.os(), "jvm", m.jvm(),
                "user", m.user(), "loadAverageAtStart", m.loadAverage()));
        BenchmarkConfig c = r.config();
        root.put("config", map("query", c.query(), "zipLevels", c.zipLevels(), "clientCounts", c.clientCounts(),
                "warmupSeconds", seconds(c.warmup()), "measureSeconds", seconds(c.measure()), "verify", c.verify().label(),
                "servletArgs", c.servletArgs(), "deflaterThreads", c.deflaterThreads(), "sdkClient", c.sdkClient(),
                "deflaterWarmupSeconds", seconds(c.deflaterWarmup()), "deflaterMeasureSeconds", seconds(c.deflaterMeasure())));
        root.put("dataset", r.dataset());
        root.put("postgresVersion", r.postgresVersion());
        root.put("servletCommand", r.servletCommand());
        root.put("answer", map("records", r.records(), "rowStreamBytes", r.rowStreamBytes()));
        List<Object> servlet = new ArrayList<>();
        for (BenchmarkResult.ServletMeasurement s : r.servlet()) {
            Map<String, Object> e = stats(s.stats());
            e.put("zipLevel", s.zipLevel());
            e.put("answersCompared", s.answersCompared());
            e.put("answersDecoded", s.answersDecoded());
            e.put("connects", s.connects());
            OptionalDouble real = RealServletReference.servletQps(r.config(), s.zipLevel(), s.stats().clients());
            e.put("realServlet342QueriesPerSecond", real.isPresent() ? real.getAsDouble() : null);
            OptionalDouble peer = r.peerQueriesPerSecond(s.zipLevel(), s.stats().clients());
            e.put("peerQueriesPerSecond", peer.isPresent() ? peer.getAsDouble() : null);
            r.jdbc(s.stats().clients()).ifPresent(j -> e.put("servletToJdbc", s.stats().queriesPerSecond() / j.stats().queriesPerSecond()));
            servlet.add(e);
        }
        root.put("servlet", servlet);
        root.put("sdk", cells(r.sdk()));
        r.peer().ifPresent(p -> root.put("peer", map("name", p.name(), "url", p.address().toString(), "startCommand", p.command().orElse(null),
                "servlet", cells(p.servlet()), "sdk", cells(p.sdk()))));
        List<Object> jdbc = new ArrayList<>();
        for (BenchmarkResult.JdbcMeasurement j : r.jdbc()) {
            Map<String, Object> e = stats(j.stats());
            e.put("answersChecked", j.answersChecked());
            OptionalDouble real = RealServletReference.jdbcQps(r.config(), j.stats().clients());
            e.put("realJdbcLoopQueriesPerSecond", real.isPresent() ? real.getAsDouble() : null);
            jdbc.add(e);
        }
        root.put("jdbc", jdbc);
        List<Object> deflater = new ArrayList<>();
        for (DeflaterThroughput.Stats d : r.deflater()) {
            OptionalDouble ref = RealServletReference.zlibMegabytesPerSecond(d.level());
            deflater.add(map("level", d.level(), "mode", d.mode(), "threads", d.threads(), "inputBytes", d.inputBytes(),
                    "compressedBytes", d.compressedBytes(), "operations", d.operations(), "seconds", d.seconds(),
                    "megabytesPerSecond", d.megabytesPerSecond(), "ratio", d.ratio(),
                    "realZlibMegabytesPerSecond", ref.isPresent() && d.threads() == 1 ? ref.getAsDouble() : null,
                    "coresUsed", cores(d.cpu())));
        }
        root.put("deflater", deflater);
        List<Object> targets = new ArrayList<>();
        for (TargetCheck t : TargetCheck.evaluate(r)) {
            targets.add(map("target", t.target(), "measured", t.measured(), "required", t.required(), "relation", t.relation(),
                    "unit", t.unit(), "verdict", RunScale.verdict(t.met() ? "met" : "missed")));
        }
        root.put("targets", targets);
        root.put("host", r.host());
        return ResultJson.toJson(root);
    }

    private static List<Object> cells(List<BenchmarkResult.ServletMeasurement> measurements) {
        List<Object> cells = new ArrayList<>();
        for (BenchmarkResult.ServletMeasurement s : measurements) {
            Map<String, Object> e = stats(s.stats());
            e.put("zipLevel", s.zipLevel());
            e.put("answersCompared", s.answersCompared());
            e.put("answersDecoded", s.answersDecoded());
            e.put("connects", s.connects());
            double clientMillis = s.stats().clientCpuMillisPerQuery();
            e.put("clientCpuMillisPerQuery", Double.isNaN(clientMillis) ? null : clientMillis);
            cells.add(e);
        }
        return cells;
    }

    private static Map<String, Object> stats(LoadStats s) {
        return map("clients", s.clients(), "completedQueries", s.completedQueries(), "warmupQueries", s.warmupQueries(),
                "queries", s.queries(), "seconds", s.seconds(), "queriesPerSecond", s.queriesPerSecond(),
                "wireBytes", s.wireBytes(), "payloadBytes", s.payloadBytes(),
                "wireMegabytesPerSecond", s.wireMegabytesPerSecond(), "payloadMegabytesPerSecond", s.payloadMegabytesPerSecond(),
                "p50Millis", s.p50Millis(), "p99Millis", s.p99Millis(), "maxMillis", s.level().latency().maxMillis(),
                "coresUsed", cores(s.cpu()));
    }

    private static Map<String, Object> cores(CpuSampler.Usage u) {
        return map("client", u.client(), "servlet", u.servlet(), "postgres", u.postgres(), "other", u.other(), "machine", u.machineCores());
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    // ---------------------------------------------------------------- numbers

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    private static String f1(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String f2(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String opt(OptionalDouble v, int decimals) {
        return v.isPresent() ? String.format(Locale.ROOT, "%." + decimals + "f", v.getAsDouble()) : "-";
    }

    private static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        return String.format(Locale.ROOT, "%.4f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    private static String num(OptionalDouble v) {
        return v.isPresent() ? num(v.getAsDouble()) : "";
    }
}
