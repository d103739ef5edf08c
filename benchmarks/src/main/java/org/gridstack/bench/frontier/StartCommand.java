package org.gridstack.bench.frontier;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Reconstructs, for the report, the command that started this JVM. */
final class StartCommand {
    // what ./gridstack test passes to ./mvnw before the user's arguments
    private static final String LAUNCHER_PREFIX = "--batch-mode --no-transfer-progress verify";

    private StartCommand() {
    }

    /**
     * The Maven command when Maven started us (its scripts export {@code MAVEN_CMD_LINE_ARGS}),
     * shown as the {@code ./gridstack test} call when the arguments are the launcher's; else the
     * java command line.
     */
    static String describe(String[] mainArgs) {
        String user = System.getProperty("user.name");
        String maven = System.getenv("MAVEN_CMD_LINE_ARGS");
        if (maven != null && !maven.isBlank()) {
            String mvnArgs = maven.trim().replaceAll("\\s+", " ");
            if (mvnArgs.startsWith(LAUNCHER_PREFIX)) {
                return ("./gridstack test " + mvnArgs.substring(LAUNCHER_PREFIX.length()).trim()).trim()
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
