package org.gridstack.bench.answers;

import java.util.Locale;

/**
 * A table whose whole content is one answer of a given size and compressibility, generated inside
 * PostgreSQL (no data file): rows of {@link #ROW_BYTES} bytes of {@code bytea}, each the first
 * {@code (100 - c) %} taken from chained MD5 digests (pseudo-random, so zlib cannot shrink them)
 * followed by zero bytes (which zlib shrinks to almost nothing). The answer's compressibility (the
 * share zlib saves, as the thesis's experiment 2.2 defines it) is therefore close to {@code c};
 * the benchmark measures the real one. Immutable.
 *
 * @param megabytes answer size in MB (10^6 bytes of values)
 * @param compressibilityPercent share of each value that is zeros
 */
record ShapeTable(int megabytes, int compressibilityPercent) {
    static final int ROW_BYTES = 10_000;

    ShapeTable {
        if (megabytes < 1 || megabytes > 100) {
            throw new IllegalArgumentException("answer sizes are 1..100 MB, got " + megabytes);
        }
        if (compressibilityPercent < 0 || compressibilityPercent > 99) {
            throw new IllegalArgumentException("compressibility is 0..99 %, got " + compressibilityPercent);
        }
    }

    String name() {
        return String.format(Locale.ROOT, "shape_%dmb_c%d", megabytes, compressibilityPercent);
    }

    int rows() {
        return megabytes * 1_000_000 / ROW_BYTES;
    }

    long valueBytes() {
        return (long) rows() * ROW_BYTES;
    }

    String query() {
        return "select v from " + name();
    }

    /** The statements that create and fill the table (for the servlet's demo schema script). */
    String createStatements() {
        int zeros = ROW_BYTES * compressibilityPercent / 100;
        int random = ROW_BYTES - zeros;
        int digests = (random + 15) / 16;
        return String.format(Locale.ROOT, """
                CREATE TABLE %1$s AS
                  SELECT i AS id, substring(r.b from 1 for %2$d) || decode(repeat('00', %3$d), 'hex') AS v
                  FROM generate_series(1, %4$d) i,
                       LATERAL (SELECT decode(string_agg(md5(i::text || ':' || j::text || ':%1$s'), ''), 'hex') AS b
                                FROM generate_series(1, %5$d) j) r;
                """, name(), random, zeros, rows(), digests);
    }
}
