package org.gridstack.rgma.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.context.ConfigurationPropertiesAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** R-GMA's settings: the documented defaults, and each setting out of range refused by name at start-up. */
class TestRgmaProperties {
    @Test
    void defaultsAreTheDocumentedOnesAndValid() {
        RgmaProperties p = new RgmaProperties();
        p.validate();
        assertThat(p.getDatabase().getUrl()).isEmpty();
        assertThat(p.getDatabase().getUser()).isEmpty();
        assertThat(p.getDatabase().getPassword()).isEmpty();

        RgmaProperties.Producer producer = p.getProducer();
        assertThat(producer.getConnections()).isEqualTo("pooled");
        assertThat(producer.getPoolSize()).isEqualTo(20);
        assertThat(producer.getMinTerminationInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(producer.getMaintenanceInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(producer.getEndpoint()).isEmpty();

        RgmaProperties.Query query = p.getQuery();
        assertThat(query.getMaxRows()).isEqualTo(10_000);
        assertThat(query.getTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(query.getMaxPerAddress()).isEqualTo(32);
        assertThat(query.getMaxRunning()).isEqualTo(200);

        assertThat(p.getRegistry().getMaxPerAddress()).isEqualTo(1000);
        assertThat(p.getRegistry().getSweepInterval()).isEqualTo(Duration.ofSeconds(1));

        RgmaProperties.Consumer consumer = p.getConsumer();
        assertThat(consumer.getPollInterval()).isEqualTo(Duration.ofMillis(500));
        assertThat(consumer.getRediscoverInterval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(consumer.getStreamBufferRows()).isEqualTo(10_000);
        assertThat(consumer.getStreamThreads()).isEqualTo(4);
        assertThat(consumer.getFanOutThreads()).isEqualTo(32);
        assertThat(consumer.getMaxStreamsPerAddress()).isEqualTo(8);
        assertThat(consumer.getHeartbeat()).isEqualTo(Duration.ofSeconds(15));

        assertThat(p.getSchema().getMaxTables()).isEqualTo(200);
        assertThat(p.getMaxBodyBytes()).isEqualTo(262_144);
        assertThat(p.getTrustedProxies()).isEmpty();
        assertThat(p.isDemo()).isFalse();
        assertThat(p.getDemoPublishInterval()).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void eachSettingOutOfRangeIsRefusedByName() {
        refused(p -> p.getDatabase().setUrl("postgres://h/db"),
                "rgma.database.url must be empty (embedded PostgreSQL) or a jdbc:postgresql: URL, got 'postgres://h/db'");
        refused(p -> p.getDatabase().setUser(null), "rgma.database.user and rgma.database.password must not be null");

        refused(p -> p.getProducer().setConnections("pooled-ish"), "rgma.producer.connections must be pooled or per-query, got 'pooled-ish'");
        refused(p -> p.getProducer().setPoolSize(0), "rgma.producer.pool-size must be at least 1, got 0");
        refused(p -> p.getProducer().setMinTerminationInterval(Duration.ZERO),
                "rgma.producer.min-termination-interval must be a duration of at least 1ms such as 10s, got PT0S");
        refused(p -> p.getProducer().setMaintenanceInterval(Duration.ofNanos(1)),
                "rgma.producer.maintenance-interval must be a duration of at least 1ms such as 10s, got PT0.000000001S");
        refused(p -> p.getProducer().setEndpoint("rgma.example.org:8095"), "rgma.producer.endpoint must be empty (http://127.0.0.1:<port>) or an http(s) URL with a host");
        refused(p -> p.getProducer().setEndpoint("ftp://rgma.example.org/"), "rgma.producer.endpoint must be empty");

        refused(p -> p.getQuery().setMaxRows(0), "rgma.query.max-rows must be at least 1, got 0");
        refused(p -> p.getQuery().setTimeout(Duration.ofSeconds(-1)), "rgma.query.timeout must be a duration of at least 1ms");
        refused(p -> p.getQuery().setMaxPerAddress(0), "rgma.query.max-per-address must be at least 1, got 0");
        refused(p -> p.getQuery().setMaxRunning(-5), "rgma.query.max-running must be at least 1, got -5");

        refused(p -> p.getRegistry().setMaxPerAddress(0), "rgma.registry.max-per-address must be at least 1, got 0");
        refused(p -> p.getRegistry().setSweepInterval(null), "rgma.registry.sweep-interval must be a duration of at least 1ms such as 10s, got null");

        refused(p -> p.getConsumer().setPollInterval(Duration.ZERO), "rgma.consumer.poll-interval must be a duration of at least 1ms");
        refused(p -> p.getConsumer().setRediscoverInterval(Duration.ZERO), "rgma.consumer.rediscover-interval must be a duration of at least 1ms");
        refused(p -> p.getConsumer().setStreamBufferRows(0), "rgma.consumer.stream-buffer-rows must be at least 1, got 0");
        refused(p -> p.getConsumer().setStreamThreads(0), "rgma.consumer.stream-threads must be at least 1, got 0");
        refused(p -> p.getConsumer().setFanOutThreads(0), "rgma.consumer.fan-out-threads must be at least 1, got 0");
        refused(p -> p.getConsumer().setMaxStreamsPerAddress(0), "rgma.consumer.max-streams-per-address must be at least 1, got 0");
        refused(p -> p.getConsumer().setHeartbeat(Duration.ZERO), "rgma.consumer.heartbeat must be a duration of at least 1ms");

        refused(p -> p.getSchema().setMaxTables(0), "rgma.schema.max-tables must be at least 1, got 0");
        refused(p -> p.setMaxBodyBytes(0), "rgma.max-body-bytes must be at least 1, got 0");
        refused(p -> p.setTrustedProxies(List.of("10.0.0.0/8", "proxy.example.org")),
                "rgma.trusted-proxies: 'proxy.example.org' is not an address or address block");
        refused(p -> p.setTrustedProxies(List.of("10.0.0.0/33")), "rgma.trusted-proxies: '10.0.0.0/33' is not an address or address block");
        refused(p -> p.setDemoPublishInterval(Duration.ZERO), "rgma.demo-publish-interval must be a duration of at least 1ms");
    }

    @Test
    void everyProblemIsNamedInOneMessage() {
        RgmaProperties p = new RgmaProperties();
        p.getQuery().setMaxRows(0);
        p.getSchema().setMaxTables(0);
        assertThatThrownBy(p::validate).isInstanceOf(IllegalArgumentException.class).hasMessage("invalid R-GMA configuration:\n"
                + "  rgma.query.max-rows must be at least 1, got 0\n  rgma.schema.max-tables must be at least 1, got 0");
    }

    @Test
    void wellFormedChoicesAreAccepted() {
        RgmaProperties p = new RgmaProperties();
        p.getDatabase().setUrl("jdbc:postgresql://127.0.0.1:5432/rgma");
        p.getProducer().setConnections("per-query");
        p.getProducer().setEndpoint("https://rgma.example.org:8443/R-GMA/");
        p.setTrustedProxies(List.of("127.0.0.1", "::1", "10.1.0.0/16", " "));
        p.validate();
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(RgmaProperties.class)
    static class Bound {
    }

    @Test
    void springValidatesOnceBoundSoABadSettingStopsTheStart() {
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(ConfigurationPropertiesAutoConfiguration.class)).withUserConfiguration(Bound.class);
        runner.withPropertyValues("rgma.query.max-rows=5", "rgma.consumer.poll-interval=250ms")
                .run(ctx -> {
                    assertThat(ctx.getBean(RgmaProperties.class).getQuery().getMaxRows()).isEqualTo(5);
                    assertThat(ctx.getBean(RgmaProperties.class).getConsumer().getPollInterval()).isEqualTo(Duration.ofMillis(250));
                });
        runner.withPropertyValues("rgma.producer.connections=shared").run(ctx -> assertThat(ctx.getStartupFailure())
                .rootCause().hasMessageContaining("rgma.producer.connections must be pooled or per-query, got 'shared'"));
    }

    private static void refused(Consumer<RgmaProperties> change, String message) {
        RgmaProperties p = new RgmaProperties();
        change.accept(p);
        assertThatThrownBy(p::validate).as(message).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("invalid R-GMA configuration:\n  " + message);
    }
}
