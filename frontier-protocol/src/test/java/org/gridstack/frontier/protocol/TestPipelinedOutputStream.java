package org.gridstack.frontier.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TestPipelinedOutputStream {
    private final ExecutorService pool = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void deliversEverythingInOrder() throws Exception {
        Random random = new Random(7);
        for (int size : new int[] {0, 1, 100, 4095, 4096, 4097, 100_000, 1_000_003}) {
            byte[] data = new byte[size];
            random.nextBytes(data);
            for (java.util.concurrent.Executor executor : new java.util.concurrent.Executor[] {pool, null}) {
                ByteArrayOutputStream sink = new ByteArrayOutputStream();
                PipelinedOutputStream p = new PipelinedOutputStream(sink, executor, 4096, 3);
                int off = 0;
                while (off < size) {
                    int n = Math.min(size - off, 1 + random.nextInt(10_000));
                    p.write(data, off, n);
                    off += n;
                }
                p.finish();
                assertArrayEquals(data, sink.toByteArray(), "size " + size + " executor " + executor);
            }
        }
    }

    /** An output that fits one block never leaves the producer's thread; a larger one is handed off, in order. */
    @Test
    void smallOutputsStayOnTheProducersThread() throws Exception {
        java.util.concurrent.atomic.AtomicInteger handOffs = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.Executor counting = task -> {
            handOffs.incrementAndGet();
            pool.execute(task);
        };
        Random random = new Random(11);
        for (int size : new int[] {0, 1, PipelinedOutputStream.FIRST_BLOCK + 1, 65_536}) {
            byte[] data = new byte[size];
            random.nextBytes(data);
            Thread producer = Thread.currentThread();
            java.util.List<Thread> writers = new java.util.concurrent.CopyOnWriteArrayList<>();
            ByteArrayOutputStream sink = new ByteArrayOutputStream() {
                @Override
                public synchronized void write(byte[] b, int off, int len) {
                    writers.add(Thread.currentThread());
                    super.write(b, off, len);
                }
            };
            PipelinedOutputStream p = new PipelinedOutputStream(sink, counting, 65_536, 3);
            for (int off = 0; off < size; off += 1000) {
                p.write(data, off, Math.min(1000, size - off));
            }
            p.finish();
            assertArrayEquals(data, sink.toByteArray(), "size " + size);
            org.junit.jupiter.api.Assertions.assertEquals(0, handOffs.get(), "size " + size + " was handed to another thread");
            assertTrue(writers.stream().allMatch(t -> t == producer), "size " + size + " written by " + writers);
        }
        byte[] big = new byte[65_537 * 3];
        random.nextBytes(big);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PipelinedOutputStream p = new PipelinedOutputStream(sink, counting, 65_536, 3);
        p.write(big, 0, big.length);
        p.finish();
        assertArrayEquals(big, sink.toByteArray());
        assertTrue(handOffs.get() >= 1, "a multi-block output is pipelined");
    }

    @Test
    void downstreamFailuresReachTheProducer() throws Exception {
        OutputStream failing = new OutputStream() {
            private int writes;

            @Override
            public void write(int b) {
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (++writes == 3) {
                    throw new IOException("client went away");
                }
            }
        };
        PipelinedOutputStream p = new PipelinedOutputStream(failing, pool, 1024, 2);
        IOException e = assertThrows(IOException.class, () -> {
            for (int i = 0; i < 1000; i++) {
                p.write(new byte[1024]);
            }
            p.finish();
        });
        assertTrue(e.getMessage().contains("client went away"), e.getMessage());
    }

    @Test
    void aRejectingExecutorMeansTheProducerWrites() throws Exception {
        ExecutorService dead = Executors.newSingleThreadExecutor();
        dead.shutdown();
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PipelinedOutputStream p = new PipelinedOutputStream(sink, dead, 16, 1);
        p.write(new byte[100]);
        p.finish();
        assertArrayEquals(new byte[100], sink.toByteArray());
    }
}
