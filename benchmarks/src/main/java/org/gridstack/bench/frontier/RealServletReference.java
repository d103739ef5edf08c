package org.gridstack.bench.frontier;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * What the issue reports for the real FroNtier servlet 3.42 on this kind of machine (2 cores shared
 * by client, servlet and PostgreSQL), for {@code select string from T_STRING}: queries/s at 1 and
 * 2 clients per zip level, a plain JDBC loop, and zlib alone on one core. Only meaningful for the
 * default query.
 */
final class RealServletReference {
    private static final Map<Integer, double[]> SERVLET_QPS = Map.of(
            0, new double[] {52, 85},
            1, new double[] {22, 46},
            5, new double[] {19, 37},
            9, new double[] {17, 35});
    private static final double[] JDBC_QPS = {334, 718};
    private static final Map<Integer, Double> ZLIB_MBPS = Map.of(1, 36.0, 5, 32.0, 9, 27.0);

    /** Zip 0 target: at least this times the real servlet. */
    static final double ZIP0_TIMES_REAL = 3.0;
    /** Zip 0 target: at least this times plain JDBC. */
    static final double ZIP0_TIMES_JDBC = 0.5;
    /** Zip >= 1 target: at least this times Deflater alone on one core. */
    static final double ZIP_TIMES_DEFLATER = 0.8;

    private RealServletReference() {
    }

    /** The real servlet's queries/s for the run's query (only the default query has references). */
    static OptionalDouble servletQps(BenchmarkConfig config, int zipLevel, int clients) {
        if (!config.query().equals(BenchmarkConfig.DEFAULT_QUERY)) {
            return OptionalDouble.empty();
        }
        double[] qps = SERVLET_QPS.get(zipLevel);
        return qps == null || clients < 1 || clients > qps.length ? OptionalDouble.empty() : OptionalDouble.of(qps[clients - 1]);
    }

    /** A plain JDBC loop's queries/s for the run's query (only the default query has references). */
    static OptionalDouble jdbcQps(BenchmarkConfig config, int clients) {
        if (!config.query().equals(BenchmarkConfig.DEFAULT_QUERY)) {
            return OptionalDouble.empty();
        }
        return clients < 1 || clients > JDBC_QPS.length ? OptionalDouble.empty() : OptionalDouble.of(JDBC_QPS[clients - 1]);
    }

    static OptionalDouble zlibMegabytesPerSecond(int zipLevel) {
        Double v = ZLIB_MBPS.get(zipLevel);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }
}
