package org.gridstack.dqp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** The command line names its commands and refuses bad arguments with a message, before starting anything. */
class TestDqpCommand {
    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new DqpCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void helpListsEveryCommand() {
        Run r = run("--help");
        assertEquals(0, r.exitCode());
        for (String command : new String[] {"demo", "coordinator", "evaluator", "data-service", "entropy", "demo-data"}) {
            assertTrue(r.out().contains(command), command + " in: " + r.out());
        }
    }

    @Test
    void coordinatorNeedsDataServices() {
        Run r = run("coordinator", "--port", "0");
        assertNotEquals(0, r.exitCode());
        assertTrue(r.err().contains("--data-service"), r.err());
    }

    @Test
    void dataServiceNeedsItsPasswordInTheEnvironment() {
        Run r = run("data-service", "--jdbc-url", "jdbc:postgresql://localhost:1/x", "--user", "u",
                "--password-env", "DQP_TEST_VARIABLE_THAT_IS_NOT_SET");
        assertNotEquals(0, r.exitCode());
        assertTrue(r.err().contains("$DQP_TEST_VARIABLE_THAT_IS_NOT_SET"), r.err());
    }

    @Test
    void demoRefusesABadPort() {
        Run r = run("demo", "--port", "70000");
        assertNotEquals(0, r.exitCode());
        assertTrue(r.err().contains("--port must be within 0..65535"), r.err());
    }

    @Test
    void demoDataRefusesAnUnknownHostBeforeStartingADatabase() {
        Run r = run("demo-data", "--tables", "c");
        assertNotEquals(0, r.exitCode());
        assertTrue(r.err().contains("--tables must be a or b, is 'c'"), r.err());
    }

    @Test
    void entropyRefusesAnUnknownMode() {
        Run r = run("entropy", "--mode", "FAST");
        assertNotEquals(0, r.exitCode());
        assertTrue(r.err().contains("FAST") && r.err().contains("LATENCY"), r.err());
    }
}
