package org.gridstack.hawkeye.trigger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.web.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Triggers: fired when an ad starts to match, rate-limited, retried, killed when hanging. */
class TestTriggerEngine {
    @TempDir
    Path dir;

    private final TriggerEngine engine = new TriggerEngine(Clock.systemUTC(), 2, 16, Duration.ofMillis(100));

    @AfterEach
    void stop() {
        engine.close();
    }

    private Path script(String name, String body) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    private static ClassAd load(double l) {
        return ClassAd.builder().put("Name", "node1").put("LoadAvg", l).build();
    }

    private TriggerStatus status(String name) {
        return engine.statuses().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aCommandGetsTheMatchingAdOnStdinWhenTheAdStartsToMatch() throws Exception {
        Path out = dir.resolve("fired");
        Path exe = script("record", "cat >> " + out + "\necho '--' >> " + out);
        engine.register(Trigger.of("overload", "LoadAvg > 2", new TriggerAction.Command(List.of(exe.toString()),
                Duration.ofSeconds(10)), Duration.ZERO, 0));
        engine.adUpdated("node1", load(0.5));
        engine.adUpdated("node1", load(3.0)); // starts to match: fires
        engine.adUpdated("node1", load(4.0)); // still matches: no new firing
        await().atMost(Duration.ofSeconds(20)).until(() -> status("overload").succeeded() == 1);
        engine.adUpdated("node1", load(0.1));
        engine.adUpdated("node1", load(5.0)); // matches again: fires again
        await().atMost(Duration.ofSeconds(20)).until(() -> status("overload").succeeded() == 2);
        String written = Files.readString(out);
        assertTrue(written.contains("LoadAvg = 3.0") && written.contains("Name = \"node1\""), written);
        assertTrue(written.contains("LoadAvg = 5.0"), written);
        assertEquals(2, status("overload").fired());
    }

    @Test
    void firingsWithinTheMinimumIntervalAreSuppressed() throws Exception {
        Path exe = script("ok", "cat > /dev/null");
        engine.register(Trigger.of("busy", "LoadAvg > 2", new TriggerAction.Command(List.of(exe.toString()),
                Duration.ofSeconds(10)), Duration.ofHours(1), 0));
        for (int i = 0; i < 5; i++) {
            engine.adUpdated("node" + i, load(3.0));
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> status("busy").succeeded() == 1);
        assertEquals(1, status("busy").fired());
        assertEquals(4, status("busy").rateLimited());
    }

    @Test
    void aFailingActionIsReportedAndRetried() throws Exception {
        Path exe = script("fail", "cat > /dev/null\nexit 3");
        engine.register(Trigger.of("broken", "LoadAvg > 2", new TriggerAction.Command(List.of(exe.toString()),
                Duration.ofSeconds(10)), Duration.ZERO, 2));
        engine.adUpdated("node1", load(3.0));
        await().atMost(Duration.ofSeconds(20)).until(() -> status("broken").failed() == 3);
        assertTrue(status("broken").lastError().contains("status 3"), status("broken").lastError());
        assertTrue(status("broken").lastError().contains("attempt 3"), status("broken").lastError());
    }

    @Test
    void aHangingActionIsKilledAndDoesNotBlockTheCaller() throws Exception {
        Path exe = script("hang", "sleep 300");
        engine.register(Trigger.of("stuck", "LoadAvg > 2", new TriggerAction.Command(List.of(exe.toString()),
                Duration.ofMillis(500)), Duration.ZERO, 0));
        engine.adUpdated("node1", load(3.0)); // returns at once, the action runs elsewhere
        await().atMost(Duration.ofSeconds(20)).until(() -> status("stuck").failed() == 1);
        assertTrue(status("stuck").lastError().contains("time limit"), status("stuck").lastError());
    }

    @Test
    void aWebhookGetsTheAdAsJson() throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        HttpServlet hook = new HttpServlet() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
                bodies.add(new String(req.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
                resp.setStatus(204);
            }
        };
        try (HttpServer server = HttpServer.start("127.0.0.1", 0, 4, hook)) {
            engine.register(Trigger.of("hook", "LoadAvg > 2", new TriggerAction.Webhook(
                    java.net.URI.create(server.url() + "alerts"), Duration.ofSeconds(5)), Duration.ZERO, 0));
            engine.adUpdated("node1", load(3.5));
            await().atMost(Duration.ofSeconds(20)).until(() -> bodies.size() == 1);
            assertEquals("{\"trigger\":\"hook\",\"host\":\"node1\",\"ad\":{\"Name\":\"node1\",\"LoadAvg\":3.5}}", bodies.get(0));
        }
    }

    @Test
    void aWebhookAnsweringAnErrorIsRetriedAndReported() throws Exception {
        List<String> calls = new CopyOnWriteArrayList<>();
        HttpServlet failing = new HttpServlet() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void doPost(HttpServletRequest req, HttpServletResponse resp) {
                calls.add("call");
                resp.setStatus(calls.size() < 2 ? 503 : 200);
            }
        };
        try (HttpServer server = HttpServer.start("127.0.0.1", 0, 4, failing)) {
            engine.register(Trigger.of("flaky-hook", "LoadAvg > 2", new TriggerAction.Webhook(
                    java.net.URI.create(server.url()), Duration.ofSeconds(5)), Duration.ZERO, 3));
            engine.adUpdated("node1", load(3.5));
            await().atMost(Duration.ofSeconds(20)).until(() -> status("flaky-hook").succeeded() == 1);
            assertEquals(1, status("flaky-hook").failed());
            assertTrue(status("flaky-hook").lastError().contains("HTTP 503"), status("flaky-hook").lastError());
            assertEquals(2, calls.size());
        }
    }
}
