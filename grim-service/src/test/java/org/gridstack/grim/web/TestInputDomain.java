package org.gridstack.grim.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.backends.GrimStore;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.InputDomain;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code backend=all} never leaves the copies different because of the input: every probe of the
 * hardening issue (control characters and lone surrogates in keys and values, carriage returns,
 * oversized values, the LDAP-only rules) is answered 400 naming the field before anything is
 * written, and every copy reads back unchanged and equal; values inside the domain read back
 * exactly as sent from every copy. Real HTTP, all three embedded backends.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"grim.scale=0.02", "grim.provider-tokens=test-token"})
@DirtiesContext
class TestInputDomain {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    GrimStore store;

    @Test
    void valuesOutsideTheDomainAreRefusedBeforeAnyCopyChanges() throws Exception {
        Map<String, Dataset> before = store.snapshots();
        refused(patch("host", "host-000005", Map.of("host_name", "x\u0001y")), "host.host_name", "control character");
        refused(patch("policy", "policy-0001", Map.of("description", "nul\u0000byte")), "policy.description", "control character");
        refused(patchRaw("policy", "policy-0001", "{\"description\":\"x\\ud800y\"}"), "policy.description", "surrogate");
        refused(patchRaw("policy", "policy-0001", "{\"description\":\"x\\udc00\"}"), "policy.description", "surrogate");
        refused(patch("policy", "policy-0001", Map.of("description", "line\rend")), "policy.description", "carriage return");
        refused(patch("policy", "policy-0001", Map.of("description", "line\r\nend")), "policy.description", "carriage return");
        refused(patch("policy", "policy-0001", Map.of("description", "x\uFFFF")), "policy.description", "noncharacter");
        refused(patch("policy", "policy-0001", Map.of("description", "")), "policy.description", "empty");
        refused(patch("policy", "policy-0001", Map.of("description", "x".repeat(600_000))), "policy.description", "at most 65536");
        refused(patch("policy", "policy-0001", Map.of("description", "x".repeat(InputDomain.MAX_TEXT_CHARS + 1))), "policy.description",
                "at most 65536");
        // LDAP-only rules: non-ASCII in an IA5 attribute, keys differing only in case, references in upper case
        refused(patch("host", "host-000005", Map.of("host_name", "wn-\u00e9.example.org")), "host.host_name", "IA5String");
        refused(post("/api/v1/objects/policy/POLICY-0001?backend=all", Map.of("ce_id", "ce-001", "priority", 1)), "policy.policy_id",
                "lower case");
        refused(post("/api/v1/objects/policy/policy-new?backend=all", Map.of("ce_id", "CE-001", "priority", 1)), "policy.ce_id", "lower case");
        refused(send(HttpRequest.newBuilder(uri("/api/v1/updates?backend=all")).header("Content-Type", "application/json")
                .header("Authorization", "Bearer test-token").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"kind\":\"insert\",\"collection\":\"policy\",\"key\":\"p\\u0001x\",\"values\":{\"ce_id\":\"ce-001\"}}")).build()),
                "policy.policy_id", "U+0001");
        refused(post("/api/v1/objects/policy/" + "p".repeat(InputDomain.MAX_KEY_CHARS + 1) + "?backend=all", Map.of("ce_id", "ce-001")),
                "policy.policy_id", "at most 128");
        // a batch of 1,000 whose last update is outside the domain: none of the 999 others is stored anywhere
        StringBuilder batch = new StringBuilder("{\"updates\":[");
        for (int i = 0; i < 1000; i++) {
            String value = i == 999 ? "bad\\u0007" : "wn" + i;
            batch.append(i == 0 ? "" : ",").append("{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"")
                    .append(String.format("host-%06d", 1 + i % 50)).append("\",\"values\":{\"host_name\":\"").append(value).append("\"}}");
        }
        batch.append("]}");
        HttpResponse<String> b = send(HttpRequest.newBuilder(uri("/api/v1/updates?backend=all")).header("Content-Type", "application/json")
                .header("Authorization", "Bearer test-token").POST(HttpRequest.BodyPublishers.ofString(batch.toString())).build());
        refused(b, "update 999: host.host_name", "control character");
        // the WebSocket stream goes through the same check
        refused(webSocketAnswer("{\"id\":1,\"collection\":\"policy\",\"key\":\"policy-0001\",\"values\":{\"description\":\"ws\\u0000\"}}"),
                "policy.description");
        Map<String, Dataset> after = store.snapshots();
        for (String backend : before.keySet()) {
            assertTrue(GrimStore.sameObjects(after.get(backend), before.get(backend)), backend + " unchanged");
            assertTrue(GrimStore.sameObjects(after.get(backend), after.get("postgres")), backend + " equals postgres");
        }
    }

    @Test
    void valuesInsideTheDomainReadBackUnchangedFromEveryCopy() throws Exception {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("tab and line feed", "a\tb\nc");
        values.put("spaces at both ends", "  padded  ");
        values.put("XML and LDAP specials", "<a href=\"x\">&amp;</a> 'q' \\ , = + # ; * ( )");
        values.put("non-ASCII in a DirectoryString attribute", "Gr\u00fc\u00dfe \u4e16\u754c \ud83d\ude00");
        values.put("the longest value", "y".repeat(InputDomain.MAX_TEXT_CHARS));
        for (Map.Entry<String, String> v : values.entrySet()) {
            HttpResponse<String> r = patch("policy", "policy-0002", Map.of("description", v.getValue()));
            assertEquals(200, r.statusCode(), v.getKey() + ": " + r.body());
            int col = GlueModel.collection("policy").indexOf("description");
            for (GrimBackend backend : store.backends().values()) {
                Object stored = backend.snapshot().rows("policy").stream().filter(row -> "policy-0002".equals(row[0])).findFirst().orElseThrow()[col];
                assertEquals(v.getValue(), stored, v.getKey() + " read back from " + backend.name());
            }
        }
        HttpResponse<String> ascii = patch("host", "host-000006", Map.of("host_name", "wn 6\t~!@#$%^&*()_+{}|:<>?.example.org"));
        assertEquals(200, ascii.statusCode(), ascii.body());
        Map<String, Dataset> after = store.snapshots();
        for (String backend : after.keySet()) {
            assertTrue(GrimStore.sameObjects(after.get(backend), after.get("postgres")), backend + " equals postgres");
        }
    }

    private static void refused(HttpResponse<String> r, String... expected) throws Exception {
        assertEquals(400, r.statusCode(), r.body());
        String message = JSON.readTree(r.body()).get("message").asText();
        for (String part : expected) {
            assertContains(part, message);
        }

        assertTrue(r.body().length() < 2000, () -> "the answer does not echo a huge value: expected < 2000 but was " + r.body().length());
    }

    private static void refused(JsonNode wsAnswer, String expected) {
        assertEquals(400, wsAnswer.get("status").asInt(), wsAnswer.toString());
        assertContains(expected, wsAnswer.get("message").asText());
    }

    private JsonNode webSocketAnswer(String message) throws Exception {
        java.util.concurrent.CompletableFuture<String> answer = new java.util.concurrent.CompletableFuture<>();
        java.net.http.WebSocket ws = http.newWebSocketBuilder().header("Authorization", "Bearer test-token")
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/api/v1/updates/ws?backend=all"), new java.net.http.WebSocket.Listener() {
                    @Override
                    public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket w, CharSequence data, boolean last) {
                        answer.complete(data.toString());
                        return null;
                    }
                }).join();
        ws.sendText(message, true).join();
        JsonNode a = JSON.readTree(answer.get(30, java.util.concurrent.TimeUnit.SECONDS));
        ws.sendClose(java.net.http.WebSocket.NORMAL_CLOSURE, "done").join();
        return a;
    }

    private HttpResponse<String> patch(String collection, String key, Map<String, Object> values) throws Exception {
        return send(HttpRequest.newBuilder(uri("/api/v1/objects/" + collection + "/" + key + "?backend=all"))
                .header("Content-Type", "application/json").header("Authorization", "Bearer test-token")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(values))).build());
    }

    /** A PATCH with a hand-written JSON body (so escapes such as a lone surrogate reach the server as written). */
    private HttpResponse<String> patchRaw(String collection, String key, String json) throws Exception {
        return send(HttpRequest.newBuilder(uri("/api/v1/objects/" + collection + "/" + key + "?backend=all"))
                .header("Content-Type", "application/json").header("Authorization", "Bearer test-token")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json)).build());
    }

    private HttpResponse<String> post(String path, Map<String, Object> values) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json").header("Authorization", "Bearer test-token")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(values))).build());
    }

    private HttpResponse<String> send(HttpRequest r) throws Exception {
        return http.send(r, HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
