package org.gridstack.bench.mds;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Collections;

/**
 * Seed 001's NetLogger steps of one measured level, as mean milliseconds per query over the
 * measured interval: {@code connect} (the client opening its LDAP connection; timed by the
 * client, as seed 001's Client-Connect), and the server's {@code init_search},
 * {@code invoke_provider}, {@code generate_result}, {@code search_index} and {@code transmit}
 * (mds-index's {@code mds.step} timers, read in this JVM; see {@link StepWindow}). NaN when a
 * step saw no query in the interval. Immutable.
 *
 * @param meanMillis step name to mean ms, in {@link #STEPS} order
 * @param counts step name to the number of timings in the interval
 */
record StepTimes(Map<String, Double> meanMillis, Map<String, Long> counts) {
    /** The steps in the order a query passes them here. */
    static final List<String> STEPS = List.of("connect", "init_search", "invoke_provider", "generate_result", "search_index",
            "transmit");

    StepTimes {
        meanMillis = Collections.unmodifiableMap(new LinkedHashMap<>(meanMillis));
        counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts));
    }

    double mean(String step) {
        return meanMillis.getOrDefault(step, Double.NaN);
    }

    /** The sum of the server's steps (seed 001's SRPT: server-side request processing time). */
    double serverMillis() {
        double sum = 0;
        for (String s : STEPS.subList(1, STEPS.size())) {
            double v = mean(s);
            if (Double.isFinite(v)) {
                sum += v;
            }
        }
        return sum;
    }

    /** The step that took longest per query, or "-" when none was timed. */
    String dominant() {
        String best = "-";
        double max = -1;
        for (String s : STEPS) {
            double v = mean(s);
            if (Double.isFinite(v) && v > max) {
                max = v;
                best = s;
            }
        }
        return best;
    }

    static String millis(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        return v >= 10 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
