package org.gridstack.grim.config;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.gridstack.testing.ContainmentAssertions.assertStartsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import org.gridstack.testing.SpringPropertiesContext;
import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;

/** GRIM's settings: the documented defaults, and each setting out of range refused by name at start-up. */
class TestGrimProperties {
    @Test
    void defaultsAreTheDocumentedOnesAndValid() {
        GrimProperties p = new GrimProperties();
        p.validate();
        assertEquals(1.0, p.getScale());
        assertEquals(42, p.getSeed());
        assertContainsExactly(List.of("postgres", "basex", "ldap"), p.getBackends());
        assertTrue(p.getProviderTokens().isEmpty(), () -> "expected empty but was: " + p.getProviderTokens());

        assertTrue(p.getPostgres().getUrl().isEmpty(), () -> "expected empty but was: " + p.getPostgres().getUrl());
        assertEquals("postgres", p.getPostgres().getUser());
        assertTrue(p.getPostgres().getReaderUser().isEmpty(), () -> "expected empty but was: " + p.getPostgres().getReaderUser());
        assertEquals(16, p.getPostgres().getPoolSize());
        assertFalse(p.getPostgres().isKeepData());
        assertEquals("512MB", p.getPostgres().getTempFileLimit());

        assertTrue(p.getBasex().getHost().isEmpty(), () -> "expected empty but was: " + p.getBasex().getHost());
        assertEquals(1984, p.getBasex().getPort());
        assertEquals("admin", p.getBasex().getUser());

        assertTrue(p.getLdap().getUrl().isEmpty(), () -> "expected empty but was: " + p.getLdap().getUrl());
        assertEquals("cn=admin,o=grid", p.getLdap().getBindDn());

        GrimProperties.Updates u = p.getUpdates();
        assertEquals(4, u.getWriters());
        assertEquals(20_000, u.getMaxBatchRequests());
        assertEquals(1_000_000, u.getMaxUpdatesPerRequest());
        assertEquals(4 << 20, u.getMaxMessageChars());
        assertEquals(Duration.ofSeconds(30), u.getTimeout());
        assertTrue(u.getAllowedOrigins().isEmpty(), () -> "expected empty but was: " + u.getAllowedOrigins());
        assertEquals(16L << 20, u.getMaxBodyBytes());

        GrimProperties.NativeQueries n = p.getNativeQueries();
        assertEquals(Duration.ofSeconds(10), n.getTimeout());
        assertEquals(10_000, n.getMaxRows());
        assertEquals(16L << 20, n.getMaxBytes());
        assertEquals(256, n.getMaxMemoryMb());
        assertEquals(2, n.getMaxPerClient());
        assertEquals(3, n.getMaxPerBackend());
        assertEquals(1L << 20, n.getMaxQueryBytes());
    }

