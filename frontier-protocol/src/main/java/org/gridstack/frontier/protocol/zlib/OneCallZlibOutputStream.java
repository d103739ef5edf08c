package org.gridstack.frontier.protocol.zlib;

import com.sun.jna.Memory;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.zip.Deflater;

/**
 * Writes one zlib stream of everything written to it, compressed in a single call when the stream
 * is finished: the input is held on the heap, then compressed whole on the finishing thread by
 * one of two compressors:
 * <ul>
 *   <li>{@link #libdeflate libdeflate}: about 2.5x zlib's speed at levels 1..6 on row data. Its
 *       output always ends in a final block, so the stream cannot be compressed in independent
 *       pieces; holding it whole is the price of that speed.</li>
 *   <li>{@link #pooledDeflater a java.util.zip Deflater from a DeflaterPool}, for short answers:
 *       byte for byte what plain zlib (and the production servlet) writes, with no block buffers,
 *       no dictionary window and no deflater set up for this one stream.</li>
 * </ul>
 *
 * <p>At most {@code maxHeldBytes} are held: when more arrives, what was held and everything after
 * goes to the stream {@code longer} supplies (the encoder for longer input, writing to the same
 * underlying stream at the same level), which writes the one zlib stream in its place; from then
 * on this stream only forwards. Nothing reaches {@code out} before {@link #finish()} or the
 * hand-over: {@link #flush()} does not force held input out (that would end the stream early).
 *
 * <p>Memory: the input is held in a first buffer that starts at {@value #FIRST_BUFFER} bytes and
 * doubles up to {@value #CHUNK} (a one-row answer allocates half a KiB), then in {@value #CHUNK}-byte
 * chunks, never one huge array; at most {@code maxHeldBytes}. libdeflate needs about twice the
 * input in native memory during its call, freed before {@code finish} returns.
 *
 * <p>Thread-safety: not thread-safe; one thread at a time uses an instance.
 */
public final class OneCallZlibOutputStream extends ZlibOutputStream {
    /** Chunk size of the held input: below the collector's humongous-object threshold. */
    static final int CHUNK = 64 * 1024;
    /** First size of the held input: a single-row answer fits. */
    static final int FIRST_BUFFER = 512;

    /** Compresses a whole held input into one zlib stream, in one call. */
    private interface Compressor {
        /**
         * Writes the zlib stream of the {@code length} bytes held in {@code chunks} (each one
         * {@link #CHUNK} bytes but the last) to {@code out}; returns the bytes written.
         */
        long compress(List<byte[]> chunks, long length, OutputStream out) throws IOException;

        ZlibEncoderKind kind();
    }

    private final OutputStream out;
    private final Compressor compressor;
    private final long maxHeldBytes;
    private final Supplier<? extends ZlibOutputStream> longer;
    private final ArrayList<byte[]> chunks = new ArrayList<>();
    private byte[] chunk; // the chunk being filled, the last of chunks
    private int chunkLength;
    private long bytesIn;
    private long bytesOut;
    private ZlibOutputStream delegate; // set once the input outgrew maxHeldBytes
    private boolean finished;
    private boolean closed;
    private IOException failure;

    private OneCallZlibOutputStream(OutputStream out, int level, Compressor compressor, long maxHeldBytes,
                                    Supplier<? extends ZlibOutputStream> longer) {
        this.out = Objects.requireNonNull(out, "out is null");
        this.compressor = compressor;
        this.longer = Objects.requireNonNull(longer, "longer is null");
        if (level < 1 || level > 9) {
            throw new IllegalArgumentException("level must be 1..9: " + level);
        }
        this.maxHeldBytes = maxHeldBytes;
    }

    /**
     * A stream compressed by libdeflate in one call.
     *
     * @param out             receives the zlib stream; closed by {@link #close()}
     * @param level           compression level 1..9 (libdeflate's level of the same number is used)
     * @param libdeflate      the native library
     * @param oneShotMaxBytes most input compressed in one call; past it, {@code overflow} takes over
     * @param overflow        makes the stream (writing to {@code out}, same level) that takes over a
     *                        longer input
     */
    public static OneCallZlibOutputStream libdeflate(OutputStream out, int level, Libdeflate libdeflate, int oneShotMaxBytes,
                                                     Supplier<? extends ZlibOutputStream> overflow) {
        Objects.requireNonNull(libdeflate, "libdeflate is null");
        if (oneShotMaxBytes < 0) {
            throw new IllegalArgumentException("oneShotMaxBytes must not be negative: " + oneShotMaxBytes);
        }
        return new OneCallZlibOutputStream(out, level, new LibdeflateCall(libdeflate, level), oneShotMaxBytes, overflow);
    }

    /**
     * A stream of fewer than {@code shortMaxBytes} bytes compressed in one call by a deflater from
     * {@code deflaters}; a longer one is handed to the stream {@code longer} supplies.
     *
     * @param shortMaxBytes input below this many bytes is compressed here; 0: every stream goes to {@code longer}
     */
    static OneCallZlibOutputStream pooledDeflater(OutputStream out, int level, DeflaterPool deflaters, int shortMaxBytes,
                                                  Supplier<? extends ZlibOutputStream> longer) {
        Objects.requireNonNull(deflaters, "deflaters is null");
        if (shortMaxBytes < 0) {
            throw new IllegalArgumentException("shortMaxBytes must not be negative: " + shortMaxBytes);
        }
        return new OneCallZlibOutputStream(out, level, new PooledDeflaterCall(deflaters, level), shortMaxBytes - 1L, longer);
    }

