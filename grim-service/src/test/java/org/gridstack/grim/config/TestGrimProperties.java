package org.gridstack.grim.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.context.ConfigurationPropertiesAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** GRIM's settings: the documented defaults, and each setting out of range refused by name at start-up. */
class TestGrimProperties {
    @Test
    void defaultsAreTheDocumentedOnesAndValid() {
        GrimProperties p = new GrimProperties();
        p.validate();
        assertThat(p.getScale()).isEqualTo(1.0);
        assertThat(p.getSeed()).isEqualTo(42);
        assertThat(p.getBackends()).containsExactly("postgres", "basex", "ldap");
        assertThat(p.getProviderTokens()).isEmpty();

        assertThat(p.getPostgres().getUrl()).isEmpty();
        assertThat(p.getPostgres().getUser()).isEqualTo("postgres");
        assertThat(p.getPostgres().getReaderUser()).isEmpty();
        assertThat(p.getPostgres().getPoolSize()).isEqualTo(16);
        assertThat(p.getPostgres().isKeepData()).isFalse();
        assertThat(p.getPostgres().getTempFileLimit()).isEqualTo("512MB");

        assertThat(p.getBasex().getHost()).isEmpty();
        assertThat(p.getBasex().getPort()).isEqualTo(1984);
        assertThat(p.getBasex().getUser()).isEqualTo("admin");

        assertThat(p.getLdap().getUrl()).isEmpty();
        assertThat(p.getLdap().getBindDn()).isEqualTo("cn=admin,o=grid");

        GrimProperties.Updates u = p.getUpdates();
        assertThat(u.getWriters()).isEqualTo(4);
        assertThat(u.getMaxBatchRequests()).isEqualTo(20_000);
        assertThat(u.getMaxUpdatesPerRequest()).isEqualTo(1_000_000);
        assertThat(u.getMaxMessageChars()).isEqualTo(4 << 20);
        assertThat(u.getTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(u.getAllowedOrigins()).isEmpty();
        assertThat(u.getMaxBodyBytes()).isEqualTo(16L << 20);

        GrimProperties.NativeQueries n = p.getNativeQueries();
        assertThat(n.getTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(n.getMaxRows()).isEqualTo(10_000);
        assertThat(n.getMaxBytes()).isEqualTo(16L << 20);
        assertThat(n.getMaxMemoryMb()).isEqualTo(256);
        assertThat(n.getMaxPerClient()).isEqualTo(2);
        assertThat(n.getMaxPerBackend()).isEqualTo(3);
        assertThat(n.getMaxQueryBytes()).isEqualTo(1L << 20);
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
        assertThatThrownBy(p::validate).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("invalid GRIM configuration:\n  grim.scale must be in (0, 10], got -1.0\n  grim.updates.writers must be at least 1, got 0");
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

    @Test
    void springValidatesOnceBoundSoABadSettingStopsTheStart() {
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(ConfigurationPropertiesAutoConfiguration.class)).withUserConfiguration(Bound.class);
        runner.withPropertyValues("grim.scale=0.5", "grim.native-queries.max-rows=5")
                .run(ctx -> assertThat(ctx.getBean(GrimProperties.class).getNativeQueries().getMaxRows()).isEqualTo(5));
        runner.withPropertyValues("grim.native-queries.max-rows=0").run(ctx -> assertThat(ctx.getStartupFailure())
                .rootCause().hasMessageContaining("grim.native-queries.max-rows must be at least 1, got 0"));
    }

    private static void refused(Consumer<GrimProperties> change, String message) {
        GrimProperties p = new GrimProperties();
        change.accept(p);
        assertThatThrownBy(p::validate).as(message).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("invalid GRIM configuration:\n  " + message);
    }
}
