package org.gridstack.bench.frontier;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.gridstack.bench.kit.CommandLineArgs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Settings of one throughput run, validated; build with {@link #builder()} or {@link #parse}.
 * Immutable.
 *
 * @param zipLevels retrieve zip levels to measure (0 = plain BLOB)
 * @param clientCounts concurrent clients per measurement
 * @param warmup unmeasured time before each measurement
 * @param measure measured time of each measurement
 * @param query the SQL every client sends
 * @param verify how each servlet answer is checked
 * @param servletArgs extra arguments for the servlet jar
 * @param outputDir where the results go; empty = {@code benchmarks/target/results}
 * @param deflaterThreads pool size of the parallel zlib comparison
 * @param command how the run was started, for the report; empty = derived from the JVM
 * @param peer another servlet measured beside ours, cell by cell; empty = none
 * @param sdkClient whether every servlet cell is measured a second time with the Java SDK as the
 *                  client ({@link SdkQueryClient}) right after the plain keep-alive client
 */
public record BenchmarkConfig(List<Integer> zipLevels, List<Integer> clientCounts, Duration warmup, Duration measure, String query,
                              VerifyMode verify, List<String> servletArgs, Optional<Path> outputDir, int deflaterThreads,
                              Optional<String> command, Optional<Peer> peer, boolean sdkClient) {
    public static final String DEFAULT_QUERY = "select string from T_STRING";

    /**
     * A servlet to measure beside ours: one running at {@code url}, or one the run starts with
     * {@code startCommand} (see {@link PeerServlet}) and then reaches at {@code path} on the port it
     * gave it. Exactly one of the two is present.
     */
    public record Peer(String name, Optional<ServletAddress> url, Optional<String> startCommand, String path) {
        public Peer {
            Objects.requireNonNull(name, "name is null");
            Objects.requireNonNull(url, "url is null");
            Objects.requireNonNull(startCommand, "startCommand is null");
            Objects.requireNonNull(path, "path is null");
            if (url.isPresent() == startCommand.isPresent()) {
                throw new IllegalArgumentException("a peer servlet needs --peer-url (one already running) or --peer-start (the run starts it),"
                        + " not both and not neither");
            }
            if (name.isBlank()) {
                throw new IllegalArgumentException("--peer-name is blank");
            }
            if (!path.startsWith("/") || path.endsWith("/")) {
                throw new IllegalArgumentException("--peer-path must start and not end with '/', got '" + path + "'");
            }
        }
    }

    public BenchmarkConfig {
        zipLevels = Objects.requireNonNull(zipLevels, "zipLevels is null").stream().distinct().toList();
        clientCounts = Objects.requireNonNull(clientCounts, "clientCounts is null").stream().distinct().toList();
        Objects.requireNonNull(warmup, "warmup is null");
        Objects.requireNonNull(measure, "measure is null");
        Objects.requireNonNull(query, "query is null");
        Objects.requireNonNull(verify, "verify is null");
        servletArgs = List.copyOf(Objects.requireNonNull(servletArgs, "servletArgs is null"));
        Objects.requireNonNull(outputDir, "outputDir is null");
        Objects.requireNonNull(command, "command is null");
        Objects.requireNonNull(peer, "peer is null");
        if (zipLevels.isEmpty() || zipLevels.stream().anyMatch(l -> l < 0 || l > 9)) {
            throw new IllegalArgumentException("zip levels must be a non-empty list of 0..9, got " + zipLevels);
        }
        if (clientCounts.isEmpty() || clientCounts.stream().anyMatch(c -> c < 1 || c > 256)) {
            throw new IllegalArgumentException("client counts must be a non-empty list of 1..256, got " + clientCounts);
        }
        if (warmup.isNegative() || measure.isNegative() || measure.isZero()) {
            throw new IllegalArgumentException("warm-up must be >= 0 and measurement > 0 seconds, got " + warmup + " and " + measure);
        }
        if (query.isBlank()) {
            throw new IllegalArgumentException("query is blank");
        }
        if (deflaterThreads < 1) {
            throw new IllegalArgumentException("deflater threads must be positive, got " + deflaterThreads);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The same settings, recorded as started by {@code command}. */
    public BenchmarkConfig withCommand(String command) {
        return new BenchmarkConfig(zipLevels, clientCounts, warmup, measure, query, verify, servletArgs, outputDir, deflaterThreads,
                Optional.of(Objects.requireNonNull(command, "command is null")), peer, sdkClient);
    }

    /** Warm-up of each zlib-alone measurement: the load warm-up, at most 2 s. */
    Duration deflaterWarmup() {
        return min(warmup, Duration.ofSeconds(2));
    }

    /** Length of each zlib-alone measurement: the load measurement, at most 5 s. */
    Duration deflaterMeasure() {
        return min(measure, Duration.ofSeconds(5));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /**
     * Parses {@code --name=value} arguments: {@code --levels=0,1,5,9 --clients=1,2,4
     * --warmup-seconds=3 --measure-seconds=10 --query=SQL --verify=compare|decode
     * --servlet-args="A B" --servlet-arg=A --output=DIR --deflater-threads=2 --command=TEXT}.
     */
    public static BenchmarkConfig parse(String... args) {
        return CommandLineArgs.parse(new Options(), args).builder.build();
    }

    static String usage() {
        return CommandLineArgs.usage(new Options());
    }

    /** The command line, applied to a builder in the order given. */
    @Command(name = "FrontierThroughputBenchmark", description = "FroNtier servlet over HTTP vs plain JDBC vs zlib alone (benchmarks/docs/frontier.md)")
    static final class Options {
        final Builder builder = builder();

        @Option(names = "--levels", split = ",", paramLabel = "N", description = "zip levels (default 0,1,5,9)")
        void levels(List<Integer> v) {
            builder.zipLevels(v);
        }

        @Option(names = "--clients", split = ",", paramLabel = "N", description = "concurrent clients per cell (default 1,2,4)")
        void clients(List<Integer> v) {
            builder.clientCounts(v);
        }

        @Option(names = "--warmup-seconds", paramLabel = "S", description = "unmeasured seconds per cell (default 3)")
        void warmup(double v) {
            builder.warmup(Duration.ofNanos(Math.round(v * 1e9)));
        }

        @Option(names = "--measure-seconds", paramLabel = "S", description = "measured seconds per cell (default 10)")
        void measure(double v) {
            builder.measure(Duration.ofNanos(Math.round(v * 1e9)));
        }

        @Option(names = "--query", paramLabel = "SQL", description = "the query (default: select string from T_STRING)")
        void query(String v) {
            builder.query(v);
        }

        @Option(names = "--verify", paramLabel = "compare|decode", description = "how answers are checked (default compare)")
        void verify(String v) {
            builder.verify(VerifyMode.parse(v));
        }

        @Option(names = "--servlet-args", paramLabel = "\"A B\"", description = "servlet arguments, space-separated")
        void servletArgs(String v) {
            Arrays.stream(v.trim().split("\\s+")).filter(a -> !a.isEmpty()).forEach(builder::addServletArg);
        }

        @Option(names = "--servlet-arg", paramLabel = "ARG", description = "one servlet argument")
        void servletArg(String v) {
            builder.addServletArg(v);
        }

        @Option(names = "--output", paramLabel = "DIR", description = "where the results go (default benchmarks/target/results)")
        void output(Path v) {
            builder.outputDir(v);
        }

        @Option(names = "--deflater-threads", paramLabel = "N", description = "threads of the parallel zlib measurement (default 2)")
        void deflaterThreads(int v) {
            builder.deflaterThreads(v);
        }

        @Option(names = "--command", paramLabel = "TEXT", description = "how the run was started, for the report")
        void command(String v) {
            builder.command(v);
        }

        @Option(names = "--peer-url", paramLabel = "URL",
                description = "measure this running servlet beside ours, cell by cell (e.g. http://127.0.0.1:8080/Frontier/Frontier); same data")
        void peerUrl(String v) {
            builder.peerUrl = ServletAddress.parse(v);
        }

        @Option(names = "--peer-start", paramLabel = "COMMAND", description = "start a servlet to measure beside ours with this shell command"
                + " (environment: FRONTIER_PORT, FRONTIER_DB_URL, FRONTIER_DB_USER, FRONTIER_DB_PASSWORD; e.g."
                + " \"benchmarks/peers/frontier-3.42/start.sh /tmp/frontier-3.42\")")
        void peerStart(String v) {
            builder.peerStart = v;
        }

        @Option(names = "--peer-path", paramLabel = "PATH", description = "the started peer's servlet path (default /Frontier/Frontier)")
        void peerPath(String v) {
            builder.peerPath = v;
        }

        @Option(names = "--peer-name", paramLabel = "TEXT", description = "the peer's name in the report (default: production servlet 3.42)")
        void peerName(String v) {
            builder.peerName = v;
        }

        @Option(names = "--sdk-client", arity = "1", paramLabel = "true|false",
                description = "measure every servlet cell again with the Java SDK as the client (default false)")
        void sdkClient(boolean v) {
            builder.sdkClient(v);
        }
    }

    /** Mutable builder with the defaults of the full run. Not thread-safe. */
    public static final class Builder {
        private List<Integer> zipLevels = List.of(0, 1, 5, 9);
        private List<Integer> clientCounts = List.of(1, 2, 4);
        private Duration warmup = Duration.ofSeconds(3);
        private Duration measure = Duration.ofSeconds(10);
        private String query = DEFAULT_QUERY;
        private VerifyMode verify = VerifyMode.COMPARE;
        private final List<String> servletArgs = new ArrayList<>(List.of("--logging.level.root=WARN"));
        private Path outputDir;
        private int deflaterThreads = 2;
        private String command;
        private ServletAddress peerUrl;
        private String peerStart;
        private String peerPath = "/Frontier/Frontier";
        private String peerName = "production servlet 3.42";
        private boolean sdkClient;

        private Builder() {
        }

        public Builder zipLevels(List<Integer> v) {
            zipLevels = v;
            return this;
        }

        public Builder clientCounts(List<Integer> v) {
            clientCounts = v;
            return this;
        }

        public Builder warmup(Duration v) {
            warmup = v;
            return this;
        }

        public Builder measure(Duration v) {
            measure = v;
            return this;
        }

        public Builder query(String v) {
            query = v;
            return this;
        }

        public Builder verify(VerifyMode v) {
            verify = v;
            return this;
        }

        /**
         * Appends a servlet argument. A later {@code --x=...} replaces an earlier {@code --x=...}:
         * Spring Boot would join repeated options with commas instead.
         */
        public Builder addServletArg(String v) {
            Objects.requireNonNull(v, "servlet argument is null");
            int eq = v.indexOf('=');
            if (v.startsWith("--") && eq > 0) {
                String prefix = v.substring(0, eq + 1);
                servletArgs.removeIf(a -> a.startsWith(prefix));
            }
            servletArgs.add(v);
            return this;
        }

        public Builder outputDir(Path v) {
            outputDir = v;
            return this;
        }

        public Builder deflaterThreads(int v) {
            deflaterThreads = v;
            return this;
        }

        public Builder command(String v) {
            command = v;
            return this;
        }

        public Builder sdkClient(boolean v) {
            sdkClient = v;
            return this;
        }

        public BenchmarkConfig build() {
            Optional<Peer> peer = peerUrl == null && peerStart == null ? Optional.empty()
                    : Optional.of(new Peer(peerName, Optional.ofNullable(peerUrl), Optional.ofNullable(peerStart), peerPath));
            return new BenchmarkConfig(zipLevels, clientCounts, warmup, measure, query, verify, servletArgs,
                    Optional.ofNullable(outputDir), deflaterThreads, Optional.ofNullable(command), peer, sdkClient);
        }
    }
}
