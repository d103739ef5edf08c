package org.gridstack.frontier.protocol.zlib;

import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.assertInflatesTo;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.plainDeflate;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.textData;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** Which encoder {@link ZlibEncoders} picks, the fallback to java.util.zip, and the streams it opens. */
class TestZlibEncoders {
    private static final String MISSING_LIBRARY = "libgridstack-no-such-deflate.so.0";

    private static byte[] roundTrip(ZlibEncoders encoders, byte[] data, int level, ZlibEncoderKind expected) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (ZlibOutputStream z = encoders.open(sink, level)) {
            z.write(data);
            z.finish();
            assertEquals(expected, z.encoder());
        }
        byte[] zlib = sink.toByteArray();
        assertInflatesTo(data, zlib);
        return zlib;
    }

    /** Whatever the encoder, an answer under the one-shot minimum is one java.util.zip call: plain zlib's bytes. */
    private static void assertShortAnswersArePlainZlib(ZlibEncoders encoders) throws IOException {
        byte[] row = textData(300, 7);
        for (int level = 1; level <= 9; level++) {
            assertArrayEquals(plainDeflate(row, level), roundTrip(encoders, row, level, ZlibEncoderKind.JAVA_UTIL_ZIP), "level " + level);
        }
    }

    @Test
    void autoUsesLibdeflateWhenItLoads() throws IOException {
        try (ZlibEncoders encoders = new ZlibEncoders(ZlibEncoderSettings.defaults(), null)) {
            assertEquals(ZlibEncoderKind.LIBDEFLATE, encoders.kind(), () -> "fell back: " + encoders.fallbackReason());
            assertTrue(encoders.fallbackReason().isEmpty());
            assertTrue(encoders.description().startsWith("libdeflate ("), encoders.description());
            String path = encoders.libdeflate().orElseThrow().libraryPath();
            assertTrue(path.startsWith("/") && new java.io.File(path).isFile() && path.contains("libdeflate.so"), path);
            assertTrue(encoders.description().contains(path), encoders.description());
            assertShortAnswersArePlainZlib(encoders);
            byte[] data = textData(700_000, 1);
            for (int level = 1; level <= 9; level++) {
                // above the default maximum level java.util.zip's parallel blocks encode (every core on one answer)
                roundTrip(encoders, data, level, level <= ZlibEncoderSettings.DEFAULT_LIBDEFLATE_MAX_LEVEL
                        ? ZlibEncoderKind.LIBDEFLATE : ZlibEncoderKind.JAVA_UTIL_ZIP);
            }
        }
        try (ZlibEncoders encoders = new ZlibEncoders(ZlibEncoderSettings.defaults().withLibdeflateMaxLevel(9), null)) {
            roundTrip(encoders, textData(700_000, 1), 9, ZlibEncoderKind.LIBDEFLATE);
        }
        assertThrows(IllegalArgumentException.class, () -> ZlibEncoderSettings.defaults().withLibdeflateMaxLevel(10));
    }

    @Test
    void fallsBackToJavaUtilZipWhenTheLibraryIsMissing() throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (ZlibEncoders encoders = new ZlibEncoders(ZlibEncoderSettings.defaults().withLibraryName(MISSING_LIBRARY), pool)) {
            assertEquals(ZlibEncoderKind.JAVA_UTIL_ZIP, encoders.kind());
            String reason = encoders.fallbackReason().orElseThrow();
            assertTrue(reason.contains(MISSING_LIBRARY) && reason.contains("libdeflate0"), reason);
            assertTrue(encoders.description().startsWith("java.util.zip") && encoders.description().contains(MISSING_LIBRARY),
                    encoders.description());
            assertTrue(encoders.libdeflate().isEmpty());
            assertShortAnswersArePlainZlib(encoders);
            byte[] data = textData(700_000, 2);
            for (int level = 1; level <= 9; level++) {
                roundTrip(encoders, data, level, ZlibEncoderKind.JAVA_UTIL_ZIP);
            }
            roundTrip(encoders, new byte[0], 5, ZlibEncoderKind.JAVA_UTIL_ZIP);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void javaUtilZipCanBeForcedWhileTheLibraryIsThere() throws IOException {
        try (ZlibEncoders encoders = new ZlibEncoders(ZlibEncoderSettings.defaults().withChoice(ZlibEncoderSettings.Choice.JAVA_UTIL_ZIP), null)) {
            assertEquals(ZlibEncoderKind.JAVA_UTIL_ZIP, encoders.kind());
            assertTrue(encoders.fallbackReason().orElseThrow().contains("configuration"));
            roundTrip(encoders, textData(300_000, 3), 5, ZlibEncoderKind.JAVA_UTIL_ZIP);
        }
    }

    @Test
    void requiringLibdeflateFailsClearlyWhenItIsMissing() {
        ZlibEncoderSettings settings = ZlibEncoderSettings.defaults().withChoice(ZlibEncoderSettings.Choice.LIBDEFLATE)
                .withLibraryName(MISSING_LIBRARY);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new ZlibEncoders(settings, null));
        assertTrue(e.getMessage().contains(MISSING_LIBRARY), e.getMessage());
    }

    @Test
    void answersPastTheOneShotLimitGoToJavaUtilZip() throws IOException {
        try (ZlibEncoders encoders = new ZlibEncoders(ZlibEncoderSettings.defaults().withOneShotMaxBytes(100_000), null)) {
            roundTrip(encoders, textData(99_999, 4), 6, ZlibEncoderKind.LIBDEFLATE);
            roundTrip(encoders, textData(ZlibEncoderSettings.DEFAULT_ONE_SHOT_MIN_BYTES - 1, 4), 6, ZlibEncoderKind.JAVA_UTIL_ZIP);
            roundTrip(encoders, textData(100_001, 4), 6, ZlibEncoderKind.JAVA_UTIL_ZIP);
        }
    }

    @Test
    void settingsRejectNonsense() {
        ZlibEncoderSettings d = ZlibEncoderSettings.defaults();
        assertThrows(IllegalArgumentException.class, () -> d.withOneShotMaxBytes(-1));
        assertThrows(IllegalArgumentException.class, () -> d.withOneShotMinBytes(-1));
        assertThrows(IllegalArgumentException.class, () -> d.withBlockSize(1024));
        assertThrows(IllegalArgumentException.class, () -> d.withLibraryName(" "));
        assertThrows(NullPointerException.class, () -> d.withChoice(null));
        try (ZlibEncoders encoders = new ZlibEncoders(d.withChoice(ZlibEncoderSettings.Choice.JAVA_UTIL_ZIP), null)) {
            assertThrows(IllegalArgumentException.class, () -> encoders.open(new ByteArrayOutputStream(), 0));
            assertThrows(IllegalArgumentException.class, () -> encoders.open(new ByteArrayOutputStream(), 10));
        }
    }
}
