package org.gridstack.bench.frontier;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.gridstack.frontier.protocol.RowStreamWriter;
import org.gridstack.frontier.protocol.zlib.Base64LineOutputStream;
import org.gridstack.frontier.protocol.zlib.ParallelZlibOutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The servlet's output path without HTTP and JDBC: the ~1 MB {@code T_STRING} answer written as a
 * row stream, optionally zlib-compressed (on the calling thread, or in parallel blocks on a
 * 2-thread pool as the servlet does), then Base64 in 76-character lines. One operation encodes the
 * whole answer (1060024 bytes of row stream). Shows how much of the servlet's time per answer is
 * encoding, and what block-parallel zlib buys.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BenchmarkRowStreamEncoding {
    /** zipN = zlib level N on the calling thread; zipN-parallel = level N in 128 KiB blocks on 2 threads. */
    @Param({"zip0", "zip1", "zip1-parallel", "zip5", "zip5-parallel"})
    public String encoding = "zip0";

    private static final int PARALLEL_THREADS = 2;
    private static final String[] NAMES = {"string"};
    private static final String[] TYPES = {"varchar"};

    private byte[][] values;
    private int zipLevel;
    private ExecutorService pool;

    @Setup(Level.Trial)
    public void setUp() {
        List<String> rows = TStringData.rows();
        values = new byte[rows.size()][];
        for (int i = 0; i < values.length; i++) {
            values[i] = rows.get(i).getBytes(StandardCharsets.UTF_8);
        }
        String[] parts = encoding.split("-");
        if (!parts[0].startsWith("zip")) {
            throw new IllegalArgumentException("encoding must be zipN or zipN-parallel, got " + encoding);
        }
        zipLevel = Integer.parseInt(parts[0].substring(3));
        pool = parts.length > 1 ? Executors.newFixedThreadPool(PARALLEL_THREADS, r -> {
            Thread t = new Thread(r, "bench-zlib");
            t.setDaemon(true);
            return t;
        }) : null;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    /** @return Base64 characters produced, so the work cannot be optimised away */
    @Benchmark
    public long encodeAnswer() throws IOException {
        return encode(DiscardingOutputStream.INSTANCE);
    }

    /** Encodes the whole answer into {@code sink}; returns the Base64 characters written. */
    long encode(OutputStream sink) throws IOException {
        Objects.requireNonNull(sink, "sink is null");
        Base64LineOutputStream base64 = new Base64LineOutputStream(sink);
        ParallelZlibOutputStream zlib = zipLevel == 0 ? null
                : new ParallelZlibOutputStream(base64, zipLevel, ParallelZlibOutputStream.DEFAULT_BLOCK_SIZE, pool);
        RowStreamWriter rows = new RowStreamWriter(zlib == null ? base64 : zlib);
        rows.writeHeader(NAMES, TYPES);
        for (byte[] v : values) {
            rows.writeBytes(v);
            rows.endRecord();
        }
        rows.drain();
        if (zlib != null) {
            zlib.finish();
        }
        base64.finish();
        return base64.charsOut();
    }

    /** Counts nothing, keeps nothing: the benchmark measures encoding, not copying into a buffer. */
    private static final class DiscardingOutputStream extends OutputStream {
        static final DiscardingOutputStream INSTANCE = new DiscardingOutputStream();

        @Override
        public void write(int b) {
        }

        @Override
        public void write(byte[] b, int off, int len) {
        }
    }
}
