package org.gridstack.mds.provider;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An MDS2 information provider or BDII provider script: a program ({@code path}) run with its
 * {@code args}, printing LDIF on standard output. A run that exceeds {@code timelimit} is killed
 * (with its children) and fails; broken LDIF records are logged with their line and skipped;
 * a non-zero exit status is reported as a problem but the entries printed are kept (the BDII
 * does the same). Thread-safe: each {@link #collect()} starts its own process.
 */
@ThreadSafe
public final class ExternalProgramProvider implements InformationProvider {
    private static final Logger log = LoggerFactory.getLogger(ExternalProgramProvider.class);

    private final ProviderSettings settings;
    private final Path path;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf) of strings
    private final List<String> args;
    private final ProcessRunner runner;
    private final LdifOutputParser parser = new LdifOutputParser();

    public ExternalProgramProvider(ProviderSettings settings, Path path, List<String> args, ProcessRunner runner) {
        this.settings = requireNonNull(settings, "settings is null");
        this.path = requireNonNull(path, "path is null");
        this.args = List.copyOf(requireNonNull(args, "args is null"));
        this.runner = requireNonNull(runner, "runner is null");
    }

    @Override
    public ProviderSettings settings() {
        return settings;
    }

    public Path path() {
        return path;
    }

    public List<String> args() {
        return args;
    }

    @Override
    public ProviderOutput collect() throws ProviderException, InterruptedException {
        if (!Files.isExecutable(path)) {
            throw new ProviderException("provider " + settings.name() + ": " + path + " is not an executable file");
        }
        List<String> command = new ArrayList<>(args.size() + 1);
        command.add(path.toString());
        command.addAll(args);
        ProcessRunner.Streamed<ProviderOutput> result;
        try {
            // parsed as it arrives: the output is never held whole, only the entries kept
            result = runner.run(command, path.toAbsolutePath().getParent(), settings.timelimit(), stdout -> {
                try {
                    return parser.parse(settings.name(), stdout, settings.sizelimit());
                } catch (ProviderException e) {
                    throw new IOException(e.getMessage(), e);
                }
            });
        } catch (IOException e) {
            throw new ProviderException("provider " + settings.name() + ": cannot run " + path + ": " + e.getMessage(), e);
        }
        if (result.killed() || result.value() == null) {
            throw new ProviderException("provider " + settings.name() + ": killed at its timelimit of "
                    + settings.timelimit().toMillis() + " ms" + stderr(result.stderrTail()));
        }
        ProviderOutput parsed = result.value();
        List<String> problems = new ArrayList<>(parsed.problems());
        if (result.truncated()) {
            problems.add("provider " + settings.name() + ": output cut at " + runner.maxOutputBytes()
                    + " bytes (the rest was not read)");
        }
        if (result.exitStatus() != 0 && !result.stoppedEarly() && !result.truncated()) { // else we stopped it
            String p = "provider " + settings.name() + ": exited with status " + result.exitStatus()
                    + stderr(result.stderrTail());
            log.warn(p);
            problems.add(p);
        }
        return new ProviderOutput(parsed.entries(), problems, parsed.collectedAt());
    }

    private static String stderr(String tail) {
        return tail.isEmpty() ? "" : "; stderr: " + tail;
    }

    @Override
    public String toString() {
        return "ExternalProgramProvider[" + settings.name() + ": " + path + " " + String.join(" ", args) + "]";
    }
}
