package org.gridstack.bench.kit;

import static java.util.Objects.requireNonNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gridstack.service.process.ProcessGroupStopper;
import java.util.Collections;
import java.util.concurrent.ExecutionException;

/**
 * The controller of a level whose clients run in several processes (DiPerF's testers on many
 * nodes; here child JVMs, or any command that starts a JVM elsewhere, e.g. {@code ssh host java
 * -cp ...} or {@code docker exec}): splits the clients over {@link LoadAgent}s, waits until every
 * agent has its clients open, starts them all at one wall-clock time, calls the window at the edges
 * of the measured interval, collects each agent's {@link LevelResult} and merges them exactly
 * ({@link LevelResult#merge}). When one agent fails, the others are stopped and the failure is
 * thrown with the agent's last output lines. Agents never outlive a call. Stateless.
 */
public final class MultiProcessDriver {
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration RESULT_GRACE = Duration.ofMinutes(3);
    private static final long START_DELAY_MILLIS = 500;

    private MultiProcessDriver() {
    }

    /** How an agent JVM is started: a command prefix, to which the agent's main class and options are added. */
    public record AgentLauncher(List<String> command) {
        public AgentLauncher {
            command = List.copyOf(requireNonNull(command, "command is null"));
            if (command.isEmpty()) {
                throw new IllegalArgumentException("the agent command is empty");
            }
        }

        /** A JVM on this machine with this JVM's class path (and so the caller's client factories). */
        public static AgentLauncher local(String... jvmArgs) {
            List<String> c = new ArrayList<>();
            c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            c.addAll(List.of(jvmArgs));
            c.add("-cp");
            c.add(System.getProperty("java.class.path"));
            return new AgentLauncher(c);
        }
    }

    /**
     * Drives {@code level} with its clients split as evenly as possible over {@code processes}
     * agents started by {@code launcher}, each creating its clients with {@code factory}, a public
     * {@link ClosedLoopDriver.ClientFactory} class with a constructor taking {@code factoryArgs}.
     */
    public static LevelResult run(ClosedLoopDriver.Level level, int processes, AgentLauncher launcher,
            Class<? extends ClosedLoopDriver.ClientFactory> factory, List<String> factoryArgs, ClosedLoopDriver.Window window)
            throws Exception {
        requireNonNull(level, "level is null");
        requireNonNull(launcher, "launcher is null");
        requireNonNull(factory, "factory is null");
        requireNonNull(factoryArgs, "factoryArgs is null");
        requireNonNull(window, "window is null");
        if (processes < 1 || processes > level.clients()) {
            throw new IllegalArgumentException("processes must be between 1 and the level's " + level.clients() + " clients, got " + processes);
        }
        return run(level, Collections.nCopies(processes, launcher), factory, Collections.nCopies(processes, factoryArgs), window);
    }

    /**
     * Drives {@code level} with one agent per launcher (e.g. one per client host of a testbed),
     * agent k started by {@code launchers.get(k)} with factory arguments {@code factoryArgs.get(k)}
     * (e.g. the proxy of its own site), the clients split as evenly as possible over them.
     */
    public static LevelResult run(ClosedLoopDriver.Level level, List<AgentLauncher> launchers,
            Class<? extends ClosedLoopDriver.ClientFactory> factory, List<List<String>> factoryArgs, ClosedLoopDriver.Window window)
            throws Exception {
        requireNonNull(level, "level is null");
        requireNonNull(launchers, "launchers is null");
        requireNonNull(factory, "factory is null");
        requireNonNull(factoryArgs, "factoryArgs is null");
        requireNonNull(window, "window is null");
        int processes = launchers.size();
        if (processes < 1 || processes > level.clients()) {
            throw new IllegalArgumentException("agents must be between 1 and the level's " + level.clients() + " clients, got " + processes);
        }
        if (factoryArgs.size() != processes) {
            throw new IllegalArgumentException(processes + " agents but " + factoryArgs.size() + " lists of factory arguments");
        }
        List<Agent> agents = new ArrayList<>();
        try {
            int first = 0;
            for (int k = 0; k < processes; k++) {
                int share = level.clients() / processes + (k < level.clients() % processes ? 1 : 0);
                agents.add(Agent.start(launchers.get(k), k, agentArgs(level, factory, factoryArgs.get(k), share, first)));
                first += share;
            }
            for (Agent a : agents) {
                a.awaitReady();
            }
            long startAt = System.currentTimeMillis() + START_DELAY_MILLIS;
            for (Agent a : agents) {
                a.go(startAt);
            }
            long measureFrom = startAt + level.warmup().toMillis();
            sleepUntil(measureFrom, agents);
            window.measureStarted();
            sleepUntil(measureFrom + level.measure().toMillis(), agents);
            window.measureEnded();
            List<LevelResult> shares = new ArrayList<>();
            for (Agent a : agents) {
                shares.add(a.awaitResult());
            }
            return LevelResult.merge(shares);
        } finally {
            agents.forEach(Agent::stop);
        }
    }

