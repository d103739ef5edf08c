package org.gridstack.bench.frontier;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.gridstack.service.process.ProcessGroupStopper;
import org.gridstack.testing.SquidProcess;

/**
 * Another FroNtier servlet measured beside ours in the same run (issue 13: the production servlet
 * 3.42 on Tomcat 9, built by {@code benchmarks/peers/frontier-3.42/build.sh}): either one already
 * running at a URL, or one this run starts with a command and stops at the end. A started peer
 * gets the run's database in its environment ({@code FRONTIER_DB_URL}, {@code FRONTIER_DB_USER},
 * {@code FRONTIER_DB_PASSWORD}, the read-only role, as ours) and a free port
 * ({@code FRONTIER_PORT}); it is ready when the run's query answers with status 200. Its CPU is
 * that of its busiest descendant JVM (the shell and {@code catalina.sh} around it do nothing).
 * {@link #close()} ends the whole process tree of a started peer and leaves a running one alone.
 * Thread-safe.
 */
final class PeerServlet implements MeasuredServlet, AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);

    private final String name;
    private final ServletAddress address;
    private final String command;
    private final Process process;
    private final Path log;

    private PeerServlet(String name, ServletAddress address, String command, Process process, Path log) {
        this.name = name;
        this.address = address;
        this.command = command;
        this.process = process;
        this.log = log;
    }

    /** A peer someone else started: the run only sends it requests. */
    static PeerServlet running(String name, ServletAddress address) {
        return new PeerServlet(Objects.requireNonNull(name, "name is null"), Objects.requireNonNull(address, "address is null"),
                null, null, null);
    }

    /**
     * Starts {@code command} with {@code sh -c} and waits until {@code query} answers at
     * {@code http://127.0.0.1:PORT + path}.
     */
    static PeerServlet start(String name, String command, String path, BenchmarkDatabase db, String query, Path log)
            throws IOException, InterruptedException {
        Objects.requireNonNull(command, "command is null");
        int port = SquidProcess.freePort();
        ServletAddress address = new ServletAddress(FrontierHttpClient.HOST, port, path);
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder pb = ProcessGroupStopper.inOwnSession(new ProcessBuilder("sh", "-c", command))
                .redirectErrorStream(true).redirectOutput(log.toFile());
        String url = db.jdbcUrl().contains("binaryTransfer") ? db.jdbcUrl()
                : db.jdbcUrl() + (db.jdbcUrl().contains("?") ? "&" : "?") + "binaryTransfer=false";
        pb.environment().put("FRONTIER_PORT", Integer.toString(port));
        pb.environment().put("FRONTIER_DB_URL", url);
        pb.environment().put("FRONTIER_DB_USER", db.readerUser());
        pb.environment().put("FRONTIER_DB_PASSWORD", db.readerPassword());
        PeerServlet peer = new PeerServlet(name, address, command, pb.start(), log);
        try {
            peer.awaitReady(query);
        } catch (IOException | RuntimeException | InterruptedException e) {
            peer.close();
            throw e;
        }
        return peer;
    }

    private void awaitReady(String query) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        IOException last = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException(name + " (" + command + ") ended with status " + process.exitValue() + " before answering; its output:\n"
                        + logTail());
            }
            try {
                FrontierHttpClient.fetchOnce(address, query, 0);
                return;
            } catch (IOException e) {
                last = e;
            }
            Thread.sleep(500);
        }
        throw new IOException(name + " did not answer at " + address + " within " + READY_TIMEOUT.toSeconds() + " s (last: " + last
                + "); its output:\n" + logTail());
    }

    String name() {
        return name;
    }

    @Override
    public ServletAddress address() {
        return address;
    }

    /** How the peer was started, for the report; empty for a peer that was already running. */
    Optional<String> command() {
        return Optional.ofNullable(command);
    }

    /** The pid whose CPU counts as the peer's: its busiest descendant (the JVM), or -1 when unknown (a running peer). */
    @Override
    public long cpuPid() {
        if (process == null) {
            return -1;
        }
        return process.toHandle().descendants()
                .max((a, b) -> a.info().totalCpuDuration().orElse(Duration.ZERO).compareTo(b.info().totalCpuDuration().orElse(Duration.ZERO)))
                .map(ProcessHandle::pid).orElse(process.pid());
    }

    @Override
    public boolean isAlive() {
        return process == null || process.isAlive();
    }

    @Override
    public String logTail() {
        if (log == null || !Files.isReadable(log)) {
            return "(no output kept)";
        }
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(output unreadable: " + e.getMessage() + ")";
        }
    }

    /** Ends a started peer and everything it started (TERM, then KILL after 15 s). Idempotent. */
    @Override
    public void close() {
        if (process == null) {
            return;
        }
        ProcessGroupStopper.stop(process, Duration.ofSeconds(15));
    }
}
