package org.gridstack.bench.dqp;

import static java.util.Objects.requireNonNull;
import static org.gridstack.bench.kit.CommandLineArgs.orPreset;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.gridstack.bench.kit.BenchmarkMain;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.PresetOptions;
import org.gridstack.bench.kit.RepeatedQuery;
import org.gridstack.bench.suite.ExperimentCatalog;
import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.dataservice.DataServiceClient;
import org.gridstack.dqp.dataservice.TableDescription;
import org.gridstack.dqp.demo.DemoDatabase;
import org.gridstack.dqp.entropy.EntropyAnalyser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import java.util.function.Supplier;

/**
 * Seed 003 (OGSA-DQP) on this machine, all parts in one run so the numbers are ratios (after
 * {@value #STACK_WARMUP_ROUNDS} unmeasured rounds over every access mode, when the scale has warm-ups):
 * <ol>
 * <li>the access modes for Scan-1, Scan-2 and the Join ({@link AccessMode}): direct JDBC, the data
 *     service synchronous, tuple by tuple and in blocks of 100, and the full DQP query in both codecs,
 *     with the peers for the Join (postgres_fdw, Calcite's JdbcSchema); every mode's rows are checked
 *     equal to direct JDBC's before it is timed;</li>
 * <li>a block-size sweep of Scan-1 in the codecs ({@link #SWEEP_CODECS}): bytes, the data service's blocked scan
 *     and the DQP Scan-1 ({@link SweepPoint}), and the bytes of both seed tables in each codec at 100 tuples per block;</li>
 * <li>the cost profile the coordinator returns for DQP Scan-1, beside the seed's Figure 7;</li>
 * <li>the parallel OPERATION_CALL grid: the seed's entropy query with k evaluators calling c
 *     EntropyAnalyser copies in LATENCY mode ({@link GridCell}), speed-up against the k = 1 cells;</li>
 * <li>quick and full only: a ten-million-row scan through the whole DQP path with the heap's peak ({@link BigScan}).</li>
 * </ol>
 * Everything runs in this JVM ({@link DqpTestbed}): the embedded PostgreSQL servers are its child
 * processes, each service its own Spring Boot context on its own loopback port, so the host
 * monitor's "benchmark JVM" line is the whole stack. Results go to {@code dqp.{md,csv,json,html}}
 * and the folder's {@code index.html}. Not thread-safe; each {@link #run} is independent.
 */
public final class DqpBenchmark {
    static final String BASE_NAME = "dqp";
    /** The seed's DQP block size, and the block size of the access-mode runs. */
    static final int SEED_BLOCK_SIZE = 100;
    static final Duration QUERY_TIMEOUT = Duration.ofMinutes(5);
    /** The bounded-heap scan: ten million rows. */
    static final long TEN_MILLION = 10_000_000L;
    /** Query timeout of the big scan's services. */
    static final Duration BIG_SCAN_TIMEOUT = Duration.ofMinutes(30);
    /**
     * Measured runs of each OPERATION_CALL grid cell at least (unless a run asks for a single one): a
     * cell's median is one speed-up of the verdict, and on a shared machine three runs left it noisy.
     */
    static final int GRID_MIN_REPETITIONS = 5;
    /** Unmeasured rounds over every access mode before the first measurement (not at tiny scale, which has no warm-ups). */
    static final int STACK_WARMUP_ROUNDS = 5;
    /** The codecs of the block-size sweep: plain Arrow, Arrow with ZSTD-compressed buffers, WebRowSet. */
    static final List<String> SWEEP_CODECS = List.of("binary", "binary-zstd", "webrowset");

