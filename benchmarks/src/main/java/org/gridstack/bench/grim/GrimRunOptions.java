package org.gridstack.bench.grim;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every GRIM main has (a picocli mixin): where the results go and the data generator's seed. */
final class GrimRunOptions {
    @Option(names = "--output", paramLabel = "DIR", description = "directory of the result files")
    Path output = Path.of("target", "results", "grim");

    @Option(names = "--seed", paramLabel = "N", description = "data generator seed")
    long seed = GrimBackendSet.SEED;
}
