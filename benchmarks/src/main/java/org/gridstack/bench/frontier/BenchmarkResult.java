package org.gridstack.bench.frontier;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.gridstack.bench.kit.HostMonitor;
import java.util.OptionalDouble;

/**
 * Everything one throughput run measured, plus what it ran on and how it was started. Immutable.
 *
 * @param startedAt when the run began (local time with offset)
 * @param elapsed wall time of the whole run
 * @param command how the run was started
 * @param dataset where the data came from
 * @param postgresVersion the embedded PostgreSQL's version
 * @param servletCommand the servlet's command line (password masked)
 * @param rowStreamBytes full_size of one answer
 * @param records data records of one answer
 * @param peer the peer servlet measured beside ours, when the run had one
 * @param servlet one entry per zip level and client count (the plain keep-alive client)
 * @param sdk the same cells with the Java SDK as the client, when the run measured it
 * @param jdbc one entry per client count
 * @param deflater zlib alone, per zip level >= 1: one thread, then the parallel stream
 * @param host the machine and the processes under test, sampled every second over the run
 */
public record BenchmarkResult(OffsetDateTime startedAt, Duration elapsed, MachineInfo machine, String command, BenchmarkConfig config,
                              String dataset, String postgresVersion, List<String> servletCommand, long rowStreamBytes, long records,
                              List<ServletMeasurement> servlet, List<ServletMeasurement> sdk, List<JdbcMeasurement> jdbc,
                              List<DeflaterThroughput.Stats> deflater, List<HostMonitor.Sample> host, Optional<PeerRun> peer) {
    /**
     * The peer servlet's side of the run: the same cells as ours, measured right after each of
     * ours.
     *
     * @param name the peer's name in the report
     * @param address where it answered
     * @param command how the run started it; empty when it was already running
     * @param servlet its cells with the plain keep-alive client
     * @param sdk its cells with the Java SDK as the client, when the run measured it
     */
    public record PeerRun(String name, ServletAddress address, Optional<String> command, List<ServletMeasurement> servlet,
                          List<ServletMeasurement> sdk) {
        public PeerRun {
            Objects.requireNonNull(name, "name is null");
            Objects.requireNonNull(address, "address is null");
            Objects.requireNonNull(command, "command is null");
            servlet = List.copyOf(servlet);
            sdk = List.copyOf(sdk);
        }

        public Optional<ServletMeasurement> servlet(int zipLevel, int clients) {
            return find(servlet, zipLevel, clients);
        }

        public Optional<ServletMeasurement> sdk(int zipLevel, int clients) {
            return find(sdk, zipLevel, clients);
        }
    }

    private static Optional<ServletMeasurement> find(List<ServletMeasurement> cells, int zipLevel, int clients) {
        return cells.stream().filter(m -> m.zipLevel() == zipLevel && m.stats().clients() == clients).findFirst();
    }

    public BenchmarkResult {
        Objects.requireNonNull(startedAt, "startedAt is null");
        Objects.requireNonNull(elapsed, "elapsed is null");
        Objects.requireNonNull(machine, "machine is null");
        Objects.requireNonNull(command, "command is null");
        Objects.requireNonNull(config, "config is null");
        Objects.requireNonNull(dataset, "dataset is null");
        Objects.requireNonNull(postgresVersion, "postgresVersion is null");
        servletCommand = List.copyOf(servletCommand);
        servlet = List.copyOf(servlet);
        sdk = List.copyOf(sdk);
        jdbc = List.copyOf(jdbc);
        deflater = List.copyOf(deflater);
        host = List.copyOf(host);
        Objects.requireNonNull(peer, "peer is null");
    }

    /** The peer's queries/s in the cell, when a peer was measured. */
    public OptionalDouble peerQueriesPerSecond(int zipLevel, int clients) {
        return peer.flatMap(p -> p.servlet(zipLevel, clients)).map(m -> OptionalDouble.of(m.stats().queriesPerSecond()))
                .orElse(OptionalDouble.empty());
    }

    /**
     * One servlet measurement.
     *
     * @param answersCompared answers found byte-identical to the checked reference
     * @param answersDecoded answers decoded in full (Base64, md5, zlib, records) and equal to it; with
     *                       the SDK as the client, every answer (the SDK decodes and checks, the row count is checked here)
     * @param connects TCP connections opened by the clients (keep-alive reuse shows as few); 0 for the
     *                 SDK, whose connection pool is its own
     */
    public record ServletMeasurement(int zipLevel, LoadStats stats, long answersCompared, long answersDecoded, long connects) {
        public long answersVerified() {
            return answersCompared + answersDecoded;
        }
    }

    /** One plain JDBC measurement; {@code answersChecked} counts answers whose row count and value length matched. */
    public record JdbcMeasurement(LoadStats stats, long answersChecked) {
    }

    public Optional<ServletMeasurement> servlet(int zipLevel, int clients) {
        return find(servlet, zipLevel, clients);
    }

    public Optional<ServletMeasurement> sdk(int zipLevel, int clients) {
        return find(sdk, zipLevel, clients);
    }

    public Optional<JdbcMeasurement> jdbc(int clients) {
        return jdbc.stream().filter(m -> m.stats().clients() == clients).findFirst();
    }

    /** Deflater alone on one thread at {@code zipLevel}. */
    public Optional<DeflaterThroughput.Stats> deflaterSingle(int zipLevel) {
        return deflater.stream().filter(d -> d.level() == zipLevel && d.threads() == 1).findFirst();
    }

    public Optional<DeflaterThroughput.Stats> deflaterParallel(int zipLevel) {
        return deflater.stream().filter(d -> d.level() == zipLevel && d.threads() > 1).findFirst();
    }
}
