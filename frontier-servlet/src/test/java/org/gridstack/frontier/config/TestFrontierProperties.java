package org.gridstack.frontier.config;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.gridstack.testing.ContainmentAssertions.assertStartsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import org.gridstack.frontier.protocol.zlib.ZlibEncoderSettings;
import org.gridstack.testing.SpringPropertiesContext;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;

/** FroNtier's settings: the documented defaults (docs/configuration.md), and each setting out of range refused by name at start-up. */
class TestFrontierProperties {
    private static final long MIB = 1024 * 1024;

    @Test
    void defaultsAreTheDocumentedOnesAndValid() {
        FrontierProperties p = new FrontierProperties();
        p.validate();
        assertEquals("gridstack", p.getServerName());
        assertEquals("3.42", p.getProtocolVersion());
        assertEquals("", p.getDataSourceName());
        assertEquals(100, p.getMaxThreads());
        assertEquals(2 * MIB, p.getMaxRequestSqlBytes());
        assertEquals(10, p.getMaxActive());
        assertEquals(300, p.getMaxDbAcquireSeconds());
        assertEquals(600, p.getMaxDbExecuteSeconds());
        assertEquals(604_800, p.getLongCacheExpireSeconds());
        assertEquals(0L, p.getShortCacheExpireSeconds());
        assertEquals(31_536_000, p.getForeverCacheExpireSeconds());
        assertNull(p.getLongCacheExpireHourOfDay());
        assertNull(p.getShortCacheExpireHourOfDay());
        assertNull(p.getForeverCacheExpireHourOfDay());
        assertEquals(300, p.getErrorCacheExpireSeconds());
        assertEquals(300, p.getGlobalErrorCacheExpireSeconds());
        assertEquals(300, p.getValidateLastModifiedSeconds());
        assertFalse(p.isExpireEmptyQueriesLikeErrors());
        assertTrue(p.isSendStaleIfError());
        assertEquals("", p.getLastModifiedTableName());
        assertEquals(5, p.getKeepaliveSeconds());
        assertEquals(10_000_000, p.getMaxRows());
        assertEquals(512 * MIB, p.getMaxBytes());
        assertEquals(8 * MIB, p.getResponseBufferBytes());
        assertEquals(256 * MIB, p.getResponseBufferTotalBytes());
        assertEquals(Path.of(System.getProperty("java.io.tmpdir")), p.getSpoolDirectory());
        assertEquals(256 * MIB, p.getSpoolClientBytes());
        assertEquals(2048 * MIB, p.getSpoolTotalBytes());
        assertEquals(300, p.getSendTimeoutSeconds());
        assertEquals(0.5, p.getClientPoolShare());
        assertContainsExactly(List.of(), p.getTrustedProxies());
        assertEquals("512MB", p.getDemoTempFileLimit());
        assertEquals(Runtime.getRuntime().availableProcessors(), p.getCompressionThreads());
        assertEquals(128 * 1024, p.getCompressionBlockSize());
        assertEquals(ZlibEncoderSettings.Choice.AUTO, p.getCompressionEncoder());
        assertEquals("libdeflate.so.0", p.getCompressionLibrary());
        assertEquals(8 * 1024, p.getCompressionOneShotMinBytes());
        assertEquals(8 * MIB, p.getCompressionOneShotMaxBytes());
        assertEquals(7, p.getCompressionLibdeflateMaxLevel());
        assertEquals(2000, p.getFetchSize());
        assertTrue(p.isLastModifiedEnabled());
        assertFalse(p.isInvalidationEnabled());
        assertContainsExactly(List.of(), p.getInvalidationCaches());
        assertEquals(100_000, p.getInvalidationMaxUrls());
        assertEquals(5, p.getInvalidationRetries());
        assertNull(p.getInvalidationFlushPeriod());
        assertEquals(FrontierProperties.InvalidationGranularity.ROW, p.getInvalidationGranularity());
        assertNull(p.getAdminToken());
        assertContainsExactly(List.of("127.0.0.1", "0:0:0:0:0:0:0:1"), p.getAdminAddresses());
        assertNull(p.getDemoSchema());
        assertFalse(p.isPrintDemoUrls());
    }

