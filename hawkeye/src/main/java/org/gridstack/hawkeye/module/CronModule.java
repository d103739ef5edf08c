package org.gridstack.hawkeye.module;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.ClassAdSyntaxException;
import org.gridstack.service.process.ProcessGroupStopper;

/**
 * A module that runs an external program the way HTCondor's startd cron does
 * ({@code STARTD_CRON_<name>_EXECUTABLE}, {@code _ARGS}, {@code _PERIOD}): the program prints
 * {@code Attr = value} lines, {@code -}-separated ads (all merged, later ones winning). The
 * program runs in a session of its own; at its time limit, or when it prints more than
 * {@code maxOutputBytes}, the whole session is stopped with {@link ProcessGroupStopper}, so a
 * hung or looping program and whatever it started are gone. Output that is not ClassAd lines
 * fails the run with the line and column. Thread-safe (each run has its own process).
 */
@ThreadSafe
public final class CronModule implements Module {
    /** The default output cap: 1 MiB (startd cron output is a few attributes). */
    public static final int DEFAULT_MAX_OUTPUT_BYTES = 1 << 20;
    private static final Duration STOP_GRACE = Duration.ofMillis(500);

    private final String name;
    private final Path executable;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf)
    private final List<String> args;
    private final Duration period;
    private final Duration timeLimit;
    private final int maxOutputBytes;
    private final CronOutputParser parser;
    private final ScheduledExecutorService killer;

    /**
     * @param killer runs the time-limit kills (shared by an agent's modules; the caller owns it)
     */
    public CronModule(String name, Path executable, List<String> args, Duration period, Duration timeLimit,
            int maxOutputBytes, CronOutputParser parser, ScheduledExecutorService killer) {
        this.name = requireNonNull(name, "name is null");
        this.executable = requireNonNull(executable, "executable is null");
        this.args = List.copyOf(requireNonNull(args, "args is null"));
        this.period = requireNonNull(period, "period is null");
        this.timeLimit = requireNonNull(timeLimit, "timeLimit is null");
        this.parser = requireNonNull(parser, "parser is null");
        this.killer = requireNonNull(killer, "killer is null");
        if (period.isNegative() || period.isZero() || timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("module " + name + ": period " + period + " and time limit "
                    + timeLimit + " must be positive");
        }
        if (maxOutputBytes <= 0) {
            throw new IllegalArgumentException("module " + name + ": maxOutputBytes " + maxOutputBytes + " is not positive");
        }
        this.maxOutputBytes = maxOutputBytes;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Duration period() {
        return period;
    }

    @Override
    public Duration timeLimit() {
        return timeLimit;
    }

    @Override
    public ClassAd collect() throws ModuleException, InterruptedException {
        if (!Files.isExecutable(executable)) {
            throw new ModuleException("module " + name + ": " + executable + " is not an executable file");
        }
        List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(args);
        ProcessBuilder pb = ProcessGroupStopper.inOwnSession(new ProcessBuilder(command))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new ModuleException("module " + name + ": cannot start " + executable + ": " + e.getMessage(), e);
        }
        AtomicBoolean timedOut = new AtomicBoolean();
        ScheduledFuture<?> watchdog = killer.schedule(() -> {
            timedOut.set(true);
            ProcessGroupStopper.stop(process, STOP_GRACE);
        }, timeLimit.toNanos(), TimeUnit.NANOSECONDS);
        byte[] output;
        boolean tooLong = false;
        try (InputStream in = process.getInputStream()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) >= 0) {
                if (out.size() + n > maxOutputBytes) {
                    tooLong = true;
                    break;
                }
                out.write(buffer, 0, n);
            }
            output = out.toByteArray();
        } catch (IOException e) {
            output = new byte[0];
        } finally {
            watchdog.cancel(false);
            // also clears what the program left running in its session after a normal exit
            ProcessGroupStopper.stop(process, STOP_GRACE);
        }
        if (timedOut.get()) {
            throw new ModuleException("module " + name + ": killed at its time limit of " + timeLimit.toMillis() + " ms");
        }
        if (tooLong) {
            throw new ModuleException("module " + name + ": killed after printing more than " + maxOutputBytes + " bytes");
        }
        List<ClassAd> ads;
        try {
            ads = parser.parse(new String(output, StandardCharsets.UTF_8));
        } catch (ClassAdSyntaxException e) {
            throw new ModuleException("module " + name + ": bad output at " + e.getMessage(), e);
        }
        int status = process.exitValue();
        if (ads.isEmpty()) {
            throw new ModuleException("module " + name + ": printed no attributes (exit status " + status + ")");
        }
        ClassAd.Builder merged = ClassAd.builder();
        for (ClassAd ad : ads) {
            merged.putAll(ad);
        }
        return merged.build();
    }

    @Override
    public String toString() {
        return "CronModule[" + name + ": " + executable + "]";
    }
}
