package org.gridstack.bench.frontier;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.gridstack.frontier.protocol.zlib.ParallelZlibOutputStream;

/**
 * zlib alone on the exact row-stream bytes the servlet compresses: {@link Deflater} on one thread
 * (what one core can do, the yardstick of the zip targets), and {@link ParallelZlibOutputStream}
 * with a small pool (what the servlet's block-parallel compression can do without HTTP, JDBC or
 * Base64 around it). Each output is inflated once and compared with the input.
 */
public final class DeflaterThroughput {
    static final String SINGLE = "Deflater, 1 thread";

    /**
     * @param mode what compressed ({@link #SINGLE} or the parallel stream with its thread count)
     * @param inputBytes bytes compressed per operation
     * @param compressedBytes output bytes per operation
     * @param cpu cores kept busy while measuring ("client" is this JVM, i.e. the compression itself)
     */
    public record Stats(int level, String mode, int threads, long inputBytes, long compressedBytes, long operations, double seconds,
                        CpuSampler.Usage cpu) {
        public double megabytesPerSecond() {
            return operations * inputBytes / LoadStats.MB / seconds;
        }

        public double ratio() {
            return (double) inputBytes / compressedBytes;
        }
    }

    private DeflaterThroughput() {
    }

    static Stats single(byte[] input, int level, Duration warmup, Duration measure, CpuSampler cpu) throws IOException {
        Objects.requireNonNull(input, "input is null");
        Deflater deflater = new Deflater(level);
        byte[] out = new byte[input.length + input.length / 100 + 1024];
        try {
            Compression once = () -> {
                deflater.reset();
                deflater.setInput(input);
                deflater.finish();
                int n = 0;
                while (!deflater.finished()) {
                    if (n == out.length) {
                        throw new IOException("deflate output exceeds " + out.length + " bytes");
                    }
                    n += deflater.deflate(out, n, out.length - n);
                }
                return n;
            };
            int compressed = once.run();
            checkInflates(Arrays.copyOf(out, compressed), input, level);
            return time(level, SINGLE, 1, input.length, compressed, once, warmup, measure, cpu);
        } finally {
            deflater.end();
        }
    }

    static Stats parallel(byte[] input, int level, int threads, Duration warmup, Duration measure, CpuSampler cpu) throws IOException {
        Objects.requireNonNull(input, "input is null");
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "bench-zlib");
            t.setDaemon(true);
            return t;
        });
        try {
            ByteArrayOutputStream sink = new ByteArrayOutputStream(input.length + 1024);
            Compression once = () -> {
                sink.reset();
                try (ParallelZlibOutputStream z = new ParallelZlibOutputStream(sink, level, ParallelZlibOutputStream.DEFAULT_BLOCK_SIZE, pool)) {
                    z.write(input);
                }
                return sink.size();
            };
            int compressed = once.run();
            checkInflates(sink.toByteArray(), input, level);
            return time(level, "ParallelZlibOutputStream, " + threads + " threads", threads, input.length, compressed, once, warmup, measure,
                    cpu);
        } finally {
            pool.shutdownNow();
            try {
                pool.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @FunctionalInterface
    private interface Compression {
        int run() throws IOException;
    }

    private static Stats time(int level, String mode, int threads, long inputBytes, int compressed, Compression once,
                              Duration warmup, Duration measure, CpuSampler cpu) throws IOException {
        long warmEnd = System.nanoTime() + warmup.toNanos();
        while (System.nanoTime() < warmEnd) {
            once.run();
        }
        CpuSampler.Snapshot before = cpu.snapshot();
        long start = System.nanoTime();
        long end = start + measure.toNanos();
        long ops = 0;
        long now;
        do {
            once.run();
            ops++;
            now = System.nanoTime();
        } while (now < end);
        CpuSampler.Usage usage = CpuSampler.between(before, cpu.snapshot());
        return new Stats(level, mode, threads, inputBytes, compressed, ops, (now - start) / 1e9, usage);
    }

    private static void checkInflates(byte[] compressed, byte[] input, int level) throws IOException {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed);
            byte[] back = new byte[input.length + 1];
            int n = 0;
            while (!inflater.finished() && n < back.length) {
                int r = inflater.inflate(back, n, back.length - n);
                if (r == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += r;
            }
            if (!inflater.finished() || n != input.length || !Arrays.equals(back, 0, n, input, 0, input.length)) {
                throw new IOException("zlib level " + level + " output does not inflate back to its input");
            }
        } catch (DataFormatException e) {
            throw new IOException("zlib level " + level + " output is not a valid zlib stream", e);
        } finally {
            inflater.end();
        }
    }
}
