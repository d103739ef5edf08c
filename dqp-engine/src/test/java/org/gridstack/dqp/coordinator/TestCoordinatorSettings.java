package org.gridstack.dqp.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

/** The coordinator's settings: the documented defaults, and each setting out of range refused by name with its value. */
class TestCoordinatorSettings {
    private static final List<URI> DATA = List.of(URI.create("http://127.0.0.1:8091/"));

    @Test
    void defaultsAreTheDocumentedOnes() {
        CoordinatorSettings s = CoordinatorSettings.defaults(DATA, List.of(), List.of());
        assertEquals(DATA, s.dataServices());
        assertEquals(List.of(), s.entropyServices());
        assertEquals(List.of(), s.evaluators());
        assertEquals(100, s.defaultBlockSize());
        assertEquals(10_000, s.maxBlockSize());
        assertEquals(Duration.ofSeconds(60), s.queryTimeout());
        assertEquals(8, s.maxConcurrentQueries());
        assertEquals(100_000, s.maxSqlLength());
        assertEquals(64L << 20, s.maxQueryMemory());
        assertEquals(Duration.ofSeconds(10), s.sendTimeout());
        assertEquals(0.5, s.addressShare());
        assertEquals(1L << 20, s.maxRequestBytes());
    }

    @Test
    void eachSettingOutOfRangeIsRefusedByName() {
        CoordinatorSettings d = CoordinatorSettings.defaults(DATA, List.of(), List.of());
        refused(() -> CoordinatorSettings.defaults(List.of(), List.of(), List.of()),
                "dataServices (--data-service) must name at least one data service URL, got none");
        refused(() -> new CoordinatorSettings(DATA, List.of(), List.of(), 0, 10_000, d.queryTimeout(), 8, 100_000),
                "defaultBlockSize must be within 1..maxBlockSize (10000), is 0");
        refused(() -> new CoordinatorSettings(DATA, List.of(), List.of(), 101, 100, d.queryTimeout(), 8, 100_000),
                "defaultBlockSize must be within 1..maxBlockSize (100), is 101");
        refused(() -> new CoordinatorSettings(DATA, List.of(), List.of(), 100, 10_000, Duration.ofMillis(99), 8, 100_000),
                "queryTimeout (--query-timeout-s) must be at least 100 ms, is PT0.099S");
        refused(() -> new CoordinatorSettings(DATA, List.of(), List.of(), 100, 10_000, d.queryTimeout(), 8, 0),
                "maxSqlLength must be at least 1, is 0");
        refused(() -> d.withLimits(0, d.maxQueryMemory(), d.sendTimeout(), d.addressShare(), d.maxRequestBytes()),
                "maxConcurrentQueries (--max-concurrent-queries) must be at least 1, is 0");
        refused(() -> d.withLimits(8, 1023, d.sendTimeout(), d.addressShare(), d.maxRequestBytes()),
                "maxQueryMemory (--max-query-memory-mb) must be at least 1024 bytes, is 1023");
        refused(() -> d.withLimits(8, d.maxQueryMemory(), Duration.ZERO, d.addressShare(), d.maxRequestBytes()),
                "sendTimeout (--send-timeout-s) must be at least 100 ms, is PT0S");
        refused(() -> d.withLimits(8, d.maxQueryMemory(), d.sendTimeout(), 0, d.maxRequestBytes()),
                "addressShare (--address-share) must be within (0, 1], is 0.0");
        refused(() -> d.withLimits(8, d.maxQueryMemory(), d.sendTimeout(), 1.5, d.maxRequestBytes()),
                "addressShare (--address-share) must be within (0, 1], is 1.5");
        refused(() -> d.withLimits(8, d.maxQueryMemory(), d.sendTimeout(), Double.NaN, d.maxRequestBytes()),
                "addressShare (--address-share) must be within (0, 1], is NaN");
        refused(() -> d.withLimits(8, d.maxQueryMemory(), d.sendTimeout(), d.addressShare(), 1023),
                "maxRequestBytes must be at least 1024, is 1023");
    }

    private static void refused(Supplier<CoordinatorSettings> build, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build::get, message);
        assertEquals(message, e.getMessage());
    }

    @Test
    void theBoundsThemselvesAreAccepted() {
        CoordinatorSettings s = new CoordinatorSettings(DATA, List.of(), List.of(), 1, 1, Duration.ofMillis(100), 1, 1)
                .withLimits(1, 1024, Duration.ofMillis(100), 1.0, 1024);
        assertTrue(s.addressShare() == 1.0 && s.maxRequestBytes() == 1024);
    }
}
