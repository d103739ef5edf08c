package org.gridstack.bench.frontier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.gridstack.frontier.protocol.EnvelopeWriter;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.protocol.RowStreamReader;
import org.gridstack.frontier.protocol.RowStreamWriter;
import org.gridstack.frontier.protocol.zlib.Base64LineOutputStream;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

class TestFrontierAnswerDecoder {
    @Test
    void decodesTheRealServletsFullStringAnswerAtZip5() throws Exception {
        byte[] body = FrontierGoldenVectors.body("21-string-full-zip5");
        FrontierAnswerDecoder.Decoded d = new FrontierAnswerDecoder().decode(body, body.length);
        assertTrue(d.zipped);
        assertEquals(10_000, d.records);
        assertEquals(1_060_024, d.fullSize);
        assertArrayEquals(ResponseParser.parse(body).payloads().get(0).rowStream(), d.rowStreamCopy());
    }

    @Test
    void generatedTStringEqualsTheRealServletsAnswer() throws Exception {
        byte[] body = FrontierGoldenVectors.body("21-string-full-zip5");
        FrontierAnswerDecoder.Decoded d = new FrontierAnswerDecoder().decode(body, body.length);
        List<String> served = RowStreamReader.decode(d.rowStreamCopy()).rows().stream().map(r -> r.get(0).text()).toList();
        assertEquals(TStringData.rows(), served);
    }

    @Test
    void decodesTheRealServletsTypesAnswerAtZip0() throws Exception {
        byte[] body = FrontierGoldenVectors.body("01-types-zip0");
        FrontierAnswerDecoder.Decoded d = new FrontierAnswerDecoder().decode(body, body.length);
        assertEquals(false, d.zipped);
        assertEquals(20, d.records);
        assertEquals(2525, d.fullSize); // row 14 holds a 0x07 inside a string and a bytea of 0x07
    }

    @Test
    void rejectsAnAlteredOrTruncatedAnswer() throws Exception {
        byte[] body = FrontierGoldenVectors.body("21-string-full-zip5");
        FrontierAnswerDecoder decoder = new FrontierAnswerDecoder();

        byte[] flipped = body.clone();
        int data = FrontierAnswerDecoder.indexOf(flipped, 0, flipped.length, "<data>".getBytes(StandardCharsets.US_ASCII)) + 100;
        flipped[data] = (byte) (flipped[data] == 'A' ? 'B' : 'A');
        assertTrue(assertThrows(AnswerMismatchException.class, () -> decoder.decode(flipped, flipped.length)).getMessage().contains("md5"));

        assertThrows(AnswerMismatchException.class, () -> decoder.decode(body, body.length / 2));

        byte[] fewerRecords = new String(body, StandardCharsets.ISO_8859_1).replace("records=\"10000\"", "records=\"9999\"")
                .getBytes(StandardCharsets.ISO_8859_1);
        assertTrue(assertThrows(AnswerMismatchException.class, () -> decoder.decode(fewerRecords, fewerRecords.length))
                .getMessage().contains("records"));

        // the decoder still works after failures (buffers are reused)
        assertEquals(10_000, decoder.decode(body, body.length).records);
    }

    @Test
    void countsRecordsWhoseStringsHoldEndOfRecordBytes() throws Exception {
        byte[] body = answer("\u0007", "a\u0007b", "\u0007\u0007\u0007");
        FrontierAnswerDecoder.Decoded d = new FrontierAnswerDecoder().decode(body, body.length);
        assertEquals(3, d.records);
        assertEquals(Arrays.asList("\u0007", "a\u0007b", "\u0007\u0007\u0007"),
                RowStreamReader.decode(d.rowStreamCopy()).rows().stream().map(r -> r.get(0).text()).toList());
    }

    @Test
    void decodesEveryPaddingAndLineLength() throws Exception {
        FrontierAnswerDecoder decoder = new FrontierAnswerDecoder();
        for (int n = 0; n < 90; n++) {
            String value = "x".repeat(n) + "\u00ff";
            byte[] body = answer(value);
            FrontierAnswerDecoder.Decoded d = decoder.decode(body, body.length);
            assertEquals(1, d.records, "length " + n);
            assertEquals(value, RowStreamReader.decode(d.rowStreamCopy()).rows().get(0).get(0).text());
        }
    }

    /** A BLOB answer written with the protocol module's writers. */
    private static byte[] answer(String... values) throws IOException {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        RowStreamWriter rows = new RowStreamWriter(stream);
        rows.writeHeader(new String[] {"s"}, new String[] {"varchar"});
        for (String v : values) {
            rows.writeString(v);
            rows.endRecord();
        }
        rows.drain();
        byte[] rowStream = stream.toByteArray();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        EnvelopeWriter env = new EnvelopeWriter(out);
        env.begin("3.42");
        env.beginTransaction(1);
        env.beginPayload("frontier_request", "1", "BLOB");
        Base64LineOutputStream b64 = new Base64LineOutputStream(out);
        b64.write(rowStream);
        b64.finish();
        env.endData();
        env.quality(0, null, 0, ResponseParser.md5Hex(rowStream), values.length, rowStream.length);
        env.endTransaction();
        env.end();
        return out.toByteArray();
    }
}
