package org.gridstack.bench.frontier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.gridstack.bench.kit.HttpGetConnection;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks' raw HTTP client (with the FroNtier client's body reader) against the real servlet's captured
 * responses: Content-Length, chunked, close-delimited; kept sockets, and one socket per answer when asked to close.
 */
class TestHttpGetConnection {
    @Test
    void readsEveryFramingAndReusesTheConnectionUntilTheServerCloses() throws Exception {
        byte[] contentLength = FrontierGoldenVectors.rawResponse("01-types-zip0");
        byte[] chunked = FrontierGoldenVectors.rawResponse("26-http11-string-large-zip0");
        byte[] closeDelimited = FrontierGoldenVectors.rawResponse("21-string-full-zip5");
        try (CannedServer server = new CannedServer(List.of(chunked, contentLength, chunked, closeDelimited, contentLength));
             HttpGetConnection c = new HttpGetConnection("127.0.0.1", server.port(), Duration.ofSeconds(5), Duration.ofSeconds(30))) {
            byte[] request = HttpGetConnection.getRequest("127.0.0.1", server.port(), "/Frontier/x", true, "X-Frontier-Id: test");
            GrowableBytes body = new GrowableBytes(16);

            assertEquals(200, c.exchange(request, true, FrontierHttpClient.bodyInto(body)));
            assertEquals(323, ResponseParser.parse(body.toArray()).payloads().get(0).records());
            assertEquals(200, c.exchange(request, true, FrontierHttpClient.bodyInto(body)));
            assertArrayEquals(FrontierGoldenVectors.body("01-types-zip0"), body.toArray());
            assertEquals(200, c.exchange(request, true, FrontierHttpClient.bodyInto(body)));
            assertEquals(323, ResponseParser.parse(body.toArray()).payloads().get(0).records());
            assertEquals(1, c.connects(), "keep-alive: one connection for three answers");

            assertEquals(200, c.exchange(request, true, FrontierHttpClient.bodyInto(body)));
            assertArrayEquals(FrontierGoldenVectors.body("21-string-full-zip5"), body.toArray());
            assertEquals(200, c.exchange(request, true, FrontierHttpClient.bodyInto(body)));
            assertArrayEquals(FrontierGoldenVectors.body("01-types-zip0"), body.toArray());
            assertEquals(2, c.connects(), "a new connection after the close-delimited answer");
        }
    }

    @Test
    void asksForAndUsesOneSocketPerAnswerWhenNotKeepingAlive() throws Exception {
        byte[] contentLength = FrontierGoldenVectors.rawResponse("01-types-zip0");
        try (CannedServer server = new CannedServer(List.of(contentLength, contentLength, contentLength));
             HttpGetConnection c = new HttpGetConnection("127.0.0.1", server.port(), Duration.ofSeconds(5), Duration.ofSeconds(30))) {
            byte[] request = HttpGetConnection.getRequest("127.0.0.1", server.port(), "/Frontier/x", false, "X-Frontier-Id: test");
            assertTrue(new String(request, StandardCharsets.ISO_8859_1).endsWith("\r\nConnection: close\r\n\r\n"));
            GrowableBytes body = new GrowableBytes(16);
            for (int i = 1; i <= 3; i++) {
                assertEquals(200, c.exchange(request, false, FrontierHttpClient.bodyInto(body)));
                assertArrayEquals(FrontierGoldenVectors.body("01-types-zip0"), body.toArray());
                assertEquals(i, c.connects(), "a new socket for answer " + i);
            }
        }
    }

    /** Answers each request with the next canned response; closes after one without framing headers. */
    private static final class CannedServer implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0);
        private final Deque<byte[]> responses;
        private final Thread thread;

        CannedServer(List<byte[]> responses) throws IOException {
            this.responses = new ArrayDeque<>(responses);
            this.thread = new Thread(this::serve, "canned-http");
            thread.setDaemon(true);
            thread.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        private void serve() {
            try {
                while (!responses.isEmpty()) {
                    try (Socket s = socket.accept()) {
                        InputStream in = s.getInputStream();
                        OutputStream out = s.getOutputStream();
                        while (!responses.isEmpty() && readHead(in)) {
                            byte[] r = responses.poll();
                            out.write(r);
                            out.flush();
                            String head = new String(r, 0, Math.min(r.length, 400), StandardCharsets.ISO_8859_1);
                            if (head.contains("Connection: close")) {
                                break;
                            }
                        }
                    }
                }
            } catch (IOException closed) {
                // the test is over
            }
        }

        private static boolean readHead(InputStream in) throws IOException {
            int state = 0;
            int b;
            while ((b = in.read()) >= 0) {
                state = (b == '\r' && (state == 0 || state == 2)) || (b == '\n' && (state == 1 || state == 3)) ? state + 1 : 0;
                if (state == 4) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