    /**
     * Settings of a run.
     *
     * @param warmups unmeasured runs before each measured series (the first run of a series is the one whose rows are checked)
     * @param repetitions measured runs of each access mode and grid cell
     * @param sweepRepetitions measured runs of each block size (no warm-up)
     * @param blockSizes the sweep's block sizes in tuples
     * @param evaluators the grid's evaluator counts k (OPERATION_CALL partitions)
     * @param copies the grid's EntropyAnalyser copy counts c
     * @param entropyLatency what one calculateEntropy call waits (LATENCY mode: a remote machine)
     * @param tupleModeMaxRows the data service's tuple-by-tuple mode (one request per row) is measured only for
     *        tables of at most this many rows (the tiny scale leaves out Scan-1's 16,803 requests)
     * @param bigScanRows rows of the bounded-heap scan ({@link BigScan}; 0: not run)
     */
    public record Config(int warmups, int repetitions, int sweepRepetitions, List<Integer> blockSizes, List<Integer> evaluators,
                         List<Integer> copies, Duration entropyLatency, int tupleModeMaxRows, long bigScanRows) {
        public Config {
            blockSizes = List.copyOf(requireNonNull(blockSizes, "blockSizes is null"));
            evaluators = List.copyOf(requireNonNull(evaluators, "evaluators is null"));
            copies = List.copyOf(requireNonNull(copies, "copies is null"));
            requireNonNull(entropyLatency, "entropyLatency is null");
            if (warmups < 0 || warmups > 20 || repetitions < 1 || repetitions > 100 || sweepRepetitions < 1 || sweepRepetitions > 100) {
                throw new IllegalArgumentException("warmups must be within 0..20 and repetitions within 1..100, got " + warmups + ", "
                        + repetitions + ", " + sweepRepetitions);
            }
            if (blockSizes.isEmpty() || evaluators.isEmpty() || copies.isEmpty()) {
                throw new IllegalArgumentException("block sizes, evaluators and copies must each name at least one value");
            }
            for (int b : blockSizes) {
                if (b < 1 || b > 10_000) {
                    throw new IllegalArgumentException("block size " + b + " is outside 1..10000");
                }
            }
            for (int k : evaluators) {
                if (k < 1 || k > 16) {
                    throw new IllegalArgumentException("evaluator count " + k + " is outside 1..16");
                }
            }
            for (int c : copies) {
                if (c < 1 || c > 16) {
                    throw new IllegalArgumentException("copy count " + c + " is outside 1..16");
                }
            }
            if (bigScanRows < 0 || bigScanRows > 100_000_000L) {
                throw new IllegalArgumentException("big-scan-rows must be within 0..100,000,000, got " + bigScanRows);
            }
            if (tupleModeMaxRows < 0) {
                throw new IllegalArgumentException("tuple-mode-max-rows must not be negative, got " + tupleModeMaxRows);
            }
            if (entropyLatency.isNegative() || entropyLatency.compareTo(Duration.ofSeconds(1)) > 0) {
                throw new IllegalArgumentException("entropy latency must be within 0..1000 ms, got " + entropyLatency.toMillis() + " ms");
            }
        }

        int maxEvaluators() {
            return evaluators.stream().mapToInt(Integer::intValue).max().orElseThrow();
        }

        String describe() {
            return "--warmups=" + warmups + " --repetitions=" + repetitions + " --sweep-repetitions=" + sweepRepetitions + " --block-sizes="
                    + join(blockSizes) + " --evaluators=" + join(evaluators) + " --copies=" + join(copies) + " --entropy-latency-millis="
                    + entropyLatency.toMillis() + (tupleModeMaxRows == Integer.MAX_VALUE ? "" : " --tuple-mode-max-rows=" + tupleModeMaxRows)
                    + " --big-scan-rows=" + bigScanRows;
        }

        /** Whether {@code mode} is measured for {@code query} whose answer has {@code rows} rows. */
        boolean measures(SeedQuery query, AccessMode mode, int rows) {
            return mode.answers(query) && (mode != AccessMode.GDS_TUPLE || rows <= tupleModeMaxRows);
        }
    }

    private DqpBenchmark() {
    }

