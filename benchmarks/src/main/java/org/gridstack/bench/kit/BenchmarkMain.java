package org.gridstack.bench.kit;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * How a benchmark main runs, the same for every experiment: read the command line (a mistake is
 * printed with the usage and ends the JVM with exit code 2, before anything starts), say what
 * runs, run it, print its Markdown summary, write its files into {@code --output}, and end the
 * JVM with 0 (servers and embedded databases started by the run stop in their shutdown hooks).
 * A run that fails prints its error and ends the JVM with 1 (the servers' threads would otherwise
 * keep it alive until the suite's time limit). Stateless.
 */
public final class BenchmarkMain {
    /** What a run leaves behind. */
    public interface Report {
        String markdown();

        List<Path> write(Path dir) throws IOException;
    }

    /** Reads the arguments; {@code output[0]} holds the default output folder and receives {@code --output}. */
    @FunctionalInterface
    public interface Parser<C> {
        C parse(String[] args, Path[] output);
    }

    /** The run itself. */
    @FunctionalInterface
    public interface Body<C, R extends Report> {
        R run(C config) throws Exception;
    }

    private BenchmarkMain() {
    }

    public static <C, R extends Report> void run(String name, String[] args, Parser<C> parser, Function<C, String> describe, Body<C, R> body) {
        requireNonNull(name, "name is null");
        Path[] output = {Path.of("target/results")};
        C config;
        try {
            config = parser.parse(args, output);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        System.out.println(name + ": " + describe.apply(config));
        try {
            R report = body.run(config);
            System.out.println(report.markdown());
            System.out.println("written: " + report.write(output[0]));
        } catch (Exception | Error e) {
            System.err.println(name + " failed:");
            e.printStackTrace();
            System.exit(1);
            return;
        }
        System.exit(0);
    }
}
