package org.gridstack.dqp.entropy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;

import org.junit.jupiter.api.Test;

/** An EntropyAnalyser copy's settings: the documented defaults, and each setting out of range refused by name with its value. */
class TestEntropySettings {
    @Test
    void defaultsAreTheDocumentedOnes() {
        EntropySettings s = EntropySettings.defaults("entropy");
        assertEquals("entropy", s.name());
        assertEquals(EntropySettings.Mode.LATENCY, s.mode());
        assertEquals(Duration.ofMillis(20), s.latency());
        assertEquals(200, s.cpuRepetitions());
    }

    @Test
    void eachSettingOutOfRangeIsRefusedByName() {
        assertEquals("latency (--latency-ms) must be between 0 and 10 s, is PT-0.001S", assertThrows(IllegalArgumentException.class,
                () -> new EntropySettings("e", EntropySettings.Mode.LATENCY, Duration.ofMillis(-1), 200)).getMessage());
        assertEquals("latency (--latency-ms) must be between 0 and 10 s, is PT10.001S", assertThrows(IllegalArgumentException.class,
                () -> new EntropySettings("e", EntropySettings.Mode.LATENCY, Duration.ofMillis(10_001), 200)).getMessage());
        assertEquals("cpuRepetitions (--cpu-repetitions) must be between 1 and 1,000,000, is 0", assertThrows(IllegalArgumentException.class,
                () -> new EntropySettings("e", EntropySettings.Mode.CPU, Duration.ZERO, 0)).getMessage());
        assertEquals("cpuRepetitions (--cpu-repetitions) must be between 1 and 1,000,000, is 1000001", assertThrows(IllegalArgumentException.class,
                () -> new EntropySettings("e", EntropySettings.Mode.CPU, Duration.ZERO, 1_000_001)).getMessage());
    }
}
