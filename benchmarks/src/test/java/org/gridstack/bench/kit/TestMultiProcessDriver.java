package org.gridstack.bench.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A level whose clients run in two agent JVMs against a real HTTP server: the server sees both
 * processes and every client, the merged result counts every client once with exact latencies and
 * a timeline; agents started by launchers of their own get arguments of their own (a testbed's
 * client hosts, each with its site's proxy); an agent that cannot open its clients fails the level
 * with its own message, and no agent outlives the call.
 */
class TestMultiProcessDriver {
    private HttpServer server;
    private final Set<String> pids = ConcurrentHashMap.newKeySet();
    private final Set<String> clients = ConcurrentHashMap.newKeySet();
    private final AtomicInteger served = new AtomicInteger();
    private final Set<String> pathsOfClients = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void startServer() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.createContext("/", exchange -> {
            pids.add(exchange.getRequestHeaders().getFirst("X-Agent-Pid"));
            clients.add(exchange.getRequestHeaders().getFirst("X-Client"));
            pathsOfClients.add(exchange.getRequestURI().getPath() + " " + exchange.getRequestHeaders().getFirst("X-Client"));
            served.incrementAndGet();
            byte[] body = "hello".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    @Test
    void clientsInTwoProcessesMergeIntoOneLevel() throws Exception {
        ClosedLoopDriver.Level level = new ClosedLoopDriver.Level(5, Duration.ofMillis(300), Duration.ofMillis(1500),
                Duration.ofMillis(2), ClosedLoopDriver.OnError.FAIL_RUN);
        LevelResult r = MultiProcessDriver.run(level, 2, MultiProcessDriver.AgentLauncher.local("-Xmx64m"), HttpGetClients.class,
                List.of(url()), ClosedLoopDriver.Window.NONE);

        assertEquals(2, pids.size(), "two agent processes sent queries: " + pids);
        assertTrue(!pids.contains(Long.toString(ProcessHandle.current().pid())), "no query from the controller's JVM");
        assertEquals(Set.of("0", "1", "2", "3", "4"), clients, "every client numbered once across the agents");
        assertEquals(5, r.clients());
        assertEquals(5, r.perClientQueries().length);
        assertTrue(Arrays.stream(r.perClientQueries()).allMatch(q -> q > 0), Arrays.toString(r.perClientQueries()));
        assertEquals(r.queries(), Arrays.stream(r.perClientQueries()).sum());
        assertEquals(r.queries(), r.latency().count(), "latencies merged from the agents' histograms");
        assertEquals(5 * r.queries(), r.wireBytes());
        assertTrue(r.queries() + r.warmupQueries() <= served.get(), "cannot count more than the server answered");
        assertTrue(Arrays.stream(r.timeline().endedPerSlice()).sum() >= r.queries(), "the timelines were added");
        assertEquals(5, r.perClientMeanMillis().length);
        assertEquals(r.latency().count(), LatencySummary.decode(r.latencyHistogram()).getTotalCount());
    }

    @Test
    void anAgentThatCannotOpenItsClientsFailsTheLevelAndNoAgentRemains() {
        ClosedLoopDriver.Level level = ClosedLoopDriver.Level.of(2, Duration.ofMillis(100), Duration.ofMillis(500));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> MultiProcessDriver.run(level, 2,
                MultiProcessDriver.AgentLauncher.local("-Xmx64m"), HttpGetClients.class, List.of(url(), "fail"), ClosedLoopDriver.Window.NONE));
        assertTrue(e.getMessage().contains("cannot open (as asked)"), e.getMessage());
        assertEquals(0, ProcessHandle.current().descendants().filter(p -> p.info().commandLine().orElse("").contains(LoadAgent.class.getName()))
                .count(), "an agent outlived the call");
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class, () -> MultiProcessDriver.run(level, 3,
                MultiProcessDriver.AgentLauncher.local(), HttpGetClients.class, List.of(url()), ClosedLoopDriver.Window.NONE));
        assertTrue(tooMany.getMessage().contains("between 1 and the level's 2 clients"), tooMany.getMessage());
    }

    @Test
    void eachAgentGetsItsOwnLauncherAndArguments() throws Exception {
        ClosedLoopDriver.Level level = ClosedLoopDriver.Level.of(3, Duration.ofMillis(200), Duration.ofMillis(600));
        // the second agent through a command prefix, as a testbed's exec starts one on another host
        List<String> prefixed = new java.util.ArrayList<>(List.of("env", "AGENT_HOST=second"));
        prefixed.addAll(MultiProcessDriver.AgentLauncher.local("-Xmx64m").command());
        LevelResult r = MultiProcessDriver.run(level, List.of(MultiProcessDriver.AgentLauncher.local("-Xmx64m"),
                new MultiProcessDriver.AgentLauncher(prefixed)), HttpGetClients.class, List.of(List.of(url() + "a"), List.of(url() + "b")),
                ClosedLoopDriver.Window.NONE);
        assertEquals(3, r.clients());
        assertEquals(2, pids.size(), "two agents: " + pids);
        assertEquals(Set.of("/a 0", "/a 1", "/b 2"), pathsOfClients, "agent 0 has clients 0 and 1 with its own URL, agent 1 client 2 with its own");
        IllegalArgumentException mismatch = assertThrows(IllegalArgumentException.class, () -> MultiProcessDriver.run(level,
                List.of(MultiProcessDriver.AgentLauncher.local()), HttpGetClients.class, List.of(List.of(url()), List.of(url())),
                ClosedLoopDriver.Window.NONE));
        assertTrue(mismatch.getMessage().contains("1 agents but 2 lists"), mismatch.getMessage());
    }
}