    /** Runs every part of {@code config}; prints a line per measurement to stdout. */
    public static DqpResult run(Config config) throws Exception {
        requireNonNull(config, "config is null");
        LocalDateTime started = LocalDateTime.now();
        long t0 = System.nanoTime();
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        HostMonitor monitor = null;
        List<HostMonitor.Sample> samples;
        DqpResult.Builder result = new DqpResult.Builder(config);
        try (DqpTestbed bed = DqpTestbed.start(config.maxEvaluators(), config.copies(), config.entropyLatency(), QUERY_TIMEOUT)) {
            Map<String, Supplier<List<ProcessHandle>>> watched = new LinkedHashMap<>();
            watched.put("benchmark JVM (every service) and its PostgreSQL servers", HostMonitor.tree(ProcessHandle.current()));
            monitor = HostMonitor.start(watched, Duration.ofSeconds(1));
            Map<SeedQuery, CanonicalRows> expected = new LinkedHashMap<>();
            for (SeedQuery q : SeedQuery.values()) {
                expected.put(q, expectedRows(bed, q));
            }
            if (config.warmups() > 0) {
                warmUpStack(bed, http);
            }
            for (SeedQuery q : SeedQuery.values()) {
                for (AccessMode m : AccessMode.forQuery(q)) {
                    if (!config.measures(q, m, expected.get(q).size())) {
                        continue;
                    }
                    ModeResult r = measureMode(bed, http, config, q, m, expected.get(q));
                    result.mode(r);
                    System.out.printf(Locale.ROOT, "dqp: %-7s %-30s %6d rows  median %10.1f ms  (%.1f..%.1f)%n", q.label(), m.label(), r.rows(),
                            r.medianMillis(), r.timing().minMillis(), r.timing().maxMillis());
                }
            }
            sweep(bed, http, config, expected.get(SeedQuery.SCAN_1), result);
            for (SeedQuery q : List.of(SeedQuery.SCAN_1, SeedQuery.SCAN_2)) {
                result.codecs(compareCodecs(bed, http, q, SEED_BLOCK_SIZE));
            }
            for (String codec : List.of("binary", "webrowset")) {
                CoordinatorRows dqp = new CoordinatorRows(http, bed.coordinator(), SeedQuery.SCAN_1.sql(), SEED_BLOCK_SIZE, codec, null,
                        QUERY_TIMEOUT);
                RepeatedQuery.run(0, 1, new CheckedRowsClient("DQP Scan-1 profile", dqp, expected.get(SeedQuery.SCAN_1)));
                result.profile(codec, dqp.lastProfile());
            }
            grid(bed, http, config, result);
            if (config.bigScanRows() > 0) {
                URI coordinator = bed.startBigScan(config.bigScanRows(), BIG_SCAN_TIMEOUT);
                BigScan.Result big = BigScan.run(http, coordinator, config.bigScanRows(), BIG_SCAN_TIMEOUT);
                result.bigScan(big);
                System.out.printf(Locale.ROOT, "dqp: big scan %,d rows in %.1f s (%,.0f rows/s), %,d answer bytes, peak heap %.0f MB of -Xmx %.0f MB%n",
                        big.rows(), big.seconds(), big.rowsPerSecond(), big.answerBytes(), big.peakHeapBytes() / 1e6, big.maxHeapBytes() / 1e6);
            }
        } finally {
            samples = monitor == null ? List.of() : monitor.stop();
        }
        return result.build(Runtime.getRuntime().availableProcessors(), started, Duration.ofNanos(System.nanoTime() - t0), samples);
    }

    /** Direct JDBC's rows: the scans on their host, the Join in the one database holding both tables. */
    private static CanonicalRows expectedRows(DqpTestbed bed, SeedQuery q) throws Exception {
        DemoDatabase db = q == SeedQuery.JOIN ? bed.joinDatabase() : bed.hostOf(q.table());
        try (JdbcRows jdbc = new JdbcRows(DriverManager.getConnection(db.jdbcUrl(), db.readerProperties()), q.jdbcSql())) {
            return CanonicalRows.of(jdbc.fetch());
        }
    }

