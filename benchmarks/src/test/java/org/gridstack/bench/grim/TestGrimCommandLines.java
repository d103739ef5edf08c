package org.gridstack.bench.grim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The GRIM mains' command lines (picocli through the kit): values, defaults, and mistakes named with the usage. */
class TestGrimCommandLines {
    @Test
    void valuesAndDefaults() {
        BenchmarkGrimUpdates.Config u = BenchmarkGrimUpdates.Config.parse(new String[] {"--http=false", "--inprocess-seconds=0.3",
                "--threads=1,2", "--backends=none", "--output=o", "--write-target=all", ""});
        assertFalse(u.http());
        assertEquals(Duration.ofMillis(300), u.inProcessDuration());
        assertEquals(List.of(1, 2), u.threads());
        assertEquals(List.of(), u.backends());
        assertEquals(Path.of("o"), u.output());
        assertEquals(1000, u.connections());

        BenchmarkGrimScenarios.Config s = BenchmarkGrimScenarios.Config.parse(new String[] {"--duration=48", "--scenarios=2,4"});
        assertEquals(Duration.ofSeconds(2), s.alone(), "alone defaults to duration/24");
        assertEquals(List.of(2, 4), s.scenarios());

        BenchmarkGrimOperations.Config o = BenchmarkGrimOperations.Config.parse(new String[] {"--scale=0.5", "--cutoff-ms=1500"});
        assertEquals(0.5, o.scale());
        assertEquals(Duration.ofMillis(1500), o.cutoff());
        assertEquals(20, o.repeats());

        BenchmarkGrimLdapSweep.Config l = BenchmarkGrimLdapSweep.Config.parse(new String[] {"--scales=0.1,0.2"});
        assertEquals(List.of(0.1, 0.2), l.scales());
    }

    @Test
    void mistakesSayWhatWasWrong() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkGrimOperations.Config.parse(new String[] {"--repeat=3"}));
        assertTrue(unknown.getMessage().contains("--repeat") && unknown.getMessage().contains("usage"), unknown.getMessage());
        IllegalArgumentException number = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkGrimUpdates.Config.parse(new String[] {"--connections=many"}));
        assertTrue(number.getMessage().contains("many"), number.getMessage());
        IllegalArgumentException target = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkGrimUpdates.Config.parse(new String[] {"--write-target=basex"}));
        assertTrue(target.getMessage().contains("--write-target"), target.getMessage());
        IllegalArgumentException seconds = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkGrimScenarios.Config.parse(new String[] {"--duration=-1"}));
        assertTrue(seconds.getMessage().contains("'-1' is not a non-negative number of seconds"), seconds.getMessage());
    }
}