    @Test
    void eachSettingOutOfRangeIsRefusedByName() {
        refused(p -> p.setMaxThreads(0), "frontier.max-threads must be positive, got 0");
        refused(p -> p.setMaxRequestSqlBytes(0), "frontier.max-request-sql-bytes must be positive, got 0");
        refused(p -> p.setMaxActive(0), "frontier.max-active must be positive, got 0");
        refused(p -> p.setMaxDbAcquireSeconds(0), "frontier.max-db-acquire-seconds must be positive, got 0");
        refused(p -> p.setMaxDbExecuteSeconds(-1), "frontier.max-db-execute-seconds must be positive, got -1");
        refused(p -> p.setLongCacheExpireSeconds(-1), "frontier.long-cache-expire-seconds must not be negative, got -1");
        refused(p -> p.setShortCacheExpireSeconds(-1), "frontier.short-cache-expire-seconds must not be negative, got -1");
        refused(p -> p.setForeverCacheExpireSeconds(-1), "frontier.forever-cache-expire-seconds must not be negative, got -1");
        refused(p -> p.setLongCacheExpireHourOfDay(24), "frontier.long-cache-expire-hour-of-day must be an hour 0..23, got 24");
        refused(p -> p.setShortCacheExpireHourOfDay(-1), "frontier.short-cache-expire-hour-of-day must be an hour 0..23, got -1");
        refused(p -> p.setShortCacheExpireHourOfDay(24), "frontier.short-cache-expire-hour-of-day must be an hour 0..23, got 24");
        refused(p -> p.setForeverCacheExpireHourOfDay(25), "frontier.forever-cache-expire-hour-of-day must be an hour 0..23, got 25");
        refused(p -> p.setErrorCacheExpireSeconds(-1), "frontier.error-cache-expire-seconds must not be negative, got -1");
        refused(p -> p.setGlobalErrorCacheExpireSeconds(-1), "frontier.global-error-cache-expire-seconds must not be negative, got -1");
        refused(p -> p.setValidateLastModifiedSeconds(0), "frontier.validate-last-modified-seconds must be positive, got 0");
        refused(p -> p.setKeepaliveSeconds(0), "frontier.keepalive-seconds must be positive, got 0");
        refused(p -> p.setMaxRows(0), "frontier.max-rows must be positive, got 0");
        refused(p -> p.setMaxBytes(0), "frontier.max-bytes must be positive, got 0");
        refused(p -> p.setResponseBufferBytes(0), "frontier.response-buffer-bytes must be positive, got 0");
        refused(p -> p.setResponseBufferTotalBytes(-1), "frontier.response-buffer-total-bytes must not be negative, got -1");
        refused(p -> p.setSpoolDirectory(null), "frontier.spool-directory must name a directory, got null");
        refused(p -> p.setSpoolClientBytes(MIB + 1), "frontier.spool-client-bytes must be 0 (no spooling) or a multiple of 1 MiB (1048576), got 1048577");
        refused(p -> p.setSpoolClientBytes(-MIB), "frontier.spool-client-bytes must be 0 (no spooling) or a multiple of 1 MiB");
        refused(p -> p.setSpoolTotalBytes(-1), "frontier.spool-total-bytes must not be negative, got -1");
        refused(p -> p.setSendTimeoutSeconds(0), "frontier.send-timeout-seconds must be positive, got 0");
        refused(p -> p.setClientPoolShare(0), "frontier.client-pool-share must be above 0 and at most 1, got 0.0");
        refused(p -> p.setClientPoolShare(1.01), "frontier.client-pool-share must be above 0 and at most 1, got 1.01");
        refused(p -> p.setTrustedProxies(List.of("10.0.0.0/8", "proxy.example.org")),
                "frontier.trusted-proxies: not an IP address block: 'proxy.example.org'");
        refused(p -> p.setFetchSize(-1), "frontier.fetch-size must not be negative, got -1");
        refused(p -> p.setCompressionThreads(0), "frontier.compression-threads must be positive, got 0");
        refused(p -> p.setCompressionBlockSize(32 * 1024 - 1), "frontier.compression-block-size must be at least 32768, got 32767");
        refused(p -> p.setCompressionEncoder(null), "frontier.compression-encoder must be auto, libdeflate or java-util-zip, got null");
        refused(p -> p.setCompressionLibrary(" "), "frontier.compression-library must name a shared library, e.g. libdeflate.so.0, got ' '");
        refused(p -> p.setCompressionOneShotMinBytes(-1), "frontier.compression-one-shot-min-bytes must not be negative, got -1");
        refused(p -> p.setCompressionOneShotMaxBytes(-1), "frontier.compression-one-shot-max-bytes must not be negative, got -1");
        refused(p -> p.setCompressionLibdeflateMaxLevel(10), "frontier.compression-libdeflate-max-level must be 0..9 (0: never libdeflate), got 10");
        refused(p -> p.setInvalidationMaxUrls(0), "frontier.invalidation-max-urls must be positive, got 0");
        refused(p -> p.setInvalidationRetries(-1), "frontier.invalidation-retries must not be negative, got -1");
        refused(p -> p.setInvalidationFlushPeriod(Duration.ZERO),
                "frontier.invalidation-flush-period must be a positive duration such as 6h (unset: only on command), got PT0S");
        refused(p -> p.setInvalidationGranularity(null), "frontier.invalidation-granularity must be row or table, got null");
        refused(p -> p.setDemoTempFileLimit("lots"), "frontier.demo-temp-file-limit must be a PostgreSQL size such as 512MB, not lots");
    }

