package org.gridstack.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The WAN link process's arguments, and a link listening on an address it was given. */
class TestWanLinkMain {
    @Test
    void parsesItsOptions() {
        Map<String, String> v = WanLinkMain.parse(new String[] {"--listen", "127.0.0.1:18000", "--target", "localhost:8000", "--delay-ms", "20"});
        assertEquals(new InetSocketAddress("127.0.0.1", 18000), WanLinkMain.address(v, "--listen"));
        assertEquals(20, WanLinkMain.number(v, "--delay-ms"));
        assertEquals(0, WanLinkMain.number(v, "--rate-kbps"));
    }

    @Test
    void refusesBadOptionsSayingWhich() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WanLinkMain.parse(new String[] {"--delay", "5"}))
                .getMessage().contains("unknown option '--delay'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WanLinkMain.parse(new String[] {"--listen"}))
                .getMessage().contains("--listen needs a value"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WanLinkMain.address(Map.of(), "--target"))
                .getMessage().contains("--target HOST:PORT is required"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WanLinkMain.address(Map.of("--target", "x:99999"), "--target"))
                .getMessage().contains("not HOST:PORT"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WanLinkMain.number(Map.of("--delay-ms", "-1"), "--delay-ms"))
                .getMessage().contains("not a number of 0 or more"));
    }

    @Test
    void aLinkListensOnTheAddressGiven() throws Exception {
        try (ServerSocket echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                try (Socket s = echo.accept()) {
                    s.getOutputStream().write(s.getInputStream().readNBytes(5));
                } catch (Exception e) {
                    // the test's read fails then
                }
            });
            server.start();
            // port 0 on the address given: a free one (a fixed port could be taken by a parallel test run)
            try (WanLink link = WanLink.start("t", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), echo.getLocalPort()),
                    new WanLink.Profile(Duration.ofMillis(1), 0, 0));
                    Socket client = new Socket(InetAddress.getLoopbackAddress(), link.port())) {
                OutputStream out = client.getOutputStream();
                out.write("hello".getBytes(StandardCharsets.US_ASCII));
                InputStream in = client.getInputStream();
                assertEquals("hello", new String(in.readNBytes(5), StandardCharsets.US_ASCII));
            }
            server.join(10_000);
        }
    }
}
