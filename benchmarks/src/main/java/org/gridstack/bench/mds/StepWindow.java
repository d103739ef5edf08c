package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.gridstack.bench.kit.ClosedLoopDriver;

/**
 * Reads seed 001's step timers at the edges of a level's measured interval (a
 * {@link ClosedLoopDriver.Window}): the server's {@code mds.step} timers with tag
 * {@code server} (gris or giis) and the clients' {@code connect} timer ({@link #CLIENT}), all in
 * one Micrometer registry of this JVM, and turns the differences into {@link StepTimes}. A
 * timing that straddles an edge counts on the side where it ended. One level at a time: call
 * {@link #times()} after the level; the driver calls the edges from its own thread.
 */
final class StepWindow implements ClosedLoopDriver.Window {
    static final String METER = "mds.step";
    /** The {@code server} tag of the clients' connect timer. */
    static final String CLIENT = "client";

    private final MeterRegistry meters;
    private final String server;
    private Map<String, long[]> atStart = Map.of();
    private Map<String, long[]> atEnd = Map.of();

    StepWindow(MeterRegistry meters, String server) {
        this.meters = requireNonNull(meters, "meters is null");
        this.server = requireNonNull(server, "server is null");
    }

    /** The clients' timer of the connect step, in {@code meters}. */
    static Timer connectTimer(MeterRegistry meters) {
        return Timer.builder(METER).description("seed 001's NetLogger steps").tag("server", CLIENT).tag("step", "connect").register(meters);
    }

    @Override
    public void measureStarted() {
        atStart = snapshot();
        atEnd = Map.of();
    }

    @Override
    public void measureEnded() {
        atEnd = snapshot();
    }

    /** The steps' means over the last measured interval (empty maps when it did not end). */
    StepTimes times() {
        Map<String, Double> means = new LinkedHashMap<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String step : StepTimes.STEPS) {
            long[] a = atStart.get(step);
            long[] b = atEnd.get(step);
            if (a == null || b == null) {
                continue;
            }
            long n = b[0] - a[0];
            counts.put(step, n);
            means.put(step, n == 0 ? Double.NaN : (b[1] - a[1]) / 1e6 / n);
        }
        return new StepTimes(means, counts);
    }

    /** Step to {count, total nanoseconds}. */
    private Map<String, long[]> snapshot() {
        Map<String, long[]> out = new HashMap<>();
        for (String step : StepTimes.STEPS) {
            Timer t = meters.find(METER).tag("server", step.equals("connect") ? CLIENT : server).tag("step", step).timer();
            out.put(step, t == null ? new long[2] : new long[] {t.count(), (long) t.totalTime(TimeUnit.NANOSECONDS)});
        }
        return out;
    }
}
