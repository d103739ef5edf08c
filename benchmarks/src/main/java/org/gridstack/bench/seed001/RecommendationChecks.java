package org.gridstack.bench.seed001;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks seed 001's deployment recommendations ({@link ThreeWayReference#RECOMMENDATIONS}) and two
 * of its findings against one run, at the largest level measured: a design "keeps up" there when
 * it answered without errors and its throughput is at least 80 % of what the users offered
 * (users / (think time + mean response)). A tiny-scale run gets no verdicts (its levels are too
 * short to mean anything). Stateless.
 */
final class RecommendationChecks {
    /** One row: whose recommendation, the seed's words, what this run measured, the verdict. */
    record Row(String design, String seed, String ours, String verdict) {
    }

    static final String NO_VERDICT = "no verdict at tiny scale";

    private RecommendationChecks() {
    }

    static List<Row> judge(List<ThreeWayLevel> levels, long thinkMillis, boolean verdicts) {
        List<Row> out = new ArrayList<>();
        for (ThreeWayReference.Recommendation r : ThreeWayReference.RECOMMENDATIONS) {
            Optional<ThreeWayLevel> largest = largest(levels, r.design(), r.set(), QueryShape.WHOLE);
            if (largest.isEmpty()) {
                out.add(new Row(r.design().label(), r.text(), "-", "not measured"));
                continue;
            }
            ThreeWayLevel l = largest.get();
            boolean keepsUp = keepsUp(l, thinkMillis);
            String verdict;
            if (l.x() > r.limit()) {
                verdict = keepsUp ? "does not bind here: keeps up beyond the seed's limit"
                        : "applies here: falls behind beyond the seed's limit";
            } else {
                verdict = keepsUp ? "holds up to the largest level measured (not measured beyond the limit)"
                        : "a limit applies already below the seed's";
            }
            out.add(new Row(r.design().label(), r.text() + " (set " + r.set().number() + ")", describe(l, thinkMillis),
                    verdicts ? verdict : NO_VERDICT));
        }
        out.add(constraints(levels, verdicts));
        return List.copyOf(out);
    }

    /** Hawkeye's last recommendation: constraints (and, here, projections) shrink answers and their cost. */
    private static Row constraints(List<ThreeWayLevel> levels, boolean verdicts) {
        String seed = "add constraints to the query to reduce the result size and the communication cost (set 4)";
        Optional<ThreeWayLevel> whole = largest(levels, Design.HAWKEYE, SeedSet.AGGREGATE_SERVERS, QueryShape.WHOLE);
        Optional<ThreeWayLevel> narrow = largest(levels, Design.HAWKEYE, SeedSet.AGGREGATE_SERVERS,
                QueryShape.ONE_PERCENT_TWO_ATTRIBUTES);
        if (whole.isEmpty() || narrow.isEmpty() || whole.get().x() != narrow.get().x()) {
            return new Row(Design.HAWKEYE.label(), seed, "-", "not measured");
        }
        ThreeWayLevel w = whole.get();
        ThreeWayLevel n = narrow.get();
        String ours = String.format(Locale.ROOT, "%d agents: all ads %.0f KB, median %s ms; 1 %% constraint with two attributes"
                + " %.1f KB, median %s ms", w.x(), w.answerBytes() / 1000.0, ThreeWayLevel.fmt(w.medianMillis()),
                n.answerBytes() / 1000.0, ThreeWayLevel.fmt(n.medianMillis()));
        boolean holds = n.result().errors() == 0 && n.result().queries() > 0 && n.medianMillis() < w.medianMillis();
        return new Row(Design.HAWKEYE.label(), seed, ours, verdicts ? (holds ? "holds" : "does not hold here") : NO_VERDICT);
    }

    static boolean keepsUp(ThreeWayLevel l, long thinkMillis) {
        if (l.result().queries() == 0 || l.result().errors() > 0) {
            return false;
        }
        return l.queriesPerSecond() >= 0.8 * offered(l, thinkMillis);
    }

    static double offered(ThreeWayLevel l, long thinkMillis) {
        return l.users() / ((thinkMillis + l.result().latency().meanMillis()) / 1000.0);
    }

    private static String describe(ThreeWayLevel l, long thinkMillis) {
        if (l.result().queries() == 0) {
            return String.format(Locale.ROOT, "%s %d (%d users): no query finished in the measured interval, %d errors",
                    l.set().xLabel(), l.x(), l.users(), l.result().errors());
        }
        return String.format(Locale.ROOT, "%s %d (%d users): %.1f queries/s of %.1f offered, median %s ms, %d errors",
                l.set().xLabel(), l.x(), l.users(), l.queriesPerSecond(), offered(l, thinkMillis), ThreeWayLevel.fmt(l.medianMillis()),
                l.result().errors());
    }

    static Optional<ThreeWayLevel> largest(List<ThreeWayLevel> levels, Design d, SeedSet s, QueryShape q) {
        return levels.stream().filter(l -> l.design() == d && l.set() == s && l.shape() == q)
                .max(Comparator.comparingInt(ThreeWayLevel::x));
    }
}
