package org.gridstack.bench.frontier;

import org.gridstack.bench.kit.LevelResult;

/**
 * What one load run measured.
 *
 * @param clients concurrent clients, each with its own connection
 * @param completedQueries every query completed, warm-up and stragglers after the interval included
 * @param warmupQueries queries completed during warm-up (not counted)
 * @param queries queries completed inside the measured interval
 * @param seconds length of the measured interval
 * @param wireBytes response body bytes (HTTP) or value bytes (JDBC) of the counted queries
 * @param payloadBytes row-stream bytes, i.e. full_size (HTTP), or value bytes (JDBC)
 * @param p50Millis median latency of the counted queries
 * @param p99Millis 99th percentile latency of the counted queries
 * @param cpu cores kept busy during the measured interval, per party
 * @param level everything the load driver measured (per-client counts and means, instant throughput)
 */
public record LoadStats(int clients, long completedQueries, long warmupQueries, long queries, double seconds, long wireBytes, long payloadBytes,
                        double p50Millis, double p99Millis, CpuSampler.Usage cpu, LevelResult level) {
    static final double MB = 1_000_000.0;

    /** The driver's result of one level, with the CPU use measured over it. */
    static LoadStats of(LevelResult r, CpuSampler.Usage cpu) {
        return new LoadStats(r.clients(), r.completedQueries(), r.warmupQueries(), r.queries(), r.seconds(), r.wireBytes(),
                r.payloadBytes(), r.latency().p50Millis(), r.latency().p99Millis(), cpu, r);
    }

    public double queriesPerSecond() {
        return queries / seconds;
    }

    public double wireMegabytesPerSecond() {
        return wireBytes / MB / seconds;
    }

    public double payloadMegabytesPerSecond() {
        return payloadBytes / MB / seconds;
    }

    /** CPU milliseconds the benchmark's client JVM spent per counted query. */
    public double clientCpuMillisPerQuery() {
        return queries == 0 ? Double.NaN : cpu.client() * seconds * 1000.0 / queries;
    }
}
