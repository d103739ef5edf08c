package org.gridstack.frontier.protocol.zlib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TestBase64LineOutputStream {

    private static final Base64.Encoder MIME = Base64.getMimeEncoder(76, new byte[] {'\n'});

    /** Writes data in random chunks, mixing single-byte writes, zero-length and bulk writes. */
    static void writeChunked(OutputStream out, byte[] data, Random random) throws IOException {
        int off = 0;
        while (off < data.length) {
            switch (random.nextInt(4)) {
                case 0 -> out.write(data[off++]);
                case 1 -> out.write(data, off, 0);
                default -> {
                    int n = Math.min(data.length - off, 1 + random.nextInt(random.nextBoolean() ? 8 : 3000));
                    out.write(data, off, n);
                    off += n;
                }
            }
        }
    }

    private static byte[] encode(byte[] data, Random random) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        Base64LineOutputStream b64 = new Base64LineOutputStream(sink);
        writeChunked(b64, data, random);
        b64.finish();
        assertEquals(sink.size(), b64.charsOut());
        return sink.toByteArray();
    }

    @Test
    void matchesMimeEncoderForRandomSizesAndChunking() throws IOException {
        Random random = new Random(42);
        for (int i = 0; i < 600; i++) {
            byte[] data = new byte[random.nextInt(5001)];
            random.nextBytes(data);
            assertArrayEquals(MIME.encode(data), encode(data, random), "size " + data.length);
        }
    }

    @Test
    void matchesMimeEncoderAroundLineAndGroupBoundaries() throws IOException {
        Random random = new Random(7);
        for (int size = 0; size <= 4 * 57 + 3; size++) {
            byte[] data = new byte[size];
            random.nextBytes(data);
            assertArrayEquals(MIME.encode(data), encode(data, random), "size " + size);
        }
    }

    @Test
    void singleByteWritesOnly() throws IOException {
        byte[] data = new byte[5000];
        new Random(3).nextBytes(data);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (Base64LineOutputStream b64 = new Base64LineOutputStream(sink)) {
            for (byte b : data) {
                b64.write(b);
            }
        }
        assertArrayEquals(MIME.encode(data), sink.toByteArray());
    }

    @Test
    void largeInputSpanningManyBuffers() throws IOException {
        byte[] data = new byte[1_000_003];
        new Random(4).nextBytes(data);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (Base64LineOutputStream b64 = new Base64LineOutputStream(sink)) {
            b64.write(data);
        }
        byte[] encoded = sink.toByteArray();
        assertArrayEquals(MIME.encode(data), encoded);
        assertFalse(encoded[encoded.length - 1] == '\n', "no trailing newline");
        assertArrayEquals(data, Base64.getMimeDecoder().decode(encoded));
    }

    @Test
    void fullLinesEndWithoutNewline() throws IOException {
        byte[] data = new byte[57 * 3]; // exactly three 76-character lines
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (Base64LineOutputStream b64 = new Base64LineOutputStream(sink)) {
            b64.write(data);
        }
        String text = sink.toString(StandardCharsets.US_ASCII);
        assertEquals(76 * 3 + 2, text.length());
        assertEquals(2, text.chars().filter(c -> c == '\n').count());
    }

    @Test
    void paddingForOneAndTwoTrailingBytes() throws IOException {
        assertEquals("", encodeString(new byte[0]));
        assertEquals("Zg==", encodeString("f".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("Zm8=", encodeString("fo".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("Zm9v", encodeString("foo".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("Zm9vYg==", encodeString("foob".getBytes(StandardCharsets.US_ASCII)));
    }

    private static String encodeString(byte[] data) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (Base64LineOutputStream b64 = new Base64LineOutputStream(sink)) {
            b64.write(data);
        }
        return sink.toString(StandardCharsets.US_ASCII);
    }

    @Test
    void finishKeepsUnderlyingStreamOpenAndCloseClosesIt() throws IOException {
        CloseTracking sink = new CloseTracking();
        Base64LineOutputStream b64 = new Base64LineOutputStream(sink);
        b64.write(new byte[] {1, 2, 3, 4});
        b64.finish();
        b64.finish();
        assertFalse(sink.closed);
        assertEquals("AQIDBA==", sink.toString(StandardCharsets.US_ASCII));
        assertThrows(IOException.class, () -> b64.write(5));
        assertThrows(IOException.class, () -> b64.write(new byte[3], 0, 3));
        b64.close();
        b64.close();
        assertTrue(sink.closed);
        assertEquals(1, sink.closeCount);
        assertEquals("AQIDBA==", sink.toString(StandardCharsets.US_ASCII));
    }

    @Test
    void flushHoldsBackAnIncompleteChunk() throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        Base64LineOutputStream b64 = new Base64LineOutputStream(sink);
        b64.write(new byte[] {1, 2, 3, 4});
        assertEquals(0, sink.size(), "output is buffered");
        b64.flush();
        assertEquals(0, sink.size(), "a partial chunk is encoded only at finish");
        b64.close();
        assertEquals("AQIDBA==", sink.toString(StandardCharsets.US_ASCII));
    }

    @Test
    void rejectsNullAndBadRanges() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> new Base64LineOutputStream(null));
        assertEquals("out is null", e.getMessage());
        Base64LineOutputStream b64 = new Base64LineOutputStream(new ByteArrayOutputStream());
        assertThrows(IndexOutOfBoundsException.class, () -> b64.write(new byte[4], 3, 2));
    }

    private static final class CloseTracking extends ByteArrayOutputStream {
        boolean closed;
        int closeCount;

        @Override
        public void close() {
            closed = true;
            closeCount++;
        }
    }
}
