package org.gridstack.testing;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.gridstack.service.process.ProcessGroupStopper;

/**
 * A real Squid (Debian's {@code /usr/sbin/squid}) started from one of the {@code docker/squid}
 * templates on a free port, in a folder of its own, in the foreground ({@code -N}) as a child of
 * this JVM. {@link #close()} stops it and deletes its folder; a shutdown hook does the same if a
 * test run is killed. Thread-safe.
 */
@ThreadSafe
public final class SquidProcess implements AutoCloseable {
    public static final Path SQUID = Paths.get(System.getProperty("gridstack.squid", "/usr/sbin/squid"));

    private final String name;
    private final int port;
    private final Path dir;
    @SuppressWarnings("ThreadSafe") // Process: the JDK's implementation synchronizes its state (waitFor, destroy, exitValue)
    private final Process process;
    private final Thread cleanup;

    private SquidProcess(String name, int port, Path dir, Process process) {
        this.name = name;
        this.port = port;
        this.dir = dir;
        this.process = process;
        this.cleanup = new Thread(this::stopQuietly, "squid-cleanup-" + name);
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /** An accelerator (reverse proxy) in front of one origin server. */
    public static SquidProcess accelerator(String name, String originHost, int originPort) throws IOException {
        Map<String, String> v = defaults(name);
        v.put("origin_host", originHost);
        v.put("origin_port", String.valueOf(originPort));
        return start("accelerator.conf.template", v);
    }

    /** A forward proxy; with a parent all misses go through it, without one they go to the origin. */
    public static SquidProcess siteProxy(String name, SquidProcess parent) throws IOException {
        return siteProxy(name, parent, 16);
    }

    /** As {@link #siteProxy(String, SquidProcess)}, caching answers of up to {@code maxObjectMb} MB (default 16). */
    public static SquidProcess siteProxy(String name, SquidProcess parent, int maxObjectMb) throws IOException {
        if (maxObjectMb < 1) {
            throw new IllegalArgumentException("maxObjectMb must be at least 1, got " + maxObjectMb);
        }
        Map<String, String> v = defaults(name);
        v.put("max_object_mb", Integer.toString(maxObjectMb));
        if (parent != null) {
            v.put("parent_line", "cache_peer 127.0.0.1 parent " + parent.port() + " 0 no-query no-digest default name=" + parent.name());
            v.put("never_direct", "allow all");
        } else {
            v.put("parent_line", "");
            v.put("never_direct", "deny all");
        }
        return start("site-proxy.conf.template", v);
    }

    static Map<String, String> defaults(String name) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("name", name);
        v.put("listen_address", "127.0.0.1");
        v.put("invalidator_address", "127.0.0.1");
        v.put("cache_mem_mb", "64");
        v.put("max_object_mb", "16");
        v.put("negative_ttl_seconds", "0");
        return v;
    }

    static SquidProcess start(String template, Map<String, String> values) throws IOException {
        if (!Files.isExecutable(SQUID)) {
            throw new IllegalStateException(SQUID + " not found: install Debian's squid package (./gridstack test does)");
        }
        Path dir = Files.createTempDirectory("squid-" + values.get("name") + "-");
        int port = freePort();
        values.put("port", String.valueOf(port));
        values.put("dir", dir.toString());
        String conf = render(template(template), values);
        Path confFile = dir.resolve("squid.conf");
        Files.writeString(confFile, conf, StandardCharsets.UTF_8);
        // a service name of its own: Squid names its shared-memory segments after it, so this one
        // never collides with another Squid on the host (another test's, another user's, a site's)
        ProcessBuilder pb = ProcessGroupStopper.inOwnSession(new ProcessBuilder(SQUID.toString(), "-N",
                "-n", serviceName(values.get("name")), "-f", confFile.toString()));
        pb.redirectErrorStream(true);
        pb.redirectOutput(dir.resolve("console.log").toFile());
        Process p = pb.start();
        SquidProcess squid = new SquidProcess(values.get("name"), port, dir, p);
        try {
            squid.awaitListening(TimeUnit.SECONDS.toNanos(30));
        } catch (IOException | RuntimeException e) {
            String log = squid.logs();
            squid.close();
            throw new IOException("squid " + values.get("name") + " did not start: " + e.getMessage() + "\n" + log, e);
        }
        return squid;
    }

    /**
     * A unique Squid service name that still shows which test's it is: Squid accepts letters and
     * digits only, at most 32 of them ("gs", 8 of the name, 16 random hex digits).
     */
    static String serviceName(String name) {
        String plain = name.replaceAll("[^A-Za-z0-9]", "");
        return "gs" + plain.substring(0, Math.min(plain.length(), 8))
                + String.format("%016x", new SecureRandom().nextLong());
    }

    static String template(String name) throws IOException {
        try (InputStream in = SquidProcess.class.getResourceAsStream("/squid/" + name)) {
            return new String(Objects.requireNonNull(in, "template " + name + " missing").readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Fills every {@code ${name}}; a placeholder without a value is an error, not an empty string. */
    static String render(String template, Map<String, String> values) {
        return ConfigTemplates.render(template, values, "the squid template");
    }

    private void awaitListening(long timeoutNanos) throws IOException {
        ConfigTemplates.awaitListening(process, "squid", port, timeoutNanos, 100);
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The access log's lines so far (Squid writes them as requests finish). */
    public List<String> accessLog() throws IOException {
        Path log = dir.resolve("access.log");
        return Files.exists(log) ? Files.readAllLines(log, StandardCharsets.ISO_8859_1) : List.of();
    }

    /**
     * Squid's result codes (e.g. TCP_MEM_HIT, TCP_MISS, TCP_REFRESH_UNMODIFIED) of the GET requests
     * it served, in order. Other methods (an invalidator's PURGE) and connections closed before a
     * request (NONE_NONE, e.g. the harness's own readiness probe) are left out.
     */
    public List<String> resultCodes() throws IOException {
        List<String> codes = new ArrayList<>();
        for (String line : accessLog()) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 5 && f[5].equals("GET") && !f[3].startsWith("NONE")) {
                codes.add(f[3].split("/")[0]);
            }
        }
        return codes;
    }

    /** Waits (bounded) until the access log has at least {@code n} lines. */
    public List<String> awaitResultCodes(int n) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<String> codes = resultCodes();
        while (codes.size() < n && System.nanoTime() < deadline) {
            ConfigTemplates.sleep(50);
            codes = resultCodes();
        }
        return codes;
    }

    /** cache.log and console output, for failure messages. */
    public String logs() {
        StringBuilder b = new StringBuilder();
        for (String f : new String[] {"console.log", "cache.log"}) {
            try {
                Path p = dir.resolve(f);
                if (Files.exists(p)) {
                    List<String> lines = Files.readAllLines(p, StandardCharsets.ISO_8859_1);
                    b.append("== ").append(name).append(' ').append(f).append('\n');
                    lines.subList(Math.max(0, lines.size() - 40), lines.size()).forEach(l -> b.append(l).append('\n'));
                }
            } catch (IOException e) {
                b.append("(cannot read ").append(f).append(")\n");
            }
        }
        return b.toString();
    }

    /** Stops Squid at once (the test of a proxy that is down). */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stopQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }

    private void stopQuietly() {
        ProcessGroupStopper.stop(process, Duration.ofSeconds(10));
        ConfigTemplates.deleteTree(dir);
    }

    /** A loopback port nothing listens on right now, for tests that start a server of their own beside the harnesses. */
    public static int freePort() throws IOException {
        return ConfigTemplates.freePort();
    }
}
