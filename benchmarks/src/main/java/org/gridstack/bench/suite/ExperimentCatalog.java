package org.gridstack.bench.suite;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gridstack.bench.kit.Scale;
import java.util.Collections;
import java.util.TreeSet;

/**
 * The experiments of the benchmark suite, read from YAML files on the classpath: {@code suite.yaml}
 * lists the experiments in the order they run, and each has a file {@code <name>.yaml} of its own
 * beside it (keys: {@code name}, {@code title}, {@code answers}, {@code main}, {@code jvm},
 * {@code timeout-minutes} per scale, {@code options} for every scale and one map per scale,
 * {@code tiny}, {@code quick}, {@code full}; {@code testbed}, the topology of an experiment that runs
 * on the multi-host testbed only). Unknown keys are refused, so a misspelt setting is an
 * error rather than silently ignored. Immutable.
 */
public final class ExperimentCatalog {
    /** Where the shipped experiment files are on the classpath. */
    public static final String SHIPPED = "org/gridstack/bench/experiments";
    private static final Set<String> KEYS = Set.of("name", "title", "answers", "main", "jvm", "timeout-minutes", "options", "tiny", "quick", "full", "testbed");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Map<String, Experiment> experiments;

    private ExperimentCatalog(Map<String, Experiment> experiments) {
        this.experiments = experiments;
    }

    /** The experiments shipped with the benchmarks. */
    public static ExperimentCatalog shipped() {
        return load(SHIPPED);
    }

    /** Reads {@code folder/suite.yaml} and the experiment files it names from the classpath. */
    public static ExperimentCatalog load(String folder) {
        requireNonNull(folder, "folder is null");
        JsonNode suite = read(folder + "/suite.yaml");
        JsonNode names = suite.get("experiments");
        if (names == null || !names.isArray() || names.isEmpty()) {
            throw new IllegalArgumentException(folder + "/suite.yaml: 'experiments' must list the experiment names in run order");
        }
        Map<String, Experiment> all = new LinkedHashMap<>();
        for (JsonNode n : names) {
            String name = n.asText();
            String file = folder + "/" + name + ".yaml";
            Experiment e = parse(file, read(file));
            if (!e.name().equals(name)) {
                throw new IllegalArgumentException(file + ": its name is '" + e.name() + "', not '" + name + "' as suite.yaml says");
            }
            if (all.put(name, e) != null) {
                throw new IllegalArgumentException(folder + "/suite.yaml lists '" + name + "' twice");
            }
        }
        return new ExperimentCatalog(Collections.unmodifiableMap(all));
    }

    /** Every experiment, in run order. */
    public List<Experiment> all() {
        return List.copyOf(experiments.values());
    }

    /**
     * The experiments named in {@code only}, in run order, or all of them when {@code only} is
     * empty; an unknown name is refused with the list of known ones.
     */
    public List<Experiment> select(Set<String> only) {
        requireNonNull(only, "only is null");
        if (only.isEmpty()) {
            return all();
        }
        Set<String> unknown = new LinkedHashSet<>(only);
        unknown.removeAll(experiments.keySet());
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown experiment(s) " + unknown + "; known: " + experiments.keySet());
        }
        return experiments.values().stream().filter(e -> only.contains(e.name())).toList();
    }

    /**
     * The experiments of a run on testbed topology {@code testbed} (those declaring it, narrowed by
     * {@code only}), or of a normal run when {@code testbed} is empty (those declaring none); a name
     * in {@code only} that is not one of them is refused with the list of those that are.
     */
    public List<Experiment> select(Set<String> only, String testbed) {
        requireNonNull(testbed, "testbed is null");
        List<Experiment> fitting = experiments.values().stream().filter(e -> e.testbed().equals(testbed)).toList();
        if (fitting.isEmpty()) {
            Set<String> topologies = new TreeSet<>();
            experiments.values().forEach(e -> topologies.add(e.testbed()));
            topologies.remove("");
            throw new IllegalArgumentException("no experiment runs on testbed topology '" + testbed + "'; topologies with experiments: " + topologies);
        }
        Set<String> names = new LinkedHashSet<>();
        fitting.forEach(e -> names.add(e.name()));
        Set<String> unknown = new LinkedHashSet<>(only.isEmpty() ? List.of() : select(only).stream().map(Experiment::name).toList());
        unknown.removeAll(names);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("experiment(s) " + unknown + (testbed.isEmpty() ? " run on a testbed topology only"
                    : " do not run on testbed topology '" + testbed + "'") + "; those that do: " + names);
        }
        return fitting.stream().filter(e -> only.isEmpty() || only.contains(e.name())).toList();
    }

    /** The experiment called {@code name}; refused with the list of known ones. */
    public Experiment get(String name) {
        return select(Set.of(requireNonNull(name, "name is null"))).get(0);
    }

    private static Experiment parse(String file, JsonNode root) {
        if (!root.isObject()) {
            throw new IllegalArgumentException(file + ": expected a map of settings");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext();) {
            String key = it.next();
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException(file + ": unknown key '" + key + "'; known keys: " + KEYS);
            }
        }
        Map<Scale, Map<String, String>> scales = new EnumMap<>(Scale.class);
        Map<Scale, Duration> timeouts = new EnumMap<>(Scale.class);
        JsonNode limits = root.path("timeout-minutes");
        for (Scale s : Scale.values()) {
            if (root.has(s.label())) {
                scales.put(s, options(file, s.label(), root.get(s.label())));
            }
            if (limits.has(s.label())) {
                if (!limits.get(s.label()).isNumber()) {
                    throw new IllegalArgumentException(file + ": timeout-minutes." + s.label() + " must be a number of minutes");
                }
                timeouts.put(s, Duration.ofSeconds(Math.round(limits.get(s.label()).asDouble() * 60)));
            }
        }
        List<String> jvm = new ArrayList<>();
        root.path("jvm").forEach(a -> jvm.add(a.asText()));
        try {
            return new Experiment(text(file, root, "name"), text(file, root, "title"), text(file, root, "answers"), text(file, root, "main"), jvm,
                    options(file, "options", root.path("options")), scales, timeouts, root.path("testbed").asText("").strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, String> options(String file, String where, JsonNode node) {
        Map<String, String> m = new LinkedHashMap<>();
        if (node.isMissingNode() || node.isNull()) {
            return m;
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException(file + ": '" + where + "' must be a map of option: value");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isValueNode()) {
                throw new IllegalArgumentException(file + ": " + where + "." + e.getKey() + " must be a single value (lists as \"1,2,4\")");
            }
            m.put(e.getKey(), e.getValue().asText());
        }
        return m;
    }

    private static String text(String file, JsonNode root, String key) {
        JsonNode n = root.get(key);
        if (n == null || !n.isValueNode() || n.asText().isBlank()) {
            throw new IllegalArgumentException(file + ": '" + key + "' is missing");
        }
        return n.asText().strip();
    }

    private static JsonNode read(String resource) {
        ClassLoader loader = ExperimentCatalog.class.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("experiment file " + resource + " is not on the classpath");
            }
            JsonNode node = YAML.readTree(in);
            if (node == null) {
                throw new IllegalArgumentException(resource + " is empty");
            }
            return node;
        } catch (IOException e) {
            throw new IllegalArgumentException(resource + " is not valid YAML: " + e.getMessage(), e);
        }
    }
}
