package org.gridstack.bench.dqp;

import org.gridstack.bench.kit.BenchmarkMain;
import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.report.RunFiles;
import org.gridstack.bench.kit.report.TextTable;
import java.util.Arrays;
import java.util.Collections;
import java.util.stream.Collectors;
import org.gridstack.bench.kit.TargetVerdict;
import org.gridstack.bench.kit.report.Headline;

/**
 * Everything one {@link DqpBenchmark} run measured, with the seed's figures beside it, as Markdown,
 * CSV, JSON and the HTML page ({@link DqpReportPage}). Immutable once built ({@link Builder}).
 */
record DqpResult(DqpBenchmark.Config config, List<ModeResult> modes, List<SweepPoint> sweep, List<CodecComparison> codecs,
                 Map<String, Map<String, Object>> profiles, List<GridCell> grid, Optional<BigScan.Result> bigScan, int cores,
                 LocalDateTime started, Duration elapsed, List<HostMonitor.Sample> host) implements BenchmarkMain.Report {
    DqpResult {
        requireNonNull(config, "config is null");
        modes = List.copyOf(modes);
        sweep = List.copyOf(sweep);
        codecs = List.copyOf(codecs);
        profiles = Collections.unmodifiableMap(new LinkedHashMap<>(profiles));
        grid = List.copyOf(grid);
        requireNonNull(bigScan, "bigScan is null");
        host = List.copyOf(host);
    }

    /** Collects the parts as they are measured. Not thread-safe. */
    static final class Builder {
        private final DqpBenchmark.Config config;
        private final List<ModeResult> modes = new ArrayList<>();
        private final List<SweepPoint> sweep = new ArrayList<>();
        private final List<CodecComparison> codecs = new ArrayList<>();
        private final Map<String, Map<String, Object>> profiles = new LinkedHashMap<>();
        private final List<GridCell> grid = new ArrayList<>();
        private BigScan.Result bigScan;

        Builder(DqpBenchmark.Config config) {
            this.config = requireNonNull(config, "config is null");
        }

        void mode(ModeResult r) {
            modes.add(r);
        }

        void sweep(SweepPoint p) {
            sweep.add(p);
        }

        void codecs(CodecComparison c) {
            codecs.add(c);
        }

        void profile(String codec, Map<String, Object> profile) {
            profiles.put(codec, Map.copyOf(profile));
        }

        void cell(GridCell c) {
            grid.add(c);
        }

        void bigScan(BigScan.Result r) {
            bigScan = r;
        }

        DqpResult build(int cores, LocalDateTime started, Duration elapsed, List<HostMonitor.Sample> host) {
            return new DqpResult(config, modes, sweep, codecs, profiles, grid, Optional.ofNullable(bigScan), cores, started, elapsed, host);
        }
    }

    Optional<ModeResult> mode(SeedQuery q, AccessMode m) {
        return modes.stream().filter(r -> r.query() == q && r.mode() == m).findFirst();
    }

    Optional<GridCell> cell(int evaluators, int copies) {
        return grid.stream().filter(c -> c.evaluators() == evaluators && c.copies() == copies).findFirst();
    }

    Optional<SweepPoint> point(String codec, int blockSize) {
        return sweep.stream().filter(p -> p.codec().equals(codec) && p.blockSize() == blockSize).findFirst();
    }

    /**
     * The speed-ups' baseline: the median of the k = 1 cells' medians, NaN when none was measured.
     * With one evaluator only copy 1 is called whatever c is, so every k = 1 cell runs the same
     * configuration; taking all of them makes the baseline less fragile on a busy machine.
     */
    double gridBaselineMillis() {
        double[] k1 = grid.stream().filter(c -> c.evaluators() == 1).mapToDouble(c -> c.timing().medianMillis()).sorted().toArray();
        if (k1.length == 0) {
            return Double.NaN;
        }
        return k1.length % 2 == 1 ? k1[k1.length / 2] : (k1[k1.length / 2 - 1] + k1[k1.length / 2]) / 2;
    }

    /**
     * The smallest block size whose median is within 10 % of the best median of the series
     * (larger blocks stop paying from there), for the data service ({@code dqp} false) or DQP.
     */
    OptionalInt blocksStopPaying(String codec, boolean dqp) {
        List<SweepPoint> series = sweep.stream().filter(p -> p.codec().equals(codec)).toList();
        double best = series.stream().mapToDouble(p -> (dqp ? p.dqp() : p.dataService()).medianMillis()).min().orElse(Double.NaN);
        return series.stream().filter(p -> (dqp ? p.dqp() : p.dataService()).medianMillis() <= best * 1.1)
                .mapToInt(SweepPoint::blockSize).min();
    }

    // ---- Markdown ----

    static final List<String> MODE_HEADERS = List.of("mode", "rows", "median ms", "min..max ms", "x direct JDBC", "seed 003", "seed x JDBC");

    List<List<String>> modeRows(SeedQuery q) {
        List<List<String>> rows = new ArrayList<>();
        double jdbc = mode(q, AccessMode.JDBC).map(ModeResult::medianMillis).orElse(Double.NaN);
        for (ModeResult r : modes) {
            if (r.query() != q) {
                continue;
            }
            Optional<Seed003Reference.SeedTime> seed = Seed003Reference.time(q, r.mode());
            Optional<Seed003Reference.SeedTime> seedJdbc = Seed003Reference.time(q, AccessMode.JDBC);
            rows.add(List.of(r.mode().label(), String.format(Locale.ROOT, "%,d", r.rows()), ms(r.medianMillis()),
                    ms(r.timing().minMillis()) + ".." + ms(r.timing().maxMillis()), times(r.medianMillis() / jdbc),
                    seed.map(t -> ms(t.millis()) + " ms (" + t.what() + ")").orElse("-"),
                    seed.isPresent() && seedJdbc.isPresent() ? times(seed.get().millis() / seedJdbc.get().millis()) : "-"));
        }
        return rows;
    }

    static final List<String> CODEC_HEADERS = List.of("table", "block", "rows", "WebRowSet bytes", "B/row", "Arrow bytes", "B/row",
            "WebRowSet / Arrow", "Arrow+ZSTD bytes", "B/row", "WebRowSet / Arrow+ZSTD", "seed: XML tags B/row");

    List<List<String>> codecRows() {
        List<List<String>> rows = new ArrayList<>();
        for (CodecComparison c : codecs) {
            rows.add(List.of(c.query().label() + " (" + c.query().table() + ")", String.valueOf(c.blockSize()), String.format(Locale.ROOT, "%,d", c.rows()),
                    String.format(Locale.ROOT, "%,d", c.webRowSetBytes()), String.format(Locale.ROOT, "%.1f", (double) c.webRowSetBytes() / c.rows()),
                    String.format(Locale.ROOT, "%,d", c.arrowBytes()), String.format(Locale.ROOT, "%.1f", (double) c.arrowBytes() / c.rows()),
                    times(c.ratio()), String.format(Locale.ROOT, "%,d", c.zstdBytes()),
                    String.format(Locale.ROOT, "%.1f", (double) c.zstdBytes() / c.rows()), times(c.zstdRatio()), String.valueOf(c.query() == SeedQuery.SCAN_1 ? Seed003Reference.XML_OVERHEAD_PER_ROW_GOTERM
                            : Seed003Reference.XML_OVERHEAD_PER_ROW_INTERACTION)));
        }
        return rows;
    }

    static final List<String> SWEEP_HEADERS = List.of("block", "codec", "bytes", "data service median ms", "DQP median ms",
            "DQP EXCHANGE bytes");

    List<List<String>> sweepRows() {
        List<List<String>> rows = new ArrayList<>();
        for (int b : config.blockSizes()) {
            for (String codec : DqpBenchmark.SWEEP_CODECS) {
                point(codec, b).ifPresent(p -> rows.add(List.of(String.valueOf(b), codecLabel(codec), String.format(Locale.ROOT, "%,d",
                        p.codecBytes()), ms(p.dataService().medianMillis()), ms(p.dqp().medianMillis()),
                        String.format(Locale.ROOT, "%,d", p.exchangeBytes()))));
            }
        }
        return rows;
    }

    static String codecLabel(String codec) {
        return switch (codec) {
            case "binary" -> "Arrow";
            case "binary-zstd" -> "Arrow+ZSTD";
            default -> "WebRowSet";
        };
    }

    String stopPayingSentence() {
        StringBuilder s = new StringBuilder("Larger blocks stop paying (smallest block size within 10 % of the best median): ");
        List<String> parts = new ArrayList<>();
        for (String codec : DqpBenchmark.SWEEP_CODECS) {
            String name = codecLabel(codec);
            blocksStopPaying(codec, false).ifPresent(b -> parts.add("data service " + name + " at " + b));
            blocksStopPaying(codec, true).ifPresent(b -> parts.add("DQP " + name + " at " + b));
        }
        return s.append(parts.isEmpty() ? "not measured" : String.join(", ", parts)).append(" tuples; seed 003: Scan-1 best at ")
                .append(Seed003Reference.SCAN_1_BEST_BLOCK).append(", Scan-2 at ").append(Seed003Reference.SCAN_2_BEST_BLOCK).append('.')
                .toString();
    }

    /** The profile's parts beside Figure 7: label, the seed's seconds, our key(s). */
    private record ProfileLine(String label, double seedSeconds, String key) {
    }

    private static final List<ProfileLine> PROFILE_LINES = List.of(
            new ProfileLine("total (wall time)", 28.6, "wallMs"),
            new ProfileLine("data service access (TABLE_SCAN)", 15.1, "dataServiceAccessMs"),
            new ProfileLine("  of which unpacking data service blocks", 5.5, "unpackingMs"),
            new ProfileLine("EXCHANGE transfer (producer pushes)", 26.8, "blockTransferMs"),
            new ProfileLine("packing/encoding blocks (seed: tuple size computation)", 1.0, "translationMs"),
            new ProfileLine("unpacking at the receiver (seed: translation)", 4.8, "exchangeUnpackingMs"),
            new ProfileLine("delivery to the client (seed: to the GDQS)", 8.1, "deliveryMs"),
            new ProfileLine("sum of the parts (no overlap)", 50.0, null));

    static final List<String> PROFILE_HEADERS = List.of("part", "seed s", "seed % of total", "ours Arrow ms", "% of wall",
            "ours WebRowSet ms", "% of wall");

    List<List<String>> profileRows() {
        List<List<String>> rows = new ArrayList<>();
        for (ProfileLine l : PROFILE_LINES) {
            List<String> row = new ArrayList<>(List.of(l.label(), String.format(Locale.ROOT, "%.1f", l.seedSeconds()),
                    String.format(Locale.ROOT, "%.0f %%", 100 * l.seedSeconds() / 28.6)));
            for (String codec : List.of("binary", "webrowset")) {
                double v = profileValue(codec, l.key());
                double wall = profileValue(codec, "wallMs");
                row.add(Double.isNaN(v) ? "-" : ms(v));
                row.add(Double.isNaN(v) || !(wall > 0) ? "-" : String.format(Locale.ROOT, "%.0f %%", 100 * v / wall));
            }
            rows.add(row);
        }
        return rows;
    }

    /** A profile number, or for a null key the sum of the parts the coordinator adds up for "overlapped"; NaN when absent. */
    double profileValue(String codec, String key) {
        Map<String, Object> p = profiles.get(codec);
        if (p == null || p.isEmpty()) {
            return Double.NaN;
        }
        if (key == null) {
            return profileValue(codec, "dataServiceAccessMs") + profileValue(codec, "blockTransferMs") + profileValue(codec, "translationMs")
                    + profileValue(codec, "deliveryMs");
        }
        Object v = p.get(key);
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    List<String> gridHeaders() {
        List<String> h = new ArrayList<>(List.of("evaluators k"));
        config.copies().forEach(c -> h.add(c + (c == 1 ? " copy" : " copies")));
        return h;
    }

    List<List<String>> gridRows() {
        double base = gridBaselineMillis();
        List<List<String>> rows = new ArrayList<>();
        for (int k : config.evaluators()) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(k)));
            for (int c : config.copies()) {
                row.add(cell(k, c).map(g -> String.format(Locale.ROOT, "%s ms (%.2f x)", ms(g.timing().medianMillis()),
                        base / g.timing().medianMillis())).orElse("-"));
            }
            rows.add(row);
        }
        return rows;
    }

    @Override
    public String markdown() {
        StringBuilder s = new StringBuilder("### Seed 003: OGSA-DQP access modes, block sizes, cost profile, parallel OPERATION_CALL\n\n");
        s.append("Run ").append(started.truncatedTo(ChronoUnit.SECONDS)).append(" (").append(elapsed.toSeconds()).append(" s), ").append(cores)
                .append(" cores, `").append(config.describe()).append("`. Every service, the clients and the embedded PostgreSQL servers on one"
                        + " host over loopback. Every mode's rows were checked equal to direct JDBC's before it was timed.\n\n");
        for (SeedQuery q : SeedQuery.values()) {
            s.append("**").append(q.label()).append("** `").append(q.sql()).append("`:\n\n").append(table(MODE_HEADERS, modeRows(q))).append('\n');
        }
        s.append("Seed figures: ").append(Seed003Reference.SOURCE).append(".\n\n");
        s.append("Bytes of the seed tables in both codecs (what a data service sends for a blocked scan):\n\n")
                .append(table(CODEC_HEADERS, codecRows())).append('\n');
        s.append("Scan-1 block-size sweep (medians of ").append(config.sweepRepetitions()).append(" runs):\n\n")
                .append(table(SWEEP_HEADERS, sweepRows())).append('\n').append(stopPayingSentence()).append("\n\n");
        s.append("Cost profile of DQP Scan-1 (blocks of ").append(DqpBenchmark.SEED_BLOCK_SIZE).append(", one run) beside the seed's Figure 7:\n\n")
                .append(table(PROFILE_HEADERS, profileRows())).append('\n');
        s.append("Entropy query, k evaluators x c EntropyAnalyser copies (LATENCY ").append(config.entropyLatency().toMillis())
                .append(" ms per call), median (speed-up against the median of the k = 1 cells); seed 003: best ").append(Seed003Reference.OPERATION_CALL_BEST_SPEEDUP)
                .append(" x:\n\n").append(table(gridHeaders(), gridRows())).append('\n');
        s.append(bigScanSentence()).append("\n\n");
        s.append("Targets of the issue:\n\n").append(TargetVerdict.markdown(DqpTargets.judge(this)));
        return s.toString();
    }

    String bigScanSentence() {
        return bigScan.map(b -> String.format(Locale.ROOT, "Bounded-heap scan: %,d rows (`select * from %s`, Arrow blocks of %d, through a data"
                + " service, an evaluator's EXCHANGE and the coordinator, JSON streamed to the client) in %.1f s (%,.0f rows/s), %,d bytes of"
                + " answer; peak heap %.0f MB with -Xmx %.0f MB for the whole stack in one JVM.", b.rows(), DqpTestbed.BIG_TABLE,
                BigScan.BLOCK_SIZE, b.seconds(), b.rowsPerSecond(), b.answerBytes(), b.peakHeapBytes() / 1e6, b.maxHeapBytes() / 1e6))
                .orElse("Bounded-heap scan: not run at this scale (--big-scan-rows=0).");
    }

    private static String table(List<String> headers, List<List<String>> rows) {
        TextTable t = TextTable.of(headers);
        rows.forEach(t::row);
        return t.markdown();
    }

    // ---- CSV and JSON ----

    String csv() {
        TextTable t = TextTable.of("part", "query", "mode", "codec", "block_size", "evaluators", "copies", "rows", "median_ms", "min_ms", "max_ms",
                "bytes");
        for (ModeResult r : modes) {
            t.row("access", r.query().label(), r.mode().name(), "", DqpBenchmark.SEED_BLOCK_SIZE, "", "", r.rows(), f3(r.medianMillis()),
                    f3(r.timing().minMillis()), f3(r.timing().maxMillis()), "");
        }
        for (SweepPoint p : sweep) {
            t.row("sweep-data-service", "Scan-1", "GDS_BLOCKS", p.codec(), p.blockSize(), "", "", "", f3(p.dataService().medianMillis()),
                    f3(p.dataService().minMillis()), f3(p.dataService().maxMillis()), p.codecBytes());
            t.row("sweep-dqp", "Scan-1", "DQP", p.codec(), p.blockSize(), "", "", "", f3(p.dqp().medianMillis()), f3(p.dqp().minMillis()),
                    f3(p.dqp().maxMillis()), p.exchangeBytes());
        }
        for (GridCell c : grid) {
            t.row("operation-call", "entropy", "DQP", "binary", DqpBenchmark.SEED_BLOCK_SIZE, c.evaluators(), c.copies(), c.rows(),
                    f3(c.timing().medianMillis()), f3(c.timing().minMillis()), f3(c.timing().maxMillis()), "");
        }
        return t.csv();
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    String json() {
        Map<String, Object> root = ResultJson.runHeader(started, elapsed, cores, config.describe());
        root.put("queries", Arrays.stream(SeedQuery.values()).collect(Collectors.toMap(SeedQuery::label,
                SeedQuery::sql, (a, b) -> a, LinkedHashMap::new)));
        root.put("entropyQuery", SeedQuery.ENTROPY_SQL);
        root.put("accessModes", modes.stream().map(ModeResult::jsonFields).toList());
        root.put("codecBytes", codecs.stream().map(CodecComparison::jsonFields).toList());
        root.put("blockSizeSweep", sweep.stream().map(SweepPoint::jsonFields).toList());
        root.put("scan1Profiles", profiles);
        double base = gridBaselineMillis();
        root.put("operationCallGrid", grid.stream().map(c -> c.jsonFields(base)).toList());
        root.put("bigScan", bigScan.map(BigScan.Result::jsonFields).orElse(null));
        root.put("targets", DqpTargets.judge(this));
        Map<String, Object> seed = new LinkedHashMap<>();
        seed.put("source", Seed003Reference.SOURCE);
        seed.put("times", Seed003Reference.allTimes());
        seed.put("figure7Seconds", Seed003Reference.FIGURE_7_SECONDS);
        seed.put("xmlSizeFactor", Seed003Reference.XML_SIZE_FACTOR);
        seed.put("scan1BestBlock", Seed003Reference.SCAN_1_BEST_BLOCK);
        seed.put("scan2BestBlock", Seed003Reference.SCAN_2_BEST_BLOCK);
        seed.put("operationCallBestSpeedUp", Seed003Reference.OPERATION_CALL_BEST_SPEEDUP);
        root.put("seed003", seed);
        return ResultJson.toJson(root);
    }

    /** Writes {@code dqp.{md,csv,json,html}} into {@code dir} and updates its report index; returns their paths. */
    @Override
    public List<Path> write(Path dir) throws IOException {
        String base = DqpBenchmark.BASE_NAME;
        List<Path> written = new ArrayList<>(new RunFiles(base, markdown(), csv(), json(), DqpReportPage.build(this, base)).write(dir));
        Optional<Headline> headline = DqpTargets.headline(this);
        if (headline.isPresent()) {
            written.add(headline.get().write(dir));
        }
        return List.copyOf(written);
    }

    static String ms(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    static String times(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f x", v) : "-";
    }
}
