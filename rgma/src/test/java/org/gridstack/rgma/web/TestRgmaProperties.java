package org.gridstack.rgma.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.gridstack.testing.ContainmentAssertions.assertStartsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import org.gridstack.testing.SpringPropertiesContext;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;

/** R-GMA's settings: the documented defaults, and each setting out of range refused by name at start-up. */
class TestRgmaProperties {
    @Test
    void defaultsAreTheDocumentedOnesAndValid() {
        RgmaProperties p = new RgmaProperties();
        p.validate();
        assertEquals("", p.getDatabase().getUrl());
        assertEquals("", p.getDatabase().getUser());
        assertEquals("", p.getDatabase().getPassword());

        RgmaProperties.Producer producer = p.getProducer();
        assertEquals("pooled", producer.getConnections());
        assertEquals(20, producer.getPoolSize());
        assertEquals(Duration.ofSeconds(1), producer.getMinTerminationInterval());
        assertEquals(Duration.ofSeconds(1), producer.getMaintenanceInterval());
        assertEquals("", producer.getEndpoint());

        RgmaProperties.Query query = p.getQuery();
        assertEquals(10_000, query.getMaxRows());
        assertEquals(Duration.ofSeconds(10), query.getTimeout());
        assertEquals(32, query.getMaxPerAddress());
        assertEquals(200, query.getMaxRunning());

        assertEquals(1000, p.getRegistry().getMaxPerAddress());
        assertEquals(Duration.ofSeconds(1), p.getRegistry().getSweepInterval());

        RgmaProperties.Consumer consumer = p.getConsumer();
        assertEquals(Duration.ofMillis(500), consumer.getPollInterval());
        assertEquals(Duration.ofSeconds(2), consumer.getRediscoverInterval());
        assertEquals(10_000, consumer.getStreamBufferRows());
        assertEquals(4, consumer.getStreamThreads());
        assertEquals(32, consumer.getFanOutThreads());
        assertEquals(8, consumer.getMaxStreamsPerAddress());
        assertEquals(Duration.ofSeconds(15), consumer.getHeartbeat());

        assertEquals(200, p.getSchema().getMaxTables());
        assertEquals(262_144, p.getMaxBodyBytes());
        assertContainsExactly(List.of(), p.getTrustedProxies());
        assertFalse(p.isDemo());
        assertEquals(Duration.ofSeconds(60), p.getDemoPublishInterval());
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
        assertEquals("invalid R-GMA configuration:\n"
                + "  rgma.query.max-rows must be at least 1, got 0\n  rgma.schema.max-tables must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, p::validate).getMessage());
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

    private static AnnotationConfigApplicationContext started(String... properties) {
        return SpringPropertiesContext.start(Bound.class, properties);
    }

    @Test
    void springValidatesOnceBoundSoABadSettingStopsTheStart() {
        try (AnnotationConfigApplicationContext ctx = started("rgma.query.max-rows=5", "rgma.consumer.poll-interval=250ms")) {
            assertEquals(5, ctx.getBean(RgmaProperties.class).getQuery().getMaxRows());
            assertEquals(Duration.ofMillis(250), ctx.getBean(RgmaProperties.class).getConsumer().getPollInterval());
        }
        Exception startupFailure = assertThrows(Exception.class, () -> started("rgma.producer.connections=shared").close());
        assertContains("rgma.producer.connections must be pooled or per-query, got 'shared'",
                NestedExceptionUtils.getMostSpecificCause(startupFailure).getMessage());
    }

    private static void refused(Consumer<RgmaProperties> change, String message) {
        RgmaProperties p = new RgmaProperties();
        change.accept(p);
        assertStartsWith("invalid R-GMA configuration:\n  " + message,
                assertThrows(IllegalArgumentException.class, p::validate, message).getMessage(), message);
    }
}
