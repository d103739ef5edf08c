package org.gridstack.frontier.protocol.zlib;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.gridstack.frontier.protocol.RowStreamWriter;

/**
 * CPU per zipped 1 MB answer, by encoder and level: the servlet's compression step alone, on the
 * row stream of {@code select string from T_STRING} (the golden schema's 10,000 rows of 100
 * Base64 characters, computed here as the schema computes them). Process CPU time is what is
 * compared, so the numbers hold up on a machine shared with other work better than wall time;
 * wall time is printed beside it.
 *
 * <p>Run: {@code java -cp frontier-protocol/target/test-classes:frontier-protocol/target/classes:JNA_JAR
 * org.gridstack.frontier.protocol.zlib.BenchmarkZlibEncoders [answers per cell]}.
 * {@code TestBenchmarkZlibEncoders} runs it once so it does not rot. Not thread-safe; one run at a time.
 */
public final class BenchmarkZlibEncoders {

    /** One cell: an encoder at a level; bytes allocated on the heap by the encoding thread, per answer. */
    public record Cell(String encoder, int level, int answers, double cpuMsPerAnswer, double wallMsPerAnswer, int compressedBytes,
                       long allocatedBytesPerAnswer) {
    }

    /** Opens the zlib stream of one answer. */
    private interface Opener {
        ZlibOutputStream open(OutputStream out, int level);
    }

    private final byte[] rowStream;
    private final int answers;

    public BenchmarkZlibEncoders(byte[] rowStream, int answers) {
        this.rowStream = Objects.requireNonNull(rowStream, "rowStream is null");
        if (answers < 1) {
            throw new IllegalArgumentException("answers must be positive: " + answers);
        }
        this.answers = answers;
    }

    /** The T_STRING answer's row stream: 10,000 rows, about 1 MB. */
    public static byte[] tStringRowStream() throws IOException {
        return tStringRowStream(10_000);
    }

    /** The row stream of T_STRING's first {@code rows} rows (106 bytes each). */
    public static byte[] tStringRowStream(int rows) throws IOException {
        MessageDigest md5;
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no MD5", e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);
        RowStreamWriter w = new RowStreamWriter(out);
        w.writeHeader(new String[] {"string"}, new String[] {"varchar"});
        byte[] digests = new byte[80];
        for (int i = 1; i <= rows; i++) {
            int at = 0;
            for (char prefix = 'a'; prefix <= 'e'; prefix++) {
                System.arraycopy(md5.digest((prefix + Integer.toString(i)).getBytes(StandardCharsets.US_ASCII)), 0, digests, at, 16);
                at += 16;
            }
            w.writeString(Base64.getEncoder().encodeToString(digests).substring(0, 100));
            w.endRecord();
        }
        w.drain();
        return out.toByteArray();
    }

    /** Measures every encoder at every level given. */
    public List<Cell> run(int[] levels) throws IOException {
        List<Cell> cells = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (ZlibEncoders javaZip1 = new ZlibEncoders(ZlibEncoderSettings.defaults().withChoice(ZlibEncoderSettings.Choice.JAVA_UTIL_ZIP), null);
             ZlibEncoders javaZip2 = new ZlibEncoders(ZlibEncoderSettings.defaults().withChoice(ZlibEncoderSettings.Choice.JAVA_UTIL_ZIP), pool);
             ZlibEncoders libdeflate = new ZlibEncoders(ZlibEncoderSettings.defaults().withChoice(ZlibEncoderSettings.Choice.LIBDEFLATE), null)) {
            for (int level : levels) {
                cells.add(measure("java.util.zip, 1 thread", javaZip1::open, level));
                cells.add(measure("java.util.zip, 2 threads (parallel blocks)", javaZip2::open, level));
                cells.add(measure("libdeflate, one call", libdeflate::open, level));
            }
        } finally {
            pool.shutdownNow();
        }
        return cells;
    }

