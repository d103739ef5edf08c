package org.gridstack.hawkeye.client;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.ClassAdJson;
import org.gridstack.hawkeye.classad.ClassAdSyntaxException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The Java API of Hawkeye over HTTP/JSON: constraint queries with projections against a manager
 * or directly against an agent (both answer {@code GET /v1/ads}), locating agents through the
 * manager, and pushing an agent's ad. The client-side steps of the seed's Tables 6 and 7
 * ({@code Client-PrepareQuery}, {@code Client-LocateAgent}, {@code Client-SendQuery},
 * {@code Client-ProcessResults}) are Micrometer timers {@code hawkeye.step}. Thread-safe; HTTP
 * connections are kept alive by the shared {@link HttpClient}.
 */
@ThreadSafe
public final class HawkeyeClient {
    private final HttpClient http;
    private final Duration timeout;
    private final ObjectMapper mapper = new ObjectMapper();
    private final ClassAdJson json = ClassAdJson.standard();
    private final Timer prepare;
    private final Timer locate;
    private final Timer send;
    private final Timer process;

    public HawkeyeClient(HttpClient http, Duration timeout, MeterRegistry meters) {
        this.http = requireNonNull(http, "http is null");
        this.timeout = requireNonNull(timeout, "timeout is null");
        this.prepare = step(meters, "Client-PrepareQuery");
        this.locate = step(meters, "Client-LocateAgent");
        this.send = step(meters, "Client-SendQuery");
        this.process = step(meters, "Client-ProcessResults");
    }

    private static Timer step(MeterRegistry meters, String name) {
        return Timer.builder("hawkeye.step").tag("step", name).register(meters);
    }

    /**
     * The ads at {@code base} (a manager or an agent) that satisfy {@code constraint} (null: all),
     * reduced to {@code attributes} (empty: whole ads).
     */
    public List<ClassAd> query(URI base, String constraint, List<String> attributes) throws HawkeyeException {
        Timer.Sample s = Timer.start();
        StringBuilder q = new StringBuilder("v1/ads?");
        if (constraint != null) {
            q.append("constraint=").append(URLEncoder.encode(constraint, StandardCharsets.UTF_8)).append('&');
        }
        if (!attributes.isEmpty()) {
            q.append("attrs=").append(URLEncoder.encode(String.join(",", attributes), StandardCharsets.UTF_8));
        }
        HttpRequest request = HttpRequest.newBuilder(resolve(base, q.toString())).timeout(timeout).GET().build();
        s.stop(prepare);
        JsonNode body = sendForJson(request, send);
        Timer.Sample p = Timer.start();
        try {
            List<ClassAd> ads = new ArrayList<>();
            for (JsonNode n : body.path("ads")) {
                ads.add(json.readAd(n, ""));
            }
            return ads;
        } catch (ClassAdSyntaxException e) {
            throw new HawkeyeException(0, "the answer holds a bad ad: " + e.getMessage());
        } finally {
            p.stop(process);
        }
    }

    /** Where the agents of the hosts satisfying {@code constraint} (null: all) answer. */
    public List<AgentLocation> locate(URI manager, String constraint) throws HawkeyeException {
        String q = "v1/agents" + (constraint == null ? "" : "?constraint=" + URLEncoder.encode(constraint, StandardCharsets.UTF_8));
        JsonNode body = sendForJson(HttpRequest.newBuilder(resolve(manager, q)).timeout(timeout).GET().build(), locate);
        List<AgentLocation> out = new ArrayList<>();
        for (JsonNode n : body.path("agents")) {
            out.add(new AgentLocation(n.path("name").asText(), n.path("url").isNull() ? null : n.path("url").asText()));
        }
        return out;
    }

    /** Sends host {@code name}'s full ad to the manager with the agent's {@code credential}. */
    public void push(URI manager, String name, ClassAd ad, String agentUrl, String credential) throws HawkeyeException {
        ObjectNode body = mapper.createObjectNode();
        body.put("name", name);
        body.put("agentUrl", agentUrl);
        try {
            body.set("ad", mapper.readTree(json.toJson(ad)));
            HttpRequest request = HttpRequest.newBuilder(resolve(manager, "v1/ads")).timeout(timeout)
                    .header("Content-Type", "application/json")
                    .header("Authorization", "Bearer " + credential)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(mapper.writeValueAsBytes(body))).build();
            HttpResponse<InputStream> r = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            check(r);
            r.body().close();
        } catch (IOException e) {
            throw new HawkeyeException("cannot push to " + manager + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HawkeyeException("interrupted while pushing to " + manager, e);
        }
    }

    private static URI resolve(URI base, String path) {
        String b = base.toString();
        return URI.create(b.endsWith("/") ? b + path : b + "/" + path);
    }

    private JsonNode sendForJson(HttpRequest request, Timer timer) throws HawkeyeException {
        Timer.Sample s = Timer.start();
        try {
            HttpResponse<InputStream> r = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            check(r);
            try (InputStream in = r.body()) {
                return mapper.readTree(in);
            }
        } catch (IOException e) {
            throw new HawkeyeException("cannot reach " + request.uri() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HawkeyeException("interrupted while asking " + request.uri(), e);
        } finally {
            s.stop(timer);
        }
    }

    private void check(HttpResponse<InputStream> r) throws IOException, HawkeyeException {
        if (r.statusCode() / 100 == 2) {
            return;
        }
        String message;
        try (InputStream in = r.body()) {
            byte[] bytes = in.readNBytes(64 << 10);
            JsonNode n;
            try {
                n = mapper.readTree(bytes);
            } catch (IOException e) {
                n = null;
            }
            message = n != null && n.hasNonNull("error") ? n.get("error").asText() : new String(bytes, StandardCharsets.UTF_8);
        }
        throw new HawkeyeException(r.statusCode(), "HTTP " + r.statusCode() + ": " + message);
    }
}
