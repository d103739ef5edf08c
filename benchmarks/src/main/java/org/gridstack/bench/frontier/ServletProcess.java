package org.gridstack.bench.frontier;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.gridstack.testing.SpringBootJarProcess;

/**
 * The FroNtier servlet's executable jar as a child JVM ({@link SpringBootJarProcess}) pointed at
 * the benchmark database as its read-only role, without Last-Modified tracking (as the production
 * servlet on PostgreSQL is measured). {@link #close()} ends the whole process tree.
 */
public final class ServletProcess implements MeasuredServlet, AutoCloseable {
    private static final String PASSWORD_ARG = "--spring.datasource.password=";

    private final SpringBootJarProcess process;

    private ServletProcess(SpringBootJarProcess process) {
        this.process = process;
    }

    /**
     * Starts the jar and waits until {@code /actuator/health} answers 200.
     *
     * @param extraArgs further servlet arguments, e.g. {@code --frontier.compression-threads=1}
     * @param log file that receives the servlet's stdout and stderr
     */
    public static ServletProcess start(Path jar, BenchmarkDatabase database, List<String> extraArgs, Path log)
            throws IOException, InterruptedException {
        Objects.requireNonNull(database, "database is null");
        Objects.requireNonNull(extraArgs, "extraArgs is null");
        List<String> args = new ArrayList<>(List.of(
                "--spring.datasource.url=" + database.jdbcUrl(),
                "--spring.datasource.username=" + database.readerUser(),
                PASSWORD_ARG + database.readerPassword(),
                "--frontier.last-modified-enabled=false",
                // every load client uses the same X-Frontier-Id from one address: measure the
                // servlet, not its per-client share of the pool
                "--frontier.client-pool-share=1"));
        args.addAll(extraArgs);
        return new ServletProcess(SpringBootJarProcess.builder("FroNtier servlet", jar).args(args).log(log)
                .redaction(a -> a.startsWith(PASSWORD_ARG) ? PASSWORD_ARG + "***" : a).start());
    }

    public int port() {
        return process.port();
    }

    @Override
    public ServletAddress address() {
        return ServletAddress.ours(port());
    }

    @Override
    public long cpuPid() {
        return pid();
    }

    /** The command line without the database password, for the report. */
    public List<String> commandForReport() {
        return process.command();
    }

    /** The last lines of the servlet's output, for error messages. */
    @Override
    public String logTail() {
        return process.logTail();
    }

    public long pid() {
        return process.handle().pid();
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Ends the servlet and anything it started. Idempotent. */
    @Override
    public void close() {
        process.close();
    }
}
