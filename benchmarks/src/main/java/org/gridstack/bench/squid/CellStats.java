package org.gridstack.bench.squid;

import java.util.Locale;
import java.util.Objects;

/**
 * One measured cell: an access method at one zip level and concurrency.
 *
 * @param bytes response body bytes (wire, as received) of the counted queries
 * @param jvmCores cores this JVM kept busy (clients; for direct and hard-refresh also the servlet)
 * @param squidCores cores the Squid process kept busy
 * @param postgresCores cores the embedded PostgreSQL kept busy
 * @param hitRatio memory hits among the Squid log lines of the cell; NaN without Squid
 */
record CellStats(AccessMethod method, int zip, int clients, long queries, double seconds, long bytes,
                 double jvmCores, double squidCores, double postgresCores, double hitRatio) {
    CellStats {
        Objects.requireNonNull(method, "method is null");
    }

    double queriesPerSecond() {
        return queries / seconds;
    }

    double megabytesPerSecond() {
        return bytes / 1e6 / seconds;
    }

    /** JVM CPU milliseconds per query. */
    double jvmCpuMillisPerQuery() {
        return queries == 0 ? Double.NaN : jvmCores * seconds * 1000 / queries;
    }

    double squidCpuMillisPerQuery() {
        return queries == 0 ? Double.NaN : squidCores * seconds * 1000 / queries;
    }

    String markdownRow() {
        return String.format(Locale.ROOT, "| %s | %d | %d | %.0f | %.1f | %.2f | %.2f | %.2f | %.2f | %.2f | %s |",
                method.label(), zip, clients, queriesPerSecond(), megabytesPerSecond(), jvmCores, jvmCpuMillisPerQuery(),
                squidCores, squidCpuMillisPerQuery(), postgresCores,
                Double.isNaN(hitRatio) ? "-" : String.format(Locale.ROOT, "%.0f %%", hitRatio * 100));
    }

    static String markdownHeader() {
        return """
                | access method | zip | clients | queries/s | MB/s (wire) | client JVM cores | client CPU ms/query | Squid cores | Squid CPU ms/query | PostgreSQL cores | Squid memory hits |
                |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
                """;
    }
}
