package org.gridstack.mds.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;

import java.time.Duration;
import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.provider.host.DefaultHostProviders;
import org.gridstack.mds.provider.host.FakeProcTree;
import org.gridstack.mds.provider.host.ProcHostReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import com.sun.net.httpserver.HttpServer;

/**
 * The MDS4-style XML index over real HTTP: a real GRIS registered as an {@code ldap://} source
 * (the same GRIS data, now as XML), XPath answers, an http source that expires when not renewed
 * (twice its refresh interval), the read-only query user (no files), error statuses, and the
 * step timers on Actuator's Prometheus endpoint.
 */
@AutoConfigureObservability
@SpringBootTest(classes = IndexApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"management.endpoints.web.exposure.include=health,prometheus", "spring.main.banner-mode=off",
            "mds.index.query-time-limit-seconds=2"})
class TestXmlIndexHttp {
    @TempDir
    static Path proc;
    private static GrisServer gris;
    private static HttpServer xmlServer;

    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        FakeProcTree.write(proc);
        GrisConfig c = GrisConfig.builder().port(0).build();
        gris = GrisServer.start(c, new ProviderCache(new DefaultHostProviders(new ProcHostReader(proc, false),
                Clock.systemUTC()).providers(c.suffix(), c.glue2Suffix()), CacheMode.AUTO, Clock.systemUTC()), null);
        xmlServer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        xmlServer.createContext("/status.xml", exchange -> {
            byte[] body = "<service name=\"gram\"><status>up</status></service>".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        xmlServer.start();
    }

    @AfterAll
    static void stop() {
        if (gris != null) {
            gris.close();
        }
        if (xmlServer != null) {
            xmlServer.stop(0);
        }
    }

    private HttpResponse<String> post(String name, String url, String refresh) throws Exception {
        String form = "name=" + enc(name) + "&url=" + enc(url) + "&refresh=" + enc(refresh);
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/index/registrations"))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String pathAndQuery) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> query(String xpath) throws Exception {
        return get("/index/query?xpath=" + enc(xpath));
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Test
    void theGrisDataAsXmlAnsweringXPath() throws Exception {
        HttpResponse<String> r = post("gris", "ldap://127.0.0.1:" + gris.port() + "/Mds-Vo-name=local,o=Grid", "60");
        assertEquals(201, r.statusCode(), r.body());
        HttpResponse<String> cpus = query("//entry[objectClass='GlueCE']/GlueCEInfoTotalCPUs/string()");
        assertEquals(200, cpus.statusCode(), cpus.body());
        assertEquals("<results count=\"1\"><item>2</item></results>", cpus.body());
        HttpResponse<String> nodes = query("//entry[objectClass='GlueSubCluster']");
        assertTrue(nodes.body().contains("<GlueHostOperatingSystemRelease>6.1.0-test</GlueHostOperatingSystemRelease>"),
                nodes.body());
        HttpResponse<String> count = query("count(//entry)");
        assertTrue(Integer.parseInt(count.body().replaceAll("\\D", "")) >= 6, count.body());
    }

    @Test
    void aRegistrationNotRenewedExpiresAfterTwiceItsRefresh() throws Exception {
        String url = "http://127.0.0.1:" + xmlServer.getAddress().getPort() + "/status.xml";
        assertEquals(201, post("status", url, "1").statusCode());
        assertEquals("<results count=\"1\"><item>up</item></results>", query("//service[@name='gram']/status/string()").body());
        await("expired after 2 s without renewal").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> !get("/index/registrations").body().contains("\"status\""));
        assertEquals("<results count=\"0\"></results>", query("//service").body(), "its document is gone too");
    }

    @Test
    void queriesCannotReadFiles() throws Exception {
        HttpResponse<String> r = query("file:read-text('/etc/hostname')");
        assertEquals(403, r.statusCode(), r.body());
        HttpResponse<String> d = query("doc('/etc/passwd')");
        assertEquals(403, d.statusCode(), d.body());
    }

    @Test
    void queriesCannotSeeBaseXsInternals() throws Exception {
        for (String internal : new String[] {"db:system()", "user:list()", "db:list()", "user:list-details()",
            "function-lookup(QName('http://basex.org/modules/' || 'db', 'system'), 0)()", "db : system ( )"}) {
            HttpResponse<String> r = query(internal);
            assertEquals(403, r.statusCode(), internal + ": " + r.body());
        }
    }

    @Test
    void aHugeResultIsCutWhileItIsProduced() throws Exception {
        HttpResponse<String> r = query("(1 to 100000000)");
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("more than 10000 items"), r.body());
        assertEquals(200, query("count(//entry)").statusCode(), "the index still answers");
    }

    @Test
    void anExpensiveQueryIsStoppedByTheEngineAtItsTimeLimit() throws Exception {
        HttpResponse<String> r = query("count((1 to 2000000000)[string(.) = 'x'])");
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("time limit of 2 s"), r.body());
        assertEquals(200, query("count(//entry)").statusCode(), "the index still answers");
    }

    @Test
    void badInputGetsClearErrors() throws Exception {
        HttpResponse<String> syntax = query("//entry[");
        assertEquals(400, syntax.statusCode(), syntax.body());
        assertTrue(syntax.body().contains("XPST0003"), "names the XPath error: " + syntax.body());
        assertEquals(400, post("x", "ftp://example.org/x.xml", "60").statusCode());
        HttpResponse<String> zero = post("x", "http://127.0.0.1:1/x.xml", "0");
        assertEquals(400, zero.statusCode());
        assertTrue(zero.body().contains("refresh 0 s"), zero.body());
        assertEquals(400, post("bad name!", "http://127.0.0.1:1/x.xml", "60").statusCode());
        assertEquals(400, post("x", "http://127.0.0.1:1/x.xml", "soon").statusCode());
        assertEquals(400, get("/index/query").statusCode());
        assertEquals(404, http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/index/registrations/nobody")).DELETE().build(), HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    @Test
    void stepTimersOnThePrometheusEndpoint() throws Exception {
        query("count(//entry)");
        HttpResponse<String> r = get("/actuator/prometheus");
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("mds_step_seconds_count{server=\"index\",step=\"search_index\"}"), r.body());
    }
}
