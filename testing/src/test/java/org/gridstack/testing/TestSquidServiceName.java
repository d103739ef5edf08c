package org.gridstack.testing;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        // as another user's or a site's Squid runs: no -n
        Process foreign = new ProcessBuilder(SquidProcess.SQUID.toString(), "-N", "-f", conf.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("console.log").toFile()).start();
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
            ConfigTemplates.deleteTree(dir);
        }
    }
}
