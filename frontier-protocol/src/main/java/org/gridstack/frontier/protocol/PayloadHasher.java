package org.gridstack.frontier.protocol;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The MD5 of a payload's decoded bytes, which the protocol requires and which costs about as much
 * CPU as Base64 decoding and row indexing together (~2 ms per MB). For a large payload it can run
 * on a second thread, in step with the decoding thread: the decoder hands over decoded regions
 * (and staging buffers it took from the hasher), so hashing overlaps with decoding, inflating and
 * reading the socket. Small payloads are hashed on the calling thread.
 *
 * <p>A region handed to {@link #hash} must not change until {@link #hexDigest()} or
 * {@link #release()} returned; the decoder only writes behind what it handed over, or into a
 * new array when it grows one. Not thread-safe (one decoder per instance).
 */
abstract class PayloadHasher {
    /** Size of a staging buffer, and of the regions the decoder hands over at most at once. */
    static final int CHUNK_BYTES = 48 * 1024;

    private static final ExecutorService WORKERS = Executors.newCachedThreadPool(new ThreadFactory() {
        private final AtomicInteger n = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "frontier-md5-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    });

    /**
     * This hasher, or, once a payload has proved large ({@code asyncFromBytes} hashed), one that
     * goes on with the same digest on a second thread. Call between {@link #hash} calls.
     */
    PayloadHasher grown(long hashedBytes) {
        return this;
    }

    /** A buffer of {@link #CHUNK_BYTES} to decode into; give it back through {@code hash(b, 0, n, true)}. */
    abstract byte[] stagingBuffer();

    /**
     * Hashes {@code b[off..off+n)}.
     *
     * @param staged whether {@code b} is the last {@link #stagingBuffer()} (then the caller does
     *     not write to it until it asks for a staging buffer again)
     */
    abstract void hash(byte[] b, int off, int n, boolean staged);

    /** The hex digest of everything hashed; the hasher is finished afterwards. */
    abstract String hexDigest();

    /** Stops a worker still waiting (after an error); safe to call twice. */
    abstract void release();

    static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no MD5", e);
        }
    }

    /** Lower-case hex MD5 of {@code data}, as {@code quality md5} carries it. */
    static String md5Hex(byte[] data) {
        return HexFormat.of().formatHex(md5().digest(data));
    }

    /**
     * Hashes on the calling thread; reusable from payload to payload ({@link #restart}). When it
     * hands its digest to a second thread it takes a fresh one, so it stays reusable.
     */
    static final class Inline extends PayloadHasher {
        private final long asyncFromBytes;
        private MessageDigest md5 = md5();
        private byte[] staging;

        /** @param asyncFromBytes bytes hashed after which the rest of a payload goes to a second thread (Long.MAX_VALUE: never) */
        Inline(long asyncFromBytes) {
            this.asyncFromBytes = asyncFromBytes;
        }

        /** Ready for the next payload. */
        Inline restart() {
            md5.reset();
            return this;
        }

        @Override
        PayloadHasher grown(long hashedBytes) {
            if (hashedBytes < asyncFromBytes) {
                return this;
            }
            Async async = new Async(md5);
            md5 = md5();
            return async;
        }

        @Override
        byte[] stagingBuffer() {
            if (staging == null) {
                staging = new byte[CHUNK_BYTES];
            }
            return staging;
        }

        @Override
        void hash(byte[] b, int off, int n, boolean staged) {
            md5.update(b, off, n);
        }

        @Override
        String hexDigest() {
            return HexFormat.of().formatHex(md5.digest());
        }

        @Override
        void release() {
        }
    }

    /** Hashes on a worker thread, fed through a bounded queue (the decoder waits when it runs ahead). */
    static final class Async extends PayloadHasher {
        private static final int BUFFERS = 4;
        private static final Chunk END = new Chunk(null, 0, 0, false);

        private record Chunk(byte[] bytes, int off, int length, boolean staged) {
        }

        private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(BUFFERS);
        private final BlockingQueue<Chunk> work = new ArrayBlockingQueue<>(BUFFERS + 1);
        private final CompletableFuture<String> digest = new CompletableFuture<>();
        private int stagingBuffers;
        private boolean ended;

        /** Goes on with {@code md5} (fresh, or with what the inline hasher took so far) on a worker thread. */
        Async(MessageDigest md5) {
            WORKERS.execute(() -> run(md5));
        }

        private void run(MessageDigest md5) {
            try {
                for (Chunk c = work.take(); c != END; c = work.take()) {
                    md5.update(c.bytes(), c.off(), c.length());
                    if (c.staged()) {
                        free.add(c.bytes());
                    }
                }
                digest.complete(HexFormat.of().formatHex(md5.digest()));
            } catch (InterruptedException e) {
                digest.completeExceptionally(e);
                Thread.currentThread().interrupt();
            }
        }

        @Override
        byte[] stagingBuffer() {
            if (stagingBuffers < BUFFERS && free.isEmpty()) {
                stagingBuffers++;
                return new byte[CHUNK_BYTES];
            }
            try {
                return free.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the MD5 thread", e);
            }
        }

        @Override
        void hash(byte[] b, int off, int n, boolean staged) {
            try {
                work.put(new Chunk(b, off, n, staged));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the MD5 thread", e);
            }
        }

        @Override
        String hexDigest() {
            end();
            try {
                return digest.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the MD5 thread", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("the MD5 thread failed", e.getCause());
            }
        }

        private void end() {
            if (!ended) {
                ended = true;
                try {
                    work.put(END);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        void release() {
            end();
        }
    }
}
