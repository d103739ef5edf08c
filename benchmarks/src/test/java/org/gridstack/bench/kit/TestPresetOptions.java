package org.gridstack.bench.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class TestPresetOptions {
    /** A main's options made of the three mixins only. */
    @Command(name = "Probe")
    static final class Options {
        @Mixin
        final PresetOptions preset;
        @Mixin
        final ThinkingUserOptions users = new ThinkingUserOptions();
        @Mixin
        final LevelTimeOptions times = new LevelTimeOptions();

        Options(Path output) {
            preset = new PresetOptions(output);
        }
    }

    @Test
    void givenOptionsReplaceThePresetsAndTheRestComeFromIt() {
        Options preset = CommandLineArgs.parse(new Options(null), "--users=1,50", "--fixed-users=10", "--think-millis=1000",
                "--warmup-millis=200", "--measure-millis=4000");
        Options o = CommandLineArgs.parse(new Options(Path.of("target/results")), "--scale=TINY", "--users=4", "--measure-millis=600", "--think-millis=");
        assertEquals(Scale.TINY, o.preset.scale());
        assertEquals(Path.of("target/results"), o.preset.output());
        assertEquals(List.of(4), o.users.users(preset.users));
        assertEquals(10, o.users.fixedUsers(preset.users));
        assertEquals(Duration.ofSeconds(1), o.users.think(preset.users), "an empty value keeps the preset's");
        assertEquals(Duration.ofMillis(200), o.times.warmup(preset.times));
        assertEquals(Duration.ofMillis(600), o.times.measure(preset.times));
        assertEquals(Path.of("elsewhere"), CommandLineArgs.parse(new Options(Path.of("x")), "--output=elsewhere").preset.output());
        assertEquals(Scale.QUICK, new Options(null).preset.scale(), "quick unless named");
    }

    @Test
    void aSettingNeitherGivenNorPresetAndAnUnknownScaleAreRefused() {
        Options none = new Options(null);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> none.times.warmup(new Options(null).times));
        assertTrue(e.getMessage().contains("--warmup-millis"), e.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> CommandLineArgs.parse(new Options(null), "--scale=huge"));
        for (String option : List.of("--scale", "--output", "--users", "--fixed-users", "--think-millis", "--warmup-millis", "--measure-millis")) {
            assertTrue(bad.getMessage().contains(option), option + " in the usage: " + bad.getMessage());
        }
    }
}
