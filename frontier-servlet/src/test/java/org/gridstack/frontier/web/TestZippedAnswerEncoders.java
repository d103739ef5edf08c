package org.gridstack.frontier.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/**
 * Zipped answers through the whole servlet with each DEFLATE encoder: libdeflate when it loads
 * (the default; payloads under 8 KiB still by java.util.zip), java.util.zip when the library is missing. Either way every zip level's answer
 * inflates (plain zlib, in the test's answer parser, which also checks md5) to the same row stream
 * as the unzipped answer, and the metrics endpoint names the encoder in use.
 */
class TestZippedAnswerEncoders {
    private static final String ID = "X-Frontier-Id: encoder-test 1.0";
    /** About 1 MB of row stream (10,000 rows of 100 characters). */
    private static final String BIG = "select string from T_STRING";
    private static final Pattern PAYLOADS = Pattern.compile("frontier_compression_payloads_total\\{[^}]*encoder=\"([^\"]+)\"[^}]*} ([0-9.]+)");

    private static String target(String encoding, String sql) {
        return "/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=" + encoding + "&p1=" + P1Codec.encode(sql);
    }

    private static DecodedPayload fetch(FrontierTestServer server, String encoding, String sql) throws Exception {
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", server.port(), RawHttp.get(target(encoding, sql), "HTTP/1.0", ID));
        assertEquals(200, r.status(), encoding);
        DecodedPayload p = ResponseParser.parse(r.bodyText()).payloads().get(0);
        assertEquals(0, p.error(), encoding + ": " + p.message());
        return p;
    }

    private static String metrics(FrontierTestServer server) throws Exception {
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", server.port(), RawHttp.get("/actuator/prometheus", "HTTP/1.0"));
        assertEquals(200, r.status());
        return r.bodyText();
    }

    private static double zippedPayloads(String metrics, String encoder) {
        Matcher m = PAYLOADS.matcher(metrics);
        while (m.find()) {
            if (m.group(1).equals(encoder)) {
                return Double.parseDouble(m.group(2));
            }
        }
        throw new AssertionError("no frontier_compression_payloads_total for " + encoder + " in\n" + metrics);
    }

    /** Every zip level of the big answer and of a one-row answer inflates to what zip 0 sends. */
    private static void everyLevelInflatesToTheUnzippedRows(FrontierTestServer server) throws Exception {
        for (String sql : new String[] {BIG, "select string from T_STRING limit 1"}) {
            DecodedPayload plain = fetch(server, "BLOB", sql);
            for (int level = 1; level <= 9; level++) {
                DecodedPayload zipped = fetch(server, "BLOBzip" + level, sql);
                assertEquals(plain.records(), zipped.records(), "level " + level);
                assertArrayEquals(plain.rowStream(), zipped.rowStream(), "level " + level + ": rows of " + sql);
            }
        }
    }

    @Test
    void libdeflateByDefault() throws Exception {
        try (FrontierTestServer server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile())) {
            String before = metrics(server);
            assertTrue(before.contains("frontier_compression_encoder{encoder=\"libdeflate\"") , "encoder gauge:\n" + before);
            everyLevelInflatesToTheUnzippedRows(server);
            String after = metrics(server);
            assertEquals(7.0, zippedPayloads(after, "libdeflate"), "the 1 MB answer at levels 1..7");
            assertEquals(9.0 + 2.0, zippedPayloads(after, "java.util.zip"),
                    "the one-row answer (below the 8 KiB one-shot minimum) and the 1 MB answer at 8 and 9 (parallel blocks)");
        }
    }

    @Test
    void libdeflateUpToTheConfiguredLevel() throws Exception {
        try (FrontierTestServer server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile(),
                "--frontier.compression-libdeflate-max-level=9")) {
            DecodedPayload plain = fetch(server, "BLOB", BIG);
            assertArrayEquals(plain.rowStream(), fetch(server, "BLOBzip9", BIG).rowStream());
            assertEquals(1.0, zippedPayloads(metrics(server), "libdeflate"), "level 9 by libdeflate when allowed");
        }
    }

    @Test
    void javaUtilZipWhenTheLibraryIsMissing() throws Exception {
        try (FrontierTestServer server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile(),
                "--frontier.compression-library=libgridstack-no-such-deflate.so.0")) {
            String before = metrics(server);
            assertTrue(before.contains("frontier_compression_encoder{encoder=\"java.util.zip\""), "encoder gauge:\n" + before);
            everyLevelInflatesToTheUnzippedRows(server);
            assertEquals(18.0, zippedPayloads(metrics(server), "java.util.zip"));
            assertEquals(0.0, zippedPayloads(metrics(server), "libdeflate"));
        }
    }

    @Test
    void longAnswersPastTheOneShotLimitGoToJavaUtilZip() throws Exception {
        try (FrontierTestServer server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile(),
                "--frontier.compression-one-shot-max-bytes=100000")) {
            DecodedPayload plain = fetch(server, "BLOB", BIG);
            assertArrayEquals(plain.rowStream(), fetch(server, "BLOBzip5", BIG).rowStream());
            assertArrayEquals(fetch(server, "BLOB", "select 1 as x").rowStream(), fetch(server, "BLOBzip5", "select 1 as x").rowStream());
            String m = metrics(server);
            assertTrue(m.contains("frontier_compression_encoder{encoder=\"libdeflate\""), m);
            assertEquals(2.0, zippedPayloads(m, "java.util.zip"), "the 1 MB answer (past the maximum) and the one-row answer (below the minimum)");
            assertEquals(0.0, zippedPayloads(m, "libdeflate"));
        }
    }
}
