package org.gridstack.grim.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gridstack.grim.backends.GrimStore;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.ops.Operation;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.handler.AbstractHandlerMethodMapping;
import org.springframework.web.servlet.handler.AbstractUrlHandlerMapping;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;

/**
 * Every route of the service, enumerated from Spring's handler mappings (so a new route is tried
 * without anyone adding it here), with every HTTP method, several bodies and the parameters of
 * the probe that once changed data ({@code GET /api/v1/operations/update?...&value=31337}), all
 * without a token: afterwards every backend holds exactly what it held before, and every API
 * handler that is not marked {@link AnonymousRead} answered 401.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"grim.scale=0.02", "grim.provider-tokens=test-token"})
@DirtiesContext
class TestNoAnonymousWrites {
    private static final List<String> METHODS = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
    private static final List<String[]> BODIES = List.of(
            new String[] {"application/json", "{\"load_last_1min\":31337}"},
            new String[] {"application/json", "{\"updates\":[{\"kind\":\"set\",\"collection\":\"host\",\"key\":\"host-000005\","
                    + "\"values\":{\"load_last_1min\":31337}}]}"},
            new String[] {"text/plain", "select 1"});
    private static final List<String> QUERIES = List.of("backend=postgres", "backend=basex", "backend=ldap", "backend=all").stream()
            .map(b -> b + "&host=host-000005&value=31337").toList();
    private static final Pattern VARIABLE = Pattern.compile("\\{\\*?([^}:]+)(:[^}]*)?}");

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    GrimStore store;

    @Autowired
    ApplicationContext context;

    /** One route: a path pattern, the methods it takes (empty: all) and whether it needs a token. */
    record Route(String pattern, Set<String> methods, Set<MediaType> consumes, boolean write, Object handler) {
        /** Whether a request with this method and body type reaches the handler (else Spring answers 405/415 first). */
        boolean takes(String method, String contentType) {
            return (methods.isEmpty() || methods.contains(method))
                    && (consumes.isEmpty() || consumes.stream().anyMatch(m -> m.includes(MediaType.parseMediaType(contentType))));
        }
    }

    @Test
    void noRouteChangesDataWithoutATokenAndWritesAnswer401() throws Exception {
        List<Route> routes = routes();
        List<String> writes = routes.stream().filter(Route::write).map(r -> r.methods() + " " + r.pattern()).toList();
        assertContains("[PATCH] /api/v1/objects/{collection}/{key}", writes, "the write routes found in the handler mappings");
        assertContains("[POST] /api/v1/objects/{collection}/{key}", writes, "the write routes found in the handler mappings");
        assertContains("[DELETE] /api/v1/objects/{collection}/{key}", writes, "the write routes found in the handler mappings");
        assertContains("[POST] /api/v1/updates", writes, "the write routes found in the handler mappings");
        assertContains("[POST] /api/v1/operations/update", writes, "the write routes found in the handler mappings");
        Map<String, Dataset> before = store.snapshots();
        List<String> wrong = new ArrayList<>();
        int sent = 0;
        for (Route route : routes) {
            for (String path : concretePaths(route.pattern())) {
                for (String method : METHODS) {
                    for (String query : QUERIES) {
                        for (String[] body : BODIES) {
                            boolean routed = route.takes(method, body[0]);
                            int status = send(method, path + "?" + query, body);
                            sent++;
                            if (route.write() && routed && status != 401) {
                                wrong.add(method + " " + path + "?" + query + " (" + body[0] + ") answered " + status + ", not 401");
                            }
                        }
                    }
                }
            }
        }
        assertTrue(wrong.isEmpty(), () -> "writes without a token: expected empty but was: " + wrong);
        assertTrue(sent > 1000, "expected more than 1000 writes sent but was " + sent);

        Map<String, Dataset> after = store.snapshots();
        for (String b : before.keySet()) {
            assertTrue(GrimStore.sameObjects(after.get(b), before.get(b)), b + " unchanged by " + sent + " requests without a token");
        }
    }

    @Test
    void theUpdateOperationIsAnAuthenticatedPostAndAGetChangesNothing() throws Exception {
        for (String b : List.of("postgres", "basex", "ldap")) {
            HttpResponse<String> get = http.send(HttpRequest.newBuilder(uri("/api/v1/operations/update?backend=" + b + "&host=host-000005&value=31337"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(405, get.statusCode(), get.body());
            assertContains("POST /api/v1/operations/update", get.body());
            HttpResponse<String> anonymous = http.send(HttpRequest.newBuilder(uri("/api/v1/operations/update?backend=" + b
                    + "&host=host-000005&value=31337")).POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, anonymous.statusCode(), anonymous.body());
            HttpResponse<String> wrongToken = http.send(HttpRequest.newBuilder(uri("/api/v1/operations/update?backend=" + b
                    + "&host=host-000005&value=31337")).header("Authorization", "Bearer nope").POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(403, wrongToken.statusCode(), wrongToken.body());
        }
        assertNotEquals(31337, load("postgres"));
        HttpResponse<String> ok = http.send(HttpRequest.newBuilder(uri("/api/v1/operations/update?backend=basex&host=host-000005&value=31337"))
                .header("Authorization", "Bearer test-token").POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, ok.statusCode(), ok.body());
        assertContains("\"updated\":1", ok.body());
        assertContains(31337L, Arrays.asList(store.backend("basex").snapshot().rows("host").stream().filter(r -> "host-000005".equals(r[0]))
                .findFirst().orElseThrow()));
        // put it back, so the copies are equal again for the other test
        http.send(HttpRequest.newBuilder(uri("/api/v1/operations/update?backend=basex&host=host-000005&value=" + load("postgres")))
                .header("X-Grim-Token", "test-token").POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> noBackend = http.send(HttpRequest.newBuilder(uri("/api/v1/objects/host/host-000005"))
                .header("Authorization", "Bearer test-token").header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"load_last_1min\":5}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, noBackend.statusCode(), noBackend.body());
        assertContains("backend", noBackend.body());
    }

    private long load(String backend) {
        Object[] row = store.backend(backend).snapshot().rows("host").stream().filter(r -> "host-000005".equals(r[0])).findFirst().orElseThrow();
        int i = org.gridstack.grim.model.GlueModel.collection("host").indexOf("load_last_1min");
        return (Long) row[i];
    }

    private List<Route> routes() {
        List<Route> routes = new ArrayList<>();
        for (HandlerMapping mapping : context.getBeansOfType(HandlerMapping.class).values()) {
            if (mapping instanceof AbstractHandlerMethodMapping<?> m) {
                for (Map.Entry<?, HandlerMethod> e : m.getHandlerMethods().entrySet()) {
                    if (!(e.getKey() instanceof RequestMappingInfo info)) {
                        continue;
                    }
                    Set<String> methods = new LinkedHashSet<>();
                    for (RequestMethod rm : info.getMethodsCondition().getMethods()) {
                        methods.add(rm.name());
                    }
                    HandlerMethod h = e.getValue();
                    for (String pattern : info.getPatternValues()) {
                        boolean write = pattern.startsWith("/api/") && !h.hasMethodAnnotation(AnonymousRead.class);
                        routes.add(new Route(pattern, methods, info.getConsumesCondition().getConsumableMediaTypes(), write, h));
                    }
                }
            } else if (mapping instanceof AbstractUrlHandlerMapping m) {
                for (Map.Entry<String, Object> e : m.getHandlerMap().entrySet()) {
                    routes.add(new Route(e.getKey(), Set.of(), Set.of(), false, e.getValue()));
                }
            }
        }
        assertTrue(routes.size() > 10, () -> "routes: expected more than 10 but was " + routes);
        return routes;
    }

    /** The pattern with its variables filled: an object that exists, and every operation's name. */
    private static List<String> concretePaths(String pattern) {
        List<String> paths = new ArrayList<>();
        Matcher m = VARIABLE.matcher(pattern);
        List<String> names = new ArrayList<>();
        while (m.find()) {
            names.add(m.group(1));
        }
        List<String> fills = names.contains("name") ? Operation.labels() : List.of("");
        for (String label : fills) {
            Map<String, String> values = new LinkedHashMap<>(Map.of("collection", "host", "key", "host-000005", "name", label));
            String p = VARIABLE.matcher(pattern).replaceAll(r -> values.getOrDefault(r.group(1), "x"));
            paths.add(p.replace("/**", "/x").replace("/*", "/x"));
        }
        return paths;
    }

    private int send(String method, String pathAndQuery, String[] body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(pathAndQuery));
        if (method.equals("HEAD")) {
            b.method("HEAD", HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", body[0]).method(method, HttpRequest.BodyPublishers.ofString(body[1]));
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
