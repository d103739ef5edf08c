package org.gridstack.service.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Starts child processes in a session of their own and stops them with everything they started:
 * SIGTERM to every process of the session, up to a grace period for them to exit, then SIGKILL
 * to whatever is left, looked for again until none is (a process may fork while it is being
 * killed). A process that detached from its parent (a daemon, a provider's background child that
 * still holds its stdout) is found by its session id, which it keeps unless it calls
 * {@code setsid()} itself, where walking the descendants of a live process would miss it.
 *
 * <p>Stopping a process that already exited still stops what it left in its session: call it
 * after a child's normal exit to clear what it left behind. A process started without
 * {@link #inOwnSession} shares the JVM's session; then only it and its live descendants are
 * stopped, never the JVM's own session. Linux only (reads
 * {@code /proc}); elsewhere the fallback is the same descendants walk.
 *
 * <p>Exited processes are reaped by their parents: the JVM reaps the {@link Process} it started
 * (this class waits for it), and orphans are reaped by init. Thread-safe (stateless).
 */
public final class ProcessGroupStopper {
    private static final Path PROC = Path.of("/proc");
    private static final String SETSID = Files.isExecutable(Path.of("/usr/bin/setsid")) ? "/usr/bin/setsid" : "setsid";
    private static final int KILL_ROUNDS = 10;

    private ProcessGroupStopper() {
    }

    /** What {@link #stop} did. */
    public record Outcome(int terminated, int killed) {
        /** Whether every process exited on SIGTERM within the grace period. */
        public boolean clean() {
            return killed == 0;
        }
    }

    /**
     * Makes {@code builder} start its command in a new session (through util-linux's
     * {@code setsid}, which execs: the child's pid is its session and process group id).
     * Returns the same builder.
     */
    public static ProcessBuilder inOwnSession(ProcessBuilder builder) {
        List<String> command = new ArrayList<>(builder.command());
        if (command.isEmpty()) {
            throw new IllegalArgumentException("the builder has no command");
        }
        command.add(0, SETSID);
        return builder.command(command);
    }

    /** Stops {@code process} and its session (see the class comment), waiting for it. */
    public static Outcome stop(Process process, Duration grace) {
        Objects.requireNonNull(process, "process is null");
        Outcome outcome = stop(process.toHandle(), grace);
        try {
            process.waitFor(grace.toMillis() + 1000, TimeUnit.MILLISECONDS); // reap our child
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return outcome;
    }

    /**
     * Stops {@code process} first and alone (SIGTERM, up to {@code grace} to exit), so that it can
     * stop what it started in order (a JVM's shutdown hooks stopping its embedded database), then
     * its session as {@link #stop(Process, Duration)} does; waits for it.
     */
    public static Outcome stopRootFirst(Process process, Duration grace) {
        Objects.requireNonNull(process, "process is null");
        Set<Long> sessions = sessionsToStop(process.toHandle());
        int terminated = 0;
        if (process.isAlive()) {
            // through the handle: Process.destroy() also closes our ends of its pipes, and a
            // child that still writes while it stops would die of SIGPIPE instead
            process.toHandle().destroy();
            terminated = 1;
            awaitExit(List.of(process.toHandle()), grace);
        }
        Outcome rest = stop(process.toHandle(), sessions, grace);
        try {
            process.waitFor(grace.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new Outcome(Math.max(terminated, rest.terminated()), rest.killed());
    }

    /** Stops the process {@code root} and its session (see the class comment). */
    public static Outcome stop(ProcessHandle root, Duration grace) {
        Objects.requireNonNull(root, "root is null");
        return stop(root, sessionsToStop(root), grace);
    }

    private static Outcome stop(ProcessHandle root, Set<Long> sessions, Duration grace) {
        Objects.requireNonNull(grace, "grace is null");
        List<ProcessHandle> members = members(root, sessions);
        if (members.isEmpty()) {
            return new Outcome(0, 0);
        }
        members.forEach(ProcessHandle::destroy);
        boolean exited = awaitExit(members, grace);
        int killed = 0;
        if (!exited || !sessions.isEmpty()) {
            for (int round = 0; round < KILL_ROUNDS; round++) {
                List<ProcessHandle> left = members(root, sessions).stream().filter(ProcessHandle::isAlive).toList();
                if (left.isEmpty()) {
                    break;
                }
                left.forEach(ProcessHandle::destroyForcibly);
                killed += left.size();
                awaitExit(left, Duration.ofSeconds(5));
            }
        }
        return new Outcome(members.size(), killed);
    }

    /**
     * The live processes whose session id is {@code sessionId}, read from {@code /proc}
     * (empty where there is no {@code /proc}).
     */
    public static List<ProcessHandle> sessionMembers(long sessionId) {
        if (!Files.isDirectory(PROC)) {
            return List.of();
        }
        List<ProcessHandle> out = new ArrayList<>();
        try (Stream<Path> entries = Files.list(PROC)) {
            entries.map(p -> p.getFileName().toString())
                    .filter(name -> !name.isEmpty() && name.chars().allMatch(Character::isDigit))
                    .forEach(name -> {
                        long pid = Long.parseLong(name);
                        String[] stat = statFields(pid);
                        // a zombie has exited; its parent (or init) reaps it
                        if (stat != null && !"Z".equals(stat[0]) && Long.parseLong(stat[3]) == sessionId) {
                            ProcessHandle.of(pid).ifPresent(out::add);
                        }
                    });
        } catch (IOException e) {
            return List.of();
        }
        return out;
    }

    /**
     * The session id of process {@code pid} (field 6 of {@code /proc/PID/stat}), empty when the
     * process is gone or there is no {@code /proc}.
     */
    public static OptionalLong sessionOf(long pid) {
        String[] fields = statFields(pid);
        return fields == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(fields[3]));
    }

    /** The fields of {@code /proc/PID/stat} after the command name (state, ppid, pgrp, session, ...), or null. */
    private static String[] statFields(long pid) {
        try {
            String stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"));
            // "pid (comm) state ppid pgrp session ...": comm may hold spaces and parentheses
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return fields.length > 3 ? fields : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Sessions of the root and its descendants other than the JVM's own. */
    private static Set<Long> sessionsToStop(ProcessHandle root) {
        long own = sessionOf(ProcessHandle.current().pid()).orElse(-1);
        Set<Long> sessions = new LinkedHashSet<>();
        // a root started in its own session is its session's id, also after it exited (only
        // a process that calls setsid() gets a session id equal to its pid)
        if (root.pid() != own) {
            sessions.add(root.pid());
        }
        Stream.concat(Stream.of(root), root.descendants())
                .forEach(p -> sessionOf(p.pid()).ifPresent(sid -> {
                    if (sid != own && sid > 1) {
                        sessions.add(sid);
                    }
                }));
        return sessions;
    }

    /** The root, its descendants and every member of {@code sessions}, alive now. */
    private static List<ProcessHandle> members(ProcessHandle root, Set<Long> sessions) {
        Set<ProcessHandle> all = new LinkedHashSet<>();
        if (root.isAlive()) {
            all.add(root);
        }
        root.descendants().forEach(all::add);
        for (long sid : sessions) {
            all.addAll(sessionMembers(sid));
        }
        all.remove(ProcessHandle.current());
        return new ArrayList<>(all);
    }

    private static boolean awaitExit(List<ProcessHandle> processes, Duration timeout) {
        CompletableFuture<?>[] exits = processes.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(exits).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