    @Test
    void everyProblemIsNamedInOneMessage() {
        FrontierProperties p = new FrontierProperties();
        p.setMaxThreads(0);
        p.setClientPoolShare(2);
        assertEquals("invalid FroNtier configuration:\n"
                + "  frontier.max-threads must be positive, got 0\n  frontier.client-pool-share must be above 0 and at most 1, got 2.0",
                assertThrows(IllegalArgumentException.class, p::validate).getMessage());
    }

    @Test
    void theBoundsThemselvesAreAccepted() {
        FrontierProperties p = new FrontierProperties();
        p.setShortCacheExpireHourOfDay(0);
        p.setLongCacheExpireHourOfDay(23);
        p.setSpoolClientBytes(0);
        p.setClientPoolShare(1);
        p.setFetchSize(0);
        p.setCompressionBlockSize(32 * 1024);
        p.setCompressionLibdeflateMaxLevel(0);
        p.setInvalidationFlushPeriod(Duration.ofHours(6));
        p.setTrustedProxies(List.of("127.0.0.1", "::1", "10.1.0.0/16"));
        p.setDemoTempFileLimit("-1");
        p.validate();
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(FrontierProperties.class)
    static class Bound {
    }

    private static AnnotationConfigApplicationContext started(String... properties) {
        return SpringPropertiesContext.start(Bound.class, properties);
    }

    @Test
    void springValidatesOnceBoundSoABadSettingStopsTheStart() {
        try (AnnotationConfigApplicationContext ctx = started("frontier.MaxThreads=7", "frontier.invalidation-granularity=table")) {
            assertEquals(7, ctx.getBean(FrontierProperties.class).getMaxThreads());
            assertEquals(FrontierProperties.InvalidationGranularity.TABLE, ctx.getBean(FrontierProperties.class).getInvalidationGranularity());
        }
        Exception startupFailure = assertThrows(Exception.class, () -> started("frontier.max-active=0").close());
        assertContains("frontier.max-active must be positive, got 0", NestedExceptionUtils.getMostSpecificCause(startupFailure).getMessage());
    }

    private static void refused(Consumer<FrontierProperties> change, String message) {
        FrontierProperties p = new FrontierProperties();
        change.accept(p);
        assertStartsWith("invalid FroNtier configuration:\n  " + message,
                assertThrows(IllegalArgumentException.class, p::validate, message).getMessage(), message);
    }
}
