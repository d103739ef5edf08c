package org.gridstack.bench.squid;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.gridstack.bench.kit.RunScale;
import org.gridstack.bench.kit.report.Headline;
import org.gridstack.bench.kit.report.TextTable;

/**
 * The targets, per zip level and concurrency, judged for the 1 MB answer only (the size
 * the references were measured with); for the other sizes the same ratios are reported without a
 * verdict. SDK via a Squid hit at least 90 % of the plain HTTP client's queries/s at the same
 * concurrency (against the keep-alive plain client, the fair one once the SDK reuses connections,
 * and the close-per-request one, the fair one before); SDK at least 2x the real C client through
 * Squid (reference 69-168 queries/s; compared with the best, 168, so 2x = 336); JDBC driver under
 * 10 % slower than the SDK.
 */
final class SquidTargets {
    static final double C_CLIENT_BEST_QPS = 168;
    static final double C_CLIENT_WORST_QPS = 69;
    /** Plain HTTP clients through the same kind of Squid on the reference machine, by clients (from the issue). */
    static final Map<Integer, Double> PLAIN_REFERENCE_QPS = Map.of(1, 296.0, 2, 395.0, 4, 452.0);

    private SquidTargets() {
    }

    static String markdown(List<CellStats> cells, Workload size) {
        boolean judged = size == Workload.MB_1;
        TextTable table = (judged
                ? TextTable.of("zip", "clients", "SDK / plain keep-alive (target >= 0.90)", "SDK / plain close (target >= 0.90)",
                        "SDK / C client best 168 q/s (target >= 2)", "SDK / C client worst 69 q/s", "JDBC driver overhead vs SDK (target < 10 %)",
                        "plain close / reference plain q/s (296/395/452)")
                : TextTable.of("zip", "clients", "SDK / plain keep-alive", "SDK / plain close", "JDBC driver overhead vs SDK")).alignRightFrom(0);
        cells.stream().filter(c -> c.workload() == size && c.zip() != CellStats.NO_ZIP)
                .map(c -> List.of(c.zip(), c.clients())).distinct().forEach(key -> {
                    int zip = key.get(0);
                    int clients = key.get(1);
                    Optional<CellStats> sdk = find(cells, AccessMethod.SDK_SQUID_HIT, size, zip, clients);
                    if (sdk.isEmpty()) {
                        return;
                    }
                    Optional<CellStats> keepAlive = find(cells, AccessMethod.PLAIN_HTTP_KEEPALIVE_SQUID_HIT, size, zip, clients);
                    Optional<CellStats> close = find(cells, AccessMethod.PLAIN_HTTP_SQUID_HIT, size, zip, clients);
                    Optional<CellStats> driver = find(cells, AccessMethod.JDBC_DRIVER_SQUID_HIT, size, zip, clients);
                    // a cell without a counted query (too short for the load) has no ratio
                    double q = sdk.get().queries() == 0 ? Double.NaN : sdk.get().queriesPerSecond();
                    String vsKeepAlive = keepAlive.map(p -> verdict(q / p.queriesPerSecond(), "%.2f", q / p.queriesPerSecond() >= 0.9, judged)).orElse("-");
                    String vsClose = close.map(p -> verdict(q / p.queriesPerSecond(), "%.2f", q / p.queriesPerSecond() >= 0.9, judged)).orElse("-");
                    String overhead = driver.map(j -> {
                        double o = (q / j.queriesPerSecond() - 1) * 100;
                        return verdict(o, "%+.1f %%", o < 10, judged);
                    }).orElse("-");
                    if (judged) {
                        Double reference = PLAIN_REFERENCE_QPS.get(clients);
                        table.row(zip, clients, vsKeepAlive, vsClose, verdict(q / C_CLIENT_BEST_QPS, "%.2f", q / C_CLIENT_BEST_QPS >= 2, true),
                                verdict(q / C_CLIENT_WORST_QPS, "%.2f", true, false), overhead,
                                reference == null ? "-" : close.map(p -> String.format(Locale.ROOT, "%.2f", p.queriesPerSecond() / reference)).orElse("-"));
                    } else {
                        table.row(zip, clients, vsKeepAlive, vsClose, overhead);
                    }
                });
        return table.markdown();
    }

    private static String verdict(double value, String format, boolean met, boolean judged) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "-"; // a cell without a counted query (too short a cell for the load)
        }
        String v = String.format(Locale.ROOT, format, value);
        return judged && RunScale.judges() ? v + (met ? " met" : " **missed**") : v;
    }

    /**
     * The run's headline: the SDK through a Squid hit over the best reference the run measured
     * beside it, at the largest answer, zip level and client count they share: the plain HTTP
     * keep-alive client through the same Squid (target 0.90, set for the 1 MB answer), else direct
     * JDBC to PostgreSQL, else the SDK direct to the servlet (what the cache saves, as over the
     * WAN). A run without the Squid hit (the SDK direct to the servlet alone) has no reference and
     * states the SDK's own rate.
     */
    static Headline headline(List<CellStats> cells) {
        return pair(cells, AccessMethod.PLAIN_HTTP_KEEPALIVE_SQUID_HIT, "plain keep-alive client via Squid", "plain HTTP keep-alive (this run)", 0.9)
                .or(() -> pair(cells, AccessMethod.DIRECT_JDBC, "direct JDBC", "direct JDBC to PostgreSQL (this run)", null))
                .or(() -> pair(cells, AccessMethod.SDK_DIRECT, "SDK direct to the servlet", "SDK direct (this run)", null))
                .orElseGet(() -> {
                    Optional<CellStats> direct = cells.stream().filter(c -> c.method() == AccessMethod.SDK_DIRECT).max(LARGEST);
                    return Headline.withoutReference(direct.map(c -> "SDK direct to the servlet, queries/s at " + where(c)).orElse("queries/s"),
                            direct.map(SquidTargets::rate).orElse(Double.NaN), "queries/s", true);
                });
    }

    private static final Comparator<CellStats> LARGEST = Comparator.comparingInt((CellStats c) -> c.workload().ordinal())
            .thenComparingInt(CellStats::zip).thenComparingInt(CellStats::clients);

    private static Optional<Headline> pair(List<CellStats> cells, AccessMethod reference, String versus, String referenceName, Double target) {
        return cells.stream().filter(c -> c.method() == AccessMethod.SDK_SQUID_HIT).sorted(LARGEST.reversed())
                .flatMap(hit -> cells.stream().filter(r -> r.method() == reference && r.workload() == hit.workload() && r.clients() == hit.clients()
                        && (r.zip() == hit.zip() || r.zip() == CellStats.NO_ZIP)).findFirst().map(r -> List.of(hit, r)).stream())
                .findFirst()
                .map(p -> new Headline("SDK via a Squid hit vs " + versus + ", queries/s at " + where(p.get(0)), rate(p.get(0)), rate(p.get(1)),
                        referenceName, "queries/s", true, p.get(0).workload() == Workload.MB_1 ? target : null));
    }

    private static String where(CellStats c) {
        return String.format(Locale.ROOT, "%s, zip %d, %d %s", c.workload().label(), c.zip(), c.clients(), c.clients() == 1 ? "client" : "clients");
    }

    /** queries/s of a cell; NaN for a cell without a counted query. */
    private static double rate(CellStats c) {
        return c.queries() == 0 ? Double.NaN : c.queriesPerSecond();
    }

    static Optional<CellStats> find(List<CellStats> cells, AccessMethod m, Workload size, int zip, int clients) {
        return cells.stream().filter(c -> c.method() == m && c.workload() == size && c.zip() == zip && c.clients() == clients).findFirst();
    }
}
