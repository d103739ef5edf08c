package org.gridstack.mds.gris;

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
import org.gridstack.mds.ldap.StepTimers;
import org.gridstack.mds.metrics.MetricsApplication;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.SearchScope;

/** A GRIS's per-search step timers, served on Actuator's Prometheus endpoint (what --metrics-port starts). */
class TestGrisStepTimers {

    @Test
    void searchesAreTimedStepByStepOnThePrometheusEndpoint() throws Exception {
        try (ConfigurableApplicationContext app = MetricsApplication.start(0)) {
            GrisConfig config = GrisConfig.builder().port(0).glue2Suffix(null).build();
            try (GrisServer gris = GrisServer.start(config, new ProviderCache(List.of(new SyntheticProvider(
                    ProviderSettings.of("synthetic"), config.suffix(), 10, Clock.systemUTC())), CacheMode.AUTO,
                    Clock.systemUTC()), null, new StepTimers(MetricsApplication.registry(app), "gris"));
                    LDAPConnection c = new LDAPConnection("127.0.0.1", gris.port())) {
                for (int i = 0; i < 3; i++) {
                    assertEquals(10, c.search("Mds-Vo-name=local,o=Grid", SearchScope.ONE, "(cn=*)").getEntryCount());
                }
            }
            String port = app.getEnvironment().getProperty("local.server.port");
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/actuator/prometheus")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            for (String step : new String[] {"init_search", "invoke_provider", "generate_result", "search_index", "transmit"}) {
                assertTrue(r.body().contains("mds_step_seconds_count{server=\"gris\",step=\"" + step + "\"} 3"),
                        step + " missing or not 3 in:\n" + r.body().lines().filter(l -> l.startsWith("mds_step")).toList());
            }
        }
    }
}
