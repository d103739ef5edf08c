package org.gridstack.frontier.protocol;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Hands what is written to another thread, which writes it to the downstream in order, so that
 * the downstream's work (for a FroNtier payload: MD5, Base64 and the socket writes) runs on a
 * second core while the producer reads rows from the database. Bytes travel in blocks; at most
 * {@code maxBlocks} are in flight and the producer waits when all are. Blocks are reused.
 *
 * <p>The consumer is not a thread of its own: a drain task runs on the executor while blocks are
 * queued and ends when the queue is empty. With a null executor every write goes straight through.
 *
 * <p>Small outputs stay on the producer's thread: the first block starts at {@link #FIRST_BLOCK}
 * bytes and grows up to {@code blockSize} before anything is handed off, and an output that never
 * fills one block is written by {@link #finish()} on the calling thread, without a hand-off, a
 * wake-up of another thread or a {@code blockSize} allocation (a one-row FroNtier answer).
 *
 * <p>Thread-safety: one producer thread; the drain task synchronises with it on an internal lock
 * (the fields it shares are {@code @GuardedBy} that lock).
 */
public final class PipelinedOutputStream extends OutputStream {
    private final OutputStream out;
    private final Executor executor;
    private final int blockSize;
    private final int maxBlocks;
    private final Object lock = new Object();
    @GuardedBy("lock")
    private final ArrayDeque<Block> queue = new ArrayDeque<>();
    @GuardedBy("lock")
    private final ArrayDeque<byte[]> free = new ArrayDeque<>();
    /** A drain task is scheduled or running. */
    @GuardedBy("lock")
    private boolean draining;
    @GuardedBy("lock")
    private Throwable failure;
    private byte[] current;
    private int pos;
    private boolean finished;

    /** The first block's initial size; it doubles up to the block size. */
    static final int FIRST_BLOCK = 4 * 1024;
    /** Whether a block has been handed to the executor (only then is the output not small). */
    private boolean handedOff;

    private record Block(byte[] data, int length) {
    }

    public PipelinedOutputStream(OutputStream out, Executor executor, int blockSize, int maxBlocks) {
        this.out = Objects.requireNonNull(out, "out is null");
        this.executor = executor;
        if (blockSize < 1 || maxBlocks < 1) {
            throw new IllegalArgumentException("blockSize and maxBlocks must be positive");
        }
        this.blockSize = blockSize;
        this.maxBlocks = maxBlocks;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (finished) {
            throw new IOException("stream already finished");
        }
        if (executor == null) {
            out.write(b, off, len);
            return;
        }
        while (len > 0) {
            if (current != null && pos == blockSize) {
                // a full block is handed off when more follows, so that an output of exactly one block stays here
                handedOff = true;
                submit();
            }
            if (current == null) {
                current = handedOff ? takeFree() : new byte[Math.min(FIRST_BLOCK, blockSize)];
                pos = 0;
            }
            if (pos == current.length && current.length < blockSize) {
                current = Arrays.copyOf(current, Math.min(blockSize, current.length * 2)); // still the first block
            }
            int n = Math.min(len, current.length - pos);
            System.arraycopy(b, off, current, pos, n);
            pos += n;
            off += n;
            len -= n;
        }
    }

    /** Waits until everything written has reached the downstream (without flushing or closing it). */
    public void finish() throws IOException {
        if (finished) {
            return;
        }
        finished = true;
        if (executor == null) {
            return;
        }
        if (!handedOff) {
            // the whole output fits one block: write it here, no other thread involved
            if (current != null && pos > 0) {
                out.write(current, 0, pos);
            }
            current = null;
            return;
        }
        if (current != null && pos > 0) {
            submit();
        }
        synchronized (lock) {
            while (draining || !queue.isEmpty()) {
                await();
            }
            rethrow();
        }
    }

    @Override
    public void close() throws IOException {
        try (OutputStream o = out) {
            finish();
        }
    }

    private byte[] takeFree() {
        synchronized (lock) {
            byte[] b = free.poll();
            return b != null ? b : new byte[blockSize];
        }
    }

    private void submit() throws IOException {
        Block block = new Block(current, pos);
        current = null;
        pos = 0;
        boolean start;
        synchronized (lock) {
            while (queue.size() >= maxBlocks && failure == null) {
                await();
            }
            rethrow();
            queue.add(block);
            start = !draining;
            draining = start || draining;
        }
        if (start) {
            try {
                executor.execute(this::drain);
            } catch (RejectedExecutionException e) {
                drain(); // no thread to spare: do the work here
            }
        }
    }

    private void drain() {
        while (true) {
            Block block;
            boolean failed;
            synchronized (lock) {
                block = queue.poll();
                if (block == null) {
                    draining = false;
                    lock.notifyAll();
                    return;
                }
                failed = failure != null;
            }
            Throwable error = null;
            if (!failed) {
                try {
                    out.write(block.data(), 0, block.length());
                } catch (Throwable t) {
                    error = t;
                }
            }
            synchronized (lock) {
                if (error != null && failure == null) {
                    failure = error;
                }
                free.add(block.data());
                lock.notifyAll();
            }
        }
    }

    @GuardedBy("lock")
    private void await() throws IOException {
        try {
            lock.wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the pipeline");
        }
    }

    @GuardedBy("lock")
    private void rethrow() throws IOException {
        if (failure != null) {
            if (failure instanceof IOException io) {
                throw new IOException(io.getMessage(), io);
            }
            throw new IOException("pipeline stage failed: " + failure, failure);
        }
    }
}
