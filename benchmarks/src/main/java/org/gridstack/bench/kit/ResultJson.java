package org.gridstack.bench.kit;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How every benchmark writes its results as JSON: Jackson, indented ({@code "name": value}), maps in insertion order,
 * records by their components, {@code java.time} values as ISO-8601 text, and a number that is not
 * finite (NaN: "not measured") as {@code null}, since JSON has no NaN. Thread-safe.
 */
public final class ResultJson {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .setDefaultPrettyPrinter(new DefaultPrettyPrinter(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)))
            .registerModule(new SimpleModule("finite-numbers")
                    .addSerializer(Double.class, new FiniteDouble())
                    .addSerializer(double.class, new FiniteDouble()))
            // java.time as text: durations in ISO-8601 (PT1.5S), instants and local times as ISO dates
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS);

    private ResultJson() {
    }

    /** The value as indented JSON text, ending with a newline. */
    public static String toJson(Object value) {
        try {
            return MAPPER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + value.getClass().getName() + " as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * The fields every run's JSON starts with, in this order: when it started (to the second), how
     * long it took, the cores of the machine, and the arguments it ran with. The caller adds its
     * results to the returned (mutable, ordered) map.
     */
    public static Map<String, Object> runHeader(LocalDateTime started, Duration elapsed, int cores, Object arguments) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("started", started.truncatedTo(ChronoUnit.SECONDS).toString());
        root.put("elapsedSeconds", elapsed.toSeconds());
        root.put("cores", cores);
        root.put("arguments", arguments);
        return root;
    }

    /** Writes {@link #toJson} to {@code file}. */
    public static void write(Path file, Object value) {
        try {
            Files.writeString(file, toJson(value), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static final class FiniteDouble extends StdSerializer<Double> {
        private static final long serialVersionUID = 1L;

        FiniteDouble() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (value == null || !Double.isFinite(value)) {
                gen.writeNull();
            } else {
                gen.writeNumber(value);
            }
        }
    }
}
