package org.gridstack.frontier.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gridstack.frontier.db.QueryRunner;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.DecodedAnswer;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.protocol.RowStreamWriter;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Behaviour the golden vectors do not show: keepalives, limits, overload, 304 without the database, read-only execution. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestServletBehaviour {
    private static final String ID = "X-Frontier-Id: behaviour-test 1.0";
    private FrontierTestServer server;

    @BeforeAll
    void start() throws Exception {
        server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile(), "--frontier.keepalive-seconds=1",
                "--frontier.max-db-execute-seconds=3", "--frontier.max-rows=5000", "--frontier.max-threads=2",
                "--frontier.validate-last-modified-seconds=2", "--frontier.response-buffer-bytes=4194304");
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static String target(String encoding, String sql) {
        return "/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=" + encoding + "&p1=" + P1Codec.encode(sql);
    }

    private RawHttp.Response get(String target, String... headers) throws Exception {
        String[] all = new String[headers.length + 1];
        all[0] = ID;
        System.arraycopy(headers, 0, all, 1, headers.length);
        return RawHttp.exchange("127.0.0.1", server.port(), RawHttp.get(target, "HTTP/1.0", all));
    }

    @Test
    void slowQueriesGetKeepalivesInsideData() throws Exception {
        RawHttp.Response r = get(target("BLOBzip5", "select pg_sleep(2.5), 42 as answer"));
        assertEquals(200, r.status());
        String body = r.bodyText();
        assertTrue(body.contains("<data>\n<keepalive />"), body);
        DecodedPayload p = ResponseParser.parse(body).payloads().get(0);
        assertTrue(p.keepalives() >= 1);
        assertEquals(0, p.error(), p.message());
        assertEquals("42", p.decode().rows().get(0).get(1).text());
    }

    @Test
    void anAnswerHeldBackAKeepalivePeriodAfterItsQueryIsSentAsItIsProduced() throws Exception {
        // the first fetch (2,000 rows) returns at once; row 2,001 takes 2.5 s, more than the keepalive
        // period (1 s): the client must see the answer coming instead of silence past its read timeout
        String sql = "select g, case when g = 2001 then pg_sleep(2.5)::text else 'x' end as s from generate_series(1, 3000) g";
        RawHttp.Received slow = RawHttp.receive("127.0.0.1", server.port(), RawHttp.get(target("BLOBzip5", sql),
                "HTTP/1.1", ID, "Host: 127.0.0.1", "Connection: close"));
        assertEquals(200, slow.status());
        assertTrue(slow.chunked() && slow.header("Content-Length") == null, "sent before it was complete: " + slow.head());
        assertTrue(slow.completeAnswer(), slow.bodyText());
        DecodedPayload p = ResponseParser.parse(slow.bodyText()).payloads().get(0);
        assertEquals(0, p.error(), p.message());
        assertEquals(0, p.keepalives(), "no keepalive inside the data");
        assertEquals(3000, p.decode().rows().size());
        assertEquals("3000", p.decode().rows().get(2999).get(0).text());

        // the same answer without the pause is held back and sent whole, with its length
        RawHttp.Received fast = RawHttp.receive("127.0.0.1", server.port(), RawHttp.get(target("BLOBzip5", sql.replace("2.5", "0")),
                "HTTP/1.1", ID, "Host: 127.0.0.1", "Connection: close"));
        assertFalse(fast.chunked(), fast.head().toString());
        assertTrue(fast.completeAnswer(), fast.bodyText());
    }

    @Test
    void statementTimeoutCancelsTheQuery() throws Exception {
        // a keepalive (every second) committed a good answer's headers before the timeout (3 s):
        // the reason is sent, then the answer is abandoned (no last chunk), so no cache keeps it
        RawHttp.Received r = RawHttp.receive("127.0.0.1", server.port(), RawHttp.get(target("BLOB", "select pg_sleep(30)"),
                "HTTP/1.1", ID, "Host: 127.0.0.1", "Connection: close"));
        assertTrue(r.bodyText().contains("MaxDbExecuteSeconds (3 s)"), r.bodyText());
        assertTrue(r.bodyText().contains("<keepalive />"), r.bodyText());
        assertTrue(r.chunked());
        assertFalse(r.framed(), "an error after commit must not end like a complete answer");
    }

    @Test
    void rowLimitIsAnErrorNotATruncatedAnswer() throws Exception {
        RawHttp.Response r = get(target("BLOBzip1", "select string from T_STRING"));
        DecodedPayload p = ResponseParser.parse(r.bodyText()).payloads().get(0);
        assertEquals(1, p.error());
        assertTrue(p.message().contains("more than 5000 rows"), p.message());
        assertEquals("Thu, 01 Jan 1970 00:00:00 GMT", r.header("Last-Modified"));
        assertEquals("max-age=0", r.header("Cache-Control"));
    }

    @Test
    void valuesAreIdenticalOnEveryExecution() throws Exception {
        // pgjdbc switches a statement to binary transfer after 5 runs; the text must not change
        byte[] first = get(target("BLOB", "select * from T_TYPES order by id")).body();
        for (int i = 0; i < 9; i++) {
            assertArrayEquals(first, get(target("BLOB", "select * from T_TYPES order by id")).body(), "run " + (i + 2));
        }
    }

    @Test
    void ifModifiedSinceIsAnsweredWithoutTheDatabaseAndChangesAreSeen() throws Exception {
        String t = target("BLOBzip5", "select id, s from T_EMPTY");
        RawHttp.Response first = get(t);
        String lastModified = first.header("Last-Modified");
        assertNotNull(lastModified, "Last-Modified for a plain PostgreSQL table");
        MeterRegistry meters = server.bean(MeterRegistry.class);
        double acquiredBefore = meters.get("frontier.db.acquire").timer().count();
        RawHttp.Response notModified = get(t, "If-Modified-Since: " + lastModified);
        assertEquals(304, notModified.status());
        assertEquals(first.header("Cache-Control"), notModified.header("Cache-Control"));
        assertEquals(acquiredBefore, meters.get("frontier.db.acquire").timer().count(), "304 took a database connection");

        try (Connection c = server.database().adminConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("insert into T_EMPTY values (1, 'now not empty')");
        }
        // the trigger's NOTIFY reaches the servlet; wait (bounded) until it shows
        RawHttp.Response changed = await("a change to the table must end the 304s").atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(100)).until(() -> get(t, "If-Modified-Since: " + lastModified), r -> r.status() == 200);
        assertNotEquals(lastModified, changed.header("Last-Modified"));
        assertEquals(1, ResponseParser.parse(changed.bodyText()).payloads().get(0).records());
        try (Connection c = server.database().adminConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("delete from T_EMPTY");
        }
    }

    @Test
    void moreThanMaxThreadsGets503() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Socket> slow = new java.util.ArrayList<>();
        try {
            // two slow requests occupy MaxThreads=2; each has sent a keepalive when it is surely running
            for (int i = 0; i < 2; i++) {
                Socket s = new Socket("127.0.0.1", server.port());
                s.getOutputStream().write(RawHttp.get(target("BLOB", "select pg_sleep(2.9)"), "HTTP/1.0", ID));
                slow.add(s);
            }
            for (Socket s : slow) {
                waitFor(s.getInputStream(), "<keepalive />");
            }
            RawHttp.Response busy = get(target("BLOB", "select 1"));
            assertEquals(503, busy.status());
            assertTrue(ResponseParser.parse(busy.bodyText()).globalError().contains("MaxThreads"));
            assertNotNull(busy.header("Cache-Control"));
        } finally {
            for (Socket s : slow) {
                s.close();
            }
            pool.shutdownNow();
        }
        // and once they are done the server serves again (bounded wait)
        await("served again").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> get(target("BLOB", "select 1")).status() == 200);
    }

    private static void waitFor(InputStream in, String marker) throws Exception {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        byte[] buf = new byte[1024];
        while (!seen.toString(StandardCharsets.ISO_8859_1).contains(marker)) {
            int n = in.read(buf);
            if (n < 0) {
                throw new AssertionError("connection closed before " + marker + ": " + seen);
            }
            seen.write(buf, 0, n);
        }
    }

    @Test
    void writesFailInTheReadOnlyTransactionEvenPastTheGuard() throws Exception {
        // the guard is one layer; the transaction itself refuses writes
        QueryRunner runner = server.bean(QueryRunner.class);
        for (String write : new String[] {"insert into T_EMPTY values (7, 'x') returning id", "select nextval('no_such_seq')",
                "with d as (delete from T_TYPES returning id) select id from d"}) {
            SQLException e = assertThrows(SQLException.class,
                    () -> runner.run(write, List.of(), new RowStreamWriter(new ByteArrayOutputStream()), () -> { }), write);
            assertTrue(e.getMessage().contains("read-only") || e.getMessage().contains("permission denied")
                    || e.getMessage().contains("does not exist"), write + ": " + e.getMessage());
        }
        RawHttp.Response r = get(target("BLOB", "select count(*) from T_TYPES"));
        assertEquals("20", ResponseParser.parse(r.bodyText()).payloads().get(0).decode().rows().get(0).get(0).text());
    }

    @Test
    void dontCacheErrorsMakesPayloadErrorsUncacheable() throws Exception {
        RawHttp.Response r = get(target("BLOB", "select * from T_NOSUCH"), "X-Frontier-Opts: DontCacheErrors");
        assertEquals(200, r.status());
        assertEquals("no-store, max-age=0", r.header("Cache-Control"));
        RawHttp.Response g = RawHttp.exchange("127.0.0.1", server.port(), RawHttp.get(target("BLOB", "select 1"), "HTTP/1.1",
                "Host: x", "X-Frontier-Opts: DontCacheErrors", "Connection: close"));
        assertEquals(200, g.status(), "no HTTP 500 for a global error");
        assertEquals("no-store, max-age=0", g.header("Cache-Control"));
        assertNotNull(ResponseParser.parse(g.bodyText()).globalError());
    }

    @Test
    void otherMethodsGetAProtocolError() throws Exception {
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", server.port(),
                ("POST " + target("BLOB", "select 1") + " HTTP/1.0\r\n" + ID + "\r\nContent-Length: 0\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(405, r.status());
        assertTrue(ResponseParser.parse(r.bodyText()).globalError().contains("POST"));
    }

    @Test
    void oneBadPayloadMakesTheAnswerShortLived() throws Exception {
        String t = target("BLOB", "select 1 as a") + "&type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode("select * from T_NOSUCH");
        RawHttp.Response r = get(t, "Cache-Control: max-stale=1");
        DecodedAnswer parsed = ResponseParser.parse(r.bodyText());
        assertEquals(0, parsed.payloads().get(0).error());
        assertEquals(1, parsed.payloads().get(1).error());
        assertTrue(parsed.payloads().get(1).message().contains("t_nosuch"), parsed.payloads().get(1).message());
        assertEquals("max-age=0, stale-if-error=1", r.header("Cache-Control"));
        assertNull(parsed.globalError());
    }

    @Test
    void metricsAreOnThePrometheusEndpoint() throws Exception {
        get(target("BLOBzip5", "select * from T_TYPES"));
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", server.port(), RawHttp.get("/actuator/prometheus", "HTTP/1.0"));
        assertEquals(200, r.status());
        String text = r.bodyText();
        for (String meter : new String[] {"frontier_requests_total", "frontier_errors_total", "frontier_bytes_out_bytes_count",
                "frontier_compress_seconds_count", "frontier_db_acquire_seconds_count", "frontier_db_execute_seconds_count",
                "frontier_request_seconds_count", "hikaricp_connections_max"}) {
            assertTrue(text.contains(meter), meter + " missing from /actuator/prometheus");
        }
    }

    @Test
    void unquotedNonAsciiTableNamesAreFoldedAsPostgreSQLFoldsThem() throws Exception {
        // PostgreSQL folds only ASCII letters of an unquoted name: Ärger names the table "Ärger";
        // folding with Java's toLowerCase names "ärger", another table, whose changes are not this one's
        String schema;
        try (Connection c = server.database().adminConnection(); Statement s = c.createStatement()) {
            try (java.sql.ResultSet rs = s.executeQuery("select table_schema from information_schema.tables where table_name = 't_empty'")) {
                rs.next();
                schema = "\"" + rs.getString(1) + "\"";
            }
            s.execute("create table " + schema + ".Ärger (v integer)");
            s.execute("create table " + schema + ".\"ärger\" (v integer)");
            s.executeUpdate("insert into " + schema + ".\"Ärger\" values (1)");
            for (String t : new String[] {"\"Ärger\"", "\"ärger\""}) {
                s.execute("grant select on " + schema + "." + t + " to frontier_reader");
                s.execute("select gridstack_frontier.track_table('" + schema + "." + t + "')");
            }
        }
        try {
            // Last-Modified has whole seconds: the other table changes a second after both were tracked
            Thread.sleep(1100);
            try (Connection c = server.database().adminConnection(); Statement s = c.createStatement()) {
                s.executeUpdate("insert into " + schema + ".\"ärger\" values (2)");
            }
            server.refreshModificationTimes();
            String quoted = get(target("BLOB", "select v from \"Ärger\"")).header("Last-Modified");
            String other = get(target("BLOB", "select v from \"ärger\"")).header("Last-Modified");
            assertNotNull(quoted, "Last-Modified of a tracked table");
            assertNotEquals(quoted, other, "two tables changed in different seconds");
            RawHttp.Response unquoted = get(target("BLOB", "select v from Ärger"));
            assertEquals("1", ResponseParser.parse(unquoted.bodyText()).payloads().get(0).decode().rows().get(0).get(0).text(),
                    "PostgreSQL read \"Ärger\"");
            assertEquals(quoted, unquoted.header("Last-Modified"), "the servlet names the table PostgreSQL read");
        } finally {
            try (Connection c = server.database().adminConnection(); Statement s = c.createStatement()) {
                s.execute("drop table " + schema + ".\"Ärger\", " + schema + ".\"ärger\"");
            }
        }
    }
}
