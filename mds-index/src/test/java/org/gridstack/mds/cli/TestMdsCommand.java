package org.gridstack.mds.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** The command line: help lists the servers and their options; bad values are clear errors. */
class TestMdsCommand {

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new MdsCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new String[] {String.valueOf(code), out.toString(), err.toString()};
    }

    @Test
    void helpListsBothServers() {
        String[] r = run("--help");
        assertEquals("0", r[0]);
        assertTrue(r[1].contains("gris") && r[1].contains("giis") && r[1].contains("index"), r[1]);
    }

    @Test
    void grisHelpListsItsOptions() {
        String[] r = run("gris", "--help");
        assertEquals("0", r[0]);
        for (String o : new String[] {"--port", "--providers", "default|synthetic:N|DIR", "--cache", "--register-to",
            "--regperiod", "--ttl", "--cachettl", "--metrics-port", "--idletimeout", "--read-timeout",
            "--max-connections-per-address", "--listener"}) {
            assertTrue(r[1].contains(o), o + " missing from:\n" + r[1]);
        }
    }

    @Test
    void giisHelpListsItsOptions() {
        String[] r = run("giis", "--help");
        assertEquals("0", r[0]);
        for (String o : new String[] {"--port", "--register-to", "--aggregate", "--mode", "--allow", "--metrics-port",
            "--http-port", "--listener", "--max-registrations-per-address", "--max-entries-per-source"}) {
            assertTrue(r[1].contains(o), o + " missing from:\n" + r[1]);
        }
        assertTrue(r[1].contains("default 2136") && !r[1].contains("default 2135"), "the GIIS's own port:\n" + r[1]);
    }

    @Test
    void indexHelpListsItsPort() {
        String[] r = run("index", "--help");
        assertEquals("0", r[0]);
        assertTrue(r[1].contains("--port") && r[1].contains("XPath"), r[1]);
        assertTrue(r[1].contains("--bind-address") && r[1].contains("default 127.0.0.1"), r[1]);
    }

    @Test
    void aBadCacheModeIsAClearError() {
        String[] r = run("gris", "--port", "0", "--providers", "synthetic:1", "--cache", "sometimes");
        assertNotEquals("0", r[0]);
        assertTrue(r[2].contains("'sometimes' is not one of auto, on, off"), r[2]);
    }

    @Test
    void aBadProviderSpecificationIsAClearError() {
        String[] r = run("gris", "--port", "0", "--providers", "/no/such/folder");
        assertNotEquals("0", r[0]);
        assertTrue(r[2].contains("none of: default, synthetic:N"), r[2]);
    }

    @Test
    void aBadConnectionLimitIsAClearError() {
        String[] r = run("gris", "--port", "0", "--providers", "synthetic:1", "--read-timeout", "0");
        assertNotEquals("0", r[0]);
        assertTrue(r[2].contains("readTimeout must be positive"), r[2]);
    }

    @Test
    void aBadListenerKindIsAClearError() {
        String[] r = run("gris", "--port", "0", "--providers", "synthetic:1", "--listener", "fibers");
        assertNotEquals("0", r[0]);
        assertTrue(r[2].contains("--listener must be event-loop or threads"), r[2]);
    }
}
