package org.gridstack.bench.frontier;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Reconstructs, for the report, the command that started this JVM. */
final class StartCommand {
    // what ./gridstack test passes to ./mvnw before the user's arguments
    private static final String LAUNCHER_PREFIX = "--batch-mode --no-transfer-progress verify";
    // what ./gridstack bench passes after that prefix, before the user's arguments
    private static final String BENCH_PREFIX = "-Pbench -pl benchmarks -am -DskipTests";

    private StartCommand() {
    }

    /**
     * The Maven command when Maven started us (its scripts export {@code MAVEN_CMD_LINE_ARGS}),
     * shown as the {@code ./gridstack test} or {@code ./gridstack bench} call when the arguments are the launcher's; else the
     * java command line.
     */
    static String describe(String[] mainArgs) {
        return describe(mainArgs, System.getenv("MAVEN_CMD_LINE_ARGS"), System.getProperty("user.name"));
    }

    /** {@link #describe(String[])} with Maven's arguments ({@code maven}, null: not started by Maven) and the user given. */
    static String describe(String[] mainArgs, String maven, String user) {
        if (maven != null && !maven.isBlank()) {
            String mvnArgs = maven.trim().replaceAll("\\s+", " ");
            if (mvnArgs.startsWith(LAUNCHER_PREFIX)) {
                String rest = mvnArgs.substring(LAUNCHER_PREFIX.length()).trim();
                String launcher = rest.startsWith(BENCH_PREFIX)
                        ? "./gridstack bench " + rest.substring(BENCH_PREFIX.length()).trim()
                        : "./gridstack test " + rest;
                return launcher.trim()
                        + "   # = ./mvnw " + mvnArgs + " as user " + user;
            }
            return "./mvnw " + mvnArgs + "   # as user " + user;
        }
        return "java -cp ... " + FrontierThroughputBenchmark.class.getName() + " "
                + Arrays.stream(mainArgs).map(StartCommand::quote).collect(Collectors.joining(" ")) + "   # as user " + user;
    }

    private static String quote(String arg) {
        return arg.matches("[A-Za-z0-9_./=,:+-]*") ? arg : "'" + arg.replace("'", "'\\''") + "'";
    }
}
