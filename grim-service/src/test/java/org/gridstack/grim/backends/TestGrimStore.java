package org.gridstack.grim.backends;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        assertThatThrownBy(() -> new GrimStore(p)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("grim.backends: unknown backend 'oracle'; use postgres, basex, ldap");
    }

    @Test
    void noBackendIsRefused() {
        GrimProperties p = new GrimProperties();
        p.setBackends(List.of());
        assertThatThrownBy(() -> new GrimStore(p)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("grim.backends is empty");
    }

    @Test
    void anySettingOutOfRangeStopsTheStartBeforeABackendStarts() {
        GrimProperties p = new GrimProperties();
        p.setBackends(List.of("ldap"));
        p.setScale(0);
        p.getLdap().setUrl("ldap:///");
        assertThatThrownBy(() -> new GrimStore(p)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("invalid GRIM configuration:\n  grim.scale must be in (0, 10], got 0.0\n"
                        + "  grim.ldap.url 'ldap:///' names no server; use ldap://host:port");
    }
}
