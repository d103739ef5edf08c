package org.gridstack.bench.suite;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Collections;

/**
 * The {@code --set experiment.option=value} settings of a suite run, by experiment: each replaces
 * that option of that experiment at every scale (e.g. {@code mds-index.clients=1,4}). Several may
 * share one argument separated by {@code ;} (one Maven property carries them all). A setting for an
 * experiment the catalog does not know is refused. Immutable.
 */
record SuiteOverrides(Map<String, Map<String, String>> byExperiment) {
    SuiteOverrides {
        Map<String, Map<String, String>> copy = new LinkedHashMap<>();
        requireNonNull(byExperiment, "byExperiment is null").forEach((k, v) -> copy.put(k, Map.copyOf(v)));
        byExperiment = Collections.unmodifiableMap(copy);
    }

    static SuiteOverrides parse(List<String> settings, ExperimentCatalog catalog) {
        Map<String, Map<String, String>> m = new LinkedHashMap<>();
        for (String argument : settings) {
            for (String s : argument.split(";")) {
                if (s.isBlank()) {
                    continue;
                }
                int dot = s.indexOf('.');
                int eq = s.indexOf('=');
                if (dot < 1 || eq < dot + 2) {
                    throw new IllegalArgumentException("--set '" + s.strip() + "' is not of the form experiment.option=value, e.g. mds-index.clients=1,4");
                }
                String experiment = s.substring(0, dot).strip();
                catalog.get(experiment);
                m.computeIfAbsent(experiment, k -> new LinkedHashMap<>()).put(s.substring(dot + 1, eq).strip(), s.substring(eq + 1).strip());
            }
        }
        return new SuiteOverrides(m);
    }

    /** The settings of one experiment (empty when none were given). */
    Map<String, String> of(String experiment) {
        return byExperiment.getOrDefault(experiment, Map.of());
    }
}
