package org.gridstack.frontier.protocol.zlib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.Adler32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TestParallelZlibOutputStream {

    private static final int BS = ParallelZlibOutputStream.DEFAULT_BLOCK_SIZE;
    private static final ExecutorService POOL = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "zlib-test-worker");
        t.setDaemon(true);
        return t;
    });

    @AfterAll
    static void shutdown() {
        POOL.shutdownNow();
    }

    // ---- data and helpers ----

    static byte[] randomData(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Row-like text with variation: compresses well but not trivially. */
    static byte[] textData(int size, long seed) {
        Random random = new Random(seed);
        ByteArrayOutputStream b = new ByteArrayOutputStream(size + 128);
        String[] words = {"run", "lumi", "payload", "tag", "iov", "since", "till", "hash", "CMS_COND"};
        for (int row = 0; b.size() < size; row++) {
            String line = row + "," + words[random.nextInt(words.length)] + "_" + random.nextInt(500) + ","
                    + (random.nextInt(10) == 0 ? Long.toHexString(random.nextLong()) : "0") + "\n";
            b.writeBytes(line.getBytes(StandardCharsets.US_ASCII));
        }
        byte[] all = b.toByteArray();
        byte[] exact = new byte[size];
        System.arraycopy(all, 0, exact, 0, size);
        return exact;
    }

    static byte[] data(String kind, int size) {
        return kind.equals("random") ? randomData(size, size) : textData(size, size);
    }

    static void writeChunked(OutputStream out, byte[] data, Random random) throws IOException {
        int off = 0;
        while (off < data.length) {
            if (random.nextInt(8) == 0) {
                out.write(data[off++]);
            } else {
                int max = random.nextBoolean() ? 100 : 300_000;
                int n = Math.min(data.length - off, 1 + random.nextInt(max));
                out.write(data, off, n);
                off += n;
            }
        }
    }

    static byte[] compress(byte[] data, int level, int blockSize, Executor executor, long chunkSeed)
            throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        ParallelZlibOutputStream z = new ParallelZlibOutputStream(sink, level, blockSize, executor);
        writeChunked(z, data, new Random(chunkSeed));
        z.close();
        assertEquals(data.length, z.bytesIn());
        assertEquals(sink.size(), z.bytesOut());
        return sink.toByteArray();
    }

    /**
     * What plain zlib produces for the whole input in one go. The output buffer holds it all
     * (as with zlib's compress2): at level 0 zlib sizes stored blocks by the output space left,
     * so a smaller buffer gives different, equally valid, bytes.
     */
    /** A stream whose every write fails with "client gone", as a socket whose client left. */
    static OutputStream clientGone() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("client gone");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("client gone");
            }
        };
    }

    static byte[] plainDeflate(byte[] data, int level) {
        Deflater d = new Deflater(level);
        try {
            d.setInput(data);
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[data.length + (data.length >>> 4) + 1024];
            while (!d.finished()) {
                out.write(buf, 0, d.deflate(buf));
            }
            return out.toByteArray();
        } finally {
            d.end();
        }
    }

    /** Inflates with plain zlib and checks the stream is complete and fully consumed. */
    static void assertInflatesTo(byte[] expected, byte[] zlib) {
        Inflater inf = new Inflater();
        try {
            inf.setInput(zlib);
            byte[] out = new byte[expected.length + 1];
            int off = 0;
            while (!inf.finished()) {
                int n = inf.inflate(out, off, out.length - off);
                if (n == 0 && (inf.needsInput() || inf.needsDictionary() || off == out.length)) {
                    break;
                }
                off += n;
            }
            assertTrue(inf.finished(), "inflater finished");
            assertEquals(0, inf.getRemaining(), "all input consumed");
            assertEquals(expected.length, off, "inflated length");
            assertEquals(zlib.length, inf.getBytesRead());
            byte[] actual = new byte[off];
            System.arraycopy(out, 0, actual, 0, off);
            assertArrayEquals(expected, actual);
        } catch (DataFormatException e) {
            throw new AssertionError("not a valid zlib stream", e);
        } finally {
            inf.end();
        }
        Adler32 adler = new Adler32();
        adler.update(expected);
        assertEquals(adler.getValue(), trailer(zlib), "Adler-32 trailer");
    }

    static long trailer(byte[] z) {
        int n = z.length;
        return (z[n - 4] & 0xffL) << 24 | (z[n - 3] & 0xffL) << 16 | (z[n - 2] & 0xffL) << 8 | (z[n - 1] & 0xffL);
    }

    static int expectedFlags(int level) {
        return level <= 1 ? 0x01 : level <= 5 ? 0x5e : level == 6 ? 0x9c : 0xda;
    }

    // ---- round trips ----

    static Stream<Arguments> roundTrips() {
        List<Arguments> args = new ArrayList<>();
        int[] sizes = {0, 1, 1000, BS - 1, BS, BS + 1, 5 * BS + 17, 3 << 20};
        for (String kind : new String[] {"random", "text"}) {
            for (int size : sizes) {
                for (int level : new int[] {0, 1, 5, 6, 9}) {
                    args.add(Arguments.of(kind, size, level, false));
                    args.add(Arguments.of(kind, size, level, true));
                }
            }
        }
        return args.stream();
    }

    @ParameterizedTest(name = "{0} size={1} level={2} pool={3}")
    @MethodSource("roundTrips")
    void roundTripsThroughPlainInflater(String kind, int size, int level, boolean pool) throws IOException {
        byte[] data = data(kind, size);
        byte[] z = compress(data, level, BS, pool ? POOL : null, size * 31L + level);
        assertEquals(0x78, z[0] & 0xff);
        assertEquals(expectedFlags(level), z[1] & 0xff);
        assertInflatesTo(data, z);
    }

    @Test
    void manySmallBlocks() throws IOException {
        for (String kind : new String[] {"random", "text"}) {
            byte[] data = data(kind, 300_000 + 7);
            for (int level : new int[] {0, 1, 6, 9}) {
                for (Executor executor : new Executor[] {null, POOL}) {
                    assertInflatesTo(data, compress(data, level, 1024, executor, level));
                }
            }
        }
    }

    @Test
    void tinyBlocksBuildTheDictionaryAcrossManyBlocks() throws IOException {
        byte[] data = textData(60_000, 9);
        for (Executor executor : new Executor[] {null, POOL}) {
            byte[] z = compress(data, 6, 100, executor, 5);
            assertInflatesTo(data, z);
        }
    }

    @Test
    void parallelOutputEqualsSerialOutput() throws IOException {
        // blocks depend only on their input and dictionary, never on scheduling
        byte[] data = textData(2 * BS * 5 + 3, 11);
        for (int level : new int[] {1, 6}) {
            assertArrayEquals(compress(data, level, BS, null, 1), compress(data, level, BS, POOL, 2));
        }
    }

    // ---- compatibility with plain zlib ----

    @Test
    void singleBlockIsByteIdenticalToPlainDeflater() throws IOException {
        for (int blockSize : new int[] {BS, 1024}) {
            for (int size : new int[] {0, 1, 100, blockSize - 1, blockSize}) {
                for (String kind : new String[] {"random", "text"}) {
                    byte[] data = data(kind, size);
                    for (int level = 0; level <= 9; level++) {
                        byte[] expected = plainDeflate(data, level);
                        for (Executor executor : new Executor[] {null, POOL}) {
                            String what = kind + " size=" + size + " level=" + level + " blockSize=" + blockSize;
                            assertArrayEquals(expected, compress(data, level, blockSize, executor, size), what);
                        }
                    }
                }
            }
        }
    }

    @Test
    void emptyInputMatchesZlib() throws IOException {
        byte[] expected = {0x78, 0x5e, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01};
        assertArrayEquals(expected, compress(new byte[0], 5, BS, null, 0));
        assertArrayEquals(expected, compress(new byte[0], 5, BS, POOL, 0));
        assertArrayEquals(expected, plainDeflate(new byte[0], 5));
    }

    @Test
    void headerBytesPerLevelInMultiBlockStreams() throws IOException {
        byte[] data = textData(5000, 3);
        for (int level = 0; level <= 9; level++) {
            byte[] z = compress(data, level, 1024, POOL, level);
            assertEquals(0x78, z[0] & 0xff);
            assertEquals(expectedFlags(level), z[1] & 0xff, "level " + level);
            assertEquals(0, ((z[0] & 0xff) << 8 | (z[1] & 0xff)) % 31, "FCHECK");
            assertInflatesTo(data, z);
        }
    }

    @Test
    void defaultCompressionMeansLevelSix() throws IOException {
        byte[] data = textData(1000, 4);
        assertArrayEquals(plainDeflate(data, 6), compress(data, Deflater.DEFAULT_COMPRESSION, BS, null, 0));
    }

    // ---- lifecycle ----

    @Test
    void finishCompletesStreamWithoutClosingUnderlying() throws IOException {
        CloseTracking sink = new CloseTracking();
        byte[] data = textData(3 * 1024 + 5, 5);
        ParallelZlibOutputStream z = new ParallelZlibOutputStream(sink, 6, 1024, POOL);
        z.write(data);
        z.finish();
        z.finish();
        assertFalse(sink.closed);
        assertEquals(data.length, z.bytesIn());
        assertEquals(sink.size(), z.bytesOut());
        assertInflatesTo(data, sink.toByteArray());
        assertThrows(IOException.class, () -> z.write(1));
        assertThrows(IOException.class, () -> z.write(new byte[10]));
        int size = sink.size();
        z.close();
        z.close();
        assertTrue(sink.closed);
        assertEquals(1, sink.closeCount);
        assertEquals(size, sink.size());
    }

    @Test
    void writesAfterCloseFail() throws IOException {
        ParallelZlibOutputStream z = new ParallelZlibOutputStream(new ByteArrayOutputStream(), 6, BS, null);
        z.close();
        assertThrows(IOException.class, () -> z.write(1));
        assertThrows(IOException.class, () -> z.write(new byte[1], 0, 1));
    }

    @Test
    void rejectsBadArguments() {
        OutputStream sink = new ByteArrayOutputStream();
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new ParallelZlibOutputStream(null, 6, BS, null));
        assertEquals("out is null", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ParallelZlibOutputStream(sink, 10, BS, null));
        assertThrows(IllegalArgumentException.class, () -> new ParallelZlibOutputStream(sink, -2, BS, null));
        assertThrows(IllegalArgumentException.class, () -> new ParallelZlibOutputStream(sink, 6, 0, null));
        assertThrows(IllegalArgumentException.class, () -> new ParallelZlibOutputStream(sink, 6, BS, POOL, 0));
        ParallelZlibOutputStream z = new ParallelZlibOutputStream(sink, 6, BS, null);
        assertThrows(IndexOutOfBoundsException.class, () -> z.write(new byte[4], 2, 3));
    }

    // ---- executors ----

    @Test
    void rejectingExecutorFallsBackToCallingThread() throws IOException {
        Executor rejecting = r -> {
            throw new RejectedExecutionException("shut down");
        };
        byte[] data = textData(10 * 1024 + 1, 6);
        assertInflatesTo(data, compress(data, 6, 1024, rejecting, 1));
    }

    @Test
    void writerCompressesBlocksNobodyRunsAndKeepsTheWindowBounded() throws IOException {
        List<Runnable> neverRun = new ArrayList<>();
        Executor starving = neverRun::add;
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        byte[] data = textData(20 * 1024, 7);
        ParallelZlibOutputStream z = new ParallelZlibOutputStream(sink, 6, 1024, starving, 3);
        z.write(data, 0, 10 * 1024);
        // ten blocks filled, at most three may wait: the writer must have compressed and written
        // the older ones itself
        assertTrue(z.bytesOut() > 0, "output streams out before finish");
        z.write(data, 10 * 1024, data.length - 10 * 1024);
        z.close();
        assertFalse(neverRun.isEmpty());
        assertInflatesTo(data, sink.toByteArray());
        neverRun.forEach(Runnable::run); // late tasks find their block already done
    }

    @Test
    void writerWaitsOnlyWhenAllBlocksAreTaken() throws IOException {
        AtomicInteger submitted = new AtomicInteger();
        List<Runnable> queue = new ArrayList<>();
        Executor queueing = r -> {
            submitted.incrementAndGet();
            queue.add(r);
        };
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        ParallelZlibOutputStream z = new ParallelZlibOutputStream(sink, 1, 1024, queueing, 4);
        byte[] data = randomData(5 * 1024 + 1, 8);
        z.write(data, 0, 3 * 1024 + 1);
        // three blocks handed off, the fourth filling: nothing had to be written yet
        assertEquals(3, submitted.get());
        assertEquals(0, z.bytesOut());
        z.write(data, 3 * 1024 + 1, 1024);
        // a fifth block would exceed four, so the writer compressed and wrote the oldest itself
        assertEquals(4, submitted.get());
        assertTrue(z.bytesOut() > 0);
        long written = z.bytesOut();
        z.write(data, 4 * 1024 + 1, 1024);
        written = z.bytesOut();
        queue.forEach(Runnable::run);
        assertEquals(written, z.bytesOut(), "workers never write");
        z.flush();
        assertTrue(z.bytesOut() > written, "flush writes blocks the workers completed");
        z.close();
        assertInflatesTo(data, sink.toByteArray());
    }

    @Test
    void lateAndRepeatedTasksNeverTouchARecycledBlock() throws IOException {
        // An executor that runs tasks late, out of order and more than once, all on the writer
        // thread so the interleaving is deterministic: stale tasks must find nothing to do.
        Random random = new Random(12);
        List<Runnable> seen = new ArrayList<>();
        Executor erratic = task -> {
            seen.add(task);
            if (random.nextBoolean()) {
                task.run();
            }
            for (int i = random.nextInt(3); i > 0; i--) {
                seen.get(random.nextInt(seen.size())).run();
            }
        };
        byte[] data = textData(200 * 1024 + 3, 13);
        for (int window : new int[] {1, 2, 5}) {
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            try (ParallelZlibOutputStream z = new ParallelZlibOutputStream(sink, 6, 1024, erratic, window)) {
                writeChunked(z, data, random);
            }
            assertInflatesTo(data, sink.toByteArray());
        }
        seen.forEach(Runnable::run);
    }

    // ---- failures ----

    @Test
    void underlyingStreamFailurePropagates() {
        for (Executor executor : new Executor[] {null, POOL}) {
            FailingSink sink = new FailingSink(3000);
            ParallelZlibOutputStream z = new ParallelZlibOutputStream(sink, 0, 1024, executor);
            byte[] data = randomData(50_000, 9);
            IOException e = assertThrows(IOException.class, () -> {
                z.write(data);
                z.finish();
            });
            assertSame(FailingSink.FAILURE, e);
            IOException again = assertThrows(IOException.class, () -> z.write(1));
            assertSame(FailingSink.FAILURE, again.getCause());
            assertThrows(IOException.class, z::finish);
            IOException onClose = assertThrows(IOException.class, z::close);
            assertSame(FailingSink.FAILURE, onClose.getCause());
            assertTrue(sink.closed, "close still closes the underlying stream");
        }
    }

    @Test
    void underlyingStreamFailureOnFinishPropagatesFromClose() {
        FailingSink sink = new FailingSink(0);
        ParallelZlibOutputStream z = new ParallelZlibOutputStream(sink, 6, BS, POOL);
        IOException e = assertThrows(IOException.class, () -> {
            z.write(new byte[100]);
            z.close();
        });
        assertSame(FailingSink.FAILURE, e);
        assertTrue(sink.closed);
    }

    @Test
    void workerFailurePropagatesAsIOException() {
        for (Executor executor : new Executor[] {null, POOL}) {
            RuntimeException boom = new IllegalStateException("boom");
            AtomicInteger callsLeft = new AtomicInteger(3); // the fourth block fails
            ParallelZlibOutputStream z = new ParallelZlibOutputStream(new ByteArrayOutputStream(), 6, 1024,
                    executor, 4, () -> new FailingDeflater(boom, callsLeft));
            byte[] data = textData(20 * 1024, 10);
            IOException e = assertThrows(IOException.class, () -> {
                z.write(data);
                z.finish();
            });
            assertSame(boom, e.getCause());
            IOException again = assertThrows(IOException.class, () -> z.write(data));
            assertSame(e, again.getCause());
            IOException onClose = assertThrows(IOException.class, z::close);
            assertSame(e, onClose.getCause());
        }
    }

    @Test
    void failureInLastBlockPropagatesFromFinish() {
        RuntimeException boom = new IllegalStateException("boom");
        ParallelZlibOutputStream z = new ParallelZlibOutputStream(new ByteArrayOutputStream(), 6, BS, POOL, 4,
                () -> new FailingDeflater(boom, new AtomicInteger()));
        IOException e = assertThrows(IOException.class, () -> {
            z.write(new byte[100]);
            z.finish();
        });
        assertSame(boom, e.getCause());
    }

    /** Deflates normally until the shared countdown runs out, then throws. */
    private static final class FailingDeflater extends Deflater {
        private final RuntimeException failure;
        private final AtomicInteger callsLeft;

        FailingDeflater(RuntimeException failure, AtomicInteger callsLeft) {
            super(6, true);
            this.failure = failure;
            this.callsLeft = callsLeft;
        }

        @Override
        public int deflate(byte[] output, int off, int len, int flush) {
            if (callsLeft.getAndDecrement() <= 0) {
                throw failure;
            }
            return super.deflate(output, off, len, flush);
        }
    }

    private static final class FailingSink extends OutputStream {
        static final IOException FAILURE = new IOException("disk full");
        private final int limit;
        private int written;
        boolean closed;

        FailingSink(int limit) {
            this.limit = limit;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (written + len > limit) {
                throw FAILURE;
            }
            written += len;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static final class CloseTracking extends ByteArrayOutputStream {
        boolean closed;
        int closeCount;

        @Override
        public void close() {
            closed = true;
            closeCount++;
        }
    }
}
