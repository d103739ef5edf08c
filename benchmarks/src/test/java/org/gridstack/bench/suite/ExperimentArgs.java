package org.gridstack.bench.suite;

import java.nio.file.Path;
import java.util.Map;
import org.gridstack.bench.kit.Scale;

/**
 * For the run-once tests: an experiment's command line at a scale exactly as the shipped experiment
 * file gives it to its main, so the tiny settings that {@code -Pbench} uses are the ones the build
 * tests (a typo in an experiment file fails the build, not a benchmark run hours later).
 */
public final class ExperimentArgs {
    private ExperimentArgs() {
    }

    public static String[] of(String experiment, Scale scale, Path output) {
        return ExperimentCatalog.shipped().get(experiment).arguments(scale, Map.of(), output).toArray(String[]::new);
    }
}
