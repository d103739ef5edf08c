package org.gridstack.testing;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Squid names its shared-memory segments after its service name ({@code -n}); with the default
 * name, a second Squid on the host fails ({@code shm_open(/squid-cf__metadata.shm): File exists}).
 * Every {@link SquidProcess} gets a name of its own, so it starts beside any other Squid.
 */
class TestSquidServiceName {
    @Test
    void startsBesideASquidWithTheDefaultServiceName() throws Exception {
        Path dir = Files.createTempDirectory("squid-default-name-");
        Map<String, String> v = SquidProcess.defaults("default-name");
        v.put("origin_host", "127.0.0.1");
        v.put("origin_port", String.valueOf(SquidProcess.freePort()));
        int port = SquidProcess.freePort();
        v.put("port", String.valueOf(port));
        v.put("dir", dir.toString());
        Path conf = dir.resolve("squid.conf");
        Files.writeString(conf, SquidProcess.render(SquidProcess.template("accelerator.conf.template"), v), StandardCharsets.UTF_8);
        // as another user's or a site's Squid runs: no -n. Same-user Squids with one name share
        // (and garble) each other's segments; another user's segments make ours fail to start.
        // So it runs as the second local account when there is one (./gridstack test creates it).
        List<String> command = new ArrayList<>(List.of(SquidProcess.SQUID.toString(), "-N", "-f", conf.toString()));
        if (secondUserAvailable()) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
            Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-r--r--"));
            command.addAll(0, List.of("sudo", "-n", "-u", SECOND_USER));
        }
        Process foreign = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("foreign-console.log").toFile()).start();
        try {
            // if it cannot start, another default-named Squid already runs on this host: the same situation
            try {
                ConfigTemplates.awaitListening(foreign, "squid", port, TimeUnit.SECONDS.toNanos(30), 100);
            } catch (java.io.IOException | RuntimeException alreadyOne) {
                // keep going
            }
            try (SquidProcess a = SquidProcess.accelerator("beside-default", "127.0.0.1", SquidProcess.freePort());
                 SquidProcess b = SquidProcess.accelerator("beside-default", "127.0.0.1", SquidProcess.freePort())) {
                assertTrue(a.isAlive() && b.isAlive());
                assertNotEquals(a.port(), b.port());
                try (Socket s = new Socket("127.0.0.1", b.port())) {
                    assertTrue(s.isConnected());
                }
            }
        } finally {
            foreign.destroy();
            if (!foreign.waitFor(20, TimeUnit.SECONDS)) {
                foreign.destroyForcibly();
            }
            if (secondUserAvailable()) {
                // its files, and segments it may have left (they would stop every default-named Squid here)
                run("sudo", "-n", "-u", SECOND_USER, "find", dir.toString(), "/dev/shm", "-maxdepth", "1", "-user", SECOND_USER,
                        "-name", "*", "-delete");
            }
            ConfigTemplates.deleteTree(dir);
        }
    }

    private static final String SECOND_USER = System.getProperty("gridstack.test.second-user", "gridstack-intruder");

    private static boolean secondUserAvailable() throws Exception {
        return run("sudo", "-n", "-u", SECOND_USER, "true") == 0;
    }

    private static int run(String... command) throws Exception {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (java.io.IOException noSudo) {
            return -1;
        }
    }
}
