package org.gridstack.client.frontier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.util.concurrent.atomic.AtomicReference;
import org.gridstack.frontier.protocol.Ttl;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against answers captured from the production servlet, served over real HTTP. */
class TestFrontierClient {
    private final AtomicReference<byte[]> body = new AtomicReference<>();
    private ScriptedHttpServer server;

    @BeforeEach
    void start() throws Exception {
        server = new ScriptedHttpServer(exchange -> ScriptedHttpServer.answer(200, body.get()).answer(exchange));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private FrontierClient client(int zip) {
        return new FrontierClient(URI.create(server.url() + "/Frontier"), zip);
    }

    @Test
    void sendsWhatTheCClientSendsAndDecodesTheAnswer() throws Exception {
        body.set(FrontierGoldenVectors.body("03-types-zip5"));
        FrontierResult r = client(5).query("select * from T_TYPES order by id\n");
        ScriptedHttpServer.Received got = server.received().get(0);
        assertEquals(FrontierGoldenVectors.url("03-types-zip5"), got.target(), "same URL as the C client");
        assertTrue(got.frontierId().startsWith("gridstack-java"));
        assertEquals("max-stale=1", got.cacheControl());
        assertEquals("127.0.0.1:" + server.port(), got.host());
        assertEquals(20, r.rowCount());
        assertEquals("id", r.columnNames().get(0));
        assertEquals("int8", r.typeNames().get(2));
        assertEquals("O'Reilly", r.getString(2, 5));
        assertTrue(r.isNull(19, 0));
        assertNull(r.getString(19, 0));
        assertEquals(2525, r.fullSize());
        assertNull(r.origin().proxy());
        assertEquals(URI.create(server.url() + "/Frontier"), r.origin().server());
        assertEquals(1, r.origin().attempts());
    }

    @Test
    void typedAccessorsFollowTheHeaderTypes() throws Exception {
        body.set(FrontierGoldenVectors.body("03-types-zip5"));
        FrontierResult r = client(5).query("select * from T_TYPES order by id");
        // row index 1: id 2, i4 1, i8 1, f4 1.5, f8 1.5, 'hello', 2024-01-02 03:04:05, bytea 'hello'
        assertEquals(2, r.getInt(1, 0));
        assertEquals(1L, r.getLong(1, 2));
        assertEquals(1.5, r.getDouble(1, 3));
        assertEquals("hello", r.getString(1, 5));
        assertEquals(Timestamp.valueOf("2024-01-02 03:04:05"), r.getTimestamp(1, 6));
        assertArrayEquals("hello".getBytes(StandardCharsets.US_ASCII), r.getBytes(1, 7));
        // extremes
        assertEquals(Integer.MAX_VALUE, r.getInt(3, 1));
        assertEquals(Long.MAX_VALUE, r.getLong(3, 2));
        assertThrows(IllegalArgumentException.class, () -> r.getInt(3, 2), "int8 max does not fit an int");
        assertEquals(Long.MIN_VALUE, r.getLong(4, 2));
        assertEquals(-1.7976931348623157e308, r.getDouble(4, 4));
        assertTrue(Double.isNaN(r.getDouble(9, 3)));
        assertEquals(Double.POSITIVE_INFINITY, r.getDouble(10, 4));
        assertEquals(Timestamp.valueOf("1999-12-31 23:59:59.999"), r.getTimestamp(2, 6));
        assertEquals(Timestamp.valueOf("2024-02-29 12:00:00.123456"), r.getTimestamp(5, 6));
        assertThrows(IllegalArgumentException.class, () -> r.getTimestamp(12, 6), "'infinity' is no timestamp");
        assertArrayEquals(new byte[] {0, 1, 2, 3, 4}, r.getBytes(4, 7));
        assertArrayEquals(new byte[0], r.getBytes(0, 7));
        assertThrows(IllegalArgumentException.class, () -> r.getLong(1, 5), "'hello' is no number");
        // getObject picks the Java type from the SQL type name
        assertEquals(2, r.getObject(1, 0));
        assertEquals(1L, r.getObject(1, 2));
        assertEquals(1.5, r.getObject(1, 4));
        assertTrue(r.getObject(1, 7) instanceof byte[]);
        // NULLs: text accessors give null, primitive ones refuse
        assertTrue(r.isNull(19, 0));
        assertThrows(IllegalStateException.class, () -> r.getInt(19, 0));
        assertNull(r.getObject(19, 0));
        assertEquals(7, r.columnIndex("TS") + 1);
        assertEquals(-1, r.columnIndex("nope"));
    }

    @Test
    void errorsNameTheServerAndTheCause() throws Exception {
        body.set(FrontierGoldenVectors.body("09-no-such-table"));
        FrontierException e = assertThrows(FrontierException.class, () -> client(5).query("select * from T_NOSUCH"));
        assertTrue(e.getMessage().contains("127.0.0.1") && e.getMessage().contains("t_nosuch"), e.getMessage());
        body.set(FrontierGoldenVectors.body("17-missing-frontier-id"));
        e = assertThrows(FrontierException.class, () -> client(5).query("select 1"));
        assertTrue(e.getMessage().contains("X-frontier-id header missing"), e.getMessage());
    }

    @Test
    void corruptAnswersAreRejectedNotReturned() throws Exception {
        String good = FrontierGoldenVectors.bodyText("03-types-zip5");
        body.set(good.replaceFirst("md5=\"[0-9a-f]", "md5=\"x").getBytes(StandardCharsets.ISO_8859_1));
        FrontierException e = assertThrows(FrontierException.class, () -> client(5).query("select * from T_TYPES order by id"));
        assertTrue(e.getMessage().contains("md5"), e.getMessage());
        body.set(good.substring(0, good.length() / 2).getBytes(StandardCharsets.ISO_8859_1));
        assertThrows(FrontierException.class, () -> client(5).query("select * from T_TYPES order by id"));
        body.set(good.replace("full_size=\"2525\"", "full_size=\"2524\"").getBytes(StandardCharsets.ISO_8859_1));
        e = assertThrows(FrontierException.class, () -> client(5).query("select * from T_TYPES order by id"));
        assertTrue(e.getMessage().contains("full_size"), e.getMessage());
    }

    @Test
    void urlsCarryTheTtlAndZipLevel() {
        FrontierClient c = client(0);
        assertTrue(c.url("select 1", Ttl.SHORT).toString().contains("&encoding=BLOB&p1="));
        assertTrue(c.url("select 1", Ttl.SHORT).toString().endsWith("&ttl=short"));
        assertFalse(c.url("select 1", Ttl.LONG).toString().contains("ttl="));
        assertThrows(IllegalArgumentException.class, () -> client(10));
    }
}
