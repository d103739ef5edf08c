package org.gridstack.bench.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TestStartCommand {
    @Test
    void theBenchCommandIsShownAsTheLauncherRanIt() {
        assertEquals("./gridstack bench -Dbench.scale=tiny   # = ./mvnw --batch-mode --no-transfer-progress verify -Pbench -pl benchmarks"
                        + " -am -DskipTests -Dbench.scale=tiny as user gridstack",
                StartCommand.describe(new String[0],
                        "--batch-mode --no-transfer-progress verify -Pbench -pl benchmarks -am -DskipTests -Dbench.scale=tiny", "gridstack"));
    }

    @Test
    void theTestCommandAndPlainMavenStayAsTheyWere() {
        assertEquals("./gridstack test -pl benchmarks -Pbench   # = ./mvnw --batch-mode --no-transfer-progress verify -pl benchmarks -Pbench"
                + " as user u", StartCommand.describe(new String[0], "--batch-mode --no-transfer-progress verify -pl benchmarks -Pbench", "u"));
        assertEquals("./mvnw verify -Pbench   # as user u", StartCommand.describe(new String[0], "verify  -Pbench", "u"));
    }
}
