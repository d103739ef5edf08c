package org.gridstack.bench.suite;

import static java.util.Objects.requireNonNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.gridstack.bench.kit.RunScale;
import org.gridstack.bench.kit.Scale;
import org.gridstack.bench.kit.Testbed;
import org.gridstack.service.process.ProcessGroupStopper;

/**
 * Runs one experiment in a JVM of its own (so one experiment's heap, JIT state, threads and
 * leftovers never touch the next one's numbers), on this JVM's class path, with the experiment's
 * JVM arguments and its options at a scale. The child's output (stdout and stderr together) is
 * copied line by line to the console, prefixed with the experiment's name and the time it has run
 * (the progress display of a long run), and to {@code run.log} in the experiment's folder. A child
 * that outlives the experiment's time limit, or is still running when this JVM is stopped, is ended
 * with everything it started. One instance per run; not thread-safe.
 */
final class ExperimentProcess {
    /** The log of the experiment's output, in its folder. */
    static final String LOG = "run.log";
    /** How often the load driver in the experiment prints its live throughput. */
    static final int PROGRESS_SECONDS = 10;

    /**
     * How an experiment ended.
     *
     * @param status {@code passed} (exit code 0), {@code failed} (any other exit code) or {@code timed out}
     * @param exitCode the child's exit code, -1 when it was stopped
     * @param command the command line that ran it
     */
    record Outcome(Experiment experiment, String status, int exitCode, Duration elapsed, List<String> command) {
        boolean passed() {
            return status.equals("passed");
        }
    }

    private final Experiment experiment;
    private final List<String> command;
    private final Path folder;
    private final Duration timeout;

    /** @param testbed the testbed topology the experiment runs on, empty for none ({@link Testbed#PROPERTY}) */
    ExperimentProcess(Experiment experiment, Scale scale, String testbed, Map<String, String> overrides, Path folder) {
        this.experiment = requireNonNull(experiment, "experiment is null");
        this.folder = requireNonNull(folder, "folder is null");
        this.timeout = experiment.timeout(scale);
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        c.addAll(experiment.jvmArgs());
        c.add("-Dgridstack.bench.progress=" + PROGRESS_SECONDS);
        c.add("-D" + RunScale.PROPERTY + "=" + scale.label());
        requireNonNull(testbed, "testbed is null");
        if (!testbed.isEmpty()) {
            c.add("-D" + Testbed.PROPERTY + "=" + testbed);
            for (String p : List.of(Testbed.DIR_PROPERTY, Testbed.EXEC_PROPERTY)) {
                String v = System.getProperty(p);
                if (v != null && !v.isBlank()) {
                    c.add("-D" + p + "=" + v);
                }
            }
        }
        String root = System.getProperty("gridstack.project.root");
        if (root != null && !root.isBlank()) {
            c.add("-Dgridstack.project.root=" + root);
        }
        c.add("-classpath");
        c.add(System.getProperty("java.class.path"));
        c.add(experiment.mainClass());
        c.addAll(experiment.arguments(scale, overrides, folder.toAbsolutePath()));
        this.command = List.copyOf(c);
    }

    /** The command without the class path (long and the same for every experiment), for reports. */
    List<String> commandForReport() {
        List<String> shown = new ArrayList<>(command);
        int cp = shown.indexOf("-classpath");
        shown.set(cp + 1, "<the benchmarks module's runtime class path>");
        return List.copyOf(shown);
    }

    /** Runs the experiment to its end or its time limit, copying its output to {@code console}. */
    Outcome run(PrintStream console) throws IOException, InterruptedException {
        requireNonNull(console, "console is null");
        Files.createDirectories(folder);
        long start = System.nanoTime();
        Process p = ProcessGroupStopper.inOwnSession(new ProcessBuilder(command)).directory(folder.toFile())
                .redirectErrorStream(true).start();
        Thread stopOnExit = new Thread(() -> stop(p), "stop " + experiment.name());
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        Thread copier = new Thread(() -> copyOutput(p, console, start), experiment.name() + " output");
        copier.setDaemon(true);
        copier.start();
        try {
            boolean ended = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) {
                console.printf("[%s] still running after its limit of %d min: stopping it%n", experiment.name(), timeout.toMinutes());
                stop(p);
            }
            copier.join(TimeUnit.SECONDS.toMillis(10));
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            if (!ended) {
                return new Outcome(experiment, "timed out", -1, elapsed, commandForReport());
            }
            int code = p.exitValue();
            return new Outcome(experiment, code == 0 ? "passed" : "failed", code, elapsed, commandForReport());
        } finally {
            stop(p);
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    private void copyOutput(Process p, PrintStream console, long start) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                Writer log = Files.newBufferedWriter(folder.resolve(LOG), StandardCharsets.UTF_8)) {
            for (String line; (line = in.readLine()) != null;) {
                long s = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
                console.printf("[%s %d:%02d] %s%n", experiment.name(), s / 60, s % 60, line);
                log.write(line);
                log.write('\n');
                log.flush();
            }
        } catch (IOException e) {
            console.printf("[%s] output no longer readable: %s%n", experiment.name(), e.getMessage());
        }
    }

    /**
     * Ends the child and everything it started (servlets, PostgreSQL, slapd, Squid): the child
     * first, politely, so its own shutdown hooks stop what it started; then whatever is left in
     * its session (orphans included). Idempotent.
     */
    private static void stop(Process p) {
        ProcessGroupStopper.stopRootFirst(p, Duration.ofSeconds(20));
    }
}
