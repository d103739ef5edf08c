package org.gridstack.frontier.protocol.zlib;

import java.util.Objects;

/**
 * How zlib streams are encoded; validated, immutable. Start from {@link #defaults()}.
 *
 * @param choice          which encoder to use; default {@link Choice#AUTO}
 * @param libraryName     the libdeflate shared library to load; default
 *                        {@value Libdeflate#DEFAULT_LIBRARY} (Debian's libdeflate0)
 * @param oneShotMinBytes least uncompressed bytes libdeflate compresses; a shorter stream is encoded
 *                        by java.util.zip (byte for byte what plain zlib writes; libdeflate would save
 *                        microseconds); default 8 KiB
 * @param oneShotMaxBytes most uncompressed bytes libdeflate compresses in one call; a longer stream
 *                        is encoded by java.util.zip (parallel blocks) instead; default 8 MiB
 * @param blockSize       uncompressed bytes per block of java.util.zip's parallel encoder; at least
 *                        32 KiB; default {@link ParallelZlibOutputStream#DEFAULT_BLOCK_SIZE}
 */
public record ZlibEncoderSettings(Choice choice, String libraryName, int oneShotMinBytes, int oneShotMaxBytes, int blockSize) {

    /** Default of {@link #oneShotMinBytes()}. */
    public static final int DEFAULT_ONE_SHOT_MIN_BYTES = 8 * 1024;

    /** Default of {@link #oneShotMaxBytes()}. */
    public static final int DEFAULT_ONE_SHOT_MAX_BYTES = 8 * 1024 * 1024;

    /** Which encoder to use. */
    public enum Choice {
        /** libdeflate when it loads, else java.util.zip (and the reason is reported). */
        AUTO,
        /** libdeflate, or fail at start-up when it does not load. */
        LIBDEFLATE,
        /** java.util.zip always (the fallback, forced). */
        JAVA_UTIL_ZIP
    }

    public ZlibEncoderSettings {
        Objects.requireNonNull(choice, "choice is null");
        Objects.requireNonNull(libraryName, "libraryName is null");
        if (libraryName.isBlank()) {
            throw new IllegalArgumentException("libraryName is blank");
        }
        if (oneShotMinBytes < 0) {
            throw new IllegalArgumentException("oneShotMinBytes must be >= 0, got " + oneShotMinBytes);
        }
        if (oneShotMaxBytes < 0) {
            throw new IllegalArgumentException("oneShotMaxBytes must be >= 0 (0: every stream by java.util.zip), got " + oneShotMaxBytes);
        }
        if (blockSize < ParallelZlibOutputStream.DICT_SIZE) {
            throw new IllegalArgumentException("blockSize must be at least " + ParallelZlibOutputStream.DICT_SIZE + ", got " + blockSize);
        }
    }

    /** AUTO, Debian's libdeflate.so.0, 8 KiB to 8 MiB in one call, 128 KiB blocks. */
    public static ZlibEncoderSettings defaults() {
        return new ZlibEncoderSettings(Choice.AUTO, Libdeflate.DEFAULT_LIBRARY, DEFAULT_ONE_SHOT_MIN_BYTES, DEFAULT_ONE_SHOT_MAX_BYTES,
                ParallelZlibOutputStream.DEFAULT_BLOCK_SIZE);
    }

    public ZlibEncoderSettings withChoice(Choice c) {
        return new ZlibEncoderSettings(c, libraryName, oneShotMinBytes, oneShotMaxBytes, blockSize);
    }

    public ZlibEncoderSettings withLibraryName(String name) {
        return new ZlibEncoderSettings(choice, name, oneShotMinBytes, oneShotMaxBytes, blockSize);
    }

    public ZlibEncoderSettings withOneShotMinBytes(int bytes) {
        return new ZlibEncoderSettings(choice, libraryName, bytes, oneShotMaxBytes, blockSize);
    }

    public ZlibEncoderSettings withOneShotMaxBytes(int bytes) {
        return new ZlibEncoderSettings(choice, libraryName, oneShotMinBytes, bytes, blockSize);
    }

    public ZlibEncoderSettings withBlockSize(int bytes) {
        return new ZlibEncoderSettings(choice, libraryName, oneShotMinBytes, oneShotMaxBytes, bytes);
    }
}
