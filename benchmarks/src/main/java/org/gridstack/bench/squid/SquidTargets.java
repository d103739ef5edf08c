package org.gridstack.bench.squid;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The targets, per zip level and concurrency: SDK via a Squid hit at least 90 % of the
 * plain HTTP client's queries/s; SDK at least 2x the real C client through Squid (reference
 * 69-168 queries/s measured on this kind of machine; compared with the best, 168, so 2x = 336);
 * JDBC driver under 10 % slower than the SDK.
 */
final class SquidTargets {
    static final double C_CLIENT_BEST_QPS = 168;
    static final double C_CLIENT_WORST_QPS = 69;

    private SquidTargets() {
    }

    static String markdown(List<CellStats> cells) {
        StringBuilder s = new StringBuilder("""
                | zip | clients | SDK / plain HTTP (target >= 0.90) | SDK / C client best 168 q/s (target >= 2) | SDK / C client worst 69 q/s | JDBC overhead vs SDK (target < 10 %) |
                |---:|---:|---:|---:|---:|---:|
                """);
        cells.stream().map(c -> List.of(c.zip(), c.clients())).distinct().forEach(key -> {
            int zip = key.get(0);
            int clients = key.get(1);
            Optional<CellStats> plain = find(cells, AccessMethod.PLAIN_HTTP_SQUID_HIT, zip, clients);
            Optional<CellStats> sdk = find(cells, AccessMethod.SDK_SQUID_HIT, zip, clients);
            Optional<CellStats> jdbc = find(cells, AccessMethod.JDBC_SQUID_HIT, zip, clients);
            if (sdk.isEmpty()) {
                return;
            }
            double q = sdk.get().queriesPerSecond();
            s.append(String.format(Locale.ROOT, "| %d | %d | %s | %s | %.2f | %s |%n", zip, clients,
                    plain.map(p -> verdict(q / p.queriesPerSecond(), "%.2f", q / p.queriesPerSecond() >= 0.9)).orElse("-"),
                    verdict(q / C_CLIENT_BEST_QPS, "%.2f", q / C_CLIENT_BEST_QPS >= 2), q / C_CLIENT_WORST_QPS,
                    jdbc.map(j -> {
                        double overhead = (q / j.queriesPerSecond() - 1) * 100;
                        return verdict(overhead, "%+.1f %%", overhead < 10);
                    }).orElse("-")));
        });
        return s.toString();
    }

    private static String verdict(double value, String format, boolean met) {
        return String.format(Locale.ROOT, format, value) + (met ? " met" : " **missed**");
    }

    private static Optional<CellStats> find(List<CellStats> cells, AccessMethod m, int zip, int clients) {
        return cells.stream().filter(c -> c.method() == m && c.zip() == zip && c.clients() == clients).findFirst();
    }
}
