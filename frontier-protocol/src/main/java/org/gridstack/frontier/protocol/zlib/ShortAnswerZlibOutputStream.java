package org.gridstack.frontier.protocol.zlib;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.zip.Deflater;

/**
 * Writes one zlib stream, choosing how by the input's length. The input is held in a buffer that
 * starts small and grows; if the stream is finished before {@code shortMaxBytes} were written, the
 * held input is compressed in one call by a java.util.zip {@link Deflater} from a
 * {@link DeflaterPool}: byte for byte what plain zlib (and the production servlet) writes, with no
 * block buffers, no dictionary window and no deflater set up for this one stream. Once the input
 * reaches {@code shortMaxBytes}, the stream that {@code longer} supplies (the encoder for long
 * input, writing to the same underlying stream at the same level) is opened, is given what was
 * held, and takes everything after; from then on this stream only forwards.
 *
 * <p>Nothing reaches {@code out} before {@link #finish()} or the hand-over: {@link #flush()} does
 * not force held input out (that would end a deflate block early). Memory while holding: at most
 * {@code shortMaxBytes} on the heap, and the compressed copy during the one call.
 *
 * <p>Thread-safety: not thread-safe; one thread at a time uses an instance.
 */
final class ShortAnswerZlibOutputStream extends ZlibOutputStream {
    /** First size of the held input: a single-row answer fits. */
    static final int FIRST_BUFFER = 512;

    private final OutputStream out;
    private final int level;
    private final DeflaterPool deflaters;
    private final int shortMaxBytes;
    private final Supplier<? extends ZlibOutputStream> longer;
    private byte[] held = new byte[0];
    private int heldLength;
    private long bytesIn;
    private long bytesOut;
    private ZlibOutputStream delegate; // set once the input reached shortMaxBytes
    private boolean finished;
    private boolean closed;
    private IOException failure;

    /**
     * @param out           receives the zlib stream; closed by {@link #close()}
     * @param level         compression level 1..9
     * @param deflaters     lends the deflater of a short stream
     * @param shortMaxBytes input below this many bytes is compressed here; 0: every stream goes to {@code longer}
     * @param longer        opens the stream that takes over input of {@code shortMaxBytes} or more
     */
    ShortAnswerZlibOutputStream(OutputStream out, int level, DeflaterPool deflaters, int shortMaxBytes,
                                Supplier<? extends ZlibOutputStream> longer) {
        this.out = Objects.requireNonNull(out, "out is null");
        this.deflaters = Objects.requireNonNull(deflaters, "deflaters is null");
        this.longer = Objects.requireNonNull(longer, "longer is null");
        if (level < 1 || level > 9) {
            throw new IllegalArgumentException("level must be 1..9: " + level);
        }
        if (shortMaxBytes < 0) {
            throw new IllegalArgumentException("shortMaxBytes must not be negative: " + shortMaxBytes);
        }
        this.level = level;
        this.shortMaxBytes = shortMaxBytes;
    }

    @Override
    public long bytesIn() {
        return bytesIn;
    }

    @Override
    public long bytesOut() {
        return delegate != null ? delegate.bytesOut() : bytesOut;
    }

    /** {@link ZlibEncoderKind#JAVA_UTIL_ZIP} for a short stream, else the encoder of the stream that took over. */
    @Override
    public ZlibEncoderKind encoder() {
        return delegate != null ? delegate.encoder() : ZlibEncoderKind.JAVA_UTIL_ZIP;
    }

    @Override
    public void write(int b) throws IOException {
        if (!finished && failure == null && delegate == null && heldLength < held.length && bytesIn + 1 < shortMaxBytes) {
            held[heldLength++] = (byte) b;
            bytesIn++;
            return;
        }
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        ensureOpen();
        try {
            if (delegate == null && bytesIn + len >= shortMaxBytes) {
                handOver();
            }
            if (delegate != null) {
                delegate.write(b, off, len);
            } else {
                if (heldLength + len > held.length) {
                    held = Arrays.copyOf(held, Math.min(shortMaxBytes, Math.max(heldLength + len, Math.max(FIRST_BUFFER, 2 * held.length))));
                }
                System.arraycopy(b, off, held, heldLength, len);
                heldLength += len;
            }
            bytesIn += len;
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
    }

    /** Flushes only a stream that took over: held input stays held until {@link #finish()}. */
    @Override
    public void flush() throws IOException {
        if (delegate != null && !finished && failure == null) {
            delegate.flush();
        }
    }

    @Override
    public void finish() throws IOException {
        if (finished) {
            return;
        }
        ensureOpen();
        try {
            if (delegate == null && bytesIn < shortMaxBytes) {
                compressHeld();
            } else {
                if (delegate == null) {
                    handOver();
                }
                delegate.finish();
            }
            finished = true;
        } catch (Throwable t) {
            fail(t);
            throw t;
        } finally {
            held = null;
        }
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try (OutputStream o = out) {
            if (failure == null) {
                finish();
            }
        }
    }

    private void handOver() throws IOException {
        ZlibOutputStream next = Objects.requireNonNull(longer.get(), "longer supplied null");
        delegate = next;
        if (heldLength > 0) {
            next.write(held, 0, heldLength);
        }
        held = null;
        heldLength = 0;
    }

    private void compressHeld() throws IOException {
        Deflater d = deflaters.take(level);
        boolean healthy = false;
        byte[] z;
        int zLength = 0;
        try {
            d.setInput(held, 0, heldLength);
            d.finish();
            // zlib's bound for one call (deflateBound) is below this, so the loop runs once
            z = new byte[heldLength + (heldLength >>> 3) + 64];
            while (!d.finished()) {
                if (zLength == z.length) {
                    z = Arrays.copyOf(z, 2 * z.length);
                }
                zLength += d.deflate(z, zLength, z.length - zLength);
            }
            healthy = true;
        } finally {
            deflaters.give(d, level, healthy);
        }
        out.write(z, 0, zLength);
        bytesOut += zLength;
    }

    private void ensureOpen() throws IOException {
        if (failure != null) {
            throw new IOException("zlib stream failed earlier", failure);
        }
        if (finished) {
            throw new IOException("zlib stream already finished");
        }
    }

    private void fail(Throwable t) {
        if (failure == null) {
            failure = t instanceof IOException io ? io : new IOException(t);
        }
        held = null;
        if (delegate != null) {
            try {
                delegate.finish(); // frees its deflaters or native memory; what it writes no longer matters
            } catch (IOException | RuntimeException ignored) {
                // already failing
            }
        }
    }
}
