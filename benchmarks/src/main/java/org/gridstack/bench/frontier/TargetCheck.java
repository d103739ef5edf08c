package org.gridstack.bench.frontier;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.gridstack.bench.kit.report.Headline;

/**
 * One target of the issue, evaluated on a result.
 *
 * @param target what is required, in words
 * @param measured the measured value
 * @param required the bound
 * @param strict whether the measured value must exceed the bound (else reach it)
 * @param unit unit of both numbers
 * @param atMost whether the bound is an upper one (times: the measured value must not exceed it)
 */
public record TargetCheck(String target, double measured, double required, boolean strict, String unit, boolean atMost) {
    public TargetCheck(String target, double measured, double required, boolean strict, String unit) {
        this(target, measured, required, strict, unit, false);
    }

    /** A target met when {@code measured <= bound}. */
    static TargetCheck atMost(String target, double measured, double bound, String unit) {
        return new TargetCheck(target, measured, bound, false, unit, true);
    }

    public boolean met() {
        if (atMost) {
            return measured <= required;
        }
        return strict ? measured > required : measured >= required;
    }

    /** How the measured value must relate to the bound: {@code >}, {@code >=} or {@code <=}. */
    public String relation() {
        return atMost ? "<=" : strict ? ">" : ">=";
    }

    /**
     * The targets: at zip 0 at least 3x the real servlet 3.42 and 0.5x plain JDBC; at zip
     * >= 1 at least 0.8x Deflater alone on one core, and with one client more than one core's worth.
     * Targets whose reference is missing from the result (e.g. no 2-client run) are left out. With a
     * peer servlet measured in the run, its numbers replace the old figures
     * ({@link #peerTargets}).
     */
    static List<TargetCheck> evaluate(BenchmarkResult r) {
        List<TargetCheck> checks = new ArrayList<>();
        for (BenchmarkResult.ServletMeasurement m : r.servlet()) {
            int level = m.zipLevel();
            int clients = m.stats().clients();
            String where = "zip " + level + ", " + clients + (clients == 1 ? " client" : " clients");
            if (r.peer().isPresent()) {
                peerTargets(r, m, where, checks);
            }
            if (level == 0) {
                OptionalDouble real = r.peer().isPresent() ? OptionalDouble.empty() : RealServletReference.servletQps(r.config(), 0, clients);
                if (real.isPresent()) {
                    checks.add(new TargetCheck(where + ": >= " + fmt(RealServletReference.ZIP0_TIMES_REAL) + "x real servlet 3.42 ("
                            + fmt(real.getAsDouble()) + " q/s)", m.stats().queriesPerSecond(),
                            RealServletReference.ZIP0_TIMES_REAL * real.getAsDouble(), false, "q/s"));
                }
                r.jdbc(clients).ifPresent(j -> checks.add(new TargetCheck(where + ": >= " + fmt(RealServletReference.ZIP0_TIMES_JDBC)
                        + "x plain JDBC (" + fmt(j.stats().queriesPerSecond()) + " q/s measured)", m.stats().queriesPerSecond(),
                        RealServletReference.ZIP0_TIMES_JDBC * j.stats().queriesPerSecond(), false, "q/s")));
            } else {
                r.deflaterSingle(level).ifPresent(d -> {
                    checks.add(new TargetCheck(where + ": >= " + fmt(RealServletReference.ZIP_TIMES_DEFLATER) + "x Deflater alone on one core ("
                            + fmt(d.megabytesPerSecond()) + " MB/s measured)", m.stats().payloadMegabytesPerSecond(),
                            RealServletReference.ZIP_TIMES_DEFLATER * d.megabytesPerSecond(), false, "MB/s"));
                    if (clients == 1) {
                        checks.add(new TargetCheck(where + ": more than one core's worth (> Deflater alone on one core)",
                                m.stats().payloadMegabytesPerSecond(), d.megabytesPerSecond(), true, "MB/s"));
                    }
                });
            }
        }
        return checks;
    }

    /**
     * Issue 13's targets against the peer measured in the same run: zip 0 at least 3x the peer (issue
     * 5's, now measured), zip 5 with 2 clients at least 3x the peer, zip 5 at least half our own zip 0
     * at the same clients, and at 1-8 clients a p99 and a maximum response time no longer than the
     * peer's.
     */
    private static void peerTargets(BenchmarkResult r, BenchmarkResult.ServletMeasurement m, String where, List<TargetCheck> checks) {
        BenchmarkResult.PeerRun p = r.peer().orElseThrow();
        int level = m.zipLevel();
        int clients = m.stats().clients();
        p.servlet(level, clients).ifPresent(peer -> {
            double q = peer.stats().queriesPerSecond();
            if (level == 0 || (level == 5 && clients == 2)) {
                checks.add(new TargetCheck(where + ": >= 3x the " + p.name() + " (" + fmt1(q) + " q/s in this run)",
                        m.stats().queriesPerSecond(), 3 * q, false, "q/s"));
            }
            if (clients <= 8) {
                checks.add(atMost(where + ": p99 no longer than the " + p.name() + "'s", m.stats().p99Millis(), peer.stats().p99Millis(), "ms"));
                checks.add(atMost(where + ": slowest answer no slower than the " + p.name() + "'s", m.stats().level().latency().maxMillis(),
                        peer.stats().level().latency().maxMillis(), "ms"));
            }
        });
        if (level == 5) {
            r.servlet(0, clients).ifPresent(zip0 -> checks.add(new TargetCheck(where + ": >= 0.5x our zip 0 ("
                    + fmt1(zip0.stats().queriesPerSecond()) + " q/s)", m.stats().queriesPerSecond(), 0.5 * zip0.stats().queriesPerSecond(),
                    false, "q/s")));
        }
    }

    /**
     * The run's headline for the suite's front page: our servlet's queries/s at zip 0 over the
     * production servlet 3.42's (the peer measured in the same run, or else the figure), at
     * the most clients both have; target 3 x. Empty when no such pair exists.
     */
    static Optional<Headline> headline(BenchmarkResult r) {
        Optional<BenchmarkResult.ServletMeasurement> best = Optional.empty();
        double reference = Double.NaN;
        for (BenchmarkResult.ServletMeasurement m : r.servlet()) {
            OptionalDouble peer = ReportWriter.peerQps(r, m.zipLevel(), m.stats().clients());
            if (m.zipLevel() == 0 && peer.isPresent() && (best.isEmpty() || m.stats().clients() > best.get().stats().clients())) {
                best = Optional.of(m);
                reference = peer.getAsDouble();
            }
        }
        if (best.isEmpty()) {
            return Optional.empty();
        }
        int clients = best.get().stats().clients();
        return Optional.of(new Headline("servlet zip 0 vs production 3.42, queries/s at " + clients + (clients == 1 ? " client" : " clients"),
                best.get().stats().queriesPerSecond(), reference, r.peer().map(p -> p.name() + " (this run)")
                        .orElse("production 3.42 (the issue's figure, another day)"), "queries/s", true, RealServletReference.ZIP0_TIMES_REAL));
    }

    private static String fmt1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
