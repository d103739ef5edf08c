package org.gridstack.bench.mds;

import org.gridstack.bench.kit.TargetVerdict;
import org.gridstack.bench.kit.report.Headline;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The targets of issue 11 judged on one run's levels: (1) our cached GIIS at N = 100 answers at
 * least 1.5 times slapd's queries/min at every measured client count from 4 to 800; (2) at N = 1
 * at least slapd's, at every client count; (3) Jain's fairness index at least 0.95 on every level
 * of our GIIS (cached and chained) and XML index with more than one client (slapd and the BDII are
 * the peers; the lowest level of each of ours is named); (4) our XML index at N = 100 peaks at
 * least 10 times seed 002's MDS4 peak there (1,500 queries/min, so 15,000). A target whose levels
 * were not measured says so instead of a verdict. Stateless.
 */
final class MdsTargets {
    static final double GIIS_OVER_SLAPD_AT_100 = 1.5;
    static final double JAIN_AT_LEAST = 0.95;
    static final double INDEX_OVER_MDS4 = 10;

    private MdsTargets() {
    }

    static List<TargetVerdict> judge(List<MdsLevel> levels) {
        List<TargetVerdict> out = new ArrayList<>();
        out.add(giisOverSlapd(levels, 100, GIIS_OVER_SLAPD_AT_100, 4, "cached GIIS >= 1.5 x slapd at N = 100, every client count 4..800"));
        out.add(giisOverSlapd(levels, 1, 1.0, 1, "cached GIIS >= slapd at N = 1, every client count"));
        out.add(fairness(levels));
        double mds4 = Seed002Reference.mds4Peak(100).orElseThrow();
        Optional<MdsLevel> best = levels.stream().filter(l -> l.server() == IndexServer.XML_INDEX && l.entries() == 100)
                .max((a, b) -> Double.compare(a.queriesPerMinute(), b.queriesPerMinute()));
        out.add(best.map(b -> new TargetVerdict("XML index >= 10 x seed 002's MDS4 peak at N = 100 (15,000 queries/min)",
                        String.format(Locale.ROOT, "%,.0f queries/min at %d clients = %.1f x", b.queriesPerMinute(), b.clients(),
                                b.queriesPerMinute() / mds4), b.queriesPerMinute() >= INDEX_OVER_MDS4 * mds4 ? "met" : "missed"))
                .orElse(new TargetVerdict("XML index >= 10 x seed 002's MDS4 peak at N = 100 (15,000 queries/min)", "-", "not measured")));
        return List.copyOf(out);
    }

    /** Our servers only (the GIIS in both modes, the XML index): slapd and the BDII are the peers, not the subject. */
    private static boolean ours(IndexServer s) {
        return s == IndexServer.GIIS_CACHED || s == IndexServer.GIIS_CHAINED || s == IndexServer.XML_INDEX;
    }

    /** Jain's index of every level of our servers with more than one client: the lowest of each server, verdict on the lowest of all. */
    private static TargetVerdict fairness(List<MdsLevel> levels) {
        String target = "Jain's index >= 0.95 (our servers, > 1 client)";
        double worst = Double.POSITIVE_INFINITY;
        List<String> each = new ArrayList<>();
        for (IndexServer server : IndexServer.values()) {
            if (!ours(server)) {
                continue;
            }
            MdsLevel low = null;
            for (MdsLevel l : levels) {
                if (l.server() == server && l.clients() > 1 && (low == null || l.result().jainFairness() < low.result().jainFairness())) {
                    low = l;
                }
            }
            if (low != null) {
                worst = Math.min(worst, low.result().jainFairness());
                each.add(String.format(Locale.ROOT, "%s %.3f (N = %d, %d clients)", server.label(), low.result().jainFairness(),
                        low.entries(), low.clients()));
            }
        }
        if (each.isEmpty()) {
            return new TargetVerdict(target, "-", "not measured");
        }
        return new TargetVerdict(target, "lowest: " + String.join("; ", each), worst >= JAIN_AT_LEAST ? "met" : "missed");
    }

    /**
     * The run's headline for the suite's front page: our cached GIIS's queries/min over slapd's
     * (measured in the same run) at the largest N both served, at the most clients both had; the
     * target (1.5 x) only at N = 100, where the issue sets it. Empty when no pair was measured.
     */
    static Optional<Headline> headline(List<MdsLevel> levels) {
        MdsLevel bestGiis = null;
        MdsLevel bestSlapd = null;
        for (MdsLevel g : levels) {
            if (g.server() != IndexServer.GIIS_CACHED) {
                continue;
            }
            Optional<MdsLevel> s = levels.stream().filter(l -> l.server() == IndexServer.SLAPD && l.entries() == g.entries()
                    && l.clients() == g.clients()).findFirst();
            if (s.isPresent() && (bestGiis == null || g.entries() > bestGiis.entries()
                    || (g.entries() == bestGiis.entries() && g.clients() > bestGiis.clients()))) {
                bestGiis = g;
                bestSlapd = s.get();
            }
        }
        if (bestGiis == null) {
            return Optional.empty();
        }
        return Optional.of(new Headline(String.format(Locale.ROOT, "cached GIIS vs slapd, queries/min at N = %d, %d clients", bestGiis.entries(),
                bestGiis.clients()), bestGiis.queriesPerMinute(), bestSlapd.queriesPerMinute(), "slapd (this run)", "queries/min", true,
                bestGiis.entries() == 100 ? GIIS_OVER_SLAPD_AT_100 : null));
    }

    private static TargetVerdict giisOverSlapd(List<MdsLevel> levels, int entries, double factor, int fromClients, String target) {
        double worst = Double.POSITIVE_INFINITY;
        int at = 0;
        for (MdsLevel g : levels) {
            if (g.server() != IndexServer.GIIS_CACHED || g.entries() != entries || g.clients() < fromClients) {
                continue;
            }
            Optional<MdsLevel> s = levels.stream().filter(l -> l.server() == IndexServer.SLAPD && l.entries() == entries
                    && l.clients() == g.clients()).findFirst();
            if (s.isPresent() && s.get().queriesPerMinute() > 0) {
                double ratio = g.queriesPerMinute() / s.get().queriesPerMinute();
                if (ratio < worst) {
                    worst = ratio;
                    at = g.clients();
                }
            }
        }
        if (Double.isInfinite(worst)) {
            return new TargetVerdict(target, "-", "not measured");
        }
        return new TargetVerdict(target, String.format(Locale.ROOT, "lowest GIIS/slapd %.2f x (at %d clients)", worst, at),
                worst >= factor ? "met" : "missed");
    }
}