    /**
     * For a short answer (under the one-shot minimum): what the servlet did before short answers got
     * their own path (java.util.zip's blocks, a 128 KiB block, a 32 KiB window and a deflater set up
     * per answer) against what {@link ZlibEncoders} does now (one call, a reused deflater).
     */
    public List<Cell> runShort(int[] levels) throws IOException {
        if (rowStream.length >= ZlibEncoderSettings.DEFAULT_ONE_SHOT_MIN_BYTES) {
            throw new IllegalArgumentException("not a short answer: " + rowStream.length + " bytes");
        }
        List<Cell> cells = new ArrayList<>();
        try (ZlibEncoders encoders = new ZlibEncoders(ZlibEncoderSettings.defaults(), null)) {
            for (int level : levels) {
                cells.add(measure("java.util.zip, blocks (before)",
                        (out, l) -> new ParallelZlibOutputStream(out, l, ParallelZlibOutputStream.DEFAULT_BLOCK_SIZE, null), level));
                cells.add(measure("java.util.zip, one call, reused deflater (now)", encoders::open, level));
            }
        }
        return cells;
    }

    private Cell measure(String name, Opener encoders, int level) throws IOException {
        CountingSink sink = new CountingSink();
        for (int i = 0; i < Math.max(3, answers / 5); i++) { // warm-up
            encode(encoders, level, sink);
        }
        long cpu0 = processCpuNanos();
        long allocated0 = threadAllocatedBytes();
        long wall0 = System.nanoTime();
        for (int i = 0; i < answers; i++) {
            encode(encoders, level, sink);
        }
        long wall = System.nanoTime() - wall0;
        long allocated = threadAllocatedBytes() - allocated0;
        long cpu = processCpuNanos() - cpu0;
        ByteArrayOutputStream check = new ByteArrayOutputStream();
        try (ZlibOutputStream z = encoders.open(check, level)) {
            z.write(rowStream);
        }
        verify(check.toByteArray());
        return new Cell(name, level, answers, cpu / 1e6 / answers, wall / 1e6 / answers, check.size(), allocated / answers);
    }

    private void encode(Opener encoders, int level, OutputStream sink) throws IOException {
        ZlibOutputStream z = encoders.open(sink, level);
        // rows arrive in pieces, as from the row writer
        for (int off = 0; off < rowStream.length; off += 8192) {
            z.write(rowStream, off, Math.min(8192, rowStream.length - off));
        }
        z.finish();
    }

    private void verify(byte[] zlib) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(zlib);
            byte[] back = new byte[rowStream.length + 1];
            int n = inflater.inflate(back);
            if (!inflater.finished() || n != rowStream.length || !java.util.Arrays.equals(rowStream, 0, n, back, 0, n)) {
                throw new IllegalStateException("the encoded answer does not inflate to the row stream");
            }
        } catch (DataFormatException e) {
            throw new IllegalStateException("not a zlib stream", e);
        } finally {
            inflater.end();
        }
    }

    private static long threadAllocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** The cells as a Markdown table, with java.util.zip on one thread as the 1.0x line. */
    public static String table(List<Cell> cells) {
        StringBuilder s = new StringBuilder("| level | encoder | CPU ms per answer | wall ms per answer | compressed bytes"
                + " | heap KiB allocated per answer | CPU vs the level's first row |\n|---:|---|---:|---:|---:|---:|---:|\n");
        for (Cell c : cells) {
            double base = cells.stream().filter(b -> b.level() == c.level()).mapToDouble(Cell::cpuMsPerAnswer).findFirst().orElse(Double.NaN);
            s.append(String.format(java.util.Locale.ROOT, "| %d | %s | %.3f | %.3f | %d | %.1f | %.2fx |%n", c.level(), c.encoder(),
                    c.cpuMsPerAnswer(), c.wallMsPerAnswer(), c.compressedBytes(), c.allocatedBytesPerAnswer() / 1024.0, base / c.cpuMsPerAnswer()));
        }
        return s.toString();
    }

    /**
     * {@code [answers per cell] [rows]}: without rows, the 1 MB answer by encoder; with rows (a short
     * answer, e.g. 1 or 40 rows of T_STRING), the short-answer path against the blocks it replaced.
     */
    public static void main(String[] args) throws IOException {
        int answers = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        byte[] rows = args.length > 1 ? tStringRowStream(Integer.parseInt(args[1])) : tStringRowStream();
        System.out.println("row stream: " + rows.length + " bytes; " + answers + " answers per cell; "
                + Runtime.getRuntime().availableProcessors() + " cores");
        BenchmarkZlibEncoders b = new BenchmarkZlibEncoders(rows, answers);
        System.out.print(table(args.length > 1 ? b.runShort(new int[] {1, 5, 9}) : b.run(new int[] {1, 5, 9})));
    }

    /** Counts and drops what it is given. */
    private static final class CountingSink extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
