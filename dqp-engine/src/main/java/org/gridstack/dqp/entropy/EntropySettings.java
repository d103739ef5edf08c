package org.gridstack.dqp.entropy;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.time.Duration;

/**
 * Settings of one EntropyAnalyser copy: how much each call costs, so a 2-core machine can stand for
 * the seed's remote machines.
 * <ul>
 * <li>{@code mode} (default LATENCY): NONE (just compute), CPU (compute {@code cpuRepetitions} times,
 *     default {@value #DEFAULT_CPU_REPETITIONS}) or LATENCY (compute once, then wait {@code latency},
 *     default 20 ms, like a call to another machine);</li>
 * <li>{@code name}: how the copy names itself in errors.</li>
 * </ul>
 * Every setting is checked here, once: a bad one is refused with an IllegalArgumentException naming it (and its
 * command-line option) and the value. Immutable.
 */
@Immutable
public record EntropySettings(String name, Mode mode, Duration latency, int cpuRepetitions) {
    public static final int DEFAULT_CPU_REPETITIONS = 200;

    /** What a call costs besides computing the entropy once. */
    public enum Mode { NONE, CPU, LATENCY }

    public EntropySettings {
        requireNonNull(name, "name is null");
        requireNonNull(mode, "mode is null");
        requireNonNull(latency, "latency is null");
        if (latency.isNegative() || latency.compareTo(Duration.ofSeconds(10)) > 0) {
            throw new IllegalArgumentException("latency (--latency-ms) must be between 0 and 10 s, is " + latency);
        }
        if (cpuRepetitions < 1 || cpuRepetitions > 1_000_000) {
            throw new IllegalArgumentException("cpuRepetitions (--cpu-repetitions) must be between 1 and 1,000,000, is " + cpuRepetitions);
        }
    }

    /** The defaults: LATENCY mode with 20 ms per call. */
    public static EntropySettings defaults(String name) {
        return new EntropySettings(name, Mode.LATENCY, Duration.ofMillis(20), DEFAULT_CPU_REPETITIONS);
    }
}
