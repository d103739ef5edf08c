package org.gridstack.mds.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.gridstack.testing.ContainmentAssertions.assertStartsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import org.gridstack.testing.SpringPropertiesContext;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;

/** The XML index's settings: the documented defaults, and each setting out of range refused by name at start-up. */
class TestIndexProperties {
    @Test
    void defaultsAreTheDocumentedOnesAndValid() {
        IndexProperties p = new IndexProperties();
        p.validate();
        assertEquals(8, p.getMaxConcurrentQueries());
        assertEquals(2, p.getQueriesPerAddress());
        assertEquals(10, p.getQueryTimeLimitSeconds());
        assertEquals(256, p.getQueryMemoryMib());
        assertEquals(10_000, p.getMaxItems());
        assertEquals(1_000, p.getMaxRegistrations());
        assertEquals(16 << 20, p.getMaxDocumentBytes());
        assertEquals(10, p.getConnectTimeoutSeconds());
        assertContainsExactly(List.of("127.0.0.1", "0:0:0:0:0:0:0:1"), p.getAllowRegistrationsFrom());
    }

    @Test
    void queriesPerAddressFollowsTheSlotsUnlessSet() {
        IndexProperties p = new IndexProperties();
        p.setMaxConcurrentQueries(20);
        assertEquals(5, p.getQueriesPerAddress());
        p.setMaxConcurrentQueries(3);
        assertEquals(1, p.getQueriesPerAddress());
        p.setQueriesPerAddress(3);
        assertEquals(3, p.getQueriesPerAddress());
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
        assertEquals("invalid XML index configuration:\n"
                + "  mds.index.max-items = 0 must be at least 1\n  mds.index.query-memory-mib = 0 must be at least 1",
                assertThrows(IllegalArgumentException.class, p::validate).getMessage());
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(IndexProperties.class)
    static class Bound {
    }

    private static AnnotationConfigApplicationContext started(String... properties) {
        return SpringPropertiesContext.start(Bound.class, properties);
    }

    @Test
    void springValidatesOnceBoundSoABadSettingStopsTheStart() {
        try (AnnotationConfigApplicationContext ctx = started("mds.index.max-concurrent-queries=12",
                "mds.index.allow-registrations-from=192.0.2.7,*")) {
            IndexProperties p = ctx.getBean(IndexProperties.class);
            assertEquals(12, p.getMaxConcurrentQueries());
            assertEquals(3, p.getQueriesPerAddress());
            assertEquals(List.of("192.0.2.7", "*"), p.getAllowRegistrationsFrom());
        }
        try (AnnotationConfigApplicationContext ctx = started("mds.index.queries-per-address=4")) {
            assertEquals(4, ctx.getBean(IndexProperties.class).getQueriesPerAddress());
        }
        Exception startupFailure = assertThrows(Exception.class, () -> started("mds.index.max-items=0").close());
        assertContains("mds.index.max-items = 0 must be at least 1", NestedExceptionUtils.getMostSpecificCause(startupFailure).getMessage());
    }

    private static void refused(Consumer<IndexProperties> change, String message) {
        IndexProperties p = new IndexProperties();
        change.accept(p);
        assertStartsWith("invalid XML index configuration:\n  " + message,
                assertThrows(IllegalArgumentException.class, p::validate, message).getMessage(), message);
    }
}
