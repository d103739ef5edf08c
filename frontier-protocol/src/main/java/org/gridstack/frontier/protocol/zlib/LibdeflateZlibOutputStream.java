package org.gridstack.frontier.protocol.zlib;

import com.sun.jna.Memory;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Writes one zlib stream of everything written to it, compressed by {@link Libdeflate} in a single
 * call when the stream is finished: the answer is collected uncompressed (in 64 KiB chunks, never
 * one huge array), then compressed whole on the finishing thread.
 *
 * <p>libdeflate always ends its output with a final block, so the stream cannot be compressed in
 * independent pieces; collecting it whole is the price of libdeflate's speed (about 2.5x zlib's
 * at levels 1..6 on row data). To bound memory, at most {@code oneShotMaxBytes} are collected:
 * when more arrives, everything collected so far and everything after it goes to the stream
 * {@code overflow} supplies instead (e.g. a {@link ParallelZlibOutputStream}), which writes the one
 * zlib stream in its place. (Short answers never get here: {@link ZlibEncoders} compresses them with
 * java.util.zip, {@link ShortAnswerZlibOutputStream}.) Nothing reaches {@code out} before
 * {@link #finish()} or a switch.
 *
 * <p>Memory: up to {@code oneShotMaxBytes} on the heap while collecting, and at finish about twice
 * the input in native memory for one call (input and output), freed before {@code finish} returns.
 *
 * <p>Thread-safety: not thread-safe; one thread at a time uses an instance.
 */
public final class LibdeflateZlibOutputStream extends ZlibOutputStream {
    /** Chunk size of the collected input: below the collector's humongous-object threshold. */
    static final int CHUNK = 64 * 1024;

    private final OutputStream out;
    private final int level;
    private final Libdeflate libdeflate;
    private final int oneShotMaxBytes;
    private final Supplier<? extends ZlibOutputStream> overflow;
    private final ArrayList<byte[]> chunks = new ArrayList<>();
    private byte[] chunk; // the chunk being filled, the last of chunks
    private int chunkLength;
    private long bytesIn;
    private long bytesOut;
    private ZlibOutputStream delegate; // set once the input outgrew oneShotMaxBytes
    private boolean finished;
    private boolean closed;
    private IOException failure;

    /**
     * @param out             receives the zlib stream; closed by {@link #close()}
     * @param level           compression level 1..9 (libdeflate's level of the same number is used)
     * @param libdeflate      the native library
     * @param oneShotMaxBytes most input compressed in one call; past it, {@code overflow} takes over
     * @param overflow        makes the stream (writing to {@code out}, same level) that takes over a
     *                        longer input
     */
    public LibdeflateZlibOutputStream(OutputStream out, int level, Libdeflate libdeflate, int oneShotMaxBytes,
                                      Supplier<? extends ZlibOutputStream> overflow) {
        this.out = Objects.requireNonNull(out, "out is null");
        this.libdeflate = Objects.requireNonNull(libdeflate, "libdeflate is null");
        this.overflow = Objects.requireNonNull(overflow, "overflow is null");
        if (level < 1 || level > 9) {
            throw new IllegalArgumentException("level must be 1..9: " + level);
        }
        if (oneShotMaxBytes < 0) {
            throw new IllegalArgumentException("oneShotMaxBytes must not be negative: " + oneShotMaxBytes);
        }
        this.level = level;
        this.oneShotMaxBytes = oneShotMaxBytes;
    }

    @Override
    public long bytesIn() {
        return bytesIn;
    }

    @Override
    public long bytesOut() {
        return delegate != null ? delegate.bytesOut() : bytesOut;
    }

    /** {@link ZlibEncoderKind#LIBDEFLATE}, or the overflow stream's once the input was handed to it. */
    @Override
    public ZlibEncoderKind encoder() {
        return delegate != null ? delegate.encoder() : ZlibEncoderKind.LIBDEFLATE;
    }

    @Override
    public void write(int b) throws IOException {
        if (delegate == null && chunk != null && chunkLength < CHUNK && bytesIn < oneShotMaxBytes && failure == null && !finished) {
            chunk[chunkLength++] = (byte) b;
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
            if (delegate == null && bytesIn + len > oneShotMaxBytes) {
                switchToOverflow();
            }
            if (delegate != null) {
                delegate.write(b, off, len);
                bytesIn += len;
                return;
            }
            while (len > 0) {
                if (chunk == null || chunkLength == CHUNK) {
                    chunk = new byte[CHUNK];
                    chunks.add(chunk);
                    chunkLength = 0;
                }
                int n = Math.min(len, CHUNK - chunkLength);
                System.arraycopy(b, off, chunk, chunkLength, n);
                chunkLength += n;
                off += n;
                len -= n;
                bytesIn += n;
            }
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
    }

    /** Flushes only a stream that took over: collected input stays collected until {@link #finish()}. */
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
            if (delegate != null) {
                delegate.finish();
            } else {
                compressCollected();
            }
            finished = true;
        } catch (Throwable t) {
            fail(t);
            throw t;
        } finally {
            chunks.clear();
            chunk = null;
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

    private void switchToOverflow() throws IOException {
        ZlibOutputStream next = Objects.requireNonNull(overflow.get(), "overflow supplied null");
        delegate = next;
        for (int i = 0; i < chunks.size(); i++) {
            next.write(chunks.get(i), 0, i == chunks.size() - 1 ? chunkLength : CHUNK);
        }
        chunks.clear();
        chunk = null;
    }

    private void compressCollected() throws IOException {
        long n = bytesIn;
        try (Libdeflate.Compressor compressor = libdeflate.compressor(level);
             Memory in = new Memory(Math.max(1, n))) {
            long at = 0;
            for (int i = 0; i < chunks.size(); i++) {
                int len = i == chunks.size() - 1 ? chunkLength : CHUNK;
                in.write(at, chunks.get(i), 0, len);
                at += len;
            }
            long capacity = compressor.bound(n);
            try (Memory z = new Memory(capacity)) {
                long zlen = compressor.compress(in, n, z, capacity);
                if (zlen <= 0) {
                    throw new IOException("libdeflate found no room for " + n + " bytes in its own bound of " + capacity);
                }
                byte[] slice = chunks.isEmpty() ? new byte[(int) Math.min(CHUNK, zlen)] : chunks.get(0);
                for (long off = 0; off < zlen; ) {
                    int len = (int) Math.min(slice.length, zlen - off);
                    z.read(off, slice, 0, len);
                    out.write(slice, 0, len);
                    off += len;
                    bytesOut += len;
                }
            }
        }
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
        chunks.clear();
        chunk = null;
        if (delegate != null) {
            try {
                delegate.finish(); // frees its deflaters; what it writes no longer matters
            } catch (IOException | RuntimeException ignored) {
                // already failing
            }
        }
    }
}
