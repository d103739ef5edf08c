package org.gridstack.bench.frontier;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * One target of the issue, evaluated on a result.
 *
 * @param target what is required, in words
 * @param measured the measured value
 * @param required the bound
 * @param strict whether the measured value must exceed the bound (else reach it)
 * @param unit unit of both numbers
 */
public record TargetCheck(String target, double measured, double required, boolean strict, String unit) {
    public boolean met() {
        return strict ? measured > required : measured >= required;
    }

    /**
     * The targets: at zip 0 at least 3x the real servlet 3.42 and 0.5x plain JDBC; at zip
     * >= 1 at least 0.8x Deflater alone on one core, and with one client more than one core's worth.
     * Targets whose reference is missing from the result (e.g. no 2-client run) are left out.
     */
    static List<TargetCheck> evaluate(BenchmarkResult r) {
        List<TargetCheck> checks = new ArrayList<>();
        for (BenchmarkResult.ServletMeasurement m : r.servlet()) {
            int level = m.zipLevel();
            int clients = m.stats().clients();
            String where = "zip " + level + ", " + clients + (clients == 1 ? " client" : " clients");
            if (level == 0) {
                OptionalDouble real = RealServletReference.servletQps(r.config(), 0, clients);
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

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
