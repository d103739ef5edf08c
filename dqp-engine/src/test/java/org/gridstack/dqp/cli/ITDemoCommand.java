package org.gridstack.dqp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;

/**
 * The packaged jar's {@code demo} command, run as its own JVM exactly as the README says, answers
 * the seed's Join across its two databases through the evaluators. Runs in the integration-test
 * phase (after packaging); the child JVM and everything it started are stopped also on failure.
 */
class ITDemoCommand {
    private static final Pattern READY = Pattern.compile("DQP demo ready: coordinator (http://\\S+)");

    @Test
    void demoAnswersTheSeedsJoinFromTheCommandLine() throws Exception {
        Path jar = Path.of(System.getProperty("dqp.jar", "target/dqp-engine.jar"));
        assertTrue(Files.isRegularFile(jar), "no packaged jar at " + jar.toAbsolutePath());
        Path log = Files.createTempFile("dqp-demo-", ".log");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process demo = new ProcessBuilder(List.of(java, "-jar", jar.toString(), "demo", "--port", "0", "--entropy-mode", "NONE"))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            URI coordinator = awaitReady(demo, log);
            HttpClient http = HttpClient.newHttpClient();
            String sql = "select i.ORF2 from protein_goterm p, protein_interaction i where p.ORF = i.ORF";
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(coordinator.resolve("/api/v1/query"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"sql\": \"" + sql + "\", \"blockSize\": 100, \"codec\": \"binary\"}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode(), answer.body());
            JsonNode body = new ObjectMapper().readTree(answer.body());
            // the deterministic demo data; TestDistributedQueries checks the same answer against PostgreSQL
            assertEquals(5_888, body.get("rows").size());
            assertTrue(body.get("profile").get("blockTransferMs").asDouble() > 0, "blocks crossed EXCHANGEs: " + body.get("profile"));
            HttpResponse<String> plan = http.send(HttpRequest.newBuilder(coordinator.resolve("/api/v1/plan?sql="
                    + URLEncoder.encode(sql, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
            assertTrue(plan.body().contains("EXCHANGE(from evaluator"), plan.body());
            // one process, one log: each line names the service that wrote it
            String text = Files.readString(log);
            for (String label : List.of("[coordinator]", "[data-service-host-a]", "[data-service-host-b]", "[evaluator-evaluator-1]")) {
                assertTrue(text.contains(label), "log lines labelled " + label + ":\n" + tail(text));
            }
        } finally {
            stop(demo);
        }
    }

    private static URI awaitReady(Process demo, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (System.nanoTime() < deadline) {
            String text = Files.readString(log);
            Matcher m = READY.matcher(text);
            if (m.find()) {
                return URI.create(m.group(1));
            }
            if (!demo.isAlive()) {
                fail("the demo exited with " + demo.exitValue() + ":\n" + tail(text));
            }
            Thread.sleep(200);
        }
        fail("the demo was not ready within 180 s:\n" + tail(Files.readString(log)));
        return null;
    }

    private static String tail(String text) {
        return text.length() > 4_000 ? text.substring(text.length() - 4_000) : text;
    }

    // SIGTERM first: the demo's shutdown hook stops its embedded PostgreSQL servers and deletes their data
    private static void stop(Process demo) throws InterruptedException {
        List<ProcessHandle> children = demo.descendants().toList();
        demo.destroy();
        if (!demo.waitFor(60, TimeUnit.SECONDS)) {
            demo.destroyForcibly();
        }
        children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