    /**
     * Runs every access mode of every seed query but tuple by tuple {@value #STACK_WARMUP_ROUNDS}
     * times, unmeasured, before anything is measured: the JIT then compiles the paths all modes share
     * (Spring MVC, Arrow, the HTTP clients, Jackson, the operators), which the first measured series
     * would otherwise pay for alone. Each series still has its own warm-ups.
     */
    private static void warmUpStack(DqpTestbed bed, HttpClient http) throws Exception {
        for (int round = 0; round < STACK_WARMUP_ROUNDS; round++) {
            for (SeedQuery q : SeedQuery.values()) {
                for (AccessMode m : AccessMode.forQuery(q)) {
                    if (m == AccessMode.GDS_TUPLE) {
                        continue;
                    }
                    try (RowSource source = source(bed, http, q, m)) {
                        source.fetch();
                    }
                }
            }
        }
    }

    private static RowSource source(DqpTestbed bed, HttpClient http, SeedQuery q, AccessMode m) throws Exception {
        return switch (m) {
            case JDBC -> {
                DemoDatabase db = q == SeedQuery.JOIN ? bed.joinDatabase() : bed.hostOf(q.table());
                yield new JdbcRows(DriverManager.getConnection(db.jdbcUrl(), db.readerProperties()), q.jdbcSql());
            }
            case GDS_SYNC -> new DataServiceRows(dataService(bed, http, q.table()), q.table(), "webrowset", 0);
            case GDS_TUPLE -> new DataServiceRows(dataService(bed, http, q.table()), q.table(), "webrowset", 1);
            case GDS_BLOCKS -> new DataServiceRows(dataService(bed, http, q.table()), q.table(), "webrowset", SEED_BLOCK_SIZE);
            case DQP_WEBROWSET -> new CoordinatorRows(http, bed.coordinator(), q.sql(), SEED_BLOCK_SIZE, "webrowset", null, QUERY_TIMEOUT);
            case DQP_BINARY -> new CoordinatorRows(http, bed.coordinator(), q.sql(), SEED_BLOCK_SIZE, "binary", null, QUERY_TIMEOUT);
            case DQP_ZSTD -> new CoordinatorRows(http, bed.coordinator(), q.sql(), SEED_BLOCK_SIZE, "binary-zstd", null, QUERY_TIMEOUT);
            // the superuser owns the user mapping; the reader of host B is who host A logs in as
            case POSTGRES_FDW -> new JdbcRows(bed.hostA().superuserConnection(), q.postgresFdwSql());
            case CALCITE_JDBC -> new JdbcRows(CalciteFederation.connect(bed.hostA(), bed.hostB()), q.calciteSql());
        };
    }

    private static DataServiceClient dataService(DqpTestbed bed, HttpClient http, String table) {
        return new DataServiceClient(bed.dataServiceOf(table), http, QUERY_TIMEOUT);
    }

    private static ModeResult measureMode(DqpTestbed bed, HttpClient http, Config config, SeedQuery q, AccessMode m,
            CanonicalRows expected) throws Exception {
        try (CheckedRowsClient client = new CheckedRowsClient(q.label() + " via " + m.label(), source(bed, http, q, m), expected)) {
            return new ModeResult(q, m, expected.size(), RepeatedQuery.run(config.warmups(), config.repetitions(), client));
        }
    }

