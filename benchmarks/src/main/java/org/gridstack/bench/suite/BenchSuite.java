package org.gridstack.bench.suite;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.gridstack.bench.kit.CommandLineArgs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What {@code ./mvnw verify -Pbench} runs: the experiments of the {@link ExperimentCatalog} (all,
 * or those named by {@code --only}) one after the other at one {@link Scale}, each in a JVM of its
 * own, each writing into its own folder of the report folder; then the run's front page. An
 * experiment that fails or outlives its time limit does not stop the others; the suite exits with 1
 * when any did not pass, so the build fails, with the report written either way.
 */
public final class BenchSuite {
    private BenchSuite() {
    }

    /** What was asked for on the command line. */
    @Command(name = "BenchSuite", description = "runs the seeds' experiments and writes one report folder (benchmarks/README.md)")
    static final class Options {
        @Option(names = "--scale", paramLabel = "tiny|quick|full", description = "size of every experiment (default quick)")
        String scale = "quick";

        @Option(names = "--only", paramLabel = "NAME,...", description = "run only these experiments (default: all)")
        String only = "";

        @Option(names = "--set", paramLabel = "EXPERIMENT.OPTION=VALUE[;...]", description = "replace one option of one experiment")
        List<String> set = new ArrayList<>();

        @Option(names = "--output", paramLabel = "DIR", description = "the report folder (default target/bench-report)")
        Path output = Path.of("target", "bench-report");

        @Option(names = "--list", description = "list the experiments and exit")
        boolean list;
    }

    public static void main(String[] args) throws Exception {
        Options o;
        ExperimentCatalog catalog = ExperimentCatalog.shipped();
        List<Experiment> selected;
        SuiteOverrides overrides;
        Scale scale;
        try {
            o = CommandLineArgs.parse(new Options(), args);
            scale = Scale.parse(o.scale);
            selected = catalog.select(names(o.only));
            overrides = SuiteOverrides.parse(o.set, catalog);
            for (Experiment e : selected) {
                e.optionsAt(scale, overrides.of(e.name()));
            }
        } catch (IllegalArgumentException e) {
            System.err.println("BenchSuite: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (o.list) {
            catalog.all().forEach(e -> System.out.printf("%-24s %s%n%-24s reproduces: %s%n", e.name(), e.title(), "", e.answers()));
            return;
        }
        boolean allPassed = run(selected, scale, overrides, o.output, Arrays.asList(args), System.out);
        System.exit(allPassed ? 0 : 1);
    }

    /** Runs {@code experiments} in order and writes the front page; true when every one passed. */
    static boolean run(List<Experiment> experiments, Scale scale, SuiteOverrides overrides, Path output, List<String> arguments, PrintStream console)
            throws IOException, InterruptedException {
        requireNonNull(experiments, "experiments is null");
        Path dir = output.toAbsolutePath().normalize();
        LocalDateTime started = LocalDateTime.now();
        long start = System.nanoTime();
        List<ExperimentProcess.Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < experiments.size(); i++) {
            Experiment e = experiments.get(i);
            Path folder = dir.resolve(e.name());
            deleteTree(folder); // no page of an earlier run may pass for this one's
            ExperimentProcess process = new ExperimentProcess(e, scale, overrides.of(e.name()), folder);
            console.printf("%n[bench] experiment %d of %d: %s at %s scale (limit %d min; suite running %s)%n[bench] %s%n[bench] %s%n", i + 1,
                    experiments.size(), e.name(), scale.label(), e.timeout(scale).toMinutes(), minutes(System.nanoTime() - start), e.title(),
                    String.join(" ", process.commandForReport()));
            ExperimentProcess.Outcome outcome = process.run(console);
            outcomes.add(outcome);
            console.printf("[bench] %s %s after %s%n", e.name(), outcome.status(), minutes(outcome.elapsed().toNanos()));
            // written after every experiment, so an interrupted run still has its front page
            SuiteReport.write(dir, scale, started, Duration.ofNanos(System.nanoTime() - start), arguments, outcomes);
        }
        Path index = SuiteReport.write(dir, scale, started, Duration.ofNanos(System.nanoTime() - start), arguments, outcomes);
        console.printf("%n[bench] %d experiment(s) in %s:%n", outcomes.size(), minutes(System.nanoTime() - start));
        outcomes.forEach(x -> console.printf("[bench]   %-24s %-10s %s%n", x.experiment().name(), x.status(), minutes(x.elapsed().toNanos())));
        console.printf("[bench] report: %s%n", index);
        return outcomes.stream().allMatch(ExperimentProcess.Outcome::passed);
    }

    private static Set<String> names(String list) {
        Set<String> names = new LinkedHashSet<>();
        for (String n : list.split(",")) {
            if (!n.isBlank()) {
                names.add(n.strip());
            }
        }
        return names;
    }

    private static String minutes(long nanos) {
        long s = nanos / 1_000_000_000L;
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    private static void deleteTree(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
