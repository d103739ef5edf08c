package org.gridstack.client.frontier;

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
 * CPU as Base64 decoding and row indexing together (~2 ms per MB). For a large payload it runs on a
 * second thread, in step with the decoding thread: the decoder hands over filled buffers and takes
 * empty ones back, so hashing overlaps with decoding, inflating and reading the socket. Small
 * payloads are hashed on the calling thread. Not thread-safe (one decoder per instance).
 */
abstract class PayloadHasher {
    /** Payloads whose body is announced at least this large are hashed on a second thread. */
    static final long ASYNC_FROM_BYTES = 256 * 1024;
    static final int BUFFER_BYTES = 48 * 1024;

    private static final ExecutorService WORKERS = Executors.newCachedThreadPool(new ThreadFactory() {
        private final AtomicInteger n = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "frontier-md5-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    });

    /** For a body of this length (-1: unknown, e.g. chunked): large ones hashed on a second thread from the start. */
    static PayloadHasher forSize(long bodyBytes) {
        return bodyBytes >= ASYNC_FROM_BYTES ? new Async(md5()) : new Inline();
    }

    /**
     * This hasher, or, once an answer of unknown length has proved large (ASYNC_FROM_BYTES
     * hashed), one that goes on with the same digest on a second thread. Call between
     * {@link #hash} and the next {@link #buffer()}.
     */
    PayloadHasher grown(long hashedBytes) {
        return this;
    }

    /** A buffer to decode into (BUFFER_BYTES long). */
    abstract byte[] buffer();

    /** Hashes {@code b[0..n)}; {@code b} must be the last {@link #buffer()} and is not touched by the caller afterwards. */
    abstract void hash(byte[] b, int n);

    /** The hex digest of everything hashed. */
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

    private static final class Inline extends PayloadHasher {
        private final MessageDigest md5 = md5();
        private final byte[] buffer = new byte[BUFFER_BYTES];

        @Override
        PayloadHasher grown(long hashedBytes) {
            return hashedBytes >= ASYNC_FROM_BYTES ? new Async(md5) : this;
        }

        @Override
        byte[] buffer() {
            return buffer;
        }

        @Override
        void hash(byte[] b, int n) {
            md5.update(b, 0, n);
        }

        @Override
        String hexDigest() {
            return HexFormat.of().formatHex(md5.digest());
        }

        @Override
        void release() {
        }
    }

    private static final class Async extends PayloadHasher {
        private static final int BUFFERS = 4;
        private static final Chunk END = new Chunk(null, 0);

        private record Chunk(byte[] bytes, int length) {
        }

        private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(BUFFERS);
        private final BlockingQueue<Chunk> work = new ArrayBlockingQueue<>(BUFFERS + 1);
        private final CompletableFuture<String> digest = new CompletableFuture<>();
        private boolean ended;

        /** Goes on with {@code md5} (fresh or with what the inline hasher took so far) on a worker thread. */
        Async(MessageDigest md5) {
            for (int i = 0; i < BUFFERS; i++) {
                free.add(new byte[BUFFER_BYTES]);
            }
            WORKERS.execute(() -> run(md5));
        }

        private void run(MessageDigest md5) {
            try {
                for (Chunk c = work.take(); c != END; c = work.take()) {
                    md5.update(c.bytes(), 0, c.length());
                    free.add(c.bytes());
                }
                digest.complete(HexFormat.of().formatHex(md5.digest()));
            } catch (InterruptedException e) {
                digest.completeExceptionally(e);
                Thread.currentThread().interrupt();
            }
        }

        @Override
        byte[] buffer() {
            try {
                return free.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the MD5 thread", e);
            }
        }

        @Override
        void hash(byte[] b, int n) {
            work.add(new Chunk(b, n)); // never full: at most BUFFERS chunks are out, plus END
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
                work.add(END);
            }
        }

        @Override
        void release() {
            end();
        }
    }
}