    private static void sweep(DqpTestbed bed, HttpClient http, Config config, CanonicalRows expected, DqpResult.Builder result)
            throws Exception {
        String table = SeedQuery.SCAN_1.table();
        BlockSchema schema = schemaOf(bed, http, table);
        List<Object[]> rows = new DataServiceRows(dataService(bed, http, table), table, "binary", 1000).fetch();
        for (String codec : SWEEP_CODECS) {
            for (int b : config.blockSizes()) {
                long bytes = CodecBytes.of(BlockCodec.named(codec), schema, rows, b);
                RepeatedQuery.Result gds;
                try (CheckedRowsClient c = new CheckedRowsClient("Scan-1 data service blocks of " + b + " " + codec,
                        new DataServiceRows(dataService(bed, http, table), table, codec, b), expected)) {
                    gds = RepeatedQuery.run(0, config.sweepRepetitions(), c);
                }
                CoordinatorRows dqp = new CoordinatorRows(http, bed.coordinator(), SeedQuery.SCAN_1.sql(), b, codec, null, QUERY_TIMEOUT);
                RepeatedQuery.Result timed;
                try (CheckedRowsClient c = new CheckedRowsClient("DQP Scan-1 blocks of " + b + " " + codec, dqp, expected)) {
                    timed = RepeatedQuery.run(0, config.sweepRepetitions(), c);
                }
                long exchangeBytes = ((Number) dqp.lastProfile().getOrDefault("exchangeBytes", -1)).longValue();
                result.sweep(new SweepPoint(codec, b, bytes, gds, timed, exchangeBytes));
                System.out.printf(Locale.ROOT, "dqp: sweep %-9s block %5d  %,11d bytes  data service %9.1f ms  DQP %9.1f ms  EXCHANGE %,d bytes%n",
                        codec, b, bytes, gds.medianMillis(), timed.medianMillis(), exchangeBytes);
            }
        }
    }

    private static CodecComparison compareCodecs(DqpTestbed bed, HttpClient http, SeedQuery q, int blockSize) throws Exception {
        BlockSchema schema = schemaOf(bed, http, q.table());
        List<Object[]> rows = new DataServiceRows(dataService(bed, http, q.table()), q.table(), "binary", 1000).fetch();
        return new CodecComparison(q, blockSize, rows.size(), CodecBytes.of(BlockCodec.named("webrowset"), schema, rows, blockSize),
                CodecBytes.of(BlockCodec.named("binary"), schema, rows, blockSize), CodecBytes.of(BlockCodec.named("binary-zstd"), schema, rows,
                blockSize));
    }

    private static BlockSchema schemaOf(DqpTestbed bed, HttpClient http, String table) throws Exception {
        for (TableDescription t : dataService(bed, http, table).tables()) {
            if (t.name().equals(table)) {
                return t.schema();
            }
        }
        throw new IllegalStateException("the data service of " + table + " does not offer it");
    }

    private static void grid(DqpTestbed bed, HttpClient http, Config config, DqpResult.Builder result) throws Exception {
        List<Object[]> expected = new ArrayList<>();
        try (JdbcRows input = new JdbcRows(bed.hostA().superuserConnection(), SeedQuery.ENTROPY_INPUT_SQL)) {
            for (Object[] row : input.fetch()) {
                expected.add(new Object[] {row[0], row[1], new BigDecimal(EntropyAnalyser.entropy((String) row[2]))});
            }
        }
        CanonicalRows expectedRows = CanonicalRows.of(expected);
        for (int c : config.copies()) {
            for (int k : config.evaluators()) {
                CoordinatorRows dqp = new CoordinatorRows(http, bed.coordinatorWithCopies(c), SeedQuery.ENTROPY_SQL, SEED_BLOCK_SIZE, "binary",
                        k, QUERY_TIMEOUT);
                RepeatedQuery.Result timed;
                try (CheckedRowsClient client = new CheckedRowsClient("entropy query, " + k + " evaluators x " + c + " copies", dqp,
                        expectedRows)) {
                    timed = RepeatedQuery.run(config.warmups(), gridRepetitions(config), client);
                }
                long calls = ((Number) dqp.lastProfile().getOrDefault("operationCalls", -1)).longValue();
                if (calls != expectedRows.size()) {
                    throw new IllegalStateException("the entropy query made " + calls + " calls for " + expectedRows.size() + " rows");
                }
                result.cell(new GridCell(k, c, expectedRows.size(), calls, timed));
                System.out.printf(Locale.ROOT, "dqp: entropy k=%d evaluators c=%d copies  %d calls  median %8.1f ms%n", k, c, calls,
                        timed.medianMillis());
            }
        }
    }