    @Override
    public long bytesIn() {
        return bytesIn;
    }

    @Override
    public long bytesOut() {
        return delegate != null ? delegate.bytesOut() : bytesOut;
    }

    /** The compressor's encoder, or the encoder of the stream that took over. */
    @Override
    public ZlibEncoderKind encoder() {
        return delegate != null ? delegate.encoder() : compressor.kind();
    }

    @Override
    public void write(int b) throws IOException {
        if (!finished && failure == null && delegate == null && chunk != null && chunkLength < chunk.length
                && bytesIn < maxHeldBytes) {
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
            if (delegate == null && bytesIn + len > maxHeldBytes) {
                handOver();
            }
            if (delegate != null) {
                delegate.write(b, off, len);
                bytesIn += len;
                return;
            }
            while (len > 0) {
                if (chunk == null || chunkLength == CHUNK) {
                    chunk = new byte[chunk == null ? Math.min(CHUNK, Math.max(FIRST_BUFFER, len)) : CHUNK];
                    chunks.add(chunk);
                    chunkLength = 0;
                } else if (chunkLength == chunk.length) {
                    // still the first chunk: it grows before a second one is added
                    chunk = Arrays.copyOf(chunk, Math.min(CHUNK, Math.max(2 * chunk.length, chunkLength + len)));
                    chunks.set(0, chunk);
                }
                int n = Math.min(len, chunk.length - chunkLength);
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
            if (delegate == null && bytesIn > maxHeldBytes) {
                handOver(); // nothing may be held here at all
            }
            if (delegate != null) {
                delegate.finish();
            } else {
                bytesOut += compressor.compress(chunks, bytesIn, out);
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

    private void handOver() throws IOException {
        ZlibOutputStream next = Objects.requireNonNull(longer.get(), "the longer-input encoder supplied null");
        delegate = next;
        for (int i = 0; i < chunks.size(); i++) {
            next.write(chunks.get(i), 0, i == chunks.size() - 1 ? chunkLength : CHUNK);
        }
        chunks.clear();
        chunk = null;
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

    /** libdeflate, with the input copied to native memory. */
    private record LibdeflateCall(Libdeflate libdeflate, int level) implements Compressor {
        @Override
        public long compress(List<byte[]> chunks, long n, OutputStream out) throws IOException {
            long written = 0;
            try (Libdeflate.Compressor compressor = libdeflate.compressor(level);
                 Memory in = new Memory(Math.max(1, n))) {
                long at = 0;
                for (byte[] c : chunks) {
                    int len = (int) Math.min(c.length, n - at);
                    in.write(at, c, 0, len);
                    at += len;
                }
                long capacity = compressor.bound(n);
                try (Memory z = new Memory(capacity)) {
                    long zlen = compressor.compress(in, n, z, capacity);
                    if (zlen <= 0) {
                        throw new IOException("libdeflate found no room for " + n + " bytes in its own bound of " + capacity);
                    }
                    // the first chunk, already copied, carries the output to the stream when it is a full one
                    byte[] slice = !chunks.isEmpty() && chunks.get(0).length == CHUNK ? chunks.get(0)
                            : new byte[(int) Math.min(CHUNK, zlen)];
                    for (long off = 0; off < zlen; ) {
                        int len = (int) Math.min(slice.length, zlen - off);
                        z.read(off, slice, 0, len);
                        out.write(slice, 0, len);
                        off += len;
                        written += len;
                    }
                }
            }
            return written;
        }

        @Override
        public ZlibEncoderKind kind() {
            return ZlibEncoderKind.LIBDEFLATE;
        }
    }

    /** A java.util.zip Deflater lent by a pool, given back reset. */
    private record PooledDeflaterCall(DeflaterPool deflaters, int level) implements Compressor {
        @Override
        public long compress(List<byte[]> chunks, long n, OutputStream out) throws IOException {
            Deflater d = deflaters.take(level);
            boolean healthy = false;
            byte[] z;
            int zLength = 0;
            try {
                // zlib's bound for one call (deflateBound) is below this, so the loops grow it rarely
                z = new byte[(int) Math.min(Integer.MAX_VALUE - 8, n + (n >>> 3) + 64)];
                long at = 0;
                for (byte[] c : chunks) {
                    int len = (int) Math.min(c.length, n - at);
                    d.setInput(c, 0, len);
                    at += len;
                    if (at == n) {
                        d.finish();
                    }
                    while (!(at == n ? d.finished() : d.needsInput())) {
                        if (zLength == z.length) {
                            z = Arrays.copyOf(z, 2 * z.length);
                        }
                        zLength += d.deflate(z, zLength, z.length - zLength);
                    }
                }
                if (chunks.isEmpty()) {
                    d.finish();
                    while (!d.finished()) {
                        zLength += d.deflate(z, zLength, z.length - zLength);
                    }
                }
                healthy = true;
            } finally {
                deflaters.give(d, level, healthy);
            }
            out.write(z, 0, zLength);
            return zLength;
        }

        @Override
        public ZlibEncoderKind kind() {
            return ZlibEncoderKind.JAVA_UTIL_ZIP;
        }
    }
}
