package org.gridstack.frontier.protocol.zlib;

import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.assertInflatesTo;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.clientGone;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.plainDeflate;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.randomData;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.textData;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.writeChunked;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * libdeflate's zlib streams against plain zlib: every level 1..9, several shapes, read back by
 * {@link java.util.zip.Inflater}, sizes within a few percent of java.util.zip's at the same level.
 * Needs Debian's libdeflate0 (a dependency of libtiff, so on almost every system); the tests fail,
 * saying so, when it is missing.
 */
class TestOneCallWithLibdeflate {
    private static final int MB = 1 << 20;
    /** Shapes by name; "large" is beyond the default one-shot limit, so it ends in java.util.zip. */
    private static final Map<String, byte[]> SHAPES = new ConcurrentHashMap<>();
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

    private static byte[] shape(String name) {
        return SHAPES.computeIfAbsent(name, n -> switch (n) {
            case "empty" -> new byte[0];
            case "tiny" -> "x".getBytes();
            case "row" -> textData(100, 3);
            case "1MB-text" -> textData(MB, 1);
            case "1MB-random" -> randomData(MB, 2);
            case "large-text" -> textData(ZlibEncoderSettings.DEFAULT_ONE_SHOT_MAX_BYTES + 3 * MB, 4);
            default -> throw new IllegalArgumentException(n);
        });
    }

