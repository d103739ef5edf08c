package org.gridstack.frontier.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
 * Clients that read slowly, or hold many queries at once, must not keep the database pool from
 * everybody else. Real sockets with small receive buffers against the real servlet and an
 * embedded PostgreSQL, pool of 10 ({@code max-active}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestSlowClients {
    private FrontierTestServer server;

    @BeforeAll
    void start() {
        // a short acquire wait and statement timeout only make a failing run end sooner
        server = FrontierTestServer.start(Paths.get(System.getProperty("frontier.demo.schema", "demo/demo-schema.sql")),
                "--frontier.max-active=10", "--frontier.max-db-acquire-seconds=20", "--frontier.max-db-execute-seconds=30",
                "--frontier.send-timeout-seconds=20");
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static String target(String sql) {
        return "/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode(sql);
    }

    private RawHttp.Response get(String sql, String id) throws IOException {
        return RawHttp.exchange("127.0.0.1", server.port(), RawHttp.get(target(sql), "HTTP/1.0", "X-Frontier-Id: " + id));
    }

    @Test
    void slowReadersDoNotHoldTheDatabase() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 10; i++) {
                Socket s = new Socket();
                s.setReceiveBufferSize(1024); // ~1.4 MB answer: the server cannot hand it all to the kernel
                s.setSoTimeout(120_000);
                slow.add(s);
                s.connect(new InetSocketAddress("127.0.0.1", server.port()));
                s.getOutputStream().write(RawHttp.get(target("select string from T_STRING"), "HTTP/1.1", "Host: 127.0.0.1",
                        "X-Frontier-Id: slow-reader " + i, "Connection: close"));
                s.getOutputStream().flush();
                // its answer has started (its database work is done); then it reads nothing more for now
                assertEquals("HTTP/1.1 200", RawHttp.statusLine(s.getInputStream()));
            }
            // a normal client meanwhile gets its answer (before: it waited for a pooled connection
            // until MaxDbAcquireSeconds, as the 10 slow answers held all 10)
            RawHttp.Response normal = get("select 1 as one", "normal-client 1.0");
            DecodedPayload p = ResponseParser.parse(normal.bodyText()).payloads().get(0);
            assertEquals(0, p.error(), p.message());
            assertEquals(1, p.records());
            // the slow readers were still connected: each now reads its complete answer
            for (Socket s : slow) {
                String rest = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertTrue(rest.stripTrailing().endsWith("</frontier>"), rest.substring(Math.max(0, rest.length() - 200)));
                assertTrue(rest.contains("records=\"10000\""), "a complete answer of T_STRING");
            }
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
    }

    @Test
    void aClientReadingTooSlowlyIsCutOffAfterTheSendTimeout() throws Exception {
        double abortedBefore = server.bean(io.micrometer.core.instrument.MeterRegistry.class).get("frontier.aborted").counter().count();
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        try (Socket s = new Socket()) {
            s.setReceiveBufferSize(1024);
            s.setSoTimeout(120_000);
            s.connect(new InetSocketAddress("127.0.0.1", server.port()));
            // ~7 MB (held back: under 8 MiB), read at most ~100 KB/s: over a minute; the servlet
            // stops after 20 s of blocked writes
            s.getOutputStream().write(RawHttp.get(target("select t.string from T_STRING t, generate_series(1, 5) g"), "HTTP/1.1",
                    "Host: 127.0.0.1", "X-Frontier-Id: very-slow-reader 1.0", "Connection: close"));
            s.getOutputStream().flush();
            byte[] buf = new byte[1024];
            InputStream in = s.getInputStream();
            for (int n; (n = in.read(buf)) >= 0; ) {
                received.write(buf, 0, n);
                Thread.sleep(10);
            }
        }
        String text = received.toString(StandardCharsets.ISO_8859_1);
        int headEnd = text.indexOf("\r\n\r\n");
        java.util.regex.Matcher cl = java.util.regex.Pattern.compile("(?i)Content-Length: (\\d+)").matcher(text.substring(0, headEnd));
        assertTrue(cl.find(), "a held-back answer has a Content-Length: " + text.substring(0, headEnd));
        long body = text.length() - headEnd - 4;
        assertTrue(body < Long.parseLong(cl.group(1)), "the answer was cut: " + body + " of " + cl.group(1) + " bytes");
        assertTrue(server.bean(io.micrometer.core.instrument.MeterRegistry.class).get("frontier.aborted").counter().count() > abortedBefore);
    }

    @Test
    void oneClientCannotTakeMoreThanItsShareOfThePool() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(5);
        try (Connection locker = server.database().adminConnection(); Connection watcher = server.database().adminConnection()) {
            locker.setAutoCommit(false);
            try (Statement s = locker.createStatement()) {
                s.execute("LOCK TABLE T_EMPTY IN ACCESS EXCLUSIVE MODE");
            }
            // one client's 5 queries (its share: half of 10) wait for the lock, each holding a connection
            List<Future<RawHttp.Response>> greedy = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                greedy.add(pool.submit(() -> get("select * from T_EMPTY", "greedy-client 1.0")));
            }
            int waiting = await("the greedy client's queries are running").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                    .until(() -> {
                        try (Statement s = watcher.createStatement();
                             ResultSet rs = s.executeQuery("select count(*) from pg_stat_activity where wait_event_type = 'Lock'"
                                     + " and query ilike '%t_empty%' and pid <> pg_backend_pid()")) {
                            rs.next();
                            return rs.getInt(1);
                        }
                    }, n -> n >= 5);
            assertEquals(5, waiting, "the greedy client's queries are running");

            // its sixth is refused at once, with the error max-age; another client is served
            RawHttp.Response sixth = get("select * from T_EMPTY", "greedy-client 1.0");
            assertEquals(503, sixth.status(), sixth.bodyText());
            assertTrue(sixth.bodyText().contains("frontier.client-pool-share"), sixth.bodyText());
            assertEquals("1", sixth.header("Retry-After"));
            assertTrue(sixth.header("Cache-Control").startsWith("max-age=300"), sixth.header("Cache-Control"));
            // another address is served; the same address under another X-Frontier-Id is not
            RawHttp.Response sameAddress = get("select 2 as two", "polite-client 1.0");
            assertEquals(503, sameAddress.status(), sameAddress.bodyText());
            RawHttp.Response other = RawHttp.exchangeFrom("127.0.0.2", "127.0.0.1", server.port(),
                    RawHttp.get(target("select 2 as two"), "HTTP/1.0", "X-Frontier-Id: polite-client 1.0"));
            assertEquals(0, ResponseParser.parse(other.bodyText()).payloads().get(0).error());

            locker.commit();
            for (Future<RawHttp.Response> f : greedy) {
                RawHttp.Response r = f.get();
                assertEquals(200, r.status());
                assertEquals(0, ResponseParser.parse(r.bodyText()).payloads().get(0).error());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anErrorLateInAHeldBackAnswerStillGetsErrorHeaders() throws Exception {
        // ~1 MB of rows before the error: held back in memory (8 MiB by default), so the answer is
        // replaced by a clean error with the error max-age instead of being cut
        RawHttp.Received r = RawHttp.receive("127.0.0.1", server.port(), RawHttp.get(
                target("select g, md5(g::text) h, 1 / (g - 20000) x from generate_series(1, 20000) g"),
                "HTTP/1.1", "Host: 127.0.0.1", "X-Frontier-Id: late-error 1.0", "Connection: close"));
        assertTrue(r.completeAnswer(), "a complete, framed answer");
        assertEquals(String.valueOf(r.body().length), r.header("Content-Length"));
        assertEquals("Thu, 01 Jan 1970 00:00:00 GMT", r.header("Last-Modified"));
        DecodedPayload p = ResponseParser.parse(r.body()).payloads().get(0);
        assertEquals(1, p.error());
        assertTrue(p.message().contains("division by zero"), p.message());
        assertTrue(r.body().length < 10_000, "the rows before the error are not sent: " + r.body().length + " bytes");
    }
}
