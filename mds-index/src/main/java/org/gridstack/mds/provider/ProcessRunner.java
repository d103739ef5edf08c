package org.gridstack.mds.provider;


import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridstack.service.process.ProcessGroupStopper;
import java.io.File;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Runs external programs under a time limit: standard input is empty, standard output is
 * read as a stream by the caller's reader or collected (either way up to a byte cap), the tail of standard error is kept for diagnostics. Each program
 * runs in a session of its own ({@link ProcessGroupStopper#inOwnSession}); a program still running
 * at its limit is stopped with every process of its session, and when a program exits, whatever
 * it left running in its session (a background child still holding its standard output, which
 * would make it look hung) is stopped too, found by session id even after it was re-parented
 * ({@link ProcessGroupStopper#stop}). Thread-safe; one instance
 * serves any number of concurrent runs. {@link #close()} stops its helper threads.
 */
@ThreadSafe
public final class ProcessRunner implements AutoCloseable {
    /**
     * Standard output read per run: 16 MiB, several times a large site's GLUE output. What it
     * costs: parsed, 16 MiB of GLUE LDIF is about 180 MiB of entries plus 43 MiB of prepared
     * directory (about 14 times the text), and twice that while a refresh replaces the last data.
     */
    public static final int DEFAULT_MAX_OUTPUT_BYTES = 16 << 20;
    static final int STDERR_TAIL_BYTES = 2048;
    /** How long a stopped program and its session get to exit on SIGTERM before SIGKILL. */
    static final Duration STOP_GRACE = Duration.ofMillis(500);

    private final int maxOutputBytes;
    private final ScheduledExecutorService killer;
    private final ExecutorService stderrReaders;

    public ProcessRunner() {
        this(DEFAULT_MAX_OUTPUT_BYTES);
    }

    public ProcessRunner(int maxOutputBytes) {
        if (maxOutputBytes <= 0) {
            throw new IllegalArgumentException("maxOutputBytes " + maxOutputBytes + " must be positive");
        }
        this.maxOutputBytes = maxOutputBytes;
        AtomicInteger n = new AtomicInteger();
        this.killer = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "provider-timelimit"));
        this.stderrReaders = Executors.newCachedThreadPool(r -> daemon(r, "provider-stderr-" + n.incrementAndGet()));
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** The most bytes of a program's standard output that are read. */
    public int maxOutputBytes() {
        return maxOutputBytes;
    }

    /** What one run produced. {@code killed} is true when the time limit ended it. */
    public record Result(byte[] stdout, String stderrTail, int exitStatus, boolean killed, boolean truncated) {
    }

    /**
     * Runs {@code command} (program and arguments) in {@code workingDirectory} (null: ours) and
     * waits for it, at most {@code timelimit}.
     *
     * @throws IOException when the program cannot be started
     */
    public Result run(List<String> command, Path workingDirectory, Duration timelimit)
            throws IOException, InterruptedException {
        Streamed<byte[]> r = run(command, workingDirectory, timelimit, InputStream::readAllBytes);
        return new Result(r.value() == null ? new byte[0] : r.value(), r.stderrTail(), r.exitStatus(), r.killed(),
                r.truncated());
    }

    /** Reads a program's standard output as it arrives. */
    @FunctionalInterface
    public interface OutputReader<T> {
        /** Reads what it needs of {@code stdout} (at most the byte cap; then it ends); need not read to the end. */
        T read(InputStream stdout) throws IOException;
    }

    /**
     * What one streamed run produced: the reader's value (null when the time limit ended the run
     * first), whether the time limit ended it, whether the output reached the byte cap, and
     * whether the reader stopped before the end of the output (the program was then stopped).
     */
    public record Streamed<T>(T value, String stderrTail, int exitStatus, boolean killed, boolean truncated,
            boolean stoppedEarly) {
    }

    /**
     * Runs {@code command} as {@link #run(List, Path, Duration)} does, but hands its standard
     * output to {@code reader} as a stream (at most the byte cap is readable), so the output is
     * never held whole; when the reader returns before the end of the output the program is
     * stopped.
     */
    public <T> Streamed<T> run(List<String> command, Path workingDirectory, Duration timelimit, OutputReader<T> reader)
            throws IOException, InterruptedException {
        requireNonNull(command, "command is null");
        requireNonNull(timelimit, "timelimit is null");
        requireNonNull(reader, "reader is null");
        ProcessBuilder pb = new ProcessBuilder(command);
        if (workingDirectory != null) {
            pb.directory(workingDirectory.toFile());
        }
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process process = ProcessGroupStopper.inOwnSession(pb).start();
        AtomicBoolean killed = new AtomicBoolean();
        ScheduledFuture<?> timer = killer.schedule(() -> {
            killed.set(true);
            stopInBackground(process);
        }, timelimit.toNanos(), TimeUnit.NANOSECONDS);
        // what the program leaves running when it exits is stopped, so its output ends with it
        process.onExit().thenRun(() -> stopInBackground(process));
        Future<String> stderr = stderrReaders.submit(() -> tail(process.getErrorStream()));
        try {
            T value = null;
            CappedInputStream out = null;
            try (InputStream in = process.getInputStream()) {
                out = new CappedInputStream(in, maxOutputBytes);
                value = reader.read(out);
                if (!out.ended()) {
                    stopInBackground(process); // the reader has what it wants, or the cap was reached
                }
            } catch (IOException e) {
                if (!killed.get()) {
                    throw e;
                }
                value = null;
            }
            int status = process.waitFor();
            String err;
            try {
                err = stderr.get(1, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                err = "";
            }
            boolean truncated = out != null && out.capped();
            boolean early = out != null && !out.ended() && !truncated && !killed.get();
            return new Streamed<>(value, err, status, killed.get(), truncated, early);
        } catch (InterruptedException | IOException | RuntimeException e) {
            stopInBackground(process);
            throw e;
        } finally {
            timer.cancel(false);
            stderr.cancel(true);
        }
    }

    /** A program's output up to the byte cap: then it ends (and says it was capped). Not thread-safe. */
    private static final class CappedInputStream extends InputStream {
        private final InputStream in;
        private final long cap;
        private long read;
        private boolean eof;
        private boolean capped;

        CappedInputStream(InputStream in, long cap) {
            this.in = in;
            this.cap = cap;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (read >= cap) {
                if (!eof && !capped) {
                    // one byte more tells whether the output goes on past the cap
                    int next = in.read();
                    if (next < 0) {
                        eof = true;
                    } else {
                        capped = true;
                    }
                }
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, cap - read));
            if (n < 0) {
                eof = true;
                return -1;
            }
            read += n;
            return n;
        }

        /** The output ended (end of stream), as opposed to the reader stopping or the cap. */
        boolean ended() {
            return eof;
        }

        boolean capped() {
            return capped;
        }
    }

    /** Stops the process and its session ({@link ProcessGroupStopper#stop}) on a helper thread (it waits up to the grace). */
    private void stopInBackground(Process process) {
        try {
            stderrReaders.execute(() -> ProcessGroupStopper.stop(process, STOP_GRACE));
        } catch (RejectedExecutionException e) {
            ProcessGroupStopper.stop(process, STOP_GRACE); // closed: stop here
        }
    }

    private static String tail(InputStream err) throws IOException {
        byte[] ring = new byte[STDERR_TAIL_BYTES];
        long total = 0;
        byte[] buffer = new byte[1024];
        try (err) {
            int n;
            while ((n = err.read(buffer)) >= 0) {
                for (int i = 0; i < n; i++) {
                    ring[(int) (total++ % ring.length)] = buffer[i];
                }
            }
        }
        if (total <= ring.length) {
            return new String(ring, 0, (int) total, StandardCharsets.UTF_8).strip();
        }
        int start = (int) (total % ring.length);
        byte[] ordered = new byte[ring.length];
        System.arraycopy(ring, start, ordered, 0, ring.length - start);
        System.arraycopy(ring, 0, ordered, ring.length - start, start);
        return new String(ordered, StandardCharsets.UTF_8).strip();
    }

    @Override
    public void close() {
        killer.shutdownNow();
        stderrReaders.shutdownNow();
    }
}
