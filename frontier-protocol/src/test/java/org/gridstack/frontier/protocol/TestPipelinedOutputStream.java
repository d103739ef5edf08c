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
