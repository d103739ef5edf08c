package org.gridstack.frontier.protocol.zlib;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.Supplier;
import java.util.zip.Adler32;
import java.util.zip.Deflater;

/**
 * Writes a single zlib stream (RFC 1950) whose blocks are deflated in parallel, the pigz way.
 *
 * <p>Input is cut into blocks of {@code blockSize} bytes. Each block is raw-deflated with the
 * preceding 32 KiB of input as preset dictionary and ends in a byte-aligned sync flush, so the
 * compressed blocks can simply be concatenated; the last block is finished instead. Block
 * Adler-32s are computed by the workers and combined in order for the trailer. Any plain zlib
 * inflater reads the result.
 *
 * <p>If the whole input fits in one block the output is byte-identical to
 * {@code new Deflater(level)} deflating all input in one go: the zlib header is what zlib writes
 * for that level, and a raw deflate of one block finished in one go is exactly what the zlib
 * wrapper puts between header and trailer. (At level 0 zlib sizes stored blocks by the output
 * space offered, so that holds against a deflate whose output buffer takes everything at once.)
 *
 * <p>At most {@code maxBlocks} blocks, the one being filled included, exist at a time;
 * {@link #write} blocks when all are taken, which bounds memory to about
 * {@code maxBlocks * (2 * blockSize + 32 KiB)} plus one deflater each. While it waits the writer
 * compresses the oldest block itself if no worker has picked it up yet, so a starved, shut-down
 * or rejecting executor degrades to calling-thread compression instead of deadlocking.
 *
 * <p>Thread-safety: not thread-safe. One thread at a time may use an instance; the executor's
 * threads only ever touch the blocks handed to them.
 */
public final class ParallelZlibOutputStream extends ZlibOutputStream {

    /** Default block size, 128 KiB as in pigz. */
    public static final int DEFAULT_BLOCK_SIZE = 128 * 1024;

    /** Deflate window size: the most a back-reference can reach, so the most dictionary needed. */
    static final int DICT_SIZE = 32 * 1024;

    private final OutputStream out;
    private final int blockSize;
    private final Executor executor;
    private final int maxBlocks;
    private final byte headerFlags;
    private final Supplier<Deflater> deflaters;

    private final List<Block> blocks = new ArrayList<>();
    private final ArrayDeque<Block> free = new ArrayDeque<>();
    private final ArrayDeque<Block> inFlight = new ArrayDeque<>();
    private final byte[] window = new byte[DICT_SIZE]; // last input bytes before the current block
    private final byte[] oneByte = new byte[1];
    private int windowLen;
    private Block current; // null once finished or failed
    private boolean firstSubmitted;
    private long adler = 1;
    private long bytesIn;
    private long bytesOut;
    private boolean finished;
    private boolean closed;
    private IOException failure;

    /**
     * @param out       receives the zlib stream; closed by {@link #close()}
     * @param level     compression level 0..9 (or {@link Deflater#DEFAULT_COMPRESSION}, which is 6)
     * @param blockSize bytes of input per block, e.g. {@link #DEFAULT_BLOCK_SIZE}
     * @param executor  runs block compression; {@code null} compresses on the calling thread
     */
    public ParallelZlibOutputStream(OutputStream out, int level, int blockSize, Executor executor) {
        this(out, level, blockSize, executor, defaultMaxBlocks(executor));
    }

    /**
     * @param maxBlocks blocks held at once, the one being filled included; about twice the
     *                  executor's parallelism keeps every worker busy
     */
    public ParallelZlibOutputStream(OutputStream out, int level, int blockSize, Executor executor,
                                    int maxBlocks) {
        this(out, level, blockSize, executor, maxBlocks, rawDeflaters(level));
    }

