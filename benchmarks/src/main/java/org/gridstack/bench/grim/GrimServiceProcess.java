package org.gridstack.bench.grim;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.ServerSocket;
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
import java.util.concurrent.TimeUnit;

import org.gridstack.bench.frontier.ProjectLayout;

/**
 * The GRIM service's executable jar ({@code grim-service/target/grim-service.jar}) as a child JVM
 * on a free port, waiting until {@code /actuator/health} answers 200. Its embedded PostgreSQL is a
 * descendant, so {@link #close()} ends the whole tree. Also reports the CPU seconds of the service
 * JVM and of its descendants (PostgreSQL) for "where did the time go".
 */
final class GrimServiceProcess implements AutoCloseable {
    static final String JAR = "grim-service/target/grim-service.jar";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(300);

    private final Process process;
    private final int port;
    private final Path log;
    private final List<String> command;

    private GrimServiceProcess(Process process, int port, Path log, List<String> command) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.command = command;
    }

    /** The jar in this checkout; fails with the command that builds it. */
    static Path locateJar() {
        Path jar = ProjectLayout.discover().root().resolve(JAR);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the GRIM service jar " + jar + " is missing: run ./mvnw -q package -DskipTests -pl grim-service -am first");
        }
        return jar;
    }

    static GrimServiceProcess start(Path jar, List<String> jvmArgs, List<String> args, Path log) throws IOException, InterruptedException {
        requireNonNull(jar, "jar is null");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-jar", jar.toString(), "--server.port=" + port, "--server.address=127.0.0.1", "--spring.main.banner-mode=off"));
        cmd.addAll(args);
        Files.createDirectories(log.toAbsolutePath().getParent());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start();
        GrimServiceProcess s = new GrimServiceProcess(p, port, log, List.copyOf(cmd));
        try {
            s.awaitHealthy();
            return s;
        } catch (IOException | InterruptedException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    int port() {
        return port;
    }

    URI base() {
        return URI.create("http://127.0.0.1:" + port);
    }

    List<String> command() {
        return command;
    }

    /**
     * CPU seconds so far: {service JVM, its embedded PostgreSQL}. pg_ctl detaches the postmaster
     * (its parent is init), so it is found by the port the service logs at start
     * ({@code --logging.level.org.gridstack.grim.store.postgres=INFO}); 0 when not found.
     */
    double[] cpuSeconds() {
        double self = cpu(process.toHandle());
        double pg = postmaster().map(h -> cpu(h) + h.descendants().mapToDouble(GrimServiceProcess::cpu).sum()).orElse(0.0);
        return new double[] {self, pg};
    }

    private static double cpu(ProcessHandle h) {
        return h.info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(0.0);
    }

    private java.util.Optional<ProcessHandle> postmaster() {
        java.util.regex.Matcher m;
        try {
            m = java.util.regex.Pattern.compile("embedded PostgreSQL on port (\\d+)").matcher(Files.readString(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
        if (!m.find()) {
            return java.util.Optional.empty();
        }
        String flag = " -p " + m.group(1) + " ";
        return ProcessHandle.allProcesses().filter(h -> h.info().commandLine().map(c -> c.contains("/bin/postgres") && c.contains(flag)).orElse(false))
                .findFirst();
    }

    private void awaitHealthy() throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest health = HttpRequest.newBuilder(base().resolve("/actuator/health")).timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the GRIM service exited with status " + process.exitValue() + " during start-up; its output:\n" + logTail());
            }
            try {
                if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(250);
        }
        throw new IOException("the GRIM service did not become healthy within " + START_TIMEOUT.toSeconds() + " s; its output:\n" + logTail());
    }

    String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(process.toHandle());
        process.toHandle().destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                tree.forEach(ProcessHandle::destroyForcibly);
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            tree.forEach(ProcessHandle::destroyForcibly);
            Thread.currentThread().interrupt();
        }
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