    /** The grid cells' measured runs: {@link #GRID_MIN_REPETITIONS} at least, or 1 when the run measures everything once. */
    static int gridRepetitions(Config config) {
        return config.repetitions() == 1 ? 1 : Math.max(config.repetitions(), GRID_MIN_REPETITIONS);
    }

    /** Parses {@code --name=value} arguments; {@code output[0]} receives {@code --output}. */
    static Config parse(String[] args, Path[] output) {
        Options o = CommandLineArgs.parse(new Options(output[0]), args);
        output[0] = o.preset.output();
        return o.config();
    }

    public static void main(String[] args) throws Exception {
        BenchmarkMain.run("dqp", args, DqpBenchmark::parse, Config::describe, DqpBenchmark::run);
    }

    /**
     * The command line: a scale's defaults, then any single setting over them. An empty value (an
     * unset Maven property) keeps the scale's default.
     */
    @Command(name = "DqpBenchmark", description = "seed 003 (OGSA-DQP): access modes, peers, block sizes, cost profile, OPERATION_CALL grid (benchmarks/docs/dqp.md)")
    static final class Options {
        @Mixin
        final PresetOptions preset;
        @Option(names = "--warmups", paramLabel = "N", description = "unmeasured runs before each series")
        Integer warmups;
        @Option(names = "--repetitions", paramLabel = "N", description = "measured runs per access mode and grid cell")
        Integer repetitions;
        @Option(names = "--sweep-repetitions", paramLabel = "N", description = "measured runs per block size")
        Integer sweepRepetitions;
        @Option(names = "--block-sizes", split = ",", paramLabel = "N,...", description = "the sweep's block sizes in tuples")
        List<Integer> blockSizes;
        @Option(names = "--evaluators", split = ",", paramLabel = "K,...", description = "the grid's evaluator counts")
        List<Integer> evaluators;
        @Option(names = "--copies", split = ",", paramLabel = "C,...", description = "the grid's EntropyAnalyser copy counts")
        List<Integer> copies;
        @Option(names = "--entropy-latency-millis", paramLabel = "MS", description = "what one calculateEntropy call waits (default 20)")
        Long latencyMillis;
        @Option(names = "--tuple-mode-max-rows", paramLabel = "N", description = "largest table measured tuple by tuple (default: all)")
        Integer tupleModeMaxRows;
        @Option(names = "--big-scan-rows", paramLabel = "N", description = "rows of the bounded-heap scan (0: none)")
        Long bigScanRows;

        Options(Path output) {
            this.preset = new PresetOptions(output);
        }

        /** The scale's preset (experiments/dqp.yaml) with every option given replacing its setting. */
        Config config() {
            Options p = ExperimentCatalog.shipped().get("dqp").preset(preset.scale(), new Options(preset.output()));
            return new Config(orPreset(warmups, p.warmups, "warmups"), orPreset(repetitions, p.repetitions, "repetitions"),
                    orPreset(sweepRepetitions, p.sweepRepetitions, "sweep-repetitions"), orPreset(blockSizes, p.blockSizes, "block-sizes"),
                    orPreset(evaluators, p.evaluators, "evaluators"), orPreset(copies, p.copies, "copies"),
                    Duration.ofMillis(orPreset(latencyMillis, p.latencyMillis, "entropy-latency-millis")),
                    orPreset(tupleModeMaxRows, p.tupleModeMaxRows, "tuple-mode-max-rows"), orPreset(bigScanRows, p.bigScanRows, "big-scan-rows"));
        }
    }

    static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
