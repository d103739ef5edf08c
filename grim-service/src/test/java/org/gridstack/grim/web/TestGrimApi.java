package org.gridstack.grim.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertStartsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.backends.GrimStore;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.ops.Defaults;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.ReferenceEvaluator;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The service over real HTTP on a free port, with all three embedded backends at a small scale. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"grim.scale=0.02", "grim.provider-tokens=test-token"})
class TestGrimApi {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    GrimStore store;

    @Test
    void collectionsListEveryCollectionWithEqualCountsOnEveryBackend() throws Exception {
        JsonNode c = get("/api/v1/collections", 200);
        assertEquals(34, c.get("collections").size(), () -> "size of " + c.get("collections"));
        assertEquals("{\"postgres\":true,\"basex\":true,\"ldap\":true}", c.get("consistentAfterLoad").toString());
        for (JsonNode coll : c.get("collections")) {
            JsonNode o = coll.get("objects");
            assertEquals(o.get("postgres").asLong(), o.get("basex").asLong(), coll.get("name").asText());
            assertEquals(o.get("postgres").asLong(), o.get("ldap").asLong(), coll.get("name").asText());
        }
    }

    @Test
    void everyOperationGivesTheSameAnswerOnEveryBackendAndMode() throws Exception {
        Dataset reference = store.backend("postgres").snapshot();
        for (Operation op : Operation.values()) {
            if (op == Operation.UPDATE) {
                continue;
            }
            List<List<Object>> expected = ReferenceEvaluator.evaluate(reference, op, Defaults.of(op, store.connections())).rows();
            for (String backend : List.of("postgres", "basex", "ldap")) {
                for (String mode : List.of("faithful", "best")) {
                    JsonNode r = get("/api/v1/operations/" + op.label() + "?backend=" + backend + "&mode=" + mode, 200);
                    assertEquals(expected.size(), r.get("rows").asInt(), op + " " + backend + " " + mode);
                    assertEquals(expected, rows(r, op), op + " " + backend + " " + mode);
                    assertTrue(r.get("requests").asInt() > 0, () -> "expected > 0 but was " + r.get("requests").asInt());
                    assertTrue(r.has("bytes") && r.has("qrtMillis"));
                }
            }
        }
    }

