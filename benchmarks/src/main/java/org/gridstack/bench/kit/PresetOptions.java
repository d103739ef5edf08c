package org.gridstack.bench.kit;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options of every benchmark main whose grid comes from its experiment file's presets (a
 * picocli mixin: {@code @Mixin PresetOptions preset = new PresetOptions(output)}): {@code --scale}
 * names the preset ({@code tiny}, {@code quick} or {@code full}, as {@code -Dbench.scale} does for
 * the suite; default quick), and {@code --output} the folder the run's files go to. Each setting the
 * command line leaves out is the preset's ({@link CommandLineArgs#orPreset}). Not thread-safe: one
 * command line fills it.
 */
public final class PresetOptions {
    @Option(names = "--scale", paramLabel = "tiny|quick|full", description = "preset from experiments/NAME.yaml (default quick)")
    private Scale scale = Scale.QUICK;

    @Option(names = "--output", paramLabel = "DIR", description = "directory of the run's .md, .csv, .json and .html")
    private Path output;

    /** Options whose {@code --output} defaults to {@code output} (null: none, as for a preset's options). */
    public PresetOptions(Path output) {
        this.output = output;
    }

    /** The preset the command line named. */
    public Scale scale() {
        return scale;
    }

    /** The folder of the run's files. */
    public Path output() {
        return output;
    }
}
