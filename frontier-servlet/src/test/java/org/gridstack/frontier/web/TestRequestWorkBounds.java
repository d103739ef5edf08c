package org.gridstack.frontier.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.DecodedAnswer;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The work one request can cause before the database is bounded: the SQL its payloads inflate to
 * is limited in all ({@code frontier.max-request-sql-bytes}, here 1 MiB), and a server above
 * {@code MaxThreads} answers 503 before inflating or checking any SQL. The inflated bytes are
 * observed through the servlet's {@code frontier.request.sql} summary (bytes charged to the
 * request's budget as they leave the inflater).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestRequestWorkBounds {
    private static final String ID = "X-Frontier-Id: TestRequestWorkBounds";
    private static final int BUDGET = 1 << 20;
    /** Under the per-payload limit (1 MiB); four of them are over the request's budget. */
    private static final int PAYLOAD_SQL = 300 * 1024;

    private FrontierTestServer server;

    @BeforeAll
    void start() throws Exception {
        server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile(), "--frontier.max-threads=2", "--frontier.keepalive-seconds=1",
                "--frontier.max-request-sql-bytes=" + BUDGET);
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** {@code query} padded by a comment to exactly {@code bytes} bytes; compresses to a few hundred bytes. */
    private static String padded(String query, int bytes) {
        String head = query + " -- ";
        return head + "x".repeat(bytes - head.length());
    }

    private static String payloads(int count, int sqlBytes) {
        return payloads(count, padded("select 1 as one", sqlBytes));
    }

    private static String payloads(int count, String sql) {
        String p1 = P1Codec.encode(sql);
        StringBuilder b = new StringBuilder("/Frontier/Frontier/");
        for (int i = 0; i < count; i++) {
            b.append(i == 0 ? "" : "&").append("type=frontier_request:1:DEFAULT&encoding=BLOB&p1=").append(p1);
        }
        return b.toString();
    }

    private RawHttp.Response get(String target, String... headers) throws Exception {
        String[] all = new String[headers.length + 1];
        all[0] = ID;
        System.arraycopy(headers, 0, all, 1, headers.length);
        return RawHttp.exchange("127.0.0.1", server.port(), RawHttp.get(target, "HTTP/1.0", all));
    }

    /** The summary of SQL bytes inflated per request (absent on a server that does not measure it). */
    private DistributionSummary inflated() {
        DistributionSummary s = server.bean(MeterRegistry.class).find("frontier.request.sql").summary();
        assertNotNull(s, "the servlet reports the SQL bytes it inflated per request (frontier.request.sql)");
        return s;
    }

    @Test
    void payloadsUnderTheirOwnLimitButOverTheRequestBudgetAreRefusedWhereTheBudgetRunsOut() throws Exception {
        // three fit (900 KiB): answered normally
        RawHttp.Response three = get(payloads(3, PAYLOAD_SQL));
        assertEquals(200, three.status());
        DecodedAnswer ok = ResponseParser.parse(three.bodyText());
        assertNull(ok.globalError(), ok.globalError());
        assertEquals(3, ok.payloads().size());
        for (DecodedPayload p : ok.payloads()) {
            assertEquals(0, p.error(), p.message());
        }

        // ten (3000 KiB): the fourth runs the 1 MiB budget out; the six after it are never inflated
        DistributionSummary measured = server.bean(MeterRegistry.class).find("frontier.request.sql").summary();
        long countBefore = measured == null ? 0 : measured.count();
        double totalBefore = measured == null ? 0 : measured.totalAmount();
        RawHttp.Response ten = get(payloads(10, PAYLOAD_SQL));
        assertEquals(200, ten.status(), "a request-level error, answered as the other ones (200 with global_error)");
        String body = ten.bodyText();
        DecodedAnswer refused = ResponseParser.parse(body);
        String message = refused.globalError();
        assertNotNull(message, "a request over the budget gets a global_error: " + body);
        assertFalse(body.contains("<transaction"), "no payload is answered: " + body);
        assertTrue(message.startsWith("FrontierCMS Error: Bad request: "), message);
        assertTrue(message.contains("more than " + BUDGET + " bytes in all"), message);
        assertTrue(message.contains("frontier.max-request-sql-bytes"), "names the setting: " + message);
        assertTrue(message.contains("payload 4 ran over it"), "names the payload where the budget ran out: " + message);
        assertNotNull(ten.header("Cache-Control"));

        assertEquals(countBefore + 1, inflated().count(), "one request measured");
        double inflatedNow = inflated().totalAmount() - totalBefore;
        assertTrue(inflatedNow <= BUDGET, "inflating stopped at the budget, not after all ten payloads: " + inflatedNow);
        assertTrue(inflatedNow >= 3.0 * PAYLOAD_SQL, "the three payloads before it were inflated: " + inflatedNow);
    }

    @Test
    void anOverloadedServerAnswers503BeforeInflatingOrCheckingAnySql() throws Exception {
        // a conditional request the server can answer 304 from its SQL (tables known only after
        // inflating p1 and running the read-only guard) ...
        String target = payloads(1, padded("select id from T_TYPES", 64 * 1024));
        String future = "If-Modified-Since: " + DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC).plusDays(1));
        assertEquals(304, get(target, future).status(), "precondition: not overloaded, it is answered 304");

        List<Socket> slow = new ArrayList<>();
        try {
            // ... while two slow requests occupy MaxThreads=2 (each has sent a keepalive: it is running)
            for (int i = 0; i < 2; i++) {
                Socket s = new Socket("127.0.0.1", server.port());
                s.getOutputStream().write(RawHttp.get("/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1="
                        + P1Codec.encode("select pg_sleep(2.9)"), "HTTP/1.0", ID));
                slow.add(s);
            }
            for (Socket s : slow) {
                waitFor(s.getInputStream(), "<keepalive />");
            }
            DistributionSummary measured = server.bean(MeterRegistry.class).find("frontier.request.sql").summary();
            long countBefore = measured == null ? 0 : measured.count();
            double totalBefore = measured == null ? 0 : measured.totalAmount();
            RawHttp.Response busy = get(target, future);
            assertEquals(503, busy.status(), "overload is checked before the SQL is inflated and checked (which a 304 needs)");
            assertTrue(ResponseParser.parse(busy.bodyText()).globalError().contains("MaxThreads"), busy.bodyText());
            assertEquals(countBefore, inflated().count(), "no request was decoded");
            assertEquals(totalBefore, inflated().totalAmount(), "no SQL was inflated");
        } finally {
            for (Socket s : slow) {
                s.close();
            }
            // the slow queries end on their own; the other test needs the threads back (bounded wait)
            await("the server answers 200 again after the slow requests").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                    .until(() -> get(payloads(1, 100)).status() == 200);
        }
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
}
