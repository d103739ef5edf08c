package org.gridstack.frontier.protocol.zlib;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.OutputStream;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Opens the zlib streams of answers with the encoder chosen once, at construction: libdeflate
 * ({@link OneCallZlibOutputStream#libdeflate}, one call per answer within the one-shot limits)
 * when the settings allow it and the native library loads, else java.util.zip
 * ({@link ParallelZlibOutputStream}, blocks in parallel). Either way an answer shorter than
 * {@link ZlibEncoderSettings#oneShotMinBytes()} is compressed in one call by a reused
 * java.util.zip deflater ({@link OneCallZlibOutputStream#pooledDeflater}, {@link DeflaterPool}),
 * and every stream is one standard zlib stream. {@link #description()} and
 * {@link #fallbackReason()} say what was chosen and why, for the start-up log and the metrics.
 *
 * <p>Thread-safety: thread-safe; each stream opened is for one thread. {@link #close()} frees
 * libdeflate's pooled native objects and the idle deflaters.
 */
@ThreadSafe
public final class ZlibEncoders implements AutoCloseable {
    private final ZlibEncoderSettings settings;
    private final Executor executor;
    private final Libdeflate libdeflate; // null: java.util.zip
    private final String fallbackReason; // null unless AUTO fell back
    private final DeflaterPool shortAnswerDeflaters = new DeflaterPool(Math.max(2, Runtime.getRuntime().availableProcessors()));

    /**
     * @param settings which encoder, and its limits
     * @param executor compresses java.util.zip's blocks in parallel; {@code null} compresses on the
     *                 writing thread
     * @throws IllegalStateException when {@link ZlibEncoderSettings.Choice#LIBDEFLATE} is required
     *                               and the library does not load
     */
    public ZlibEncoders(ZlibEncoderSettings settings, Executor executor) {
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.executor = executor;
        Libdeflate lib = null;
        String reason = null;
        if (settings.choice() == ZlibEncoderSettings.Choice.JAVA_UTIL_ZIP) {
            reason = "java.util.zip chosen by configuration";
        } else {
            try {
                lib = Libdeflate.load(settings.libraryName());
            } catch (LinkageError | RuntimeException e) {
                reason = "libdeflate (" + settings.libraryName() + ") not usable: " + firstLine(e)
                        + "; install Debian's libdeflate0 for the faster encoder";
                if (settings.choice() == ZlibEncoderSettings.Choice.LIBDEFLATE) {
                    throw new IllegalStateException(reason, e);
                }
            }
        }
        this.libdeflate = lib;
        this.fallbackReason = reason;
    }

    /** The encoder zipped answers get (up to the one-shot limit, for libdeflate). */
    public ZlibEncoderKind kind() {
        return libdeflate != null ? ZlibEncoderKind.LIBDEFLATE : ZlibEncoderKind.JAVA_UTIL_ZIP;
    }

    /** Why java.util.zip is used although libdeflate was allowed or wanted; empty when libdeflate is used. */
    public Optional<String> fallbackReason() {
        return Optional.ofNullable(fallbackReason);
    }

    /** One line for the start-up log: the encoder, where it came from, its limits. */
    public String description() {
        if (libdeflate != null) {
            return "libdeflate (" + libdeflate.libraryPath() + "), one call per answer of " + settings.oneShotMinBytes() + " to "
                    + settings.oneShotMaxBytes() + " bytes; java.util.zip for shorter ones (one call, reused deflaters) and in parallel "
                    + settings.blockSize() + "-byte blocks for longer ones";
        }
        return "java.util.zip in parallel " + settings.blockSize() + "-byte blocks, answers under " + settings.oneShotMinBytes()
                + " bytes in one call with reused deflaters (" + fallbackReason + ")";
    }

    /** The loaded library, when libdeflate is the encoder (e.g. to inflate with it too). */
    public Optional<Libdeflate> libdeflate() {
        return Optional.ofNullable(libdeflate);
    }

    /**
     * Opens a zlib stream onto {@code out} at {@code level} (1..9). Level 0 is not compression: the
     * caller writes such answers as they are.
     */
    public ZlibOutputStream open(OutputStream out, int level) {
        Objects.requireNonNull(out, "out is null");
        if (level < 1 || level > 9) {
            throw new IllegalArgumentException("zip level must be 1..9: " + level);
        }
        return OneCallZlibOutputStream.pooledDeflater(out, level, shortAnswerDeflaters, settings.oneShotMinBytes(), () -> longer(out, level));
    }

    // the encoder of an answer of oneShotMinBytes or more
    private ZlibOutputStream longer(OutputStream out, int level) {
        if (libdeflate == null || level > settings.libdeflateMaxLevel()) {
            return parallel(out, level);
        }
        return OneCallZlibOutputStream.libdeflate(out, level, libdeflate, settings.oneShotMaxBytes(), () -> parallel(out, level));
    }

    private ParallelZlibOutputStream parallel(OutputStream out, int level) {
        return new ParallelZlibOutputStream(out, level, settings.blockSize(), executor);
    }

    @Override
    public void close() {
        shortAnswerDeflaters.close();
        if (libdeflate != null) {
            libdeflate.close();
        }
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage();
        if (m == null) {
            return e.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
