package org.gridstack.mds.giis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.giishttp.GiisHttpApplication;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.ldap.StepTimers;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The GIIS's HTTP registration form over real HTTP (what {@code giis --http-port} starts): a
 * GRIS registered by form is aggregated; the policy refuses with 403, bad fields get 400; the
 * GIIS's step timers are on the same port's Prometheus endpoint.
 */
class TestGiisHttpRegistration {
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> post(int port, String form) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/giis/registrations"))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aGrisRegisteredByFormIsAggregated() throws Exception {
        GiisHttpApplication.DeskHolder holder = new GiisHttpApplication.DeskHolder();
        GrisConfig gc = GrisConfig.builder().port(0).suffix("Mds-Vo-name=gris1,o=Grid").glue2Suffix(null).build();
        try (ConfigurableApplicationContext app = GiisHttpApplication.start(0, holder);
                GrisServer gris = GrisServer.start(gc, new ProviderCache(List.of(new SyntheticProvider(
                        ProviderSettings.of("synthetic"), gc.suffix(), 4, Clock.systemUTC())), CacheMode.AUTO,
                        Clock.systemUTC()), null);
                GiisServer giis = GiisServer.start(GiisConfig.builder().port(0).build(), AllowedHostsPolicy.anyone(), null,
                        Clock.systemUTC(), new StepTimers(GiisHttpApplication.registry(app), "giis"))) {
            int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
            assertEquals(503, post(port, "port=" + gris.port()).statusCode(), "before the GIIS is handed over");
            holder.set(giis.registrationDesk());

            HttpResponse<String> ok = post(port, "port=" + gris.port() + "&rootdn=Mds-Vo-name%3Dgris1%2Co%3DGrid&ttl=600");
            assertEquals(201, ok.statusCode(), ok.body());
            assertTrue(ok.body().contains("\"ttl\":600"), ok.body());
            try (LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
                assertEquals(4, c.search("Mds-Vo-name=site,o=Grid", SearchScope.SUB, "(cn=entry-*)").getEntryCount());
            }

            HttpResponse<String> bad = post(port, "port=" + gris.port() + "&ttl=soon");
            assertEquals(400, bad.statusCode());
            assertTrue(bad.body().contains("ttl 'soon'"), bad.body());
            assertEquals(400, post(port, "hn=somewhere").statusCode(), "no port");

            HttpResponse<String> metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/actuator/prometheus")).build(), HttpResponse.BodyHandlers.ofString());
            assertTrue(metrics.body().contains("mds_step_seconds_count{server=\"giis\",step=\"invoke_provider\"} 1"),
                    metrics.body());
        }
    }

    @Test
    void thePolicyRefusesFormsWith403() throws Exception {
        GiisHttpApplication.DeskHolder holder = new GiisHttpApplication.DeskHolder();
        try (ConfigurableApplicationContext app = GiisHttpApplication.start(0, holder);
                GiisServer giis = GiisServer.start(GiisConfig.builder().port(0).build(),
                        new AllowedHostsPolicy(List.of("192.0.2.7")), null, Clock.systemUTC())) {
            holder.set(giis.registrationDesk());
            int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
            HttpResponse<String> r = post(port, "port=2135");
            assertEquals(403, r.statusCode(), r.body());
            assertTrue(r.body().contains("127.0.0.1"), r.body());
            assertEquals(0, giis.registrations().size());
        }
    }
}
