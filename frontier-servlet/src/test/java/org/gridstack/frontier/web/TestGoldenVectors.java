package org.gridstack.frontier.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.DecodedAnswer;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.protocol.RowStreamReader;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays every request captured from the production servlet 3.42 ({@link FrontierGoldenVectors}) against
 * ours, byte for byte, and compares the answers. Normalised: server name, version, times, HTTP
 * framing (Content-Length/chunked/close is Tomcat's choice). Allowed to differ, and nothing else
 * (the production servlet is wrong on PostgreSQL there, see the vectors' README):
 * <ol>
 * <li>values in the database's own text form (the captures already are);</li>
 * <li>bytea as raw bytes instead of hex text;</li>
 * <li>non-ASCII text as UTF-8 instead of the low byte of each UTF-16 unit;</li>
 * <li>Last-Modified for plain table names on PostgreSQL;</li>
 * <li>DontCacheErrors makes errors uncacheable, without HTTP 500;</li>
 * <li>the error for a missing X-Frontier-Id is uncacheable (it depends on a header, not on the URL);</li>
 * </ol>
 * and our error messages (which name the cause, without Java stack frames).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestGoldenVectors {
    private static final Pattern DATA = Pattern.compile("<data>(.*?)</data>", Pattern.DOTALL);
    private static final Pattern ATTR = Pattern.compile(" (message|md5|full_size)=\"[^\"]*\"", Pattern.DOTALL);
    private static final Pattern GLOBAL = Pattern.compile("<global_error msg=\"[^\"]*\"/>", Pattern.DOTALL);
    private static final String TYPES_LAST_MODIFIED = "Mon, 01 Jan 2024 00:00:00 GMT";

    private FrontierTestServer server;

    @BeforeAll
    void start() throws Exception {
        server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile());
        // the captures' Last-Modified for t_types came from an Oracle-style catalog table; ours
        // tracks the table itself, so give it the same time
        try (Connection c = server.database().adminConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("update gridstack_frontier.table_modification set modified_at = '2024-01-01 00:00:00+00'"
                    + " where table_schema = 'public' and table_name = 't_types'");
        }
        server.refreshModificationTimes();
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    Stream<String> cases() {
        List<String> names = FrontierGoldenVectors.cases();
        assertTrue(names.size() >= 27, "expected the 27 captured cases, found " + names.size());
        return names.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesProductionServlet(String name) throws Exception {
        byte[] request = FrontierGoldenVectors.requestHeaders(name);
        RawHttp.Response golden = RawHttp.parse(FrontierGoldenVectors.rawResponse(name));
        RawHttp.Response ours = RawHttp.exchange("127.0.0.1", server.port(), request);
        boolean dontCacheErrors = new String(request, StandardCharsets.ISO_8859_1).contains("X-Frontier-Opts: DontCacheErrors");
        boolean goldenError = golden.bodyText().contains("error=\"1\"") || golden.bodyText().contains("<global_error");
        boolean missingId = golden.bodyText().contains("X-frontier-id header missing");

        // status: the production servlet turns a DontCacheErrors global error into 500 (difference 5)
        int expectedStatus = golden.status() == 500 && dontCacheErrors ? 200 : golden.status();
        assertEquals(expectedStatus, ours.status(), name + ": status");
        assertEquals(golden.header("Content-Type"), ours.header("Content-Type"), name + ": Content-Type");

        // caching headers
        if (dontCacheErrors && goldenError) {
            assertEquals("no-store, max-age=0", ours.header("Cache-Control"), name + ": DontCacheErrors makes errors uncacheable");
        } else if (missingId) {
            assertEquals("no-store, max-age=0", ours.header("Cache-Control"), name + ": difference 6, a missing X-Frontier-Id is not cached");
        } else {
            assertEquals(golden.header("Cache-Control"), ours.header("Cache-Control"), name + ": Cache-Control");
        }
        String goldenLm = golden.header("Last-Modified");
        String ourLm = ours.header("Last-Modified");
        if (goldenLm != null) {
            if (!(dontCacheErrors && goldenError)) {
                assertEquals(goldenLm, ourLm, name + ": Last-Modified");
            }
        } else if (ourLm != null) {
            // difference 4: we know the modification time of plain table names on PostgreSQL
            assertTrue(!goldenError && ours.status() == 200, name + ": Last-Modified on an error " + ourLm);
            if (name.contains("types") || name.contains("query-string")) {
                assertEquals(TYPES_LAST_MODIFIED, ourLm, name + ": tracked time of t_types");
            }
        }
        if (golden.status() == 304) {
            assertEquals(0, ours.body().length, name + ": 304 has no body");
            return;
        }

        String g = golden.bodyText();
        String o = ours.bodyText();
        assertEnvelope(name, g, o);
        assertPayloads(name, g, o);
    }

    /** The envelope without data, md5, full_size and messages must be identical text. */
    private static void assertEnvelope(String name, String golden, String ours) {
        // Base64 layout: 76-character lines separated by \n, no trailing newline
        Matcher m = DATA.matcher(ours);
        while (m.find()) {
            String[] lines = m.group(1).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (i < lines.length - 1) {
                    assertEquals(76, lines[i].length(), name + ": Base64 line " + (i + 1) + " length");
                } else {
                    assertTrue(lines[i].length() <= 76 && !lines[i].isEmpty() || lines.length == 1, name + ": last Base64 line");
                }
            }
        }
        assertEquals(normalize(golden), normalize(ours), name + ": envelope");
        assertEquals(golden.contains(" md5=\""), ours.contains(" md5=\""), name + ": md5 attribute present");
        assertEquals(golden.contains(" message=\""), ours.contains(" message=\""), name + ": message attribute present");
        assertEquals(golden.contains("<global_error"), ours.contains("<global_error"), name + ": global_error present");
    }

    private static String normalize(String body) {
        String s = body.replaceFirst("<frontier version=\"[^\"]*\"", "<frontier version=\"V\"");
        s = DATA.matcher(s).replaceAll("<data>DATA</data>");
        s = ATTR.matcher(s).replaceAll(" $1=\"X\"");
        s = GLOBAL.matcher(s).replaceAll("<global_error msg=\"MSG\"/>");
        return s;
    }

    private static void assertPayloads(String name, String golden, String ours) throws FrontierProtocolException {
        DecodedAnswer g = ResponseParser.parse(golden);
        DecodedAnswer o = ResponseParser.parse(ours);
        assertEquals(g.payloads().size(), o.payloads().size(), name + ": payload count");
        if (g.globalError() != null) {
            assertNotNull(o.globalError(), name + ": global error");
            assertTrue(o.globalError().startsWith("FrontierCMS "), name + ": message starts with ServerName: " + o.globalError());
        } else {
            assertNull(o.globalError(), name + ": unexpected global error " + o.globalError());
        }
        for (int i = 0; i < g.payloads().size(); i++) {
            DecodedPayload gp = g.payloads().get(i);
            DecodedPayload op = o.payloads().get(i);
            String where = name + " payload " + (i + 1);
            assertEquals(gp.encoding(), op.encoding(), where + ": encoding echoed");
            assertEquals(gp.error(), op.error(), where + ": error " + op.message());
            assertEquals(gp.records(), op.records(), where + ": records");
            if (gp.error() != 0) {
                assertTrue(op.message().startsWith("FrontierCMS ") && op.message().length() > 15, where + ": message " + op.message());
                assertEquals(0, op.fullSize(), where + ": full_size of an error");
                assertArrayEquals(gp.data(), op.data(), where + ": error data (empty stream)");
                continue;
            }
            // our md5 and full_size must be right for our data (rowStream checks both)
            RowStreamReader.Decoded gd = gp.decode();
            RowStreamReader.Decoded od = op.decode();
            assertEquals(gd.columnNames(), od.columnNames(), where + ": column names");
            assertEquals(gd.typeNames(), od.typeNames(), where + ": type names");
            assertEquals(gd.rows().size(), od.rows().size(), where + ": rows");
            for (int r = 0; r < gd.rows().size(); r++) {
                for (int c = 0; c < gd.columnNames().size(); c++) {
                    assertSameValue(where + " row " + (r + 1) + " column " + gd.columnNames().get(c),
                            gd.typeNames().get(c), gd.rows().get(r).get(c), od.rows().get(r).get(c));
                }
            }
        }
    }

    /** Equal, or different only as differences 2 (bytea raw) and 3 (UTF-8) allow. */
    static void assertSameValue(String where, String type, RowStreamReader.Field golden, RowStreamReader.Field ours) {
        assertEquals(golden.type(), ours.type(), where + ": type byte");
        assertEquals(golden.isNull(), ours.isNull(), where + ": NULL");
        if (golden.isNull()) {
            return;
        }
        byte[] g = golden.bytes();
        byte[] o = ours.bytes();
        if (java.util.Arrays.equals(g, o)) {
            return;
        }
        if (type.equals("bytea")) {
            String hex = new String(g, StandardCharsets.US_ASCII);
            assertTrue(hex.startsWith("\\x"), where + ": golden bytea text " + hex);
            assertArrayEquals(HexFormat.of().parseHex(hex.substring(2)), o, where + ": bytea as raw bytes");
            return;
        }
        String text = new String(o, StandardCharsets.UTF_8);
        assertArrayEquals(o, text.getBytes(StandardCharsets.UTF_8), where + ": valid UTF-8");
        List<Byte> lowBytes = new ArrayList<>();
        for (char ch : text.toCharArray()) {
            lowBytes.add((byte) ch);
        }
        byte[] expected = new byte[lowBytes.size()];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = lowBytes.get(i);
        }
        if (!java.util.Arrays.equals(g, expected)) {
            fail(where + ": value differs: production " + HexFormat.of().formatHex(g) + ", ours " + HexFormat.of().formatHex(o));
        }
    }
}
