package org.gridstack.bench.kit;

import static org.gridstack.bench.kit.CommandLineArgs.orPreset;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How long each closed-loop level runs, for the mains whose presets set it (a picocli mixin beside
 * {@link PresetOptions}): {@code --warmup-millis} and {@code --measure-millis}; an option left out
 * takes the preset's value. Not thread-safe: one command line fills it.
 */
public final class LevelTimeOptions {
    @Option(names = "--warmup-millis", paramLabel = "MS", description = "warm-up per level")
    private Long warmupMillis;

    @Option(names = "--measure-millis", paramLabel = "MS", description = "measured interval per level")
    private Long measureMillis;

    /** The warm-up per level: given, else {@code preset}'s. */
    public Duration warmup(LevelTimeOptions preset) {
        return Duration.ofMillis(orPreset(warmupMillis, preset.warmupMillis, "warmup-millis"));
    }

    /** The measured interval per level: given, else {@code preset}'s. */
    public Duration measure(LevelTimeOptions preset) {
        return Duration.ofMillis(orPreset(measureMillis, preset.measureMillis, "measure-millis"));
    }
}
