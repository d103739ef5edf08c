package org.gridstack.frontier.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Answers over {@code response-buffer-bytes} are spooled to disk, so their database connections
 * are back in the pool before a slow client reads them. Real sockets with small receive buffers
 * from several addresses, the real servlet, an embedded PostgreSQL with a pool of
 * {@value #POOL}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestSpooledAnswers {
    private static final int POOL = 4;
    /** ~7 MB encoded: over the 64 KiB held in memory, under an address's 16 MiB of disk. */
    private static final String LARGE = "select t.string from T_STRING t, generate_series(1, 5) g";
    private FrontierTestServer server;

    @BeforeAll
    void start() {
        // the waits are long so that a pool held by the slow readers would show as answers cut by
        // the send timeout or a bystander waiting for a connection, never as a refused test
        server = FrontierTestServer.start(Paths.get(System.getProperty("frontier.demo.schema", "demo/demo-schema.sql")),
                "--frontier.max-active=" + POOL, "--frontier.max-db-acquire-seconds=60", "--frontier.max-db-execute-seconds=60",
                "--frontier.send-timeout-seconds=60", "--frontier.response-buffer-bytes=65536",
                "--frontier.spool-client-bytes=16777216", "--frontier.spool-total-bytes=67108864");
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static byte[] request(String sql, String id) {
        return RawHttp.get("/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode(sql),
                "HTTP/1.1", "Host: 127.0.0.1", "X-Frontier-Id: " + id, "Connection: close");
    }

    private int activeConnections() throws Exception {
        return server.bean(DataSource.class).unwrap(HikariDataSource.class).getHikariPoolMXBean().getActiveConnections();
    }

    @Test
    void slowReadersOfLargeAnswersHoldNoDatabaseConnection() throws Exception {
        List<Socket> readers = new ArrayList<>();
        try {
            // as many slow readers as the pool has connections, each from its own address (each
            // within its address's share of the pool)
            for (int i = 0; i < POOL; i++) {
                Socket s = new Socket();
                s.setReceiveBufferSize(1024);
                s.setSoTimeout(120_000);
                s.bind(new InetSocketAddress("127.0.0." + (10 + i), 0));
                readers.add(s);
                s.connect(new InetSocketAddress("127.0.0.1", server.port()));
                s.getOutputStream().write(request(LARGE, "slow-reader-" + i + " 1.0"));
                s.getOutputStream().flush();
            }
            for (Socket s : readers) {
                // the answer has started; then the reader reads nothing more for now
                assertEquals("HTTP/1.1 200", RawHttp.statusLine(s.getInputStream()));
            }
            // before: each answer held its connection while its client read it (all of the pool)
            assertEquals(0, activeConnections(), "no connection is held for a slow reader");

            RawHttp.Response other = RawHttp.exchangeFrom("127.0.0.2", "127.0.0.1", server.port(),
                    RawHttp.get("/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode("select 1 as one"),
                            "HTTP/1.0", "X-Frontier-Id: bystander 1.0"));
            assertEquals(200, other.status(), other.bodyText());
            DecodedPayload p = ResponseParser.parse(other.bodyText()).payloads().get(0);
            assertEquals(0, p.error(), p.message());
            assertEquals(1, p.records());

            // the readers had not finished: each now reads a complete answer, most of it only now
            for (Socket s : readers) {
                byte[] rest = s.getInputStream().readAllBytes();
                String text = new String(rest, StandardCharsets.ISO_8859_1);
                int headEnd = text.indexOf("\r\n\r\n");
                java.util.regex.Matcher cl = java.util.regex.Pattern.compile("(?i)Content-Length: (\\d+)").matcher(text.substring(0, headEnd));
                assertTrue(cl.find(), "a spooled answer has a Content-Length");
                assertEquals(Long.parseLong(cl.group(1)), rest.length - headEnd - 4, "the whole answer, not cut");
                assertTrue(text.stripTrailing().endsWith("</frontier>"), "a complete answer");
                assertTrue(rest.length > 1_000_000, "most of the answer was still to be sent: " + rest.length + " bytes");
                DecodedPayload big = ResponseParser.parse(text.substring(headEnd + 4)).payloads().get(0);
                assertEquals(0, big.error(), big.message());
                assertEquals(50_000, big.records());
            }
        } finally {
            for (Socket s : readers) {
                s.close();
            }
        }
    }

    @Test
    void anAnswerOverTheAddresssDiskShareIsSentAsItIsProducedNotRefused() throws Exception {
        // ~21 MB: over the address's 16 MiB of spool; behind one Squid a whole site is one address,
        // so running out of spool must not refuse an answer: it is streamed as without a spool
        RawHttp.Received r = RawHttp.receive("127.0.0.1", server.port(), request(
                "select t.string from T_STRING t, generate_series(1, 15) g", "greedy 1.0"));
        assertEquals(200, r.status());
        assertTrue(r.completeAnswer(), "a complete, framed answer");
        assertNull(r.header("Content-Length"), "streamed (chunked), not spooled");
        DecodedPayload p = ResponseParser.parse(r.body()).payloads().get(0);
        assertEquals(0, p.error(), p.message());
        assertEquals(150_000, p.records());
        // the spool was given back: the same address's next large answer is spooled again
        RawHttp.Received again = RawHttp.receive("127.0.0.1", server.port(), request(LARGE, "greedy 1.0"));
        assertEquals(String.valueOf(again.body().length), again.header("Content-Length"));
        assertEquals(0, ResponseParser.parse(again.body()).payloads().get(0).error());
    }
}
