package org.gridstack.frontier.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The one answer decoder: every captured production answer, fed in pieces of every awkward size,
 * must give the same payloads and row streams as in one piece (or fail the same way) and pass the
 * production servlet's own md5/full_size/records; broken answers must be reported, never decoded
 * into rows; one decoder must serve answer after answer (buffers reused).
 */
class TestAnswerDecoder {
    /** Every captured answer whose body is not chunked (the bytes of a chunked capture are not a body). */
    static Stream<String> vectors() {
        return FrontierGoldenVectors.cases().stream().filter(n -> !FrontierGoldenVectors.isChunked(n));
    }

    /** Hands out a body in pieces of {@code piece} bytes, as a socket might. */
    private static InputStream pieces(byte[] body, int piece) {
        return new ByteArrayInputStream(body) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, piece));
            }
        };
    }

    private static DecodedAnswer decode(byte[] body, int piece) throws Exception {
        try (AnswerDecoder d = new AnswerDecoder()) {
            return d.decode(pieces(body, piece), body.length);
        }
    }

    /**
     * Every captured answer decodes, in pieces of every awkward size, exactly as in one piece; and
     * the production servlet's own md5 and full_size of every successful payload hold, which they
     * can only if Base64 and zlib were decoded right.
     */
    @ParameterizedTest
    @MethodSource("vectors")
    void everyCapturedAnswerDecodesTheSameInAnyPiecesAndPassesItsOwnChecks(String vector) throws Exception {
        byte[] body = FrontierGoldenVectors.body(vector);
        DecodedAnswer expected;
        try (AnswerDecoder whole = new AnswerDecoder()) {
            expected = whole.decode(body, 0, body.length);
        } catch (FrontierProtocolException notAnAnswer) {
            for (int piece : new int[] {1, 7, body.length + 1}) {
                assertThrows(FrontierProtocolException.class, () -> decode(body, piece), vector + " is not an answer in any pieces");
            }
            return;
        }
        for (DecodedPayload p : expected.payloads()) {
            if (p.error() == 0) {
                assertNull(p.dataError(), vector + ": the production servlet's md5 and full_size must hold");
                assertEquals(p.records(), RowStreamReader.countRecords(p.rowStreamBuffer(), p.rowStreamLength()), vector + ": records");
            }
        }
        for (int piece : new int[] {1, 2, 3, 5, 76, 77, 4096, Math.max(1, body.length)}) {
            DecodedAnswer actual = decode(body, piece);
            assertEquals(body.length, actual.bodyBytes());
            assertEquals(expected.serverVersion(), actual.serverVersion(), vector);
            assertEquals(expected.globalError(), actual.globalError(), vector);
            assertEquals(expected.payloads().size(), actual.payloads().size(), vector);
            for (int i = 0; i < expected.payloads().size(); i++) {
                DecodedPayload e = expected.payloads().get(i);
                DecodedPayload a = actual.payloads().get(i);
                assertEquals(e.quality(), a.quality(), vector + " payload " + i);
                assertEquals(e.keepalives(), a.keepalives(), vector + " payload " + i);
                assertEquals(e.dataError(), a.dataError(), vector + " payload " + i + " in pieces of " + piece);
                assertArrayEquals(Arrays.copyOf(e.rowStreamBuffer(), e.rowStreamLength()),
                        Arrays.copyOf(a.rowStreamBuffer(), a.rowStreamLength()), vector + " payload " + i + " in pieces of " + piece);
            }
        }
    }

    /**
     * The production servlet answers {@code BLOBzip0} uncompressed, exactly as {@code BLOB}, with
     * the attribute echoing {@code BLOBzip0} (see the servlet's {@code TestBlobZip0AsProduction}):
     * captured answer 01 ({@code BLOB}) with only that attribute changed must decode to the same
     * row stream, and the same rows as the real client read from 01.
     */
    @Test
    void blobZip0AnswersAreReadUncompressedLikeBlob() throws Exception {
        String blob = FrontierGoldenVectors.bodyText("01-types-zip0");
        String tag = "version=\"1\" encoding=\"BLOB\">";
        assertTrue(blob.contains(tag), "case 01 is a BLOB answer");
        byte[] zip0 = blob.replace(tag, "version=\"1\" encoding=\"BLOBzip0\">").getBytes(StandardCharsets.ISO_8859_1);
        byte[] expected = ResponseParser.parse(blob).payloads().get(0).rowStream();
        for (int piece : new int[] {1, 77, zip0.length}) {
            DecodedPayload p = decode(zip0, piece).payloads().get(0);
            assertEquals("BLOBzip0", p.encoding());
            assertNull(p.dataError(), "in pieces of " + piece);
            assertArrayEquals(expected, Arrays.copyOf(p.rowStreamBuffer(), p.rowStreamLength()), "in pieces of " + piece);
        }
        assertArrayEquals(expected, ResponseParser.parse(zip0).payloads().get(0).rowStream(), "the whole-body parser agrees");
    }

    @Test
    void aWrongMd5IsReportedNotDecoded() throws Exception {
        byte[] body = FrontierGoldenVectors.bodyText("03-types-zip5").replaceFirst("md5=\"[0-9a-f]", "md5=\"x").getBytes(StandardCharsets.ISO_8859_1);
        DecodedPayload p = decode(body, 100).payloads().get(0);
        assertTrue(p.dataError().startsWith("md5 mismatch: the response says x"), p.dataError());
    }

    @Test
    void aCharacterOutsideTheBase64AlphabetIsAnError() throws Exception {
        String text = FrontierGoldenVectors.bodyText("03-types-zip5");
        int data = text.indexOf("<data>") + 20;
        byte[] body = (text.substring(0, data) + "*" + text.substring(data + 1)).getBytes(StandardCharsets.ISO_8859_1);
        FrontierProtocolException e = assertThrows(FrontierProtocolException.class, () -> decode(body, 64));
        assertTrue(e.getMessage().contains("not valid Base64: illegal character 0x2a"), e.getMessage());
    }

    @Test
    void aBodyCutInsideTheDataIsTruncated() throws Exception {
        byte[] whole = FrontierGoldenVectors.body("03-types-zip5");
        byte[] body = Arrays.copyOf(whole, new String(whole, StandardCharsets.ISO_8859_1).indexOf("<data>") + 300);
        FrontierProtocolException e = assertThrows(FrontierProtocolException.class, () -> decode(body, 64));
        assertTrue(e.getMessage().contains("not closed: response truncated"), e.getMessage());
    }

    @Test
    void markupOrKeepalivesInsideTheBase64TextAreErrors() throws Exception {
        String text = FrontierGoldenVectors.bodyText("03-types-zip5");
        int data = text.indexOf("<data>") + 6 + 40;
        for (String inserted : List.of("<b>", "<keepalive />")) {
            byte[] body = (text.substring(0, data) + inserted + text.substring(data)).getBytes(StandardCharsets.ISO_8859_1);
            assertThrows(FrontierProtocolException.class, () -> decode(body, 10), inserted);
        }
    }

    @Test
    void keepalivesBeforeTheDataAreCounted() throws Exception {
        byte[] rows = rowStream(3);
        byte[] body = answer("BLOB", "<keepalive />\n<keepalive />\n" + base64Lines(rows), rows, rows.length, 3);
        DecodedAnswer a = decode(body, 5);
        assertEquals(2, a.payloads().get(0).keepalives());
        assertArrayEquals(rows, a.payloads().get(0).rowStream());
    }

    /** Row streams of every length modulo 3 give Base64 with "==", "=" and no padding; unpadded text is accepted too. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 50})
    void paddingAndUnpaddedEndsDecode(int records) throws Exception {
        byte[] rows = rowStream(records);
        for (boolean padded : new boolean[] {true, false}) {
            String b64 = base64Lines(rows);
            if (!padded) {
                b64 = b64.replace("=", "");
            }
            byte[] body = answer("BLOB", b64, rows, rows.length, records);
            for (int piece : new int[] {1, 3, 1000}) {
                DecodedPayload p = decode(body, piece).payloads().get(0);
                assertNull(p.dataError());
                assertArrayEquals(rows, Arrays.copyOf(p.rowStreamBuffer(), p.rowStreamLength()), records + " records, padded " + padded);
            }
        }
    }

    @Test
    void misplacedPaddingIsAnError() throws Exception {
        byte[] rows = rowStream(4);
        String b64 = base64Lines(rows);
        byte[] body = answer("BLOB", "QQ===" + b64, rows, rows.length, 4);
        assertThrows(FrontierProtocolException.class, () -> decode(body, 100));
        byte[] body2 = answer("BLOB", "Q=" + b64, rows, rows.length, 4);
        assertThrows(FrontierProtocolException.class, () -> decode(body2, 100));
    }

    @Test
    void truncatedOrOverlongZlibStreamsAndWrongFullSizeAreReported() throws Exception {
        byte[] rows = rowStream(200);
        byte[] zipped = zlib(rows);
        byte[] cut = Arrays.copyOf(zipped, zipped.length - 8);
        assertEquals("compressed payload is truncated (no end of stream)", dataError("BLOBzip5", cut, rows.length));
        byte[] longer = Arrays.copyOf(zipped, zipped.length + 5);
        assertEquals("compressed payload continues after the end of its zlib stream", dataError("BLOBzip5", longer, rows.length));
        byte[] notZlib = "this is not zlib at all".getBytes(StandardCharsets.US_ASCII);
        assertTrue(dataError("BLOBzip5", notZlib, rows.length).startsWith("compressed payload is not a valid zlib stream"));
        assertEquals("full_size is " + (rows.length + 1) + " but the row stream has " + rows.length + " bytes",
                dataError("BLOBzip5", zipped, rows.length + 1));
        assertNull(dataError("BLOBzip5", zipped, rows.length));
    }

    private static String dataError(String encoding, byte[] data, long fullSize) throws Exception {
        return decode(answer(encoding, base64Lines(data), data, fullSize, 200), 333).payloads().get(0).dataError();
    }

    static byte[] rowStream(int records) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RowStreamWriter w = new RowStreamWriter(out);
        w.writeHeader(new String[] {"id", "name"}, new String[] {"int4", "text"});
        for (int i = 0; i < records; i++) {
            w.writeInt(i);
            w.writeString("row " + i + " \u00e9");
            w.endRecord();
        }
        w.drain();
        return out.toByteArray();
    }

    static byte[] zlib(byte[] data) {
        Deflater d = new Deflater(5);
        d.setInput(data);
        d.finish();
        byte[] out = new byte[data.length + 64];
        int n = d.deflate(out);
        d.end();
        return Arrays.copyOf(out, n);
    }

    static String base64Lines(byte[] data) {
        return Base64.getMimeEncoder(76, new byte[] {'\n'}).encodeToString(data);
    }

    /** A one-payload answer in the production servlet's layout; the md5 is that of {@code data}. */
    static byte[] answer(String encoding, String base64, byte[] data, long fullSize, int records) {
        return ("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<frontier version=\"3.42\" xmlversion=\"1.0\">\n <transaction payloads=\"1\">\n"
                + "  <payload type=\"frontier_request\" version=\"1\" encoding=\"" + encoding + "\">\n   <data>" + base64 + "</data>\n"
                + "   <quality error=\"0\" md5=\"" + ResponseParser.md5Hex(data) + "\" records=\"" + records + "\" full_size=\"" + fullSize + "\"/>\n"
                + "  </payload>\n </transaction>\n</frontier>\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void decodesTheRealServletsFullStringAnswerAtZip5() throws Exception {
        byte[] body = FrontierGoldenVectors.body("21-string-full-zip5");
        DecodedPayload p = AnswerDecoder.decodeIntact(body).payloads().get(0);
        assertEquals("BLOBzip5", p.encoding());
        assertEquals(10_000, p.records());
        assertEquals(1_060_024, p.fullSize());
        assertEquals(1_060_024, p.rowStreamLength());
        assertEquals(10_000, RowStreamReader.countRecords(p.rowStreamBuffer(), p.rowStreamLength()));
        assertTrue(p.decodedBytes() < p.rowStreamLength(), "the data is compressed");
    }

    @Test
    void countsTheRecordsOfTheRealServletsTypesAnswerWhoseStringsHoldEndOfRecordBytes() throws Exception {
        byte[] body = FrontierGoldenVectors.body("01-types-zip0");
        DecodedPayload p = AnswerDecoder.decodeIntact(body).payloads().get(0);
        assertEquals("BLOB", p.encoding());
        assertEquals(2525, p.rowStreamLength()); // row 14 holds a 0x07 inside a string and a bytea of 0x07
        assertEquals(20, RowStreamReader.countRecords(p.rowStreamBuffer(), p.rowStreamLength()));
    }

    @Test
    void oneDecoderServesAnswerAfterAnswerAlsoAfterFailures() throws Exception {
        byte[] big = FrontierGoldenVectors.body("21-string-full-zip5");
        byte[] small = FrontierGoldenVectors.body("01-types-zip0");
        byte[] flipped = big.clone();
        int data = new String(flipped, StandardCharsets.ISO_8859_1).indexOf("<data>") + 100;
        flipped[data] = (byte) (flipped[data] == 'A' ? 'B' : 'A');
        byte[] bigRows = AnswerDecoder.decodeIntact(big).payloads().get(0).rowStream();
        byte[] smallRows = AnswerDecoder.decodeIntact(small).payloads().get(0).rowStream();
        try (AnswerDecoder d = new AnswerDecoder(AnswerDecoderSettings.defaults().withMd5OnSecondThreadFromBytes(AnswerDecoderSettings.MD5_ALWAYS_INLINE))) {
            for (int round = 0; round < 2; round++) {
                assertArrayEquals(bigRows, d.decode(big, 0, big.length).payloads().get(0).rowStream());
                assertTrue(d.decode(flipped, 0, flipped.length).payloads().get(0).dataError().startsWith("md5 mismatch"));
                assertThrows(FrontierProtocolException.class, () -> d.decode(big, 0, big.length / 2));
                assertArrayEquals(smallRows, d.decode(small, 0, small.length).payloads().get(0).rowStream());
                // a body inside a larger array, as a load driver's reused read buffer holds it
                byte[] padded = new byte[big.length + 20];
                System.arraycopy(big, 0, padded, 7, big.length);
                assertArrayEquals(bigRows, d.decode(padded, 7, big.length).payloads().get(0).rowStream());
            }
        }
    }

    @Test
    void md5OnASecondThreadGivesTheSameResults() throws Exception {
        AnswerDecoderSettings always = AnswerDecoderSettings.defaults().withMd5OnSecondThreadFromBytes(0);
        AnswerDecoderSettings never = AnswerDecoderSettings.defaults().withMd5OnSecondThreadFromBytes(AnswerDecoderSettings.MD5_ALWAYS_INLINE);
        byte[] rows = rowStream(20_000);
        for (String encoding : List.of("BLOB", "BLOBzip5")) {
            byte[] data = encoding.equals("BLOB") ? rows : zlib(rows);
            byte[] good = answer(encoding, base64Lines(data), data, rows.length, 20_000);
            byte[] bad = new String(good, StandardCharsets.ISO_8859_1).replaceFirst("md5=\"[0-9a-f]", "md5=\"x").getBytes(StandardCharsets.ISO_8859_1);
            for (AnswerDecoderSettings settings : List.of(always, never)) {
                try (AnswerDecoder d = new AnswerDecoder(settings)) {
                    for (long hint : new long[] {good.length, -1}) {
                        DecodedPayload p = d.decode(pieces(good, 1000), hint).payloads().get(0);
                        assertNull(p.dataError(), encoding + " " + settings);
                        assertArrayEquals(rows, p.rowStream(), encoding + " " + settings);
                        assertTrue(d.decode(pieces(bad, 1000), hint).payloads().get(0).dataError().startsWith("md5 mismatch"));
                    }
                }
            }
        }
    }

    @Test
    void keepsTheDecodedDataOnlyWhenAsked() throws Exception {
        byte[] rows = rowStream(10);
        byte[] zipped = zlib(rows);
        byte[] body = answer("BLOBzip5", base64Lines(zipped), zipped, rows.length, 10);
        try (AnswerDecoder d = new AnswerDecoder(AnswerDecoderSettings.defaults().withKeepDecodedData(true))) {
            assertArrayEquals(zipped, d.decode(body, 0, body.length).payloads().get(0).data());
        }
        DecodedPayload p = AnswerDecoder.decodeIntact(body).payloads().get(0);
        assertEquals(zipped.length, p.decodedBytes());
        assertThrows(IllegalStateException.class, p::data);
    }

    @Test
    void theThrowingFormNamesGlobalErrorsAndBrokenData() throws Exception {
        byte[] rows = rowStream(3);
        byte[] body = answer("BLOB", base64Lines(rows), rows, rows.length + 1, 3);
        FrontierProtocolException e = assertThrows(FrontierProtocolException.class, () -> AnswerDecoder.decodeIntact(body));
        assertEquals("payload 1: full_size is " + (rows.length + 1) + " but the row stream has " + rows.length + " bytes", e.getMessage());
        byte[] global = ("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<frontier version=\"3.42\" xmlversion=\"1.0\">\n"
                + "  <global_error msg=\"no &amp; way\"/>\n</frontier>\n").getBytes(StandardCharsets.US_ASCII);
        FrontierProtocolException g = assertThrows(FrontierProtocolException.class, () -> AnswerDecoder.decodeIntact(global));
        assertEquals("the answer is a global error: no & way", g.getMessage());
    }

    @Test
    void decodesEveryPaddingAndLineLengthWithOneDecoder() throws Exception {
        try (AnswerDecoder d = new AnswerDecoder()) {
            for (int n = 0; n < 90; n++) {
                byte[] rows = stringRows("x".repeat(n) + "\u00ff");
                byte[] body = answer("BLOB", base64Lines(rows), rows, rows.length, 1);
                DecodedPayload p = d.decode(body, 0, body.length).payloads().get(0);
                assertNull(p.dataError(), "length " + n);
                assertEquals("x".repeat(n) + "\u00ff", p.decode().rows().get(0).get(0).text());
            }
        }
    }

    @Test
    void countsRecordsByWalkingFieldsNotByLookingForEndOfRecordBytes() throws Exception {
        byte[] rows = stringRows("\u0007", "a\u0007b", "\u0007\u0007\u0007");
        assertEquals(3, RowStreamReader.countRecords(rows, rows.length));
        assertEquals(0, RowStreamReader.countRecords(rows, 0));
        FrontierProtocolException cut = assertThrows(FrontierProtocolException.class, () -> RowStreamReader.countRecords(rows, rows.length - 2));
        assertTrue(cut.getMessage().startsWith("malformed row stream: row stream truncated inside a field"), cut.getMessage());
        FrontierProtocolException open = assertThrows(FrontierProtocolException.class, () -> RowStreamReader.countRecords(rows, rows.length - 1));
        assertTrue(open.getMessage().contains("no end-of-record byte"), open.getMessage());
        byte[] unknown = rows.clone();
        unknown[unknown.length - 1] = 0x09;
        assertThrows(FrontierProtocolException.class, () -> RowStreamReader.countRecords(unknown, unknown.length));
        byte[] huge = {6, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 'x', 7};
        assertThrows(FrontierProtocolException.class, () -> RowStreamReader.countRecords(huge, huge.length), "a length beyond the stream");
    }

    /** A row stream of one varchar column with these values. */
    private static byte[] stringRows(String... values) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RowStreamWriter w = new RowStreamWriter(out);
        w.writeHeader(new String[] {"s"}, new String[] {"varchar"});
        for (String v : values) {
            w.writeString(v);
            w.endRecord();
        }
        w.drain();
        return out.toByteArray();
    }
}
