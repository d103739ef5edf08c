package org.gridstack.mds.provider;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
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

/**
 * Runs external programs under a time limit: standard input is empty, standard output is
 * collected (up to a byte cap), the tail of standard error is kept for diagnostics, and a
 * program still running at its limit is killed together with every process it started (a
 * shell script's {@code sleep} would otherwise keep the pipe open). Thread-safe; one instance
 * serves any number of concurrent runs. {@link #close()} stops its helper threads.
 */
public final class ProcessRunner implements AutoCloseable {
    /** Standard output kept per run: 64 MiB, far above any provider's output. */
    public static final int DEFAULT_MAX_OUTPUT_BYTES = 64 << 20;
    static final int STDERR_TAIL_BYTES = 2048;

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
        requireNonNull(command, "command is null");
        requireNonNull(timelimit, "timelimit is null");
        ProcessBuilder pb = new ProcessBuilder(command);
        if (workingDirectory != null) {
            pb.directory(workingDirectory.toFile());
        }
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process process = pb.start();
        AtomicBoolean killed = new AtomicBoolean();
        ScheduledFuture<?> timer = killer.schedule(() -> {
            killed.set(true);
            killTree(process);
        }, timelimit.toNanos(), TimeUnit.NANOSECONDS);
        Future<String> stderr = stderrReaders.submit(() -> tail(process.getErrorStream()));
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            boolean truncated = false;
            byte[] buffer = new byte[8192];
            try (InputStream in = process.getInputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (out.size() + n > maxOutputBytes) {
                        truncated = true;
                        killTree(process);
                        break;
                    }
                    out.write(buffer, 0, n);
                }
            } catch (IOException e) {
                if (!killed.get()) {
                    throw e;
                }
            }
            int status = process.waitFor();
            String err;
            try {
                err = stderr.get(1, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                err = "";
            }
            return new Result(out.toByteArray(), err, status, killed.get(), truncated);
        } catch (InterruptedException | IOException | RuntimeException e) {
            killTree(process);
            throw e;
        } finally {
            timer.cancel(false);
            stderr.cancel(true);
        }
    }

    /** Kills the process's descendants first (they would be re-parented), then the process. */
    static void killTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
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
