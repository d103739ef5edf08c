package org.gridstack.dqp.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gridstack.dqp.demo.DemoStack;
import org.gridstack.dqp.entropy.EntropySettings;
import org.gridstack.dqp.web.RunningService;
import org.gridstack.service.process.ProcessGroupStopper;
import org.junit.jupiter.api.Test;

/**
 * The packaged jar's standalone {@code coordinator} on a small heap ({@code -Xmx160m}) over a demo
 * stack's data services: four clients at once send the cross join that once ran a coordinator to
 * 6.5 GB and OutOfMemoryError, and read what comes. Each ends in a refusal naming the memory limit,
 * a 504, or an answer broken off naming the timeout or the memory limit; the process stays up and
 * answers the next query. Runs in the integration-test phase (after packaging); the child JVM is
 * stopped also on failure.
 */
class ITSmallHeapCoordinator {
    private static final Pattern READY = Pattern.compile("coordinator ready at (http://\\S+)");
    private static final String CROSS_JOIN = "select * from protein_goterm a, protein_goterm b, protein_interaction c";

    @Test
    void theCrossJoinOnASmallHeapEndsNamingALimitAndTheCoordinatorStaysUp() throws Exception {
        Path jar = Path.of(System.getProperty("dqp.jar", "target/dqp-engine.jar"));
        assertTrue(Files.isRegularFile(jar), "no packaged jar at " + jar.toAbsolutePath());
        try (DemoStack stack = DemoStack.start(0, 0, 0, new EntropySettings("e", EntropySettings.Mode.NONE, Duration.ZERO, 1),
                Duration.ofSeconds(30))) {
            String services = String.join(",", stack.dataServiceHttp().stream().map(RunningService::baseUri).map(URI::toString).toList());
            Path log = Files.createTempFile("dqp-coordinator-", ".log");
            String java = ProcessHandle.current().info().command().orElse("java");
            Process coordinator = ProcessGroupStopper.inOwnSession(new ProcessBuilder(List.of(java, "-Xmx160m",
                    "-XX:+ExitOnOutOfMemoryError", "-jar", jar.toString(), "coordinator", "--port", "0", "--data-service", services,
                    "--query-timeout-s", "5", "--max-query-memory-mb", "16")))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            ExecutorService clients = Executors.newFixedThreadPool(4);
            try {
                URI base = awaitReady(coordinator, log);
                List<Future<String>> outcomes = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    outcomes.add(clients.submit(() -> crossJoin(base)));
                }
                for (Future<String> outcome : outcomes) {
                    String how = outcome.get(120, TimeUnit.SECONDS);
                    assertTrue(how.contains("maxQueryMemory") || how.contains("queryTimeout"), how);
                }
                assertTrue(coordinator.isAlive(), "the coordinator died:\n" + Files.readString(log));
                try (Socket socket = new Socket(base.getHost(), base.getPort())) {
                    ChunkedAnswer.post(socket, DqpAnswers.JSON.writeValueAsString(Map.of("sql", "select count(*) from goterms")),
                            "application/json");
                    ChunkedAnswer answer = ChunkedAnswer.read(socket.getInputStream());
                    assertTrue(answer.head.startsWith("HTTP/1.1 200") && answer.complete, answer.head + answer.body);
                }
                assertFalse(Files.readString(log).contains("OutOfMemoryError"), "no OutOfMemoryError");
            } finally {
                clients.shutdownNow();
                ProcessGroupStopper.stop(coordinator, Duration.ofSeconds(30));
            }
        }
    }

    // reads the whole answer as it comes (keeping only its tail) and says how it ended
    private static String crossJoin(URI base) throws Exception {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            ChunkedAnswer.post(socket, DqpAnswers.JSON.writeValueAsString(Map.of("sql", CROSS_JOIN)), "application/json");
            ChunkedAnswer answer = ChunkedAnswer.read(socket.getInputStream(), 8_192);
            String status = answer.head.substring(0, Math.min(12, answer.head.length()));
            if (status.startsWith("HTTP/1.1 200")) {
                assertFalse(answer.complete, "an endless cross join cannot end whole");
                return "broken 200: " + answer.body.substring(Math.max(0, answer.body.length() - 2_000));
            }
            assertTrue(status.startsWith("HTTP/1.1 400") || status.startsWith("HTTP/1.1 504"), answer.head + answer.body);
            return status + answer.body;
        }
    }

    private static URI awaitReady(Process process, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            Matcher m = READY.matcher(Files.readString(log));
            if (m.find()) {
                return URI.create(m.group(1));
            }
            if (!process.isAlive()) {
                fail("the coordinator exited with " + process.exitValue() + ":\n" + Files.readString(log));
            }
            Thread.sleep(200);
        }
        fail("the coordinator was not ready within 120 s:\n" + Files.readString(log));
        return null;
    }
}
