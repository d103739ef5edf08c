package org.gridstack.dqp.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.gridstack.dqp.demo.DemoStack;
import org.gridstack.dqp.entropy.EntropySettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Faults on a real demo stack: a client that disconnects cancels its query everywhere; a service
 * that dies mid-query fails the query with an error naming it, and nothing of the query keeps
 * running. The tests that stop services run last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TestQueryFailures {
    private static final String SCAN_1 = "select * from protein_goterm";
    private static DemoStack stack;
    private static DqpAnswers dqp;

    @BeforeAll
    static void start() throws Exception {
        stack = DemoStack.start(0, 2, 1, new EntropySettings("e", EntropySettings.Mode.NONE, Duration.ZERO, 1), Duration.ofSeconds(8));
        dqp = new DqpAnswers(stack.coordinator().baseUri());
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    private static void awaitNothingRunning() throws InterruptedException {
        for (int i = 0; i < 100 && (TestDistributedQueries.leftovers() > 0 || openSessions() > 0); i++) {
            Thread.sleep(100);
        }
        assertEquals(0, TestDistributedQueries.leftovers(), "engine threads: " + TestDistributedQueries.engineThreads());
        assertEquals(0, openSessions(), "open data service sessions");
        stack.evaluators().forEach(e -> assertEquals(0, e.runningFragments(), "fragments running on " + e.name()));
    }

    private static int openSessions() {
        return stack.dataServices().stream().mapToInt(s -> s.sessions().size()).sum();
    }

    @Test
    @Order(1)
    void clientDisconnectCancelsTheQuery() throws Exception {
        String body = DqpAnswers.JSON.writeValueAsString(Map.of("sql", SCAN_1, "blockSize", 1));
        try (Socket socket = new Socket("127.0.0.1", stack.coordinator().port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/v1/query HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] head = in.readNBytes(2_000);
            assertTrue(new String(head, StandardCharsets.UTF_8).startsWith("HTTP/1.1 200"), new String(head, StandardCharsets.UTF_8));
            assertTrue(openSessions() > 0 || TestDistributedQueries.leftovers() > 0, "the query is running");
        }
        // the server notices at its next write, closes the query, which abandons the data service session
        awaitNothingRunning();
        assertEquals(16_803, DqpAnswers.rows(dqp.query(SCAN_1, 100, "binary")).size(), "the coordinator still answers");
        assertEquals(0, stack.dataServices().get(0).activeConnections(), "host A's connections returned");
    }

    @Test
    @Order(2)
    void deadEntropyServiceIsNamed() throws Exception {
        String url = stack.entropyHttp().get(0).baseUri().toString();
        stack.entropyHttp().get(0).close();
        HttpResponse<String> r = dqp.post(Map.of("sql", "select orf, calculateEntropy(sequence) from protein_sequences"
                + " where orf like 'YCL0%'"), "application/json");
        assertEquals(502, r.statusCode(), r.body());
        assertTrue(r.body().contains("entropy service " + url), r.body());
        awaitNothingRunning();
    }

    @Test
    @Order(3)
    void dataServiceKilledMidQueryFailsItNamingTheService() throws Exception {
        String hostA = stack.dataServiceHttp().get(0).baseUri().toString();
        try (Socket socket = new Socket("127.0.0.1", stack.coordinator().port())) {
            ChunkedAnswer.post(socket, DqpAnswers.JSON.writeValueAsString(Map.of("sql", SCAN_1, "blockSize", 1)), "application/json");
            InputStream in = socket.getInputStream();
            byte[] head = in.readNBytes(1_000); // rows are flowing
            assertTrue(new String(head, StandardCharsets.UTF_8).startsWith("HTTP/1.1 200"));
            stack.dataServiceHttp().get(0).close();
            // the answer must end (not hang). Host A's 16,803 rows fit the buffers of the hops behind it, so it may
            // have sent them all before it stopped: then the answer is whole; otherwise the TABLE_SCAN fails at its
            // next read from the dead service and the answer is broken off (no last chunk) after an error naming it.
            // (A stream cut for certain is TestDataService.serviceStoppedMidStreamFailsTheScanNamingIt.)
            ChunkedAnswer answer = ChunkedAnswer.read(new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(head), in));
            JsonNode body = DqpAnswers.JSON.readTree(answer.body);
            if (body.has("error")) {
                assertTrue(body.get("error").asText().contains(hostA), "names the service: " + body.get("error"));
                assertTrue(!answer.complete, "an answer with an error is broken off");
            } else {
                assertTrue(answer.complete);
                assertEquals(16_803, DqpAnswers.rows(body).size(), "without an error, the whole answer");
            }
        }
        for (int i = 0; i < 100 && TestDistributedQueries.leftovers() > 0; i++) {
            Thread.sleep(100);
        }
        assertEquals(0, TestDistributedQueries.leftovers(), "engine threads: " + TestDistributedQueries.engineThreads());
        HttpResponse<String> next = dqp.post(Map.of("sql", SCAN_1), "application/json");
        assertEquals(502, next.statusCode(), next.body());
        assertTrue(next.body().contains(hostA), next.body());
    }

    @Test
    @Order(4)
    void evaluatorDeadMidQueryFailsItAtOnceNamingIt() throws Exception {
        // host B's scans run on the second evaluator; stopping it (server and fragments) breaks its EXCHANGE stream.
        // The 7,000 sequences (4.5 MB of JSON) are more than the hops' buffers hold, so while this client does not
        // read, the evaluator's fragment cannot finish (a smaller table may be sent whole before the evaluator stops).
        String evaluator = stack.evaluatorHttp().get(1).baseUri().toString();
        try (Socket socket = new Socket("127.0.0.1", stack.coordinator().port())) {
            ChunkedAnswer.post(socket, DqpAnswers.JSON.writeValueAsString(Map.of("sql", "select * from protein_sequences",
                    "blockSize", 1)), "application/json");
            InputStream in = socket.getInputStream();
            byte[] head = in.readNBytes(500);
            assertEquals(1, stack.evaluators().get(1).runningFragments(), "host B's scan is still running");
            stack.evaluatorHttp().get(1).close();
            stack.evaluators().get(1).close();
            ChunkedAnswer answer = ChunkedAnswer.read(new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(head), in));
            String error = DqpAnswers.JSON.readTree(answer.body).path("error").asText();
            // not the query timeout: the broken stream is noticed at once
            assertTrue(error.contains("broke off") && error.contains(evaluator) && !error.contains("queryTimeout"),
                    "names the evaluator: " + error);
            assertTrue(!answer.complete, "the partial answer is broken off");
        }
        for (int i = 0; i < 100 && TestDistributedQueries.leftovers() > 0; i++) {
            Thread.sleep(100);
        }
        assertEquals(0, TestDistributedQueries.leftovers(), "engine threads: " + TestDistributedQueries.engineThreads());
    }
}
