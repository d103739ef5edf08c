package org.gridstack.frontier.protocol;

import static org.gridstack.frontier.protocol.TestAnswerDecoder.answer;
import static org.gridstack.frontier.protocol.TestAnswerDecoder.base64Lines;
import static org.gridstack.frontier.protocol.TestAnswerDecoder.rowStream;
import static org.gridstack.frontier.protocol.TestAnswerDecoder.zlib;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;
import org.gridstack.frontier.protocol.zlib.InstalledLibdeflate;
import org.gridstack.frontier.protocol.zlib.Libdeflate;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The answer decoder inflating with libdeflate (whole payloads, one call each) must decode exactly
 * what it decodes with java.util.zip (streaming): every captured production answer, the same rows
 * and the same data errors, in the same words. Needs Debian's libdeflate0.
 */
class TestAnswerDecoderWithLibdeflate {
    private static Libdeflate libdeflate;

    @BeforeAll
    static void load() {
        libdeflate = InstalledLibdeflate.load();
    }

    @AfterAll
    static void close() {
        if (libdeflate != null) {
            libdeflate.close();
        }
    }

    static Stream<String> vectors() {
        return TestAnswerDecoder.vectors();
    }

    private static DecodedAnswer withJavaUtilZip(byte[] body) throws Exception {
        try (AnswerDecoder d = new AnswerDecoder()) {
            return d.decode(body, 0, body.length);
        }
    }

    private static DecodedAnswer withLibdeflate(byte[] body, int piece) throws Exception {
        try (AnswerDecoder d = new AnswerDecoder(AnswerDecoderSettings.defaults(), libdeflate)) {
            return d.decode(new ByteArrayInputStream(body) {
                @Override
                public synchronized int read(byte[] b, int off, int len) {
                    return super.read(b, off, Math.min(len, piece));
                }
            }, body.length);
        }
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void everyCapturedAnswerDecodesAsWithJavaUtilZip(String vector) throws Exception {
        byte[] body = FrontierGoldenVectors.body(vector);
        DecodedAnswer expected;
        try {
            expected = withJavaUtilZip(body);
        } catch (FrontierProtocolException notAnAnswer) {
            return; // the envelope is refused before any inflating
        }
        for (int piece : new int[] {7, 4096, Math.max(1, body.length)}) {
            DecodedAnswer actual = withLibdeflate(body, piece);
            assertEquals(expected.payloads().size(), actual.payloads().size(), vector);
            for (int i = 0; i < expected.payloads().size(); i++) {
                DecodedPayload e = expected.payloads().get(i);
                DecodedPayload a = actual.payloads().get(i);
                assertEquals(e.dataError(), a.dataError(), vector + " payload " + i);
                assertEquals(e.decodedBytes(), a.decodedBytes(), vector + " payload " + i);
                assertArrayEquals(Arrays.copyOf(e.rowStreamBuffer(), e.rowStreamLength()),
                        Arrays.copyOf(a.rowStreamBuffer(), a.rowStreamLength()), vector + " payload " + i);
            }
        }
    }

    @Test
    void brokenZlibStreamsAreReportedInTheSameWords() throws Exception {
        byte[] rows = rowStream(200);
        byte[] zipped = zlib(rows);
        byte[][] cases = {
            Arrays.copyOf(zipped, zipped.length - 8), // truncated
            Arrays.copyOf(zipped, zipped.length + 5), // trailing bytes
            "this is not zlib at all".getBytes(StandardCharsets.US_ASCII),
            zipped,
        };
        for (byte[] data : cases) {
            for (long fullSize : new long[] {rows.length, rows.length + 1}) {
                byte[] body = answer("BLOBzip5", base64Lines(data), data, fullSize, 200);
                String expected = withJavaUtilZip(body).payloads().get(0).dataError();
                assertEquals(expected, withLibdeflate(body, 333).payloads().get(0).dataError(), "data of " + data.length + " bytes");
            }
        }
        assertNull(withLibdeflate(answer("BLOBzip5", base64Lines(zipped), zipped, rows.length, 200), 333).payloads().get(0).dataError());
    }

    @Test
    void highlyCompressibleRowStreamsOutgrowTheFirstGuess() throws Exception {
        byte[] rows = new byte[3 << 20]; // zeros: ~1000:1, far past the decoder's first guess of 4x
        byte[] zipped = zlib(rows);
        assertTrue(zipped.length * 100L < rows.length);
        byte[] body = answer("BLOBzip5", base64Lines(zipped), zipped, rows.length, 1);
        try (AnswerDecoder d = new AnswerDecoder(AnswerDecoderSettings.defaults(), libdeflate)) {
            for (int round = 0; round < 2; round++) { // the second reuses the decoder's buffers
                DecodedPayload p = d.decode(body, 0, body.length).payloads().get(0);
                assertNull(p.dataError());
                assertArrayEquals(rows, Arrays.copyOf(p.rowStreamBuffer(), p.rowStreamLength()));
            }
        }
    }

    @Test
    void keptDecodedDataIsTheCompressedBytes() throws Exception {
        byte[] rows = rowStream(50);
        byte[] zipped = zlib(rows);
        byte[] body = answer("BLOBzip5", base64Lines(zipped), zipped, rows.length, 50);
        try (AnswerDecoder d = new AnswerDecoder(AnswerDecoderSettings.defaults().withKeepDecodedData(true), libdeflate)) {
            DecodedPayload p = d.decode(body, 0, body.length).payloads().get(0);
            assertArrayEquals(zipped, p.data());
            assertArrayEquals(rows, p.rowStream());
        }
    }
}