    @Test
    void eachSettingOutOfRangeIsRefusedByName() {
        refused(p -> p.setScale(0), "grim.scale must be in (0, 10], got 0.0");
        refused(p -> p.setScale(Double.NaN), "grim.scale must be in (0, 10], got NaN");
        refused(p -> p.setScale(10.5), "grim.scale must be in (0, 10], got 10.5");
        refused(p -> p.setBackends(List.of()), "grim.backends is empty; name at least one of postgres, basex, ldap");
        refused(p -> p.setBackends(List.of("postgres", "oracle")), "grim.backends: unknown backend 'oracle'; use postgres, basex, ldap");
        refused(p -> p.setBackends(List.of("ldap", " ldap")), "grim.backends names 'ldap' twice");
        refused(p -> p.setProviderTokens(List.of("ok", " ")), "grim.provider-tokens: a token must be non-blank");
        refused(p -> p.setProviderTokens(List.of("padded ")), "grim.provider-tokens: a token must be non-blank");

        refused(p -> p.getPostgres().setUrl("postgres://h/db"), "grim.postgres.url must be empty (embedded PostgreSQL) or a PostgreSQL JDBC URL");
        refused(p -> {
            p.getPostgres().setUrl("jdbc:postgresql://127.0.0.1:5432/grim");
            p.getPostgres().setUser(" ");
        }, "grim.postgres.user must not be empty");
        refused(p -> p.getPostgres().setPoolSize(0), "grim.postgres.pool-size must be at least 1, got 0");
        refused(p -> p.getPostgres().setTempFileLimit("lots"), "grim.postgres.temp-file-limit must be a PostgreSQL size such as 512MB, not lots");

        refused(p -> {
            p.getBasex().setHost("127.0.0.1");
            p.getBasex().setPort(70000);
        }, "grim.basex.port must be in 1..65535, got 70000");
        refused(p -> {
            p.getBasex().setHost("127.0.0.1");
            p.getBasex().setUser("");
        }, "grim.basex.user must not be empty");

        refused(p -> p.getLdap().setUrl("http://127.0.0.1/"), "grim.ldap.url 'http://127.0.0.1/' is not an LDAP URL");
        refused(p -> p.getLdap().setUrl("ldap:///"), "grim.ldap.url 'ldap:///' names no server");
        refused(p -> {
            p.getLdap().setUrl("ldap://127.0.0.1:389");
            p.getLdap().setBindDn("not a dn");
        }, "grim.ldap.bind-dn 'not a dn' is not a DN");

        refused(p -> p.getUpdates().setWriters(0), "grim.updates.writers must be at least 1, got 0");
        refused(p -> p.getUpdates().setMaxBatchRequests(-1), "grim.updates.max-batch-requests must be at least 1, got -1");
        refused(p -> p.getUpdates().setMaxUpdatesPerRequest(0), "grim.updates.max-updates-per-request must be at least 1, got 0");
        refused(p -> p.getUpdates().setMaxMessageChars(0), "grim.updates.max-message-chars must be at least 1, got 0");
        refused(p -> p.getUpdates().setTimeout(Duration.ZERO), "grim.updates.timeout must be a positive duration such as 10s, got PT0S");
        refused(p -> p.getUpdates().setMaxBodyBytes(0), "grim.updates.max-body-bytes must be at least 1, got 0");
        refused(p -> p.getUpdates().setAllowedOrigins(List.of("")), "grim.updates.allowed-origins: an origin pattern must not be empty");

        refused(p -> p.getNativeQueries().setTimeout(Duration.ofSeconds(-1)), "grim.native-queries.timeout must be a positive duration");
        refused(p -> p.getNativeQueries().setMaxRows(0), "grim.native-queries.max-rows must be at least 1, got 0");
        refused(p -> p.getNativeQueries().setMaxBytes(0), "grim.native-queries.max-bytes must be at least 1, got 0");
        refused(p -> p.getNativeQueries().setMaxMemoryMb(0), "grim.native-queries.max-memory-mb must be at least 1, got 0");
        refused(p -> p.getNativeQueries().setMaxPerClient(0), "grim.native-queries.max-per-client must be at least 1, got 0");
        refused(p -> p.getNativeQueries().setMaxPerBackend(0), "grim.native-queries.max-per-backend must be at least 1, got 0");
        refused(p -> p.getNativeQueries().setMaxQueryBytes(0), "grim.native-queries.max-query-bytes must be at least 1, got 0");
    }

    @Test
    void everyProblemIsNamedInOneMessage() {
        GrimProperties p = new GrimProperties();
        p.setScale(-1);
        p.getUpdates().setWriters(0);
        assertEquals("invalid GRIM configuration:\n  grim.scale must be in (0, 10], got -1.0\n  grim.updates.writers must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, p::validate).getMessage());
    }

    @Test
    void externalServersThatAreWellNamedAreAccepted() {
        GrimProperties p = new GrimProperties();
        p.getPostgres().setUrl("jdbc:postgresql://127.0.0.1:5432/grim");
        p.getBasex().setHost("127.0.0.1");
        p.getLdap().setUrl("ldap://127.0.0.1:3890");
        p.setBackends(List.of("postgres", " basex"));
        p.setProviderTokens(List.of("token-1"));
        p.validate();
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(GrimProperties.class)
    static class Bound {
    }

    private static AnnotationConfigApplicationContext started(String... properties) {
        return SpringPropertiesContext.start(Bound.class, properties);
    }

    @Test
    void springValidatesOnceBoundSoABadSettingStopsTheStart() {
        try (AnnotationConfigApplicationContext ctx = started("grim.scale=0.5", "grim.native-queries.max-rows=5")) {
            assertEquals(5, ctx.getBean(GrimProperties.class).getNativeQueries().getMaxRows());
        }
        Exception startupFailure = assertThrows(Exception.class, () -> started("grim.native-queries.max-rows=0").close());
        assertContains("grim.native-queries.max-rows must be at least 1, got 0",
                NestedExceptionUtils.getMostSpecificCause(startupFailure).getMessage());
    }

    private static void refused(Consumer<GrimProperties> change, String message) {
        GrimProperties p = new GrimProperties();
        change.accept(p);
        assertStartsWith("invalid GRIM configuration:\n  " + message, assertThrows(IllegalArgumentException.class, p::validate, message).getMessage(),
                message);
    }
}