    // Package-private so tests can inject failing deflaters.
    ParallelZlibOutputStream(OutputStream out, int level, int blockSize, Executor executor,
                             int maxBlocks, Supplier<Deflater> deflaters) {
        this.out = Objects.requireNonNull(out, "out is null");
        this.deflaters = Objects.requireNonNull(deflaters, "deflaters is null");
        this.headerFlags = headerFlags(checkLevel(level));
        if (blockSize < 1) {
            throw new IllegalArgumentException("blockSize must be positive: " + blockSize);
        }
        if (maxBlocks < 1) {
            throw new IllegalArgumentException("maxBlocks must be positive: " + maxBlocks);
        }
        this.blockSize = blockSize;
        this.executor = executor;
        this.maxBlocks = maxBlocks;
        this.current = newBlock();
    }

    @Override
    public long bytesIn() {
        return bytesIn;
    }

    @Override
    public long bytesOut() {
        return bytesOut;
    }

    @Override
    public ZlibEncoderKind encoder() {
        return ZlibEncoderKind.JAVA_UTIL_ZIP;
    }

    @Override
    public void write(int b) throws IOException {
        Block c = current;
        if (c != null && c.inLen < blockSize) {
            c.in[c.inLen++] = (byte) b;
            bytesIn++;
            return;
        }
        oneByte[0] = (byte) b;
        write(oneByte, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        ensureOpen();
        try {
            while (len > 0) {
                Block c = current;
                // A full block is only handed off once more input arrives: until then it may be
                // the last one, and a lone last block must come out exactly as plain zlib's.
                if (c.inLen == blockSize) {
                    c = nextBlock();
                }
                int n = Math.min(len, blockSize - c.inLen);
                System.arraycopy(b, off, c.in, c.inLen, n);
                c.inLen += n;
                off += n;
                len -= n;
                bytesIn += n;
            }
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
    }

    /**
     * Writes out the blocks that are already compressed and flushes the underlying stream.
     * Buffered input is not forced out: that would end a block early.
     */
    @Override
    public void flush() throws IOException {
        if (closed) {
            return;
        }
        if (failure != null) {
            throw new IOException("zlib stream failed earlier", failure);
        }
        try {
            if (!finished) {
                writeCompleted();
            }
            out.flush();
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
    }

    /**
     * Completes the zlib stream (last block and Adler-32 trailer) without closing the underlying
     * stream, and frees the deflaters. Further writes fail; calling it again does nothing.
     */
    @Override
    public void finish() throws IOException {
        if (finished && failure == null) {
            return;
        }
        ensureOpen();
        try {
            Block last = current;
            current = null;
            submit(last, true);
            while (!inFlight.isEmpty()) {
                writeOldest();
            }
            finished = true;
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
        release();
    }

    /** Finishes the zlib stream and closes the underlying stream. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try (OutputStream o = out) {
            try {
                finish();
            } finally {
                release();
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
        release();
    }

    /** Hands off the full current block and returns a fresh one primed with the dictionary. */
    private Block nextBlock() throws IOException {
        Block full = current;
        current = null;
        slideWindow(full);
        submit(full, false);
        Block next = acquire();
        System.arraycopy(window, 0, next.dict, 0, windowLen);
        next.dictLen = windowLen;
        next.inLen = 0;
        current = next;
        return next;
    }

    /** Keeps the last {@link #DICT_SIZE} bytes of input, which may span several small blocks. */
    private void slideWindow(Block b) {
        int n = b.inLen;
        if (n >= DICT_SIZE) {
            System.arraycopy(b.in, n - DICT_SIZE, window, 0, DICT_SIZE);
            windowLen = DICT_SIZE;
        } else {
            int keep = Math.min(windowLen, DICT_SIZE - n);
            System.arraycopy(window, windowLen - keep, window, 0, keep);
            System.arraycopy(b.in, 0, window, keep, n);
            windowLen = keep + n;
        }
    }

    private void submit(Block b, boolean last) throws IOException {
        b.queue(!firstSubmitted, last);
        firstSubmitted = true;
        inFlight.addLast(b);
        if (executor == null) {
            b.run();
        } else {
            try {
                executor.execute(b);
            } catch (RejectedExecutionException e) {
                b.run(); // caller runs, like ThreadPoolExecutor.CallerRunsPolicy
            }
        }
        writeCompleted();
    }

    private Block acquire() throws IOException {
        Block b = free.pollFirst();
        if (b != null) {
            return b;
        }
        if (inFlight.size() < maxBlocks) { // free is empty: every block is in flight
            return newBlock();
        }
        writeOldest(); // window full: wait for (or do) the oldest block's compression
        writeCompleted();
        return free.pollFirst();
    }

    private Block newBlock() {
        Block b = new Block(blockSize, headerFlags, deflaters);
        blocks.add(b);
        return b;
    }

    /** Writes the leading blocks that are already compressed, without waiting. */
    private void writeCompleted() throws IOException {
        Block b;
        while ((b = inFlight.peekFirst()) != null && b.isDone()) {
            writeOldest();
        }
    }

    private void writeOldest() throws IOException {
        Block b = inFlight.pollFirst();
        b.await();
        if (b.error != null) {
            throw new IOException("block compression failed", b.error);
        }
        adler = b.first ? b.adler : Adler32Combine.combine(adler, b.adler, b.inLen);
        if (b.last) {
            b.appendTrailer(adler);
        }
        out.write(b.out, 0, b.outLen);
        bytesOut += b.outLen;
        b.recycle();
        free.addLast(b);
    }

    /** Ends every deflater now, or as soon as the worker using it is done. Idempotent. */
    private void release() {
        for (Block b : blocks) {
            b.abandon();
        }
        blocks.clear();
        free.clear();
        inFlight.clear();
        current = null;
    }

    private static int checkLevel(int level) {
        if (level == Deflater.DEFAULT_COMPRESSION) {
            return 6; // what zlib maps Z_DEFAULT_COMPRESSION to
        }
        if (level < 0 || level > 9) {
            throw new IllegalArgumentException("level must be 0..9: " + level);
        }
        return level;
    }

    /** Second zlib header byte as deflateInit writes it: FLEVEL from the level, then FCHECK. */
    static byte headerFlags(int level) {
        int flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
        int flg = flevel << 6;
        flg += 31 - ((0x78 << 8) + flg) % 31;
        return (byte) flg;
    }

    private static Supplier<Deflater> rawDeflaters(int level) {
        int l = checkLevel(level);
        return () -> new Deflater(l, true);
    }

    private static int defaultMaxBlocks(Executor executor) {
        if (executor == null) {
            return 1;
        }
        int cpus = Runtime.getRuntime().availableProcessors();
        int threads;
        if (executor instanceof ForkJoinPool pool) {
            threads = pool.getParallelism();
        } else if (executor instanceof ThreadPoolExecutor pool) {
            // a cached pool reports Integer.MAX_VALUE; more threads than cores buys nothing
            threads = Math.min(pool.getMaximumPoolSize(), Math.max(pool.getCorePoolSize(), cpus));
        } else {
            threads = cpus;
        }
        return 2 * Math.max(1, threads);
    }

    /**
     * One block of input and its compressed form. The writer fills it and hands it off; exactly
     * one thread (a worker or the writer, whoever claims it) compresses it; the monitor publishes
     * the result back to the writer.
     */
    private static final class Block implements Runnable {
        // A task can run long after the writer compressed its block itself and reused it, so
        // only a block handed off (QUEUED) may be claimed, never one being filled (IDLE).
        private static final int IDLE = 0;
        private static final int QUEUED = 1;
        private static final int RUNNING = 2;
        private static final int DONE = 3;

        final byte[] in;
        final byte[] dict = new byte[DICT_SIZE];
        int inLen;
        int dictLen;
        boolean first;
        boolean last;

        byte[] out;
        int outLen;
        long adler;
        Throwable error;

        private final byte headerFlags;
        private final Supplier<Deflater> deflaters;
        private final Adler32 checksum = new Adler32();
        private Deflater deflater; // created lazily: a lone small block may never need one
        @GuardedBy("this")
        private int state = IDLE;
        @GuardedBy("this")
        private boolean abandoned;

        Block(int blockSize, byte headerFlags, Supplier<Deflater> deflaters) {
            this.in = new byte[blockSize];
            this.headerFlags = headerFlags;
            this.deflaters = deflaters;
        }

        @Override
        public void run() {
            if (claim()) {
                compressAndPublish();
            }
        }

        private synchronized boolean claim() {
            if (state != QUEUED) {
                return false;
            }
            state = RUNNING;
            return true;
        }

        synchronized boolean isDone() {
            return state == DONE;
        }

        /** Writer side: compresses the block itself if nobody started it, else waits for it. */
        void await() throws InterruptedIOException {
            if (claim()) {
                compressAndPublish();
                return;
            }
            synchronized (this) {
                while (state != DONE) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new InterruptedIOException("interrupted waiting for block compression");
                    }
                }
            }
        }

        private void compressAndPublish() {
            Throwable err = null;
            try {
                compress();
            } catch (Throwable t) {
                err = t;
            }
            synchronized (this) {
                error = err;
                state = DONE;
                if (abandoned) {
                    endDeflater();
                } else {
                    notifyAll();
                }
            }
        }

        private void compress() {
            Deflater d = deflater;
            if (d == null) {
                deflater = d = deflaters.get();
            } else {
                d.reset();
            }
            if (dictLen > 0) {
                d.setDictionary(dict, 0, dictLen);
            }
            d.setInput(in, 0, inLen);
            checksum.reset();
            checksum.update(in, 0, inLen);
            adler = checksum.getValue();

            byte[] buf = out;
            if (buf == null) {
                // enough for incompressible input plus header, flush marker and trailer, so the
                // loop below normally runs once
                out = buf = new byte[in.length + (in.length >>> 10) + 64];
            }
            int pos = 0;
            if (first) {
                buf[pos++] = 0x78; // CM = deflate, CINFO = 32 KiB window
                buf[pos++] = headerFlags;
            }
            if (last) {
                d.finish();
            }
            while (true) {
                if (pos == buf.length) {
                    out = buf = Arrays.copyOf(buf, buf.length * 2);
                }
                int room = buf.length - pos;
                int n = d.deflate(buf, pos, room, last ? Deflater.NO_FLUSH : Deflater.SYNC_FLUSH);
                pos += n;
                // a sync flush is complete once deflate leaves output space unused
                if (last ? d.finished() : n < room) {
                    break;
                }
            }
            outLen = pos;
        }

        void appendTrailer(long adler32) {
            if (outLen + 4 > out.length) {
                out = Arrays.copyOf(out, outLen + 4);
            }
            out[outLen] = (byte) (adler32 >>> 24);
            out[outLen + 1] = (byte) (adler32 >>> 16);
            out[outLen + 2] = (byte) (adler32 >>> 8);
            out[outLen + 3] = (byte) adler32;
            outLen += 4;
        }

        /** Writer side: the block is filled and about to be handed off. */
        synchronized void queue(boolean first, boolean last) {
            this.first = first;
            this.last = last;
            state = QUEUED;
        }

        synchronized void recycle() {
            state = IDLE;
            error = null;
        }

        void abandon() {
            synchronized (this) {
                if (state == RUNNING) {
                    abandoned = true; // the worker ends the deflater when it is done
                    return;
                }
                state = DONE; // a task that starts later finds nothing to do
            }
            endDeflater();
        }

        private void endDeflater() {
            Deflater d = deflater;
            if (d != null) {
                deflater = null;
                d.end();
            }
        }
    }
}
