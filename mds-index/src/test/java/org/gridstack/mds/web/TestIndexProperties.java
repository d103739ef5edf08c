package org.gridstack.mds.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.context.ConfigurationPropertiesAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** The XML index's settings: the documented defaults, and each setting out of range refused by name at start-up. */
class TestIndexProperties {
    @Test
    void defaultsAreTheDocumentedOnesAndValid() {
        IndexProperties p = new IndexProperties();
        p.validate();
        assertThat(p.getMaxConcurrentQueries()).isEqualTo(8);
        assertThat(p.getQueriesPerAddress()).isEqualTo(2);
        assertThat(p.getQueryTimeLimitSeconds()).isEqualTo(10);
        assertThat(p.getQueryMemoryMib()).isEqualTo(256);
        assertThat(p.getMaxItems()).isEqualTo(10_000);
        assertThat(p.getMaxRegistrations()).isEqualTo(1_000);
        assertThat(p.getMaxDocumentBytes()).isEqualTo(16 << 20);
        assertThat(p.getConnectTimeoutSeconds()).isEqualTo(10);
        assertThat(p.getAllowRegistrationsFrom()).containsExactly("127.0.0.1", "0:0:0:0:0:0:0:1");
    }

    @Test
    void queriesPerAddressFollowsTheSlotsUnlessSet() {
        IndexProperties p = new IndexProperties();
        p.setMaxConcurrentQueries(20);
        assertThat(p.getQueriesPerAddress()).isEqualTo(5);
        p.setMaxConcurrentQueries(3);
        assertThat(p.getQueriesPerAddress()).isEqualTo(1);
        p.setQueriesPerAddress(3);
        assertThat(p.getQueriesPerAddress()).isEqualTo(3);
    }

    @Test
    void eachSettingOutOfRangeIsRefusedByName() {
        refused(p -> p.setMaxConcurrentQueries(0), "mds.index.max-concurrent-queries = 0 must be at least 1");
        refused(p -> p.setMaxItems(0), "mds.index.max-items = 0 must be at least 1");
        refused(p -> p.setMaxRegistrations(-1), "mds.index.max-registrations = -1 must be at least 1");
        refused(p -> p.setMaxDocumentBytes(0), "mds.index.max-document-bytes = 0 must be at least 1");
        refused(p -> p.setConnectTimeoutSeconds(0), "mds.index.connect-timeout-seconds = 0 must be at least 1");
        refused(p -> p.setQueriesPerAddress(0), "mds.index.queries-per-address = 0 must be at least 1");
        refused(p -> p.setQueryTimeLimitSeconds(0), "mds.index.query-time-limit-seconds = 0 must be at least 1");
        refused(p -> p.setQueryMemoryMib(0), "mds.index.query-memory-mib = 0 must be at least 1");
        refused(p -> p.setAllowRegistrationsFrom(Arrays.asList("192.0.2.7", " ")),
                "mds.index.allow-registrations-from: an entry must not be empty");
    }

    @Test
    void everyProblemIsNamedInOneMessage() {
        IndexProperties p = new IndexProperties();
        p.setMaxItems(0);
        p.setQueryMemoryMib(0);
        assertThatThrownBy(p::validate).isInstanceOf(IllegalArgumentException.class).hasMessage("invalid XML index configuration:\n"
                + "  mds.index.max-items = 0 must be at least 1\n  mds.index.query-memory-mib = 0 must be at least 1");
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(IndexProperties.class)
    static class Bound {
    }

    @Test
    void springValidatesOnceBoundSoABadSettingStopsTheStart() {
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(ConfigurationPropertiesAutoConfiguration.class)).withUserConfiguration(Bound.class);
        runner.withPropertyValues("mds.index.max-concurrent-queries=12", "mds.index.allow-registrations-from=192.0.2.7,*")
                .run(ctx -> {
                    IndexProperties p = ctx.getBean(IndexProperties.class);
                    assertThat(p.getMaxConcurrentQueries()).isEqualTo(12);
                    assertThat(p.getQueriesPerAddress()).isEqualTo(3);
                    assertThat(p.getAllowRegistrationsFrom()).isEqualTo(List.of("192.0.2.7", "*"));
                });
        runner.withPropertyValues("mds.index.queries-per-address=4").run(ctx ->
                assertThat(ctx.getBean(IndexProperties.class).getQueriesPerAddress()).isEqualTo(4));
        runner.withPropertyValues("mds.index.max-items=0").run(ctx -> assertThat(ctx.getStartupFailure())
                .rootCause().hasMessageContaining("mds.index.max-items = 0 must be at least 1"));
    }

    private static void refused(Consumer<IndexProperties> change, String message) {
        IndexProperties p = new IndexProperties();
        change.accept(p);
        assertThatThrownBy(p::validate).as(message).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("invalid XML index configuration:\n  " + message);
    }
}
