package org.gridstack.bench.suite;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.Scale;
import java.nio.file.Path;
import java.util.Collections;

/**
 * One seed experiment as its experiment file describes it (the thesis's test configuration): which
 * main runs it, what seed figure it answers, and its factors with their levels, durations and
 * repetitions at each {@link Scale}, as that main's {@code --name=value} options. Options given for
 * every scale come first, a scale's own options replace them, and {@code --set} overrides from the
 * command line replace both. Immutable; validated on construction.
 *
 * @param name the experiment's name, also its file name ({@code name.yaml}) and its report folder
 * @param title one line saying what is measured
 * @param answers which seed, figure or table the experiment reproduces, and which issue target it checks
 * @param mainClass the class whose {@code main(String[])} runs it; it must accept {@code --output=DIR}
 * @param jvmArgs arguments of the experiment's JVM (heap size and the like)
 * @param options the options of every scale
 * @param scales each scale's own options; every scale must be present
 * @param timeouts how long each scale may run before the experiment is stopped and counted as failed
 * @param testbed the testbed topology the experiment runs on (testbed/README.md), its services
 *        the topology's instead of in-process ones; empty for an experiment of the normal run
 */
public record Experiment(String name, String title, String answers, String mainClass, List<String> jvmArgs,
        Map<String, String> options, Map<Scale, Map<String, String>> scales, Map<Scale, Duration> timeouts, String testbed) {
    private static final Pattern NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final Pattern OPTION = Pattern.compile("[a-z][a-z0-9-]*");
    /** Set by the suite for every experiment: where its results go. */
    static final String OUTPUT = "output";

    public Experiment {
        requireNonNull(name, "name is null");
        requireNonNull(title, "title is null");
        requireNonNull(answers, "answers is null");
        requireNonNull(mainClass, "mainClass is null");
        requireNonNull(testbed, "testbed is null");
        if (!testbed.isEmpty() && !NAME.matcher(testbed).matches()) {
            throw new IllegalArgumentException(name + ": testbed topology '" + testbed + "' must be lower-case words joined by '-'");
        }
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("experiment name '" + name + "' must be lower-case words joined by '-'");
        }
        if (mainClass.isBlank()) {
            throw new IllegalArgumentException(name + ": main class is missing");
        }
        jvmArgs = List.copyOf(requireNonNull(jvmArgs, "jvmArgs is null"));
        options = copyOptions(name, "options", requireNonNull(options, "options is null"));
        requireNonNull(scales, "scales is null");
        requireNonNull(timeouts, "timeouts is null");
        Map<Scale, Map<String, String>> s = new EnumMap<>(Scale.class);
        Map<Scale, Duration> t = new EnumMap<>(Scale.class);
        for (Scale scale : Scale.values()) {
            Map<String, String> own = scales.get(scale);
            if (own == null) {
                throw new IllegalArgumentException(name + ": scale '" + scale.label() + "' is missing (every experiment has tiny, quick and full)");
            }
            s.put(scale, copyOptions(name, scale.label(), own));
            Duration timeout = timeouts.get(scale);
            if (timeout == null || timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException(name + ": the time limit of scale '" + scale.label() + "' is missing or not positive");
            }
            t.put(scale, timeout);
        }
        scales = Map.copyOf(s);
        timeouts = Map.copyOf(t);
    }

    /** An experiment of the normal run (in-process servers, no testbed). */
    public Experiment(String name, String title, String answers, String mainClass, List<String> jvmArgs,
            Map<String, String> options, Map<Scale, Map<String, String>> scales, Map<Scale, Duration> timeouts) {
        this(name, title, answers, mainClass, jvmArgs, options, scales, timeouts, "");
    }

    /** Whether the experiment runs on a testbed topology (and only there). */
    public boolean onTestbed() {
        return !testbed.isEmpty();
    }

    /**
     * The options of a run at {@code scale}: every scale's, then the scale's own, then
     * {@code overrides}. {@code --output} is the suite's and cannot be overridden.
     */
    public Map<String, String> optionsAt(Scale scale, Map<String, String> overrides) {
        requireNonNull(scale, "scale is null");
        requireNonNull(overrides, "overrides is null");
        Map<String, String> all = new LinkedHashMap<>(options);
        all.putAll(scales.get(scale));
        for (Map.Entry<String, String> o : copyOptions(name, "--set", overrides).entrySet()) {
            if (o.getKey().equals(OUTPUT)) {
                throw new IllegalArgumentException(name + ": --output is chosen by the suite (--output of the suite itself), not by --set");
            }
            all.put(o.getKey(), o.getValue());
        }
        return all;
    }

    /** The main's arguments: {@link #optionsAt} as {@code --name=value}, then {@code --output=DIR}. */
    public List<String> arguments(Scale scale, Map<String, String> overrides, Path output) {
        requireNonNull(output, "output is null");
        List<String> args = optionArguments(scale, overrides);
        args.add("--" + OUTPUT + "=" + output);
        return List.copyOf(args);
    }

    private List<String> optionArguments(Scale scale, Map<String, String> overrides) {
        List<String> args = new ArrayList<>();
        optionsAt(scale, overrides).forEach((k, v) -> args.add("--" + k + "=" + v));
        return args;
    }

    /**
     * A main's own presets, read from this file: {@code options} (a fresh options object of the main)
     * filled with the options of {@code scale}, as {@code -Pbench} would pass them. A main whose
     * {@code --scale} names a preset takes its settings from here, so the file is their one source.
     */
    public <T> T preset(Scale scale, T options) {
        return CommandLineArgs.parse(options, optionArguments(scale, Map.of()).toArray(String[]::new));
    }

    public Duration timeout(Scale scale) {
        return timeouts.get(requireNonNull(scale, "scale is null"));
    }

    private static Map<String, String> copyOptions(String experiment, String where, Map<String, String> given) {
        Map<String, String> copy = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : given.entrySet()) {
            String key = requireNonNull(e.getKey(), "option name is null");
            if (!OPTION.matcher(key).matches()) {
                throw new IllegalArgumentException(experiment + " (" + where + "): option '" + key
                        + "' is not a name like 'measure-seconds' (write it without the leading --)");
            }
            if (e.getValue() == null) {
                throw new IllegalArgumentException(experiment + " (" + where + "): option '" + key + "' has no value");
            }
            copy.put(key, e.getValue());
        }
        return Collections.unmodifiableMap(copy);
    }
}
