package org.gridstack.grim.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertDoesNotContain;
import static org.gridstack.testing.ContainmentAssertions.assertStartsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Client mistakes are 4xx with a message in the request's terms, never 5xx, never a stack trace
 * in the log, and no answer leaks the process's directories, Java types or the database's table
 * and constraint names, or echoes a huge request back. Real HTTP, all three embedded backends.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"grim.scale=0.02", "grim.provider-tokens=test-token"})
@DirtiesContext
@ExtendWith(OutputCaptureExtension.class)
class TestClientErrors {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> LEAKS = List.of("/tmp/", "/work/", "Stopped at", "Exception", "java.", "org.", "com.", "$",
            "pkey", "fkey", "constraint", "table \"");
    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Test
    void clientMistakesAreFourHundredsWithoutTracesOrLeaks(CapturedOutput output) throws Exception {
        int logStart = output.getAll().length();
        List<String> problems = new ArrayList<>();
        for (String b : List.of("postgres", "basex", "ldap")) {
            expect(problems, 400, get("/api/v1/operations/indexed?backend=" + b + "&host=" + enc("a\u0000b")));
            expect(problems, 400, get("/api/v1/operations/softwareLookup?backend=" + b + "&moduleName=" + enc("x\u0001")));
            for (String mode : List.of("faithful", "best")) {
                for (String op : List.of("selectivity1pct", "selectivity10pct")) {
                    expect(problems, 200, get("/api/v1/operations/" + op + "?backend=" + b + "&mode=" + mode
                            + "&from=-9223372036854775808&to=9223372036854775807"));
                }
                expect(problems, 200, get("/api/v1/operations/selectivity1?backend=" + b + "&mode=" + mode + "&sequence=9223372036854775807"));
                expect(problems, 200, get("/api/v1/operations/selectivity1?backend=" + b + "&mode=" + mode + "&sequence=-9223372036854775808"));
            }
            expect(problems, 400, get("/api/v1/operations/selectivity1?backend=" + b + "&sequence=9223372036854775808"));
        }
        expect(problems, 400, nativeQuery("postgres", "select 'a\u0000b'"));
        expect(problems, 400, nativeQuery("basex", "'a\u0000b'"));
        expect(problems, 400, nativeQuery("ldap", "(GlueHostName=a\u0000b)"));
        expect(problems, 400, nativeQuery("ldap", "(GlueHostName~=wn000001)"));
        expect(problems, 400, nativeQuery("ldap", "(GlueHostName:caseExactMatch:=wn000001)"));
        expect(problems, 400, nativeQuery("basex", "(".repeat(100_000) + "1" + ")".repeat(100_000)));
        expect(problems, 400, nativeQuery("ldap", "(&".repeat(100_000) + "(objectClass=*)" + ")".repeat(100_000)));
        // 10 MB is over the native-query body limit: refused unread
        HttpResponse<String> huge = nativeQuery("ldap", "(GlueHostName=" + "x".repeat(10_000_000));
        expect(problems, 413, huge);
        if (huge.body().length() >= 2_000) {
            problems.add("a 10 MB malformed filter is echoed: an answer of " + huge.body().length() + " characters");
        }
        // 409s say what was wrong in the request's terms, not the database's
        expect(problems, 409, write("POST", "/api/v1/objects/policy/policy-0001?backend=postgres", "{\"ce_id\":\"ce-001\"}"));
        expect(problems, 409, write("POST", "/api/v1/objects/policy/policy-new?backend=postgres", "{\"ce_id\":\"ce-999\"}"));
        expect(problems, 409, write("DELETE", "/api/v1/objects/computing_element/ce-001?backend=postgres", null));
        expect(problems, 409, write("POST", "/api/v1/updates?backend=postgres", "{\"updates\":["
                + "{\"kind\":\"insert\",\"collection\":\"policy\",\"key\":\"policy-twice\",\"values\":{\"ce_id\":\"ce-001\"}},"
                + "{\"kind\":\"insert\",\"collection\":\"policy\",\"key\":\"policy-twice\",\"values\":{\"ce_id\":\"ce-001\"}}]}"));
        assertTrue(problems.isEmpty(), () -> "expected empty but was: " + problems);
        String log = output.getAll().substring(logStart);
        assertDoesNotContain("\tat ", log, "no stack trace in the log");
        assertDoesNotContain("Caused by", log, "no stack trace in the log");
    }

