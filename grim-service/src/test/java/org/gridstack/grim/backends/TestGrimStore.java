package org.gridstack.grim.backends;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.gridstack.grim.config.GrimProperties;
import org.junit.jupiter.api.Test;

/**
 * GrimStore starts only from settings {@link GrimProperties#validate()} accepts: settings built by
 * hand (not bound by Spring) are refused with the same message, before any backend starts.
 */
class TestGrimStore {
    @Test
    void anUnknownBackendIsRefusedByItsSettingName() {
        GrimProperties p = new GrimProperties();
        p.setBackends(List.of("ldap", "oracle"));
        assertContains("grim.backends: unknown backend 'oracle'; use postgres, basex, ldap",
                assertThrows(IllegalArgumentException.class, () -> new GrimStore(p)).getMessage());
    }

    @Test
    void noBackendIsRefused() {
        GrimProperties p = new GrimProperties();
        p.setBackends(List.of());
        assertContains("grim.backends is empty", assertThrows(IllegalArgumentException.class, () -> new GrimStore(p)).getMessage());
    }

    @Test
    void anySettingOutOfRangeStopsTheStartBeforeABackendStarts() {
        GrimProperties p = new GrimProperties();
        p.setBackends(List.of("ldap"));
        p.setScale(0);
        p.getLdap().setUrl("ldap:///");
        assertEquals("invalid GRIM configuration:\n  grim.scale must be in (0, 10], got 0.0\n"
                        + "  grim.ldap.url 'ldap:///' names no server; use ldap://host:port",
                assertThrows(IllegalArgumentException.class, () -> new GrimStore(p)).getMessage());
    }
}
