package org.gridstack.testing;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The emulated WAN link: its schedule exactly (no clock involved), and the forwarder with real
 * sockets: bytes arrive unchanged in both directions, an end of stream passes as a half-close, a
 * dead target closes the client's connection, and closing the link leaves no thread behind.
 * Nothing here measures time.
 */
class TestWanLink {
    private static final long MS = 1_000_000L;

    @Test
    void aDelayAloneShiftsEveryChunk() {
        LinkSchedule s = new LinkSchedule(Duration.ofMillis(60), 0, new LinkSchedule.Shared(0));
        assertEquals(60 * MS, s.departure(0, 1000));
        assertEquals(70 * MS, s.departure(10 * MS, 1_000_000));
    }

    @Test
    void aConnectionRateSerialisesItsChunks() {
        // 1,000 B/s: 500 bytes take 0.5 s; a chunk arriving while the previous one is still sent waits
        LinkSchedule s = new LinkSchedule(Duration.ofMillis(100), 1000, new LinkSchedule.Shared(0));
        assertEquals(600 * MS, s.departure(0, 500));
        assertEquals(1100 * MS, s.departure(0, 500));
        assertEquals(5100 * MS, s.departure(4000 * MS, 1000), "an idle connection starts again at the arrival");
    }

    @Test
    void theLinkRateIsSharedByEveryConnection() {
        LinkSchedule.Shared link = new LinkSchedule.Shared(2000);
        LinkSchedule a = new LinkSchedule(Duration.ZERO, 1500, link);
        LinkSchedule b = new LinkSchedule(Duration.ZERO, 1500, link);
        // alone, each would take 1 s for 1,500 bytes; on a 2,000 B/s link the second waits for the first
        assertEquals(1000 * MS, a.departure(0, 1500));
        assertEquals(1500 * MS, b.departure(0, 1500));
        assertEquals(2000 * MS, a.departure(0, 1000), "a's own rate is the later bound here");
    }

    @Test
    void badSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new LinkSchedule(Duration.ofMillis(-1), 0, new LinkSchedule.Shared(0)));
        assertThrows(IllegalArgumentException.class, () -> new LinkSchedule.Shared(-5));
        assertThrows(IllegalArgumentException.class, () -> new WanLink.Profile(Duration.ZERO, -1, 0));
        assertEquals("RTT 120 ms, 265 kB/s per connection, 1,600 kB/s link",
                new WanLink.Profile(Duration.ofMillis(60), 265_000, 1_600_000).describe());
    }

    @Test
    void bytesCrossUnchangedBothWaysAndHalfClosesPass() throws Exception {
        byte[] request = new byte[300_000];
        new Random(7).nextBytes(request);
        AtomicReference<byte[]> received = new AtomicReference<>();
        try (ServerSocket origin = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // the origin reads until the client's half-close, then answers with the bytes reversed and closes
            Thread server = new Thread(() -> {
                try (Socket s = origin.accept()) {
                    byte[] got = s.getInputStream().readAllBytes();
                    received.set(got);
                    byte[] answer = new byte[got.length];
                    for (int i = 0; i < got.length; i++) {
                        answer[i] = got[got.length - 1 - i];
                    }
                    s.getOutputStream().write(answer);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            server.start();
            try (WanLink link = WanLink.start("test", new InetSocketAddress(InetAddress.getLoopbackAddress(), origin.getLocalPort()),
                    new WanLink.Profile(Duration.ofMillis(2), 50_000_000, 100_000_000));
                 Socket client = new Socket(InetAddress.getLoopbackAddress(), link.port())) {
                OutputStream out = client.getOutputStream();
                out.write(request);
                out.flush();
                client.shutdownOutput();
                byte[] answer = readAll(client.getInputStream());
                server.join(10_000);
                assertArrayEquals(request, received.get(), "the origin got the request unchanged");
                assertEquals(request.length, answer.length);
                for (int i = 0; i < answer.length; i++) {
                    if (answer[i] != request[request.length - 1 - i]) {
                        throw new AssertionError("answer byte " + i + " differs");
                    }
                }
                assertEquals(2L * request.length, link.bytesForwarded());
                assertEquals(1, link.connectionsAccepted());
            }
        }
        // the forwarder's threads end when their connection ends; give them a moment, then none may be left
        await("the link's threads end").atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50)).until(() -> liveLinkThreads() == 0);
    }

    @Test
    void aDeadTargetClosesTheClientsConnection() throws Exception {
        int deadPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort();
        }
        try (WanLink link = WanLink.start("dead", new InetSocketAddress(InetAddress.getLoopbackAddress(), deadPort),
                new WanLink.Profile(Duration.ofMillis(1), 0, 0));
             Socket client = new Socket(InetAddress.getLoopbackAddress(), link.port())) {
            client.setSoTimeout(20_000);
            assertEquals(-1, client.getInputStream().read(), "the client sees the connection end");
        }
        // the forwarder's threads end when their connection ends; give them a moment, then none may be left
        await("the link's threads end").atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50)).until(() -> liveLinkThreads() == 0);
    }

    @Test
    void closingTheLinkEndsOpenConnections() throws Exception {
        try (ServerSocket origin = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            WanLink link = WanLink.start("open", new InetSocketAddress(InetAddress.getLoopbackAddress(), origin.getLocalPort()),
                    new WanLink.Profile(Duration.ofMillis(1), 0, 0));
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), link.port()); Socket accepted = origin.accept()) {
                client.getOutputStream().write(1);
                assertEquals(1, accepted.getInputStream().read());
                link.close();
                client.setSoTimeout(20_000);
                assertTrue(client.getInputStream().read() == -1, "the link's end of the connection is closed");
            }
        }
        // the forwarder's threads end when their connection ends; give them a moment, then none may be left
        await("the link's threads end").atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50)).until(() -> liveLinkThreads() == 0);
    }

    private static byte[] readAll(InputStream in) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        in.transferTo(b);
        return b.toByteArray();
    }

    private static long liveLinkThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("wan-") && t.isAlive()).count();
    }
}
