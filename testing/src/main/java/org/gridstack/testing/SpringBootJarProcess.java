package org.gridstack.testing;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.gridstack.service.process.ProcessGroupStopper;

/**
 * One of the project's executable Spring Boot jars (the FroNtier servlet, GRIM, ...), or for a
 * module's own tests its application class, running as a
 * child JVM on a free loopback port, as benchmarks and multi-process tests need it: a process of
 * its own keeps the service's heap, GC and JIT apart from the load generator's, as in a real
 * deployment.
 *
 * <p>{@link Builder#start()} returns once {@code /actuator/health} answers 200, or fails with the
 * end of the service's output when it exits or does not become healthy in time (and then leaves
 * nothing running). The service's standard output and error go to a log file. {@link #close()}
 * ends the JVM and every process it started, politely first and then by force; it is idempotent,
 * and a shutdown hook does the same when the JVM that started it is stopped first.
 *
 * <p>Thread-safe.
 */
@ThreadSafe
public final class SpringBootJarProcess implements AutoCloseable {
    private final String name;
    @SuppressWarnings("ThreadSafe") // Process: the JDK's implementation synchronizes its state (waitFor, destroy, exitValue)
    private final Process process;
    private final int port;
    private final Path log;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf)
    private final List<String> command;
    private final Thread cleanup;

    private SpringBootJarProcess(String name, Process process, int port, Path log, List<String> command) {
        this.name = name;
        this.process = process;
        this.port = port;
        this.log = log;
        this.command = List.copyOf(command);
        this.cleanup = new Thread(this::stop, "stop-" + name);
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /** Starts describing a child JVM that runs {@code jar}; {@code name} is what messages call it. */
    public static Builder builder(String name, Path jar) {
        return new Builder(name, Objects.requireNonNull(jar, "jar is null"), null, null);
    }

    /**
     * Starts describing a child JVM that runs the Spring Boot application {@code mainClass} from
     * this JVM's own class path: for a module's tests, which run before its jar is packaged.
     * Under Surefire that is the tests' class path ({@code surefire.test.class.path}).
     */
    public static Builder fromTestClassPath(String name, String mainClass) {
        Objects.requireNonNull(mainClass, "mainClass is null");
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return new Builder(name, null, mainClass, classPath);
    }

    /** What to start; validated when set. Not thread-safe. */
    public static final class Builder {
        private final String name;
        private final Path jar;
        private final String mainClass;
        private final String classPath;
        private final List<String> jvmArgs = new ArrayList<>();
        private final List<String> args = new ArrayList<>();
        private Path log;
        private Duration startTimeout = Duration.ofSeconds(120);
        private UnaryOperator<String> redaction = UnaryOperator.identity();

        private Builder(String name, Path jar, String mainClass, String classPath) {
            this.name = Objects.requireNonNull(name, "name is null");
            this.jar = jar;
            this.mainClass = mainClass;
            this.classPath = classPath;
        }

        /** Options for the JVM itself, e.g. {@code -Xmx2g}. */
        public Builder jvmArgs(List<String> values) {
            jvmArgs.addAll(Objects.requireNonNull(values, "values is null"));
            return this;
        }

        /** Arguments of the application, e.g. {@code --frontier.compression-threads=1}; the port and address are set here. */
        public Builder args(List<String> values) {
            args.addAll(Objects.requireNonNull(values, "values is null"));
            return this;
        }

        /** The file that receives the service's output (required); its folder is created. */
        public Builder log(Path file) {
            this.log = Objects.requireNonNull(file, "file is null");
            return this;
        }

        /** How long the service may take to answer 200 on its health endpoint (default 120 s). */
        public Builder startTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout is null");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("startTimeout must be positive, got " + timeout);
            }
            this.startTimeout = timeout;
            return this;
        }

        /** How an argument appears in {@link #command()} (e.g. a password replaced by {@code ***}). */
        public Builder redaction(UnaryOperator<String> value) {
            this.redaction = Objects.requireNonNull(value, "value is null");
            return this;
        }

        /** Starts the JVM on a free port and waits until it is healthy. */
        public SpringBootJarProcess start() throws IOException, InterruptedException {
            if (log == null) {
                throw new IllegalStateException("no log file set for " + name);
            }
            if (jar != null && !Files.isRegularFile(jar)) {
                throw new IllegalStateException("the " + name + " jar " + jar + " is missing: build it first (./mvnw package -DskipTests)");
            }
            int port = ConfigTemplates.freePort();
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(jvmArgs);
            if (jar != null) {
                command.addAll(List.of("-jar", jar.toString()));
            } else {
                command.addAll(List.of("-cp", classPath, mainClass));
            }
            command.addAll(List.of("--server.port=" + port, "--server.address=127.0.0.1", "--spring.main.banner-mode=off"));
            command.addAll(args);
            Path parent = log.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Process process = ProcessGroupStopper.inOwnSession(new ProcessBuilder(command)).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start();
            SpringBootJarProcess started = new SpringBootJarProcess(name, process, port, log,
                    command.stream().map(redaction).toList());
            try {
                started.awaitHealthy(startTimeout);
                return started;
            } catch (IOException | InterruptedException | RuntimeException e) {
                started.close();
                throw e;
            }
        }
    }

    public int port() {
        return port;
    }

    /** {@code http://127.0.0.1:PORT}. */
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The command line as started, with the builder's redaction applied (for reports). */
    public List<String> command() {
        return command;
    }

    public Path log() {
        return log;
    }

    /** The JVM's process, e.g. to read its CPU time. */
    public ProcessHandle handle() {
        return process.toHandle();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    private void awaitHealthy(Duration timeout) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest health = HttpRequest.newBuilder(baseUri().resolve("/actuator/health")).timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the " + name + " exited with status " + process.exitValue() + " during start-up; its output:\n" + logTail());
            }
            try {
                if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(200);
        }
        throw new IOException("the " + name + " did not answer 200 on " + health.uri() + " within " + timeout.toSeconds()
                + " s; its output:\n" + logTail());
    }

    /** The last 40 lines of the service's output, for error messages. */
    public String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }

    /**
     * Kills the JVM at once (SIGKILL: no shutdown hooks, no orderly close), as a crash or an
     * out-of-memory killer would, and waits until it is gone. What it started outside itself is
     * left as the crash would leave it; {@link #close()} still cleans up.
     */
    public void kill() throws InterruptedException {
        process.toHandle().destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /**
     * Ends the service and everything it started: the JVM is asked to stop (SIGTERM, so Spring shuts
     * down in order) and given 20 s, then whatever is left of its process tree is killed. Idempotent.
     */
    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }

    private void stop() {
        // the JVM first, so that it can stop what it started (an embedded database) in order
        ProcessGroupStopper.stopRootFirst(process, Duration.ofSeconds(20));
    }
}