    @Test
    void xmlOnRequest() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri("/api/v1/operations/indexed?backend=basex"))
                .header("Accept", "application/xml").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertStartsWith("application/xml", r.headers().firstValue("Content-Type").orElse(""));
        assertStartsWith("<OperationResponse", r.body());
        assertContains("<host_id>" + Defaults.HOST + "</host_id>", r.body());
        HttpResponse<String> err = http.send(HttpRequest.newBuilder(uri("/api/v1/operations/nosuch"))
                .header("Accept", "application/xml").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, err.statusCode());
        assertContains("<message>", err.body());
        assertContains("unknown operation 'nosuch'", err.body());
        assertEquals("postgres", get("/api/v1/operations/indexed", 200).get("backend").asText());
    }

    @Test
    void badQueriesGetFourHundredsThatSayWhatWasWrong() throws Exception {
        String unknownOperation = get("/api/v1/operations/nosuch", 404).get("message").asText();
        assertContains("unknown operation 'nosuch'", unknownOperation);
        assertContains("jobSubmit", unknownOperation);
        assertContains("unknown or not started backend 'oracle'", get("/api/v1/operations/indexed?backend=oracle", 400).get("message").asText());
        assertContains("unknown mode 'fast'", get("/api/v1/operations/indexed?mode=fast", 400).get("message").asText());
        String unknownParameter = get("/api/v1/operations/indexed?hots=x", 400).get("message").asText();
        assertContains("no parameter 'hots'", unknownParameter);
        assertContains("host", unknownParameter);
        assertContains("'abc' is not an integer", get("/api/v1/operations/selectivity1?sequence=abc", 400).get("message").asText());
        assertContains("SQL", postText("/api/v1/native?backend=postgres", "select from where", 400).get("message").asText());
        assertContains("refused", postText("/api/v1/native?backend=postgres", "delete from host", 422).get("message").asText());
        assertEquals(400, postText("/api/v1/native?backend=basex", "for $x in", 400).get("status").asInt());
        assertEquals(422, postText("/api/v1/native?backend=basex", "delete node //GlueHost", 422).get("status").asInt());
        assertEquals(400, postText("/api/v1/native?backend=ldap", "(objectClass=GlueHost", 400).get("status").asInt());
        JsonNode ok = postText("/api/v1/native?backend=postgres", "select count(*) as n from host", 200);
        assertEquals(store.backend("postgres").counts().get("host"), ok.get("data").get(0).get(0).asLong());
    }

    @Test
    void updatesNeedAProviderToken() throws Exception {
        String body = "{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"" + Defaults.HOST + "\",\"values\":{\"load_last_1min\":5}}";
        assertContains("provider token", post("/api/v1/updates?backend=postgres", body, null, 401).get("message").asText());
        assertContains("not valid", post("/api/v1/updates?backend=postgres", body, "wrong", 403).get("message").asText());
        post("/api/v1/updates?backend=postgres", body, "test-token", 200);
    }

    @Test
    void updatesReachEveryBackendAndABadBatchWritesNothing() throws Exception {
        String good = "{\"updates\":["
                + "{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"" + Defaults.HOST + "\",\"values\":{\"load_last_1min\":77,\"ram_available\":12}},"
                + "{\"kind\":\"insert\",\"collection\":\"policy\",\"key\":\"policy-api\",\"values\":{\"ce_id\":\"ce-001\",\"priority\":2,\"description\":\"from the API\"}},"
                + "{\"kind\":\"set\",\"collection\":\"policy\",\"key\":\"policy-0001\",\"values\":{\"priority\":9,\"max_running_jobs\":10}}]}";
        JsonNode r = post("/api/v1/updates?backend=all", good, "test-token", 200);
        assertEquals(3, r.get("stored").get("ldap").asInt());
        for (String b : List.of("postgres", "basex", "ldap")) {
            JsonNode h = get("/api/v1/operations/hostLookup?backend=" + b, 200);
            assertEquals(77, h.get("data").get(0).get("load_last_1min").asLong(), b);
        }
        Map<String, Dataset> before = store.snapshots();
        String bad = "{\"updates\":["
                + "{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"" + Defaults.HOST + "\",\"values\":{\"load_last_1min\":1}},"
                + "{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"host-999999\",\"values\":{\"load_last_1min\":1}}]}";
        for (String b : List.of("postgres", "basex", "ldap")) {
            assertContains("host-999999", post("/api/v1/updates?backend=" + b, bad, "test-token", 404).get("message").asText(), b);
        }
        assertContains("no attribute 'nosuch'", post("/api/v1/updates?backend=postgres", "{\"updates\":[{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"x\",\"values\":{\"nosuch\":1}}]}",
                "test-token", 400).get("message").asText());
        assertContains("not valid", post("/api/v1/updates?backend=postgres", "{not json", "test-token", 400).get("message").asText());
        assertContains("host-999998", patch("/api/v1/objects/host/host-999998?backend=ldap", "{\"load_last_1min\":3}", 404).get("message").asText());
        Map<String, Dataset> after = store.snapshots();
        for (String b : before.keySet()) {
            assertTrue(GrimStore.sameObjects(after.get(b), before.get(b)), b + " unchanged by failed updates");
            assertTrue(GrimStore.sameObjects(after.get(b), after.get("postgres")), b + " equals postgres");
        }
        patch("/api/v1/objects/host/" + Defaults.HOST + "?backend=all", "{\"load_last_5min\":3}", 200);
        Map<String, Dataset> patched = store.snapshots();
        for (String b : patched.keySet()) {
            assertTrue(GrimStore.sameObjects(patched.get(b), patched.get("postgres")), b + " equals postgres after PATCH");
        }
    }

    @Test
    void providersStreamUpdatesOverOneWebSocket() throws Exception {
        java.util.concurrent.BlockingQueue<String> answers = new java.util.concurrent.LinkedBlockingQueue<>();
        java.net.http.WebSocket.Listener listener = new java.net.http.WebSocket.Listener() {
            private final StringBuilder partial = new StringBuilder();

            @Override
            public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket ws, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    answers.add(partial.toString());
                    partial.setLength(0);
                }
                ws.request(1);
                return null;
            }
        };
        java.net.http.WebSocket ws = http.newWebSocketBuilder().header("Authorization", "Bearer test-token")
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/api/v1/updates/ws?backend=postgres"), listener).join();
        int n = 200;
        for (int i = 1; i <= n; i++) {
            String host = String.format("host-%06d", 1 + i % 20);
            ws.sendText("{\"id\":" + i + ",\"collection\":\"host\",\"key\":\"" + host + "\",\"values\":{\"load_last_15min\":" + i + "}}", true).join();
        }
        ws.sendText("{\"id\":\"bad\",\"collection\":\"host\",\"key\":\"host-999999\",\"values\":{\"load_last_15min\":1}}", true).join();
        ws.sendText("not json", true).join();
        java.util.Set<String> ids = new java.util.HashSet<>();
        JsonNode bad = null;
        JsonNode garbage = null;
        for (int i = 0; i < n + 2; i++) {
            String a = answers.poll(30, java.util.concurrent.TimeUnit.SECONDS);
            assertNotNull(a, "answer " + i);
            JsonNode node = JSON.readTree(a);
            if (!node.has("id")) {
                garbage = node;
            } else if (node.get("id").asText().equals("bad")) {
                bad = node;
            } else {
                assertEquals(1, node.get("stored").asInt(), a);
                ids.add(node.get("id").asText());
            }
        }
        assertEquals(n, ids.size(), () -> "size of " + ids);
        assertEquals(404, bad.get("status").asInt());
        assertContains("host-999999", bad.get("message").asText());
        assertEquals(400, garbage.get("status").asInt());
        ws.sendClose(java.net.http.WebSocket.NORMAL_CLOSURE, "done").join();
        // the last value sent for host-000001 (i = 200: 1 + 200 % 20 = 1) is what PostgreSQL holds
        assertEquals(200, postText("/api/v1/native?backend=postgres", "select load_last_15min from host where host_id = 'host-000001'", 200)
                .get("data").get(0).get(0).asLong());
        java.util.concurrent.CompletionException refused = assertThrows(
                java.util.concurrent.CompletionException.class, () -> http.newWebSocketBuilder()
                        .buildAsync(URI.create("ws://127.0.0.1:" + port + "/api/v1/updates/ws"), listener).join());
        assertInstanceOf(java.net.http.WebSocketHandshakeException.class, refused.getCause());
        assertEquals(401, ((java.net.http.WebSocketHandshakeException) refused.getCause()).getResponse().statusCode());
    }

    private static List<List<Object>> rows(JsonNode r, Operation op) {
        List<List<Object>> out = new ArrayList<>();
        for (JsonNode row : r.get("data")) {
            List<Object> values = new ArrayList<>();
            for (String c : op.columns()) {
                JsonNode v = row.get(c);
                values.add(v == null || v.isNull() ? null : v.isNumber() ? (Object) v.asLong() : v.asText());
            }
            out.add(values);
        }
        return out;
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private JsonNode get(String path, int status) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), path + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private JsonNode postText(String path, String text, int status) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(text)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), path + " " + text + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private JsonNode post(String path, String json, String token, int status) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), path + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private JsonNode patch(String path, String json, int status) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .header("Authorization", "Bearer test-token").method("PATCH", HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), path + ": " + r.body());
        return JSON.readTree(r.body());
    }

    @SuppressWarnings("unused")
    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
