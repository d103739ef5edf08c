package org.gridstack.bench.kit;

import java.time.Duration;
import picocli.CommandLine.ITypeConverter;

/**
 * Reads a duration given in seconds, fractions allowed ({@code 0.3} is 300 ms), for options such as
 * {@code --measure-seconds}; a negative or non-numeric value is refused with what was given.
 * Stateless; use as {@code @Option(converter = SecondsConverter.class)}.
 */
public final class SecondsConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        double seconds;
        try {
            seconds = Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "' is not a number of seconds");
        }
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("'" + value + "' is not a non-negative number of seconds");
        }
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }
}
