package org.gridstack.hawkeye.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import org.gridstack.hawkeye.classad.EvaluationLimits;
import org.junit.jupiter.api.Test;

/** The manager's settings: the documented defaults, and each setting out of range refused by name with its value. */
class TestManagerSettings {
    private static final String TOKEN = "0123456789abcdef-agent";

    @Test
    void defaultsAreTheDocumentedOnes() {
        ManagerSettings s = ManagerSettings.defaults(Set.of(TOKEN));
        assertEquals(Duration.ofMinutes(3), s.expiry(), "180 s");
        assertEquals(Set.of(TOKEN), s.agentCredentials());
        assertEquals(EvaluationLimits.QUERY, s.queryLimits());
        assertEquals(10_000, s.maxResults());
        assertEquals(1024, s.maxHostsPerSource());
        assertEquals(8, s.pushesPerAddress());
        assertEquals(16, s.queriesPerAddress());
        assertEquals(4L << 20, s.maxPushBytes());
        assertEquals(List.of(), s.trustedProxies());
        assertEquals(Set.of(), ManagerSettings.defaults(Set.of()).agentCredentials(), "no credential: every push refused");
    }

    @Test
    void eachSettingOutOfRangeIsRefusedByName() {
        ManagerSettings d = ManagerSettings.defaults(Set.of(TOKEN));
        refused(() -> d.withExpiry(Duration.ZERO), "expiry (--expiry) must be positive, got PT0S");
        refused(() -> d.withExpiry(Duration.ofSeconds(-1)), "expiry (--expiry) must be positive, got PT-1S");
        refused(() -> d.withShares(0, 8, 1024), "queriesPerAddress (--queries-per-address) must be at least 1, got 0");
        refused(() -> d.withShares(16, 0, 1024), "pushesPerAddress (--pushes-per-address) must be at least 1, got 0");
        refused(() -> d.withShares(16, 8, -1), "maxHostsPerSource (--hosts-per-address) must be at least 1, got -1");
        refused(() -> d.withMaxHostsPerSource(0), "maxHostsPerSource (--hosts-per-address) must be at least 1, got 0");
        refused(() -> new ManagerSettings(d.expiry(), d.agentCredentials(), d.queryLimits(), 0, 1024, 8, 16, 4L << 20, List.of()),
                "maxResults must be at least 1, got 0");
        refused(() -> new ManagerSettings(d.expiry(), d.agentCredentials(), d.queryLimits(), 10, 1024, 8, 16, 0, List.of()),
                "maxPushBytes must be at least 1, got 0");
        refused(() -> ManagerSettings.defaults(Set.of(TOKEN, "short")),
                "an agent credential (--credential-file) is shorter than 16 characters");
        refused(() -> d.withTrustedProxies(List.of("10.0.0.0/8", "proxy.example.org")),
                "trustedProxies (--trusted-proxy): 'proxy.example.org' is not an address or address block");
        refused(() -> d.withTrustedProxies(List.of("::1/129")), "trustedProxies (--trusted-proxy): '::1/129' is not an address or address block");
    }

    @Test
    void aCredentialNeverAppearsInTheRefusal() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ManagerSettings.defaults(Set.of("secret-12345")));
        assertTrue(!e.getMessage().contains("secret"), e.getMessage());
    }

    @Test
    void wellFormedChoicesAreAccepted() {
        ManagerSettings s = ManagerSettings.defaults(Set.of(TOKEN)).withExpiry(Duration.ofMillis(1)).withShares(1, 1, 1)
                .withTrustedProxies(List.of("127.0.0.1", "::1", "10.1.0.0/16", " "));
        assertEquals(1, s.queriesPerAddress());
        assertEquals(4, s.trustedProxies().size());
    }

    private static void refused(Supplier<ManagerSettings> build, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build::get, message);
        assertTrue(e.getMessage().startsWith(message), "expected '" + message + "', got '" + e.getMessage() + "'");
    }
}
