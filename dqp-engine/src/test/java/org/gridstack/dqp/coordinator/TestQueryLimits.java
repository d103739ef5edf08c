package org.gridstack.dqp.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.awaitility.Awaitility;
import org.gridstack.dqp.demo.DemoStack;
import org.gridstack.dqp.entropy.EntropySettings;
import org.gridstack.dqp.web.RunningService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What an anonymous client cannot do to the coordinator, over real HTTP on a demo stack: hold more
 * memory than the query budget (the issue's cross join), hold the query slots by not reading, hold
 * more than its address's share, get a partial answer that looks whole, or crash it with a malformed
 * request. Also the query id in every answer and {@code DELETE /api/v1/query/{id}}.
 */
class TestQueryLimits {
    private static final String CROSS_JOIN = "select * from protein_goterm a, protein_goterm b, protein_interaction c";
    private static final String ENDLESS = "select * from protein_goterm a, protein_goterm b";
    private static DemoStack stack;
    private static final List<RunningService> coordinators = new ArrayList<>();
    private static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        stack = DemoStack.start(0, 2, 0, new EntropySettings("e", EntropySettings.Mode.NONE, Duration.ZERO, 1), Duration.ofSeconds(60));
    }

    @AfterAll
    static void stop() {
        coordinators.forEach(RunningService::close);
        if (stack != null) {
            stack.close();
        }
    }

    /** A second coordinator over the stack's data services and evaluators, with other limits. */
    private static RunningService coordinator(int maxConcurrent, long maxQueryMemory, Duration sendTimeout, double addressShare)
            throws Exception {
        CoordinatorSettings settings = CoordinatorSettings.defaults(stack.dataServiceHttp().stream().map(RunningService::baseUri).toList(),
                List.of(), stack.evaluatorHttp().stream().map(RunningService::baseUri).toList())
                .withLimits(maxConcurrent, maxQueryMemory, sendTimeout, addressShare, 64 * 1024);
        RunningService c = CoordinatorApplication.start(QueryEngine.start(settings), 0);
        coordinators.add(c);
        return c;
    }

    private static HttpResponse<String> post(URI coordinator, String contentType, byte[] body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(coordinator.resolve("/api/v1/query")).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> query(URI coordinator, String sql) throws Exception {
        return post(coordinator, "application/json", DqpAnswers.JSON.writeValueAsBytes(Map.of("sql", sql)));
    }

    private static String error(HttpResponse<String> r) throws IOException {
        JsonNode body = DqpAnswers.JSON.readTree(r.body());
        assertTrue(body.has("error"), "the engine's error shape: " + r.body());
        return body.get("error").asText();
    }

    private static int running(RunningService coordinator) {
        return coordinator.context().getBean(CoordinatorController.class).runningQueries();
    }

    @Test
    void theCrossJoinOnASmallBudgetIsRefusedNamingTheLimitAndTheCoordinatorGoesOn() throws Exception {
        RunningService small = coordinator(8, 1024 * 1024, Duration.ofSeconds(10), 0.5);
        HttpResponse<String> r = query(small.baseUri(), CROSS_JOIN);
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(error(r).contains("maxQueryMemory") && error(r).contains("1 MiB"), r.body());
        assertEquals(200, query(small.baseUri(), "select count(*) from protein_goterm").statusCode(), "still answers");
        Awaitility.await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertEquals(0, TestDistributedQueries.leftovers(), "engine threads"));
    }

    @Test
    void everyAnswerCarriesItsQueryId() throws Exception {
        URI c = stack.coordinator().baseUri();
        HttpResponse<String> ok = query(c, "select count(*) from goterms");
        assertEquals(200, ok.statusCode(), ok.body());
        String id = ok.headers().firstValue(CoordinatorController.QUERY_ID_HEADER).orElseThrow();
        assertEquals(id, DqpAnswers.JSON.readTree(ok.body()).get("queryId").asText());
        HttpResponse<String> bad = query(c, "select nope from goterms");
        assertEquals(400, bad.statusCode());
        assertEquals(bad.headers().firstValue(CoordinatorController.QUERY_ID_HEADER).orElseThrow(),
                DqpAnswers.JSON.readTree(bad.body()).get("queryId").asText());
        assertFalse(id.equals(bad.headers().firstValue(CoordinatorController.QUERY_ID_HEADER).orElseThrow()));
    }

    @Test
    void explainAnswersThePlanAsRows() throws Exception {
        HttpResponse<String> r = query(stack.coordinator().baseUri(), "EXPLAIN select i.ORF2 from protein_goterm p, protein_interaction i"
                + " where p.ORF = i.ORF");
        assertEquals(200, r.statusCode(), r.body());
        JsonNode body = DqpAnswers.JSON.readTree(r.body());
        assertEquals("plan", body.get("columns").get(0).get("name").asText());
        assertTrue(body.get("rows").toString().contains("HASH_JOIN") && body.get("rows").toString().contains("EXCHANGE"), r.body());
        assertEquals(0, running(stack.coordinator()), "EXPLAIN runs nothing");
    }

    @Test
    void theCommandLineClientPrintsATable() {
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        picocli.CommandLine cli = new picocli.CommandLine(new org.gridstack.dqp.cli.DqpCommand());
        cli.setOut(new java.io.PrintWriter(out));
        cli.setErr(new java.io.PrintWriter(err));
        int code = cli.execute("query", "--coordinator", stack.coordinator().baseUri().toString(),
                "select orf, count(*) as n from protein_goterm where orf like 'YAL00%' group by orf order by orf");
        assertEquals(0, code, err.toString());
        String[] lines = out.toString().split("\\R");
        assertEquals("orf", lines[0].split("\\|")[0].strip(), out.toString());
        assertTrue(lines[1].matches("-+\\+-+"), out.toString());
        assertTrue(lines[lines.length - 1].matches("\\(\\d+ rows?\\)"), out.toString());
        assertTrue(err.toString().contains("query id "), err.toString());
        int bad = cli.execute("query", "--coordinator", stack.coordinator().baseUri().toString(), "select nope from goterms");
        assertEquals(1, bad);
        assertTrue(err.toString().contains("HTTP 400") && err.toString().contains("nope"), err.toString());
    }

    @Test
    void explainAnalyzeRunsTheQueryAndCountsEachOperator() throws Exception {
        HttpResponse<String> r = query(stack.coordinator().baseUri(), "explain analyze select i.ORF2 from protein_goterm p,"
                + " protein_interaction i where p.ORF = i.ORF");
        assertEquals(200, r.statusCode(), r.body());
        List<String> lines = new ArrayList<>();
        DqpAnswers.JSON.readTree(r.body()).get("rows").forEach(row -> lines.add(row.get(0).asText()));
        // the root returned the join's 5,888 rows (TestDistributedQueries checks them against PostgreSQL)
        assertTrue(lines.get(0).contains("rows=5888 blocks="), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains("HASH_JOIN") && l.contains("rows=5888") && l.contains("bytes=")
                && l.contains("time=")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("exchangeBlocks: ")), String.join("\n", lines));
    }

    @Test
    void malformedRequestsGetTheEnginesOwnMessages() throws Exception {
        URI c = stack.coordinator().baseUri();
        Map<String, byte[]> bodies = new java.util.LinkedHashMap<>();
        bodies.put("not JSON", "select 1".getBytes(StandardCharsets.UTF_8));
        bodies.put("is a JSON array", "[\"select 1\"]".getBytes(StandardCharsets.UTF_8));
        bodies.put("not valid UTF-8", new byte[] {'{', '"', 's', 'q', 'l', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'});
        bodies.put("\"blockSize\" must be a whole number", "{\"sql\": \"select 1\", \"blockSize\": \"abc\"}".getBytes(StandardCharsets.UTF_8));
        bodies.put("far outside its range", "{\"sql\": \"select 1\", \"blockSize\": 123456789012345678901234567890}"
                .getBytes(StandardCharsets.UTF_8));
        bodies.put("must be a whole number, is 1E+400", "{\"sql\": \"select 1\", \"blockSize\": 1e400}".getBytes(StandardCharsets.UTF_8));
        bodies.put("unknown field \"sq\"", "{\"sq\": \"select 1\"}".getBytes(StandardCharsets.UTF_8));
        bodies.put("the request body is empty", new byte[0]);
        bodies.put("nests parentheses 20000 deep", DqpAnswers.JSON.writeValueAsBytes(Map.of("sql",
                "select " + "(".repeat(20_000) + "1" + ")".repeat(20_000))));
        for (Map.Entry<String, byte[]> e : bodies.entrySet()) {
            HttpResponse<String> r = post(c, "application/json", e.getValue());
            assertEquals(400, r.statusCode(), e.getKey() + ": " + r.body());
            assertTrue(error(r).contains(e.getKey()), e.getKey() + ": " + r.body());
        }
        HttpResponse<String> text = post(c, "text/plain", "{\"sql\": \"select 1\"}".getBytes(StandardCharsets.UTF_8));
        assertEquals(415, text.statusCode(), text.body());
        assertTrue(error(text).contains("application/json"), text.body());
        assertEquals(200, query(c, "select count(*) from goterms").statusCode(), "the coordinator still answers");
    }

    @Test
    void requestBodiesAreBounded() throws Exception {
        RunningService c = coordinator(8, 64L * 1024 * 1024, Duration.ofSeconds(10), 0.5); // 64 KiB bodies
        byte[] big = DqpAnswers.JSON.writeValueAsBytes(Map.of("sql", "select 1 " + " ".repeat(100_000)));
        HttpResponse<String> declared = post(c.baseUri(), "application/json", big);
        assertEquals(413, declared.statusCode(), declared.body());
        assertTrue(error(declared).contains("65536 bytes"), declared.body());
        // chunked, without a length: refused while it is read
        HttpResponse<String> chunked = http.send(HttpRequest.newBuilder(c.baseUri().resolve("/api/v1/query"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(big))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(413, chunked.statusCode(), chunked.body());
        assertTrue(error(chunked).contains("65536 bytes"), chunked.body());
    }

    @Test
    void aCancelledQueryStopsEverywhereAndItsPartialAnswerIsBroken() throws Exception {
        URI c = stack.coordinator().baseUri();
        HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(c.resolve("/api/v1/query"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(DqpAnswers.JSON.writeValueAsString(Map.of("sql", ENDLESS, "blockSize", 10))))
                .build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        String id = r.headers().firstValue(CoordinatorController.QUERY_ID_HEADER).orElseThrow();
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        try (InputStream in = r.body()) {
            seen.write(in.readNBytes(10_000));
            HttpResponse<String> cancel = http.send(HttpRequest.newBuilder(c.resolve("/api/v1/query/" + id)).DELETE().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(202, cancel.statusCode(), cancel.body());
            // the answer ends broken: no last chunk, so the client's read fails instead of seeing a whole answer
            assertThrows(IOException.class, () -> in.transferTo(seen));
        }
        Awaitility.await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertEquals(0, TestDistributedQueries.leftovers(), "engine threads: " + TestDistributedQueries.engineThreads());
            stack.evaluators().forEach(e -> assertEquals(0, e.runningFragments(), "fragments running on " + e.name()));
        });
        HttpResponse<String> again = http.send(HttpRequest.newBuilder(c.resolve("/api/v1/query/" + id)).DELETE().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(404, again.statusCode(), again.body());
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"application/json", "text/csv"})
    void aBrokenAnswerHasNoLastChunk(String accept) throws Exception {
        URI c = stack.coordinator().baseUri();
        String body = DqpAnswers.JSON.writeValueAsString(Map.of("sql", ENDLESS, "blockSize", 10));
        try (Socket socket = new Socket("127.0.0.1", c.getPort())) {
            send(socket, body, accept);
            InputStream in = socket.getInputStream();
            String head = new String(in.readNBytes(2_000), StandardCharsets.ISO_8859_1);
            assertTrue(head.startsWith("HTTP/1.1 200") && head.contains("chunked"), head);
            String id = head.replaceAll("(?s).*X-Dqp-Query-Id: (\\S+).*", "$1");
            assertEquals(202, http.send(HttpRequest.newBuilder(c.resolve("/api/v1/query/" + id)).DELETE().build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode());
            byte[] rest = in.readAllBytes(); // to the connection's end
            String tail = new String(rest, Math.max(0, rest.length - 7), Math.min(7, rest.length), StandardCharsets.ISO_8859_1);
            assertFalse(tail.endsWith("\r\n0\r\n\r\n"), "the chunked stream must not end properly: " + tail);
            if (accept.equals("application/json")) {
                // what was sent says why, for people reading it (curl prints it before its own error)
                String end = new String(rest, Math.max(0, rest.length - 2_000), Math.min(2_000, rest.length), StandardCharsets.UTF_8);
                assertTrue(end.contains("\"error\":\"the query was cancelled: DELETE /api/v1/query/" + id), end);
            }
        }
    }

    private static void send(Socket socket, String body, String accept) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(("POST /api/v1/query HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: " + accept
                + "\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body)
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** A client from {@code from} that asks for an endless answer and never reads it. */
    private static Socket stalledClient(URI coordinator, String from) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096);
        socket.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
        socket.connect(new InetSocketAddress("127.0.0.1", coordinator.getPort()));
        send(socket, DqpAnswers.JSON.writeValueAsString(Map.of("sql", ENDLESS)), "application/json");
        return socket;
    }

    @Test
    void clientsThatStopReadingAreCutAndTheirSlotsFreed() throws Exception {
        RunningService c = coordinator(2, 64L * 1024 * 1024, Duration.ofMillis(500), 1.0);
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                stalled.add(stalledClient(c.baseUri(), "127.0.0.1"));
            }
            Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> running(c) == 2);
            // both slots are taken until the send timeout cuts the stalled clients; then a reader gets its answer
            Awaitility.await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                HttpResponse<String> r = query(c.baseUri(), "select count(*) from goterms");
                assertEquals(200, r.statusCode(), r.body());
            });
            Awaitility.await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertEquals(0, running(c), "the stalled queries ended"));
        } finally {
            for (Socket s : stalled) {
                s.close();
            }
        }
    }

    @Test
    void oneAddressCannotHoldEverySlot() throws Exception {
        RunningService c = coordinator(4, 64L * 1024 * 1024, Duration.ofSeconds(60), 0.5);
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                stalled.add(stalledClient(c.baseUri(), "127.0.0.1"));
            }
            Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> running(c) == 2);
            HttpResponse<String> third = query(c.baseUri(), "select count(*) from goterms");
            assertEquals(503, third.statusCode(), third.body());
            assertTrue(error(third).contains("your address 127.0.0.1"), third.body());
            // another address still gets a slot
            try (Socket other = new Socket()) {
                other.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.2"), 0));
                other.connect(new InetSocketAddress("127.0.0.1", c.baseUri().getPort()));
                String sql = DqpAnswers.JSON.writeValueAsString(Map.of("sql", "select count(*) from goterms"));
                OutputStream out = other.getOutputStream();
                out.write(("POST /api/v1/query HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\n"
                        + "Content-Length: " + sql.length() + "\r\n\r\n" + sql).getBytes(StandardCharsets.UTF_8));
                String answer = new String(other.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            }
        } finally {
            for (Socket s : stalled) {
                s.close();
            }
        }
        Awaitility.await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertEquals(0, running(c), "closed clients free their slots"));
        assertNotNull(c);
    }
}
