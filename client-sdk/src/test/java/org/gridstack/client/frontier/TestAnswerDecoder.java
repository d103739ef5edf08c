package org.gridstack.client.frontier;

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
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.protocol.RowStreamReader;
import org.gridstack.frontier.protocol.RowStreamWriter;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The streaming decoder against the whole-body parser of the protocol module: every captured
 * production answer, fed in pieces of every awkward size, must give the same payloads and row
 * streams (or fail the same way); broken answers must be reported, never decoded into rows.
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

    private static AnswerDecoder.Answer decode(byte[] body, int piece) throws Exception {
        return AnswerDecoder.decode(pieces(body, piece), body.length);
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void everyCapturedAnswerDecodesLikeTheWholeBodyParser(String vector) throws Exception {
        byte[] body = FrontierGoldenVectors.body(vector);
        ResponseParser.Response expected;
        try {
            expected = ResponseParser.parse(body);
        } catch (FrontierProtocolException notAnAnswer) {
            for (int piece : new int[] {1, 7, body.length + 1}) {
                assertThrows(FrontierProtocolException.class, () -> decode(body, piece), vector + " is not an answer for either parser");
            }
            return;
        }
        for (int piece : new int[] {1, 2, 3, 5, 76, 77, 4096, Math.max(1, body.length)}) {
            AnswerDecoder.Answer actual = decode(body, piece);
            assertEquals(body.length, actual.bodyBytes());
            assertEquals(expected.globalError(), actual.envelope().globalError(), vector);
            assertEquals(expected.payloads().size(), actual.payloads().size(), vector);
            for (int i = 0; i < expected.payloads().size(); i++) {
                ResponseParser.Payload e = expected.payloads().get(i);
                AnswerDecoder.Payload a = actual.payloads().get(i);
                assertEquals(e.quality(), a.envelope().quality(), vector + " payload " + i);
                assertEquals(e.keepalives(), a.envelope().keepalives(), vector + " payload " + i);
                if (e.error() == 0) {
                    assertNull(a.dataError(), vector + " payload " + i + " in pieces of " + piece);
                    assertArrayEquals(e.rowStream(), Arrays.copyOf(a.rowStream(), a.rowStreamLength()), vector + " payload " + i + " in pieces of " + piece);
                }
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
            AnswerDecoder.Payload p = decode(zip0, piece).payloads().get(0);
            assertEquals("BLOBzip0", p.envelope().encoding());
            assertNull(p.dataError(), "in pieces of " + piece);
            assertArrayEquals(expected, Arrays.copyOf(p.rowStream(), p.rowStreamLength()), "in pieces of " + piece);
        }
        assertArrayEquals(expected, ResponseParser.parse(zip0).payloads().get(0).rowStream(), "the whole-body parser agrees");
    }

    @Test
    void aWrongMd5IsReportedNotDecoded() throws Exception {
        byte[] body = FrontierGoldenVectors.bodyText("03-types-zip5").replaceFirst("md5=\"[0-9a-f]", "md5=\"x").getBytes(StandardCharsets.ISO_8859_1);
        AnswerDecoder.Payload p = decode(body, 100).payloads().get(0);
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
        AnswerDecoder.Answer a = decode(body, 5);
        assertEquals(2, a.payloads().get(0).envelope().keepalives());
        assertArrayEquals(rows, Arrays.copyOf(a.payloads().get(0).rowStream(), a.payloads().get(0).rowStreamLength()));
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
                AnswerDecoder.Payload p = decode(body, piece).payloads().get(0);
                assertNull(p.dataError());
                assertArrayEquals(rows, Arrays.copyOf(p.rowStream(), p.rowStreamLength()), records + " records, padded " + padded);
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
    void theRowIndexAgreesWithTheRowStreamReaderOnEveryField() throws Exception {
        byte[] rows = rowStream(100);
        RowIndex index = RowIndex.build(rows, rows.length);
        RowStreamReader.Decoded d = RowStreamReader.decode(rows);
        assertEquals(d.columnNames(), index.columnNames());
        assertEquals(d.typeNames(), index.typeNames());
        assertEquals(d.rows().size(), index.rowCount());
        for (int r = 0; r < d.rows().size(); r++) {
            for (int c = 0; c < d.columnNames().size(); c++) {
                RowStreamReader.Field e = d.rows().get(r).get(c);
                RowStreamReader.Field a = index.field(r, c);
                assertEquals(e.type(), a.type());
                assertEquals(e.isNull(), a.isNull());
                if (e.value() instanceof byte[] bytes) {
                    assertArrayEquals(bytes, a.bytes());
                    assertEquals(e.text(), index.arrayText(r, c));
                } else {
                    assertEquals(e.value(), a.value());
                }
            }
        }
    }

    @Test
    void malformedRowStreamsAreRefused() throws Exception {
        byte[] rows = rowStream(3);
        FrontierProtocolException cut = assertThrows(FrontierProtocolException.class, () -> RowIndex.build(rows, rows.length - 3));
        assertTrue(cut.getMessage().contains("row stream truncated"), cut.getMessage());
        // a record with one field too many: the last record's end-of-record byte replaced by an int field
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RowStreamWriter w = new RowStreamWriter(out);
        w.writeHeader(new String[] {"a"}, new String[] {"int4"});
        w.writeInt(1);
        w.writeInt(2);
        w.endRecord();
        w.drain();
        byte[] extra = out.toByteArray();
        FrontierProtocolException fields = assertThrows(FrontierProtocolException.class, () -> RowIndex.build(extra, extra.length));
        assertEquals("record 1 has 2 fields but the header names 1 columns", fields.getMessage());
        byte[] unknown = rows.clone();
        unknown[unknown.length - 1] = 0x09;
        assertThrows(FrontierProtocolException.class, () -> RowIndex.build(unknown, unknown.length));
    }
}
