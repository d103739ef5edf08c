package org.gridstack.grim.web;

import static org.assertj.core.api.Assertions.assertThat;

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
        assertThat(c.get("collections")).hasSize(34);
        assertThat(c.get("consistentAfterLoad").toString()).isEqualTo("{\"postgres\":true,\"basex\":true,\"ldap\":true}");
        for (JsonNode coll : c.get("collections")) {
            JsonNode o = coll.get("objects");
            assertThat(o.get("basex").asLong()).as(coll.get("name").asText()).isEqualTo(o.get("postgres").asLong());
            assertThat(o.get("ldap").asLong()).as(coll.get("name").asText()).isEqualTo(o.get("postgres").asLong());
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
                    assertThat(r.get("rows").asInt()).as(op + " " + backend + " " + mode).isEqualTo(expected.size());
                    assertThat(rows(r, op)).as(op + " " + backend + " " + mode).isEqualTo(expected);
                    assertThat(r.get("requests").asInt()).isPositive();
                    assertThat(r.has("bytes") && r.has("qrtMillis")).isTrue();
                }
            }
        }
    }

    @Test
    void xmlOnRequest() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri("/api/v1/operations/indexed?backend=basex"))
                .header("Accept", "application/xml").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/xml");
        assertThat(r.body()).startsWith("<OperationResponse").contains("<host_id>" + Defaults.HOST + "</host_id>");
        HttpResponse<String> err = http.send(HttpRequest.newBuilder(uri("/api/v1/operations/nosuch"))
                .header("Accept", "application/xml").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(err.statusCode()).isEqualTo(404);
        assertThat(err.body()).contains("<message>").contains("unknown operation 'nosuch'");
        assertThat(get("/api/v1/operations/indexed", 200).get("backend").asText()).isEqualTo("postgres");
    }

    @Test
    void badQueriesGetFourHundredsThatSayWhatWasWrong() throws Exception {
        assertThat(get("/api/v1/operations/nosuch", 404).get("message").asText()).contains("unknown operation 'nosuch'").contains("jobSubmit");
        assertThat(get("/api/v1/operations/indexed?backend=oracle", 400).get("message").asText()).contains("unknown or not started backend 'oracle'");
        assertThat(get("/api/v1/operations/indexed?mode=fast", 400).get("message").asText()).contains("unknown mode 'fast'");
        assertThat(get("/api/v1/operations/indexed?hots=x", 400).get("message").asText()).contains("no parameter 'hots'").contains("host");
        assertThat(get("/api/v1/operations/selectivity1?sequence=abc", 400).get("message").asText()).contains("'abc' is not an integer");
        assertThat(postText("/api/v1/native?backend=postgres", "select from where", 400).get("message").asText()).contains("SQL");
        assertThat(postText("/api/v1/native?backend=postgres", "delete from host", 422).get("message").asText()).contains("refused");
        assertThat(postText("/api/v1/native?backend=basex", "for $x in", 400).get("status").asInt()).isEqualTo(400);
        assertThat(postText("/api/v1/native?backend=basex", "delete node //GlueHost", 422).get("status").asInt()).isEqualTo(422);
        assertThat(postText("/api/v1/native?backend=ldap", "(objectClass=GlueHost", 400).get("status").asInt()).isEqualTo(400);
        JsonNode ok = postText("/api/v1/native?backend=postgres", "select count(*) as n from host", 200);
        assertThat(ok.get("data").get(0).get(0).asLong()).isEqualTo(store.backend("postgres").counts().get("host"));
    }

    @Test
    void updatesNeedAProviderToken() throws Exception {
        String body = "{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"" + Defaults.HOST + "\",\"values\":{\"load_last_1min\":5}}";
        assertThat(post("/api/v1/updates?backend=postgres", body, null, 401).get("message").asText()).contains("provider token");
        assertThat(post("/api/v1/updates?backend=postgres", body, "wrong", 403).get("message").asText()).contains("not valid");
        post("/api/v1/updates?backend=postgres", body, "test-token", 200);
    }

    @Test
    void updatesReachEveryBackendAndABadBatchWritesNothing() throws Exception {
        String good = "{\"updates\":["
                + "{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"" + Defaults.HOST + "\",\"values\":{\"load_last_1min\":77,\"ram_available\":12}},"
                + "{\"kind\":\"insert\",\"collection\":\"policy\",\"key\":\"policy-api\",\"values\":{\"ce_id\":\"ce-001\",\"priority\":2,\"description\":\"from the API\"}},"
                + "{\"kind\":\"set\",\"collection\":\"policy\",\"key\":\"policy-0001\",\"values\":{\"priority\":9,\"max_running_jobs\":10}}]}";
        JsonNode r = post("/api/v1/updates?backend=all", good, "test-token", 200);
        assertThat(r.get("stored").get("ldap").asInt()).isEqualTo(3);
        for (String b : List.of("postgres", "basex", "ldap")) {
            JsonNode h = get("/api/v1/operations/hostLookup?backend=" + b, 200);
            assertThat(h.get("data").get(0).get("load_last_1min").asLong()).as(b).isEqualTo(77);
        }
        Map<String, Dataset> before = store.snapshots();
        String bad = "{\"updates\":["
                + "{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"" + Defaults.HOST + "\",\"values\":{\"load_last_1min\":1}},"
                + "{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"host-999999\",\"values\":{\"load_last_1min\":1}}]}";
        for (String b : List.of("postgres", "basex", "ldap")) {
            assertThat(post("/api/v1/updates?backend=" + b, bad, "test-token", 404).get("message").asText()).as(b).contains("host-999999");
        }
        assertThat(post("/api/v1/updates?backend=postgres", "{\"updates\":[{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"x\",\"values\":{\"nosuch\":1}}]}",
                "test-token", 400).get("message").asText()).contains("no attribute 'nosuch'");
        assertThat(post("/api/v1/updates?backend=postgres", "{not json", "test-token", 400).get("message").asText()).contains("not valid");
        assertThat(patch("/api/v1/objects/host/host-999998?backend=ldap", "{\"load_last_1min\":3}", 404).get("message").asText())
                .contains("host-999998");
        Map<String, Dataset> after = store.snapshots();
        for (String b : before.keySet()) {
            assertThat(GrimStore.sameObjects(after.get(b), before.get(b))).as(b + " unchanged by failed updates").isTrue();
            assertThat(GrimStore.sameObjects(after.get(b), after.get("postgres"))).as(b + " equals postgres").isTrue();
        }
        patch("/api/v1/objects/host/" + Defaults.HOST + "?backend=all", "{\"load_last_5min\":3}", 200);
        Map<String, Dataset> patched = store.snapshots();
        for (String b : patched.keySet()) {
            assertThat(GrimStore.sameObjects(patched.get(b), patched.get("postgres"))).as(b + " equals postgres after PATCH").isTrue();
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
            assertThat(a).as("answer " + i).isNotNull();
            JsonNode node = JSON.readTree(a);
            if (!node.has("id")) {
                garbage = node;
            } else if (node.get("id").asText().equals("bad")) {
                bad = node;
            } else {
                assertThat(node.get("stored").asInt()).as(a).isEqualTo(1);
                ids.add(node.get("id").asText());
            }
        }
        assertThat(ids).hasSize(n);
        assertThat(bad.get("status").asInt()).isEqualTo(404);
        assertThat(bad.get("message").asText()).contains("host-999999");
        assertThat(garbage.get("status").asInt()).isEqualTo(400);
        ws.sendClose(java.net.http.WebSocket.NORMAL_CLOSURE, "done").join();
        // the last value sent for host-000001 (i = 200: 1 + 200 % 20 = 1) is what PostgreSQL holds
        assertThat(postText("/api/v1/native?backend=postgres", "select load_last_15min from host where host_id = 'host-000001'", 200)
                .get("data").get(0).get(0).asLong()).isEqualTo(200);
        java.util.concurrent.CompletionException refused = org.junit.jupiter.api.Assertions.assertThrows(
                java.util.concurrent.CompletionException.class, () -> http.newWebSocketBuilder()
                        .buildAsync(URI.create("ws://127.0.0.1:" + port + "/api/v1/updates/ws"), listener).join());
        assertThat(refused.getCause()).isInstanceOf(java.net.http.WebSocketHandshakeException.class);
        assertThat(((java.net.http.WebSocketHandshakeException) refused.getCause()).getResponse().statusCode()).isEqualTo(401);
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
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }

    private JsonNode postText(String path, String text, int status) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(text)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + " " + text + ": " + r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }

    private JsonNode post(String path, String json, String token, int status) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }

    private JsonNode patch(String path, String json, int status) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .header("Authorization", "Bearer test-token").method("PATCH", HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }

    @SuppressWarnings("unused")
    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
