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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.Scale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What {@code ./mvnw verify -Pbench} runs: the experiments of the {@link ExperimentCatalog} (all,
 * or those named by {@code --only}) one after the other at one {@link Scale}, each in a JVM of its
 * own, each writing into its own folder of the run's folder; then the run's front page and the
 * index of every run in the report folder. An
 * experiment that fails or outlives its time limit does not stop the others; the suite exits with 1
 * when any did not pass, so the build fails, with the report written either way. With
 * {@code --testbed=TOPOLOGY} it runs the experiments made for that multi-host testbed topology
 * instead (against the services of the testbed that is up, testbed/README.md), telling each JVM
 * the topology ({@link org.gridstack.bench.kit.Testbed}) and naming the topology in the run's folder
 * and front page.
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

        @Option(names = "--testbed", paramLabel = "TOPOLOGY", description = "run the experiments of this testbed topology, on the testbed"
                + " that is up (default: none, the normal run)")
        String testbed = "";

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
            selected = catalog.select(names(o.only), o.testbed.strip());
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
            catalog.all().forEach(e -> System.out.printf("%-24s %s%n%-24s reproduces: %s%s%n", e.name(), e.title(), "", e.answers(),
                    e.onTestbed() ? " (on testbed topology " + e.testbed() + ")" : ""));
            return;
        }
        SuiteRun done = run(selected, scale, o.testbed.strip(), overrides, o.output, Arrays.asList(args), System.out);
        System.exit(done.allPassed() ? 0 : 1);
    }

    /** Where a run's report went and whether every experiment passed. */
    record SuiteRun(Path folder, boolean allPassed) {
    }

    /**
     * Runs {@code experiments} in order into a new folder of {@code output} named by the start time
     * and scale (earlier runs are kept), writes the run's front page, and rewrites the index of runs.
     */
    static SuiteRun run(List<Experiment> experiments, Scale scale, SuiteOverrides overrides, Path output, List<String> arguments, PrintStream console)
            throws IOException, InterruptedException {
        return run(experiments, scale, "", overrides, output, arguments, console);
    }

    /** {@link #run} on testbed topology {@code testbed} (empty: the normal run with in-process servers). */
    static SuiteRun run(List<Experiment> experiments, Scale scale, String testbed, SuiteOverrides overrides, Path output, List<String> arguments,
            PrintStream console) throws IOException, InterruptedException {
        requireNonNull(experiments, "experiments is null");
        requireNonNull(testbed, "testbed is null");
        Path reports = output.toAbsolutePath().normalize();
        LocalDateTime started = LocalDateTime.now();
        Path dir = Files.createDirectories(reports.resolve(RunIndex.folderName(started, scale, testbed)));
        long start = System.nanoTime();
        List<ExperimentProcess.Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < experiments.size(); i++) {
            Experiment e = experiments.get(i);
            ExperimentProcess process = new ExperimentProcess(e, scale, testbed, overrides.of(e.name()), dir.resolve(e.name()));
            console.printf("%n[bench] experiment %d of %d: %s at %s scale (limit %d min; suite running %s)%n[bench] %s%n[bench] %s%n", i + 1,
                    experiments.size(), e.name(), scale.label(), e.timeout(scale).toMinutes(), minutes(System.nanoTime() - start), e.title(),
                    String.join(" ", process.commandForReport()));
            ExperimentProcess.Outcome outcome = process.run(console);
            outcomes.add(outcome);
            console.printf("[bench] %s %s after %s%n", e.name(), outcome.status(), minutes(outcome.elapsed().toNanos()));
            // written after every experiment, so an interrupted run still has its front page
            SuiteReport.write(dir, scale, testbed, started, Duration.ofNanos(System.nanoTime() - start), arguments, outcomes);
            RunIndex.update(reports);
        }
        Path page = SuiteReport.write(dir, scale, testbed, started, Duration.ofNanos(System.nanoTime() - start), arguments, outcomes);
        Path index = RunIndex.update(reports);
        console.printf("%n[bench] %d experiment(s) in %s:%n", outcomes.size(), minutes(System.nanoTime() - start));
        outcomes.forEach(x -> console.printf("[bench]   %-24s %-10s %s%n", x.experiment().name(), x.status(), minutes(x.elapsed().toNanos())));
        console.printf("[bench] this run: %s%n[bench] every run: %s%n", page, index);
        return new SuiteRun(dir, outcomes.stream().allMatch(ExperimentProcess.Outcome::passed));
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
}
