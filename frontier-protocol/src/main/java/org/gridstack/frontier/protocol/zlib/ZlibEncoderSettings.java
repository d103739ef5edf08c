package org.gridstack.frontier.protocol.zlib;

import com.google.errorprone.annotations.Immutable;
import java.util.Objects;

/**
 * How zlib streams are encoded; validated, immutable. Start from {@link #defaults()}.
 *
 * @param choice          which encoder to use; default {@link Choice#AUTO}
 * @param libraryName     the libdeflate shared library to load; default
 *                        {@value Libdeflate#DEFAULT_LIBRARY} (Debian's libdeflate0)
 * @param oneShotMinBytes least uncompressed bytes libdeflate (or, without it, java.util.zip's parallel
 *                        blocks) compresses; a shorter stream is compressed in one call by a reused
 *                        java.util.zip deflater (byte for byte what plain zlib writes; libdeflate would
 *                        save microseconds, the blocks would cost their buffers); default 8 KiB
 * @param oneShotMaxBytes most uncompressed bytes libdeflate compresses in one call; a longer stream
 *                        is encoded by java.util.zip (parallel blocks) instead; default 8 MiB
 * @param blockSize       uncompressed bytes per block of java.util.zip's parallel encoder; at least
 *                        32 KiB; default {@link ParallelZlibOutputStream#DEFAULT_BLOCK_SIZE}
 * @param libdeflateMaxLevel highest zip level libdeflate encodes; higher levels go to java.util.zip's
 *                        parallel blocks, which use every core for one answer. libdeflate's 8 and 9
 *                        search about as hard as zlib's (32 against 38 ms of CPU per 1 MB answer at
 *                        9), so on one core one answer took 2.6 times as long as in parallel blocks
 *                        (14.6 against 38.4 q/s with one client, frontier-servlet README); default 7
 */
@Immutable
public record ZlibEncoderSettings(Choice choice, String libraryName, int oneShotMinBytes, int oneShotMaxBytes, int blockSize,
                                  int libdeflateMaxLevel) {

    /** Default of {@link #libdeflateMaxLevel()}. */
    public static final int DEFAULT_LIBDEFLATE_MAX_LEVEL = 7;

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
        if (libdeflateMaxLevel < 0 || libdeflateMaxLevel > 9) {
            throw new IllegalArgumentException("libdeflateMaxLevel must be 0..9 (0: never libdeflate), got " + libdeflateMaxLevel);
        }
    }

    /** The earlier settings without a level limit: libdeflate at every level it is chosen for. */
    public ZlibEncoderSettings(Choice choice, String libraryName, int oneShotMinBytes, int oneShotMaxBytes, int blockSize) {
        this(choice, libraryName, oneShotMinBytes, oneShotMaxBytes, blockSize, DEFAULT_LIBDEFLATE_MAX_LEVEL);
    }

    /** AUTO, Debian's libdeflate.so.0, 8 KiB to 8 MiB in one call, 128 KiB blocks, libdeflate up to level 7. */
    public static ZlibEncoderSettings defaults() {
        return new ZlibEncoderSettings(Choice.AUTO, Libdeflate.DEFAULT_LIBRARY, DEFAULT_ONE_SHOT_MIN_BYTES, DEFAULT_ONE_SHOT_MAX_BYTES,
                ParallelZlibOutputStream.DEFAULT_BLOCK_SIZE);
    }

    public ZlibEncoderSettings withChoice(Choice c) {
        return new ZlibEncoderSettings(c, libraryName, oneShotMinBytes, oneShotMaxBytes, blockSize, libdeflateMaxLevel);
    }

    public ZlibEncoderSettings withLibraryName(String name) {
        return new ZlibEncoderSettings(choice, name, oneShotMinBytes, oneShotMaxBytes, blockSize, libdeflateMaxLevel);
    }

    public ZlibEncoderSettings withOneShotMinBytes(int bytes) {
        return new ZlibEncoderSettings(choice, libraryName, bytes, oneShotMaxBytes, blockSize, libdeflateMaxLevel);
    }

    public ZlibEncoderSettings withOneShotMaxBytes(int bytes) {
        return new ZlibEncoderSettings(choice, libraryName, oneShotMinBytes, bytes, blockSize, libdeflateMaxLevel);
    }

    public ZlibEncoderSettings withLibdeflateMaxLevel(int level) {
        return new ZlibEncoderSettings(choice, libraryName, oneShotMinBytes, oneShotMaxBytes, blockSize, level);
    }

    public ZlibEncoderSettings withBlockSize(int bytes) {
        return new ZlibEncoderSettings(choice, libraryName, oneShotMinBytes, oneShotMaxBytes, bytes, libdeflateMaxLevel);
    }
}
