package org.gridstack.bench.grim;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gridstack.bench.frontier.ProjectLayout;
import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.testing.SpringBootJarProcess;

/**
 * The GRIM service's executable jar ({@code grim-service/target/grim-service.jar}) as a child JVM
 * ({@link SpringBootJarProcess}, ready when {@code /actuator/health} answers 200). Its embedded
 * PostgreSQL is started by the service, so {@link #close()} ends it too. Also reports the CPU
 * seconds of the service JVM and of its PostgreSQL for "where did the time go".
 */
final class GrimServiceProcess implements AutoCloseable {
    static final String JAR = "grim-service/target/grim-service.jar";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(300);

    private final SpringBootJarProcess process;

    private GrimServiceProcess(SpringBootJarProcess process) {
        this.process = process;
    }

    /** The jar in this checkout; fails with the command that builds it. */
    /** The service jar: {@code -Dgridstack.grim.jar=PATH} (e.g. an older build to compare with), else this checkout's. */
    static Path locateJar() {
        String other = System.getProperty("gridstack.grim.jar", "");
        Path jar = other.isBlank() ? ProjectLayout.discover().root().resolve(JAR) : Path.of(other);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the GRIM service jar " + jar + " is missing: run ./mvnw -q package -DskipTests -pl grim-service -am first");
        }
        return jar;
    }

    static GrimServiceProcess start(Path jar, List<String> jvmArgs, List<String> args, Path log) throws IOException, InterruptedException {
        requireNonNull(jar, "jar is null");
        return new GrimServiceProcess(SpringBootJarProcess.builder("GRIM service", jar).jvmArgs(jvmArgs).args(args).log(log)
                .startTimeout(START_TIMEOUT).start());
    }

    int port() {
        return process.port();
    }

    URI base() {
        return process.baseUri();
    }

    List<String> command() {
        return process.command();
    }

    /**
     * CPU seconds so far: {service JVM, its embedded PostgreSQL}. pg_ctl detaches the postmaster
     * (its parent is init), so it is found by the port the service logs at start
     * ({@code --logging.level.org.gridstack.grim.store.postgres=INFO}); 0 when not found.
     */
    double[] cpuSeconds() {
        double self = cpu(process.handle());
        double pg = postmaster().map(h -> cpu(h) + h.descendants().mapToDouble(GrimServiceProcess::cpu).sum()).orElse(0.0);
        return new double[] {self, pg};
    }

    private static double cpu(ProcessHandle h) {
        return h.info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(0.0);
    }

    private Optional<ProcessHandle> postmaster() {
        Matcher m;
        try {
            m = Pattern.compile("embedded PostgreSQL on port (\\d+)").matcher(Files.readString(process.log(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
        if (!m.find()) {
            return Optional.empty();
        }
        return HostMonitor.postmaster(Integer.parseInt(m.group(1)));
    }

    String logTail() {
        return process.logTail();
    }

    @Override
    public void close() {
        process.close();
    }
}
