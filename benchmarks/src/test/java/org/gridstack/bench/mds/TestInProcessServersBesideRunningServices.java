package org.gridstack.bench.mds;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/**
 * Servers the benchmarks start in-process take a free port even while {@code ./gridstack run} (or
 * anything else) holds 8080: frontier-servlet's {@code application.properties} on this class path
 * says {@code server.port=8080}, and must not win over the port the benchmark asks for.
 */
class TestInProcessServersBesideRunningServices {
    @Test
    void inProcessServersTakeAFreePortWhile8080IsTaken() throws Exception {
        ServerSocket held = null;
        try {
            try {
                held = new ServerSocket(8080, 50, InetAddress.getByName("127.0.0.1"));
            } catch (IOException alreadyTaken) {
                // a running service holds it: the situation this test is about
            }
            try (XmlIndexServer index = XmlIndexServer.start(1)) {
                assertTrue(index.port() > 0);
                assertNotEquals(8080, index.port());
            }
        } finally {
            if (held != null) {
                held.close();
            }
        }
    }
}
