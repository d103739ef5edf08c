package org.gridstack.frontier.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.protocol.RowStreamReader;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code encoding=BLOBzip0} is answered as the production servlet 3.42 answers it. There is no
 * production capture for {@code BLOBzip0} (the C client sends {@code BLOB} at zip level 0), so the
 * expected answers are derived from captured ones and the production source ({@code fermitools/frontier}
 * HEAD {@code 25267cc}):
 * <ul>
 * <li>{@code Payload.send} hands the text after {@code BLOB} ("zip0") to {@code BlobTypedEncoder},
 * which parses level 0 and creates a {@code DeflaterOutputStream} only {@code if (ziplevel > 0)}
 * ({@code src/gov/fnal/frontier/codec/BlobTypedEncoder.java} line 134); at level 0 the row
 * stream goes straight to the MD5 digest and Base64, exactly as for {@code BLOB}, and
 * {@code full_size} counts the same bytes;</li>
 * <li>{@code ResponseFormat.payload_start} writes the encoding string the client sent
 * ({@code Payload.encoder = cmd.encoder}), so the attribute is {@code encoding="BLOBzip0"}.</li>
 * </ul>
 * Hence: the answer to golden case 01 ({@code BLOB}) with only {@code encoding=BLOB} changed to
 * {@code encoding=BLOBzip0} in the request is case 01's answer with only the payload's
 * {@code encoding} attribute changed; and a payload error at level 0 (golden case 08 asked for
 * {@code BLOBzip5}, whose empty stream is {@code 78 5e 03 00 00 00 00 01}) has an empty
 * {@code <data>} whose md5 is the digest of no bytes. Our answers are compared the way
 * {@link TestGoldenVectors} compares them, and additionally byte for byte with our own {@code BLOB}
 * answer, which must differ in nothing but the attribute.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestBlobZip0AsProduction {
    private static final String MD5_OF_NOTHING = "d41d8cd98f00b204e9800998ecf8427e";

    private FrontierTestServer server;

    @BeforeAll
    void start() throws Exception {
        server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile());
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void blobZip0IsAnsweredUncompressedLikeBlobWithTheEncodingEchoed() throws Exception {
        String blobRequest = new String(FrontierGoldenVectors.requestHeaders("01-types-zip0"), StandardCharsets.ISO_8859_1);
        assertTrue(blobRequest.contains("&encoding=BLOB&"), "case 01 asks for plain BLOB");
        byte[] zip0Request = blobRequest.replace("&encoding=BLOB&", "&encoding=BLOBzip0&").getBytes(StandardCharsets.ISO_8859_1);

        // expected: production's case 01 answer with only the payload's encoding attribute changed
        RawHttp.Response golden = RawHttp.parse(FrontierGoldenVectors.rawResponse("01-types-zip0"));
        String expectedBody = payloadEncoding(golden.bodyText(), "BLOB", "BLOBzip0");

        RawHttp.Response ours = RawHttp.exchange("127.0.0.1", server.port(), zip0Request);
        assertEquals(golden.status(), ours.status(), "status");
        assertEquals(golden.header("Content-Type"), ours.header("Content-Type"), "Content-Type");
        assertEquals(golden.header("Cache-Control"), ours.header("Cache-Control"), "Cache-Control");

        DecodedPayload expected = ResponseParser.parse(expectedBody).payloads().get(0);
        DecodedPayload actual = ResponseParser.parse(ours.bodyText()).payloads().get(0);
        assertEquals("BLOBzip0", actual.encoding(), "the encoding attribute echoes what the client sent");
        assertEquals(0, actual.error(), "error " + actual.message());
        assertEquals(expected.records(), actual.records(), "records");
        assertNotEquals(0x78, actual.data()[0] & 0xff, "the data must not be a zlib stream (production deflates only above level 0)");
        assertEquals(actual.fullSize(), actual.data().length, "uncompressed: full_size is the length of the data itself");

        RowStreamReader.Decoded e = expected.decode();
        RowStreamReader.Decoded a = actual.decode();
        assertEquals(e.columnNames(), a.columnNames(), "column names");
        assertEquals(e.typeNames(), a.typeNames(), "type names");
        assertEquals(e.rows().size(), a.rows().size(), "rows");
        for (int r = 0; r < e.rows().size(); r++) {
            for (int c = 0; c < e.columnNames().size(); c++) {
                TestGoldenVectors.assertSameValue("row " + (r + 1) + " column " + e.columnNames().get(c),
                        e.typeNames().get(c), e.rows().get(r).get(c), a.rows().get(r).get(c));
            }
        }

        // our own BLOB answer differs from it in nothing but the attribute: data, md5, full_size, layout
        RawHttp.Response ourBlob = RawHttp.exchange("127.0.0.1", server.port(), blobRequest.getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(payloadEncoding(ourBlob.bodyText(), "BLOB", "BLOBzip0"), ours.bodyText(), "BLOBzip0 answer = BLOB answer except the encoding attribute");
    }

    @Test
    void aBlobZip0PayloadErrorCarriesAnEmptyUncompressedStream() throws Exception {
        String zip5Request = new String(FrontierGoldenVectors.requestHeaders("08-syntax-error"), StandardCharsets.ISO_8859_1);
        assertTrue(zip5Request.contains("&encoding=BLOBzip5&"), "case 08 asks for BLOBzip5");
        byte[] zip0Request = zip5Request.replace("&encoding=BLOBzip5&", "&encoding=BLOBzip0&").getBytes(StandardCharsets.ISO_8859_1);
        RawHttp.Response golden = RawHttp.parse(FrontierGoldenVectors.rawResponse("08-syntax-error"));

        RawHttp.Response ours = RawHttp.exchange("127.0.0.1", server.port(), zip0Request);
        assertEquals(golden.status(), ours.status(), "status");
        assertEquals(golden.header("Cache-Control"), ours.header("Cache-Control"), "Cache-Control");
        assertTrue(ours.bodyText().contains("encoding=\"BLOBzip0\">\n   <data></data>\n"), ours.bodyText());
        DecodedPayload p = ResponseParser.parse(ours.bodyText()).payloads().get(0);
        assertEquals(1, p.error(), "a payload error");
        assertArrayEquals(new byte[0], p.data(), "level 0 compresses nothing, so the encoder's empty stream is no bytes");
        assertEquals(MD5_OF_NOTHING, p.quality().get("md5"), "md5 of the empty data");
        assertEquals(0, p.fullSize(), "full_size");
    }

    /** The body with the payload tag's encoding attribute changed (the XML declaration's is not a payload's). */
    private static String payloadEncoding(String body, String from, String to) {
        String tag = "version=\"1\" encoding=\"" + from + "\">";
        assertEquals(1, body.split(java.util.regex.Pattern.quote(tag), -1).length - 1, "one payload tag with encoding " + from);
        return body.replace(tag, "version=\"1\" encoding=\"" + to + "\">");
    }
}
