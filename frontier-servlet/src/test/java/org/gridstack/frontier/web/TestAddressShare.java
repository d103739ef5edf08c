package org.gridstack.frontier.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
 * Ten attacking connections from one address (127.0.0.1), each with its own {@code X-Frontier-Id}
 * and a forged {@code X-Forwarded-For}, running slow queries or reading big answers slowly, cannot
 * keep another address (127.0.0.2) from its {@code select 1}: it is answered while the attackers
 * are still at it. Real sockets, the real servlet, an embedded PostgreSQL, pool of 10; no proxy
 * is trusted, so the forged header counts for nothing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestAddressShare {
    private static final int ATTACKERS = 10;
    private FrontierTestServer server;

    @BeforeAll
    void start() {
        // answers over 64 KiB are spooled to disk (sent as they are produced with spooling off);
        // waits long enough that a pool held by the attackers would show as a late answer
        server = FrontierTestServer.start(Paths.get(System.getProperty("frontier.demo.schema", "demo/demo-schema.sql")),
                "--frontier.max-active=10", "--frontier.max-db-acquire-seconds=60", "--frontier.max-db-execute-seconds=60",
                "--frontier.send-timeout-seconds=40", "--frontier.response-buffer-bytes=65536");
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static byte[] request(String sql, int attacker) {
        return RawHttp.get("/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode(sql),
                "HTTP/1.1", "Host: 127.0.0.1", "X-Frontier-Id: attacker-" + attacker + " 1.0",
                "X-Forwarded-For: 10.9.0." + attacker, "Connection: close");
    }

    private DecodedPayload selectOneFromAnotherAddress() throws Exception {
        RawHttp.Response r = RawHttp.exchangeFrom("127.0.0.2", "127.0.0.1", server.port(),
                RawHttp.get("/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode("select 1 as one"),
                        "HTTP/1.0", "X-Frontier-Id: bystander 1.0"));
        assertEquals(200, r.status(), r.bodyText());
        return ResponseParser.parse(r.bodyText()).payloads().get(0);
    }

    private int running(Connection watcher, String like) throws Exception {
        try (Statement s = watcher.createStatement();
             ResultSet rs = s.executeQuery("select count(*) from pg_stat_activity where query ilike '" + like
                     + "' and pid <> pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void slowQueriesFromOneAddressDoNotDelayAnother() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(ATTACKERS);
        try (Connection watcher = server.database().adminConnection()) {
            List<Future<RawHttp.Response>> attacks = new ArrayList<>();
            for (int i = 0; i < ATTACKERS; i++) {
                int n = i;
                attacks.add(pool.submit(() -> RawHttp.exchangeFrom("127.0.0.1", "127.0.0.1", server.port(),
                        request("select pg_sleep(50) as s, " + n + " as n", n))));
            }
            // every attack is either sleeping in the database or already refused
            await("the attackers' queries run, the rest are refused").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(
                    () -> running(watcher, "%pg_sleep(50)%"),
                    n -> n > 0 && n + attacks.stream().filter(Future::isDone).count() == ATTACKERS);

            DecodedPayload p = selectOneFromAnotherAddress();
            assertEquals(0, p.error(), p.message());
            assertEquals(1, p.records());
            assertTrue(running(watcher, "%pg_sleep(50)%") > 0, "answered while the attackers' queries still run");
            for (Future<RawHttp.Response> f : attacks) {
                if (f.isDone()) {
                    assertEquals(503, f.get().status(), "over the address's share: " + f.get().bodyText());
                }
            }
            try (Statement s = watcher.createStatement()) {
                s.execute("select pg_cancel_backend(pid) from pg_stat_activity where query ilike '%pg_sleep(50)%'"
                        + " and pid <> pg_backend_pid()");
            }
            for (Future<RawHttp.Response> f : attacks) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void slowReadersFromOneAddressDoNotDelayAnother() throws Exception {
        List<Socket> attackers = new ArrayList<>();
        try {
            for (int i = 0; i < ATTACKERS; i++) {
                Socket s = new Socket();
                s.setReceiveBufferSize(1024);
                s.setSoTimeout(120_000);
                s.bind(new InetSocketAddress("127.0.0.1", 0));
                attackers.add(s);
                s.connect(new InetSocketAddress("127.0.0.1", server.port()));
                // ~7 MB, over the 64 KiB held in memory: spooled to disk, read by a reader that stops reading
                s.getOutputStream().write(request("select t.string from T_STRING t, generate_series(1, 5) g", i));
                s.getOutputStream().flush();
            }
            List<Socket> served = new ArrayList<>();
            for (Socket s : attackers) {
                String status = RawHttp.statusLine(s.getInputStream());
                if (status.equals("HTTP/1.1 200")) {
                    served.add(s);
                } else {
                    assertEquals("HTTP/1.1 503", status, "over the address's share");
                }
            }
            assertTrue(!served.isEmpty(), "some attackers are being served");

            DecodedPayload p = selectOneFromAnotherAddress();
            assertEquals(0, p.error(), p.message());
            assertEquals(1, p.records());

            // the attackers had not finished: each now reads a complete answer, most of it only now
            for (Socket s : served) {
                byte[] rest = s.getInputStream().readAllBytes();
                String tail = new String(rest, Math.max(0, rest.length - 300), Math.min(300, rest.length), StandardCharsets.ISO_8859_1);
                // spooled (a Content-Length) or, with spooling off, chunked: the answer's end, then the last chunk
                assertTrue(tail.replaceAll("\\s+", " ").matches(".*</frontier>( 0)? ?"), "a complete answer, not cut: " + tail);
                assertTrue(rest.length > 1_000_000, "most of the answer was still to be sent: " + rest.length + " bytes");
            }
        } finally {
            for (Socket s : attackers) {
                s.close();
            }
        }
    }
}
