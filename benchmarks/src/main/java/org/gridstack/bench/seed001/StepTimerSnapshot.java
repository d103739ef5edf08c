package org.gridstack.bench.seed001;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Reads a design's step timers (Micrometer timers of one name, tagged {@code step}, and when
 * present {@code server}) as step name to {total nanoseconds, count}, the form
 * {@link DesignSite#steps()} returns. Stateless.
 */
public final class StepTimerSnapshot {
    private StepTimerSnapshot() {
    }

    /** Every timer named {@code meter} in {@code meters}, keyed by "server step" or "step". */
    public static Map<String, long[]> of(MeterRegistry meters, String meter) {
        Map<String, long[]> out = new LinkedHashMap<>();
        for (Timer t : meters.find(meter).timers()) {
            String server = t.getId().getTag("server");
            String step = t.getId().getTag("step");
            String key = server == null ? String.valueOf(step) : server + " " + step;
            long[] v = out.computeIfAbsent(key, k -> new long[2]);
            v[0] += (long) t.totalTime(TimeUnit.NANOSECONDS);
            v[1] += t.count();
        }
        return out;
    }
}
