package org.gridstack.bench.frontier;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The FroNtier servlet's executable jar running as a child JVM on a free port, pointed at the
 * benchmark database. A separate process keeps the servlet's heap, GC and JIT apart from the load
 * generator's, as on a real deployment. {@link #close()} ends the whole process tree.
 */
public final class ServletProcess implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final Process process;
    private final int port;
    private final Path log;
    private final List<String> command;

    private ServletProcess(Process process, int port, Path log, List<String> command) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.command = command;
    }

    /**
     * Starts the jar and waits until {@code /actuator/health} answers 200.
     *
     * @param extraArgs further servlet arguments, e.g. {@code --frontier.compression-threads=1}
     * @param log file that receives the servlet's stdout and stderr
     */
    public static ServletProcess start(Path jar, BenchmarkDatabase database, List<String> extraArgs, Path log)
            throws IOException, InterruptedException {
        Objects.requireNonNull(jar, "jar is null");
        Objects.requireNonNull(database, "database is null");
        Objects.requireNonNull(extraArgs, "extraArgs is null");
        Objects.requireNonNull(log, "log is null");
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString(),
                "--server.port=" + port,
                "--server.address=127.0.0.1",
                "--spring.datasource.url=" + database.jdbcUrl(),
                "--spring.datasource.username=" + database.readerUser(),
                "--spring.datasource.password=" + database.readerPassword(),
                // measured without Last-Modified tracking, like the production servlet on PostgreSQL
                "--frontier.last-modified-enabled=false",
                // every load client uses the same X-Frontier-Id from one address: measure the
                // servlet, not its per-client share of the pool
                "--frontier.client-pool-share=1",
                "--spring.main.banner-mode=off"));
        command.addAll(extraArgs);
        Files.createDirectories(log.toAbsolutePath().getParent());
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile()))
                .start();
        ServletProcess servlet = new ServletProcess(process, port, log, List.copyOf(command));
        try {
            servlet.awaitHealthy();
            return servlet;
        } catch (IOException | InterruptedException | RuntimeException e) {
            servlet.close();
            throw e;
        }
    }

    public int port() {
        return port;
    }

    /** The command line without the database password, for the report. */
    public List<String> commandForReport() {
        return command.stream().map(a -> a.startsWith("--spring.datasource.password=") ? "--spring.datasource.password=***" : a).toList();
    }

    private void awaitHealthy() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        URI health = URI.create("http://127.0.0.1:" + port + "/actuator/health");
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the servlet exited with status " + process.exitValue() + " during start-up; its output:\n" + logTail());
            }
            if (answers200(health)) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IOException("the servlet did not answer 200 on " + health + " within " + START_TIMEOUT.toSeconds()
                + " s; its output:\n" + logTail());
    }

    private static boolean answers200(URI uri) {
        try {
            HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
            c.setConnectTimeout(1000);
            c.setReadTimeout(5000);
            try {
                int status = c.getResponseCode();
                try (InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
                    if (in != null) {
                        in.readAllBytes();
                    }
                }
                return status == 200;
            } finally {
                c.disconnect();
            }
        } catch (IOException notYet) {
            return false;
        }
    }

    /** The last lines of the servlet's output, for error messages. */
    public String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Ends the servlet and anything it started: politely first, then by force. Idempotent. */
    @Override
    public void close() {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(process.toHandle());
        tree.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                tree.forEach(ProcessHandle::destroyForcibly);
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            tree.forEach(ProcessHandle::destroyForcibly);
            Thread.currentThread().interrupt();
        }
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        }
    }
}