    private static List<String> agentArgs(ClosedLoopDriver.Level level, Class<?> factory, List<String> factoryArgs, int clients, int first) {
        List<String> a = new ArrayList<>(List.of(LoadAgent.class.getName(), "--factory=" + factory.getName(), "--clients=" + clients,
                "--first-client=" + first, "--warmup-millis=" + level.warmup().toMillis(), "--measure-millis=" + level.measure().toMillis(),
                "--think-millis=" + level.thinkTime().toMillis(), "--on-error=" + level.onError()));
        factoryArgs.forEach(x -> a.add("--factory-arg=" + x));
        return a;
    }

    /** Sleeps until the wall-clock time, failing early when an agent has failed. */
    private static void sleepUntil(long epochMillis, List<Agent> agents) throws Exception {
        long left;
        while ((left = epochMillis - System.currentTimeMillis()) > 0) {
            for (Agent a : agents) {
                a.checkAlive();
            }
            Thread.sleep(Math.min(left, 100));
        }
    }

    /** One agent process and what it said. */
    private static final class Agent {
        private final int number;
        private final Process process;
        private final CompletableFuture<Void> ready = new CompletableFuture<>();
        private final CompletableFuture<LevelResult> result = new CompletableFuture<>();
        private final Deque<String> tail = new ArrayDeque<>();

        private Agent(int number, Process process) {
            this.number = number;
            this.process = process;
        }

        static Agent start(AgentLauncher launcher, int number, List<String> args) throws IOException {
            List<String> command = new ArrayList<>(launcher.command());
            command.addAll(args);
            Agent a = new Agent(number, ProcessGroupStopper.inOwnSession(new ProcessBuilder(command))
                    .redirectErrorStream(true).start());
            Thread reader = new Thread(a::read, "load agent " + number);
            reader.setDaemon(true);
            reader.start();
            return a;
        }

        private void read() {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null;) {
                    if (line.equals(LoadAgent.PREFIX + "ready")) {
                        ready.complete(null);
                    } else if (line.startsWith(LoadAgent.PREFIX + "result ")) {
                        result.complete(LoadAgent.JSON.readValue(line.substring((LoadAgent.PREFIX + "result ").length()), LevelResult.class));
                    } else {
                        remember(line.startsWith(LoadAgent.PREFIX + "failed ") ? line.substring(LoadAgent.PREFIX.length()) : line);
                    }
                }
            } catch (IOException | RuntimeException e) {
                remember("output unreadable: " + e);
            }
            IllegalStateException ended = failure("ended without a result");
            ready.completeExceptionally(ended);
            result.completeExceptionally(ended);
        }

        private synchronized void remember(String line) {
            tail.addLast(line);
            while (tail.size() > 20) {
                tail.removeFirst();
            }
        }

        private synchronized IllegalStateException failure(String what) {
            return new IllegalStateException("load agent " + number + " " + what + "; its last output: " + String.join(" | ", tail));
        }

        void awaitReady() throws Exception {
            await(ready, READY_TIMEOUT, "was not ready in time");
        }

        void go(long startAtEpochMillis) throws IOException {
            OutputStream in = process.getOutputStream();
            in.write(("go " + startAtEpochMillis + "\n").getBytes(StandardCharsets.US_ASCII));
            in.flush();
        }

        void checkAlive() {
            if (!process.isAlive() && !result.isDone()) {
                throw failure("exited with " + process.exitValue());
            }
        }

        LevelResult awaitResult() throws Exception {
            return await(result, RESULT_GRACE, "gave no result in time");
        }

        private <T> T await(CompletableFuture<T> f, Duration timeout, String what) throws Exception {
            try {
                return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                throw failure(what);
            } catch (ExecutionException e) {
                throw (Exception) e.getCause();
            }
        }

        void stop() {
            ProcessGroupStopper.stop(process, Duration.ofSeconds(10));
        }
    }
}