    @Test
    void requestBodiesAreStrictAndCheckedOnlyAfterTheToken() throws Exception {
        List<String> problems = new ArrayList<>();
        String one = "{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"host-000007\",\"values\":{\"load_last_1min\":3}}";
        expect(problems, 400, write("POST", "/api/v1/updates?backend=all", one + " trailing"));
        expect(problems, 400, write("POST", "/api/v1/updates?backend=all", one + "{}"));
        expect(problems, 400, write("POST", "/api/v1/updates?backend=all", one.replace("{\"kind\"", "{\"extra\":1,\"kind\"")));
        expect(problems, 400, write("POST", "/api/v1/updates?backend=all", "{\"updates\":[" + one + "],\"note\":\"x\"}"));
        expect(problems, 400, write("POST", "/api/v1/updates?backend=all", "{\"updates\":{\"a\":1}}"));
        expect(problems, 400, write("PATCH", "/api/v1/objects/host/host-000007?backend=all", ""));
        expect(problems, 400, write("PATCH", "/api/v1/objects/host/host-000007", "{\"load_last_1min\":3}"));
        HttpResponse<String> anonymousGarbage = http.send(HttpRequest.newBuilder(uri("/api/v1/updates?backend=all"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{not json")).build(),
                HttpResponse.BodyHandlers.ofString());
        expect(problems, 401, anonymousGarbage);
        assertTrue(problems.isEmpty(), () -> "expected empty but was: " + problems);
        assertContains("more after the JSON value", JSON.readTree(write("POST", "/api/v1/updates?backend=all", one + "{}").body()).get("message").asText());
        assertContains("unknown field 'note'", JSON.readTree(write("POST", "/api/v1/updates?backend=all", "{\"updates\":[" + one + "],\"note\":\"x\"}").body())
                .get("message").asText());
        JsonNode xml = JSON.readTree(nativeQuery("postgres", "select xmlparse(content '<a>1</a>') as x, array[1,2] as a").body());
        assertEquals("<a>1</a>", xml.get("data").get(0).get(0).asText());
        assertEquals("[1,2]", xml.get("data").get(0).get(1).toString());
    }

    @Test
    void aBigWebSocketBatchIsStoredAndAnOversizedMessageIsAnsweredWithoutClosing() throws Exception {
        java.util.concurrent.BlockingQueue<String> answers = new java.util.concurrent.LinkedBlockingQueue<>();
        java.util.concurrent.CompletableFuture<Integer> closed = new java.util.concurrent.CompletableFuture<>();
        java.net.http.WebSocket ws = http.newWebSocketBuilder().header("Authorization", "Bearer test-token")
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/api/v1/updates/ws?backend=all"), new java.net.http.WebSocket.Listener() {
                    private final StringBuilder partial = new StringBuilder();

                    @Override
                    public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket w, CharSequence data, boolean last) {
                        partial.append(data);
                        if (last) {
                            answers.add(partial.toString());
                            partial.setLength(0);
                        }
                        w.request(1);
                        return null;
                    }

                    @Override
                    public java.util.concurrent.CompletionStage<?> onClose(java.net.http.WebSocket w, int code, String reason) {
                        closed.complete(code);
                        return null;
                    }
                }).join();
        StringBuilder batch = new StringBuilder("{\"id\":\"batch\",\"updates\":[");
        for (int i = 0; i < 1000; i++) {
            batch.append(i == 0 ? "" : ",").append("{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"")
                    .append(String.format("host-%06d", 1 + i % 30)).append("\",\"values\":{\"load_last_5min\":").append(i).append("}}");
        }
        batch.append("]}");
        assertTrue(batch.length() > 80_000, () -> "expected > 80000 but was " + batch.length());
        ws.sendText(batch, true).join();
        ws.sendText("{\"id\":\"huge\",\"updates\":[" + " ".repeat(5 << 20) + "]}", true).join();
        ws.sendText("{\"id\":\"after\",\"collection\":\"host\",\"key\":\"host-000001\",\"values\":{\"load_last_5min\":1}}", true).join();
        List<JsonNode> got = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String a = answers.poll(60, java.util.concurrent.TimeUnit.SECONDS);
            assertNotNull(a, "answer " + i + " (closed: " + closed.getNow(null) + ")");
            got.add(JSON.readTree(a));
        }
        assertEquals(1000, got.stream().filter(a -> a.path("id").asText().equals("batch")).findFirst().orElseThrow().path("stored").asInt());
        JsonNode huge = got.stream().filter(a -> a.path("status").asInt() == 413).findFirst().orElseThrow();
        assertContains("at most", huge.path("message").asText());
        assertEquals(1, got.stream().filter(a -> a.path("id").asText().equals("after")).findFirst().orElseThrow().path("stored").asInt());
        assertFalse(closed.isDone());
        ws.sendClose(java.net.http.WebSocket.NORMAL_CLOSURE, "done").join();
    }

    @Test
    void requestsTomcatRefusesGetTheJsonErrorShape() throws Exception {
        HttpResponse<String> longUrl = get("/api/v1/operations/indexed?host=" + "x".repeat(20_000));
        HttpResponse<String> bigHeader = http.send(HttpRequest.newBuilder(uri("/api/v1/collections")).header("X-Big", "y".repeat(20_000)).build(),
                HttpResponse.BodyHandlers.ofString());
        for (HttpResponse<String> r : List.of(longUrl, bigHeader)) {
            assertTrue(r.statusCode() >= 400 && r.statusCode() <= 499, () -> r.body() + ": " + "expected between 400 and 499 but was " + r.statusCode());
            assertStartsWith("application/json", r.headers().firstValue("Content-Type").orElse(""), r.body());
            JsonNode body = JSON.readTree(r.body());
            assertEquals(r.statusCode(), body.get("status").asInt());
            assertContains("limits", body.get("message").asText());
        }
    }

    private static void expect(List<String> problems, int status, HttpResponse<String> r) throws Exception {
        String what = r.request().method() + " " + cut(r.request().uri().toString()) + " -> " + r.statusCode() + " " + cut(r.body());
        if (r.statusCode() != status) {
            problems.add("expected " + status + ": " + what);
            return;
        }
        if (r.body().length() > 100_000) {
            problems.add("an answer of " + r.body().length() + " characters: " + what);
            return;
        }
        if (status >= 400) {
            JsonNode body = JSON.readTree(r.body());
            String message = body.path("message").asText();
            if (message.isBlank()) {
                problems.add("no message: " + what);
            }
            for (String leak : LEAKS) {
                if (message.contains(leak)) {
                    problems.add("leaks '" + leak + "': " + what);
                }
            }
        }
    }

    private static String cut(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> nativeQuery(String backend, String query) throws Exception {
        return http.send(HttpRequest.newBuilder(uri("/api/v1/native?backend=" + backend)).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(query)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> write(String method, String path, String json) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer test-token");
        if (json == null) {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(json));
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