    private static byte[] compress(byte[] data, int level, int oneShotMax, long seed) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        OneCallZlibOutputStream z = OneCallZlibOutputStream.libdeflate(sink, level, libdeflate, oneShotMax,
                () -> new ParallelZlibOutputStream(sink, level, ParallelZlibOutputStream.DEFAULT_BLOCK_SIZE, null));
        writeChunked(z, data, new Random(seed));
        z.finish();
        assertEquals(data.length, z.bytesIn(), "bytesIn");
        assertEquals(sink.size(), z.bytesOut(), "bytesOut");
        assertEquals(data.length > oneShotMax ? ZlibEncoderKind.JAVA_UTIL_ZIP : ZlibEncoderKind.LIBDEFLATE, z.encoder());
        return sink.toByteArray();
    }

    static Stream<Arguments> levelsAndShapes() {
        List<Arguments> args = new ArrayList<>();
        for (String shape : new String[] {"empty", "tiny", "row", "1MB-text", "1MB-random"}) {
            IntStream.rangeClosed(1, 9).forEach(level -> args.add(Arguments.of(shape, level)));
        }
        return args.stream();
    }

    @ParameterizedTest(name = "{0} level {1}")
    @MethodSource("levelsAndShapes")
    void plainZlibInflatesIt(String shape, int level) throws IOException {
        byte[] data = shape(shape);
        byte[] z = compress(data, level, ZlibEncoderSettings.DEFAULT_ONE_SHOT_MAX_BYTES, level);
        assertEquals(0x78, z[0] & 0xff, "zlib header: deflate, 32 KiB window");
        assertEquals(0, ((z[0] & 0xff) << 8 | (z[1] & 0xff)) % 31, "zlib header check bits");
        assertInflatesTo(data, z);
    }

    @ParameterizedTest(name = "{0} level {1}")
    @MethodSource("levelsAndShapes")
    void sizeWithinAFewPercentOfJavaUtilZip(String shape, int level) throws IOException {
        byte[] data = shape(shape);
        int ours = compress(data, level, ZlibEncoderSettings.DEFAULT_ONE_SHOT_MAX_BYTES, 7).length;
        int zlib = plainDeflate(data, level).length;
        // 5 % plus a few bytes: tiny inputs differ by a byte or two of block framing
        assertTrue(ours <= zlib * 1.05 + 8, shape + " level " + level + ": libdeflate " + ours + " bytes, java.util.zip " + zlib);
    }

    @Test
    void largeAnswerBeyondTheOneShotLimitIsStillOneZlibStream() throws IOException {
        byte[] data = shape("large-text");
        for (int level : new int[] {1, 5, 9}) {
            byte[] z = compress(data, level, ZlibEncoderSettings.DEFAULT_ONE_SHOT_MAX_BYTES, level);
            assertInflatesTo(data, z);
        }
    }

    @Test
    void largeAnswerWithinALargerLimitIsCompressedInOneCall() throws IOException {
        byte[] data = shape("large-text");
        byte[] z = compress(data, 5, data.length, 11);
        assertInflatesTo(data, z);
        assertTrue(z.length <= plainDeflate(data, 5).length * 1.05, "size");
    }

    @Test
    void switchesToTheOverflowStreamExactlyPastTheLimit() throws IOException {
        byte[] data = textData(300_000, 9);
        for (int limit : new int[] {0, 1, 65_535, 65_536, 65_537, 299_999, 300_000}) {
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            OneCallZlibOutputStream z = OneCallZlibOutputStream.libdeflate(sink, 6, libdeflate, limit,
                    () -> new ParallelZlibOutputStream(sink, 6, 64 * 1024, null));
            for (byte b : java.util.Arrays.copyOf(data, 70_000)) {
                z.write(b); // one byte at a time across the limit and chunk boundaries
            }
            z.write(data, 70_000, data.length - 70_000);
            z.finish();
            assertEquals(limit < data.length ? ZlibEncoderKind.JAVA_UTIL_ZIP : ZlibEncoderKind.LIBDEFLATE, z.encoder(), "limit " + limit);
            assertInflatesTo(data, sink.toByteArray());
        }
    }

    @Test
    void nothingReachesTheUnderlyingStreamBeforeFinish() throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        OneCallZlibOutputStream z = OneCallZlibOutputStream.libdeflate(sink, 1, libdeflate, MB,
                () -> new ParallelZlibOutputStream(sink, 1, 64 * 1024, null));
        z.write(textData(500_000, 5));
        z.flush();
        assertEquals(0, sink.size());
        z.finish();
        assertTrue(sink.size() > 0);
    }

    @Test
    void failingUnderlyingStreamFailsFinishAndLaterWrites() throws IOException {
        OutputStream broken = clientGone();
        OneCallZlibOutputStream z = OneCallZlibOutputStream.libdeflate(broken, 5, libdeflate, MB,
                () -> new ParallelZlibOutputStream(broken, 5, 64 * 1024, null));
        z.write(textData(10_000, 1));
        IOException e = assertThrows(IOException.class, z::finish);
        assertEquals("client gone", e.getMessage());
        IOException later = assertThrows(IOException.class, () -> z.write(1));
        assertTrue(later.getMessage().contains("failed earlier"), later.getMessage());
    }

    @Test
    void writesAfterFinishFail() throws IOException {
        OneCallZlibOutputStream z = OneCallZlibOutputStream.libdeflate(new ByteArrayOutputStream(), 5, libdeflate, MB,
                () -> {
                    throw new AssertionError("no overflow expected");
                });
        z.write(1);
        z.finish();
        z.finish(); // idempotent
        assertThrows(IOException.class, () -> z.write(new byte[] {1}, 0, 1));
    }

    @Test
    void rejectsLevelsOutsideOneToNine() {
        for (int level : new int[] {-1, 0, 10}) {
            assertThrows(IllegalArgumentException.class, () -> OneCallZlibOutputStream.libdeflate(new ByteArrayOutputStream(), level,
                    libdeflate, MB, () -> null));
        }
    }

    @Test
    void decompressorReadsPlainZlibAndReportsNoRoomAndBadData() {
        byte[] data = textData(200_000, 8);
        byte[] z = plainDeflate(data, 6);
        try (Libdeflate.Decompressor d = libdeflate.decompressor()) {
            assertArrayEquals(data, d.decompress(z, data.length));
            IllegalStateException noRoom = assertThrows(IllegalStateException.class, () -> d.decompress(z, data.length - 1));
            assertTrue(noRoom.getMessage().contains("NO_ROOM"), noRoom.getMessage());
            byte[] corrupt = z.clone();
            corrupt[corrupt.length - 1] ^= 1; // Adler-32 trailer
            IllegalStateException bad = assertThrows(IllegalStateException.class, () -> d.decompress(corrupt, data.length));
            assertTrue(bad.getMessage().contains("BAD_DATA"), bad.getMessage());
        }
    }

    @Test
    void pooledCompressorsAreReusedAcrossThreads() throws Exception {
        byte[] data = textData(100_000, 12);
        List<Thread> threads = new ArrayList<>();
        List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < 4; t++) {
            int level = 1 + t * 2;
            Thread thread = new Thread(() -> {
                try {
                    for (int i = 0; i < 20; i++) {
                        assertInflatesTo(data, compress(data, level, MB, i));
                    }
                } catch (Throwable e) {
                    errors.add(e);
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertTrue(errors.isEmpty(), () -> "errors: " + errors);
    }
}
