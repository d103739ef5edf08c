package org.gridstack.frontier.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import org.gridstack.frontier.protocol.zlib.ZlibEncoderSettings;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.context.ConfigurationPropertiesAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** FroNtier's settings: the documented defaults (docs/configuration.md), and each setting out of range refused by name at start-up. */
class TestFrontierProperties {
    private static final long MIB = 1024 * 1024;

    @Test
    void defaultsAreTheDocumentedOnesAndValid() {
        FrontierProperties p = new FrontierProperties();
        p.validate();
        assertThat(p.getServerName()).isEqualTo("gridstack");
        assertThat(p.getProtocolVersion()).isEqualTo("3.42");
        assertThat(p.getDataSourceName()).isEmpty();
        assertThat(p.getMaxThreads()).isEqualTo(100);
        assertThat(p.getMaxRequestSqlBytes()).isEqualTo(2 * MIB);
        assertThat(p.getMaxActive()).isEqualTo(10);
        assertThat(p.getMaxDbAcquireSeconds()).isEqualTo(300);
        assertThat(p.getMaxDbExecuteSeconds()).isEqualTo(600);
        assertThat(p.getLongCacheExpireSeconds()).isEqualTo(604_800);
        assertThat(p.getShortCacheExpireSeconds()).isZero();
        assertThat(p.getForeverCacheExpireSeconds()).isEqualTo(31_536_000);
        assertThat(p.getLongCacheExpireHourOfDay()).isNull();
        assertThat(p.getShortCacheExpireHourOfDay()).isNull();
        assertThat(p.getForeverCacheExpireHourOfDay()).isNull();
        assertThat(p.getErrorCacheExpireSeconds()).isEqualTo(300);
        assertThat(p.getGlobalErrorCacheExpireSeconds()).isEqualTo(300);
        assertThat(p.getValidateLastModifiedSeconds()).isEqualTo(300);
        assertThat(p.isExpireEmptyQueriesLikeErrors()).isFalse();
        assertThat(p.isSendStaleIfError()).isTrue();
        assertThat(p.getLastModifiedTableName()).isEmpty();
        assertThat(p.getKeepaliveSeconds()).isEqualTo(5);
        assertThat(p.getMaxRows()).isEqualTo(10_000_000);
        assertThat(p.getMaxBytes()).isEqualTo(512 * MIB);
        assertThat(p.getResponseBufferBytes()).isEqualTo(8 * MIB);
        assertThat(p.getResponseBufferTotalBytes()).isEqualTo(256 * MIB);
        assertThat(p.getSpoolDirectory()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
        assertThat(p.getSpoolClientBytes()).isEqualTo(256 * MIB);
        assertThat(p.getSpoolTotalBytes()).isEqualTo(2048 * MIB);
        assertThat(p.getSendTimeoutSeconds()).isEqualTo(300);
        assertThat(p.getClientPoolShare()).isEqualTo(0.5);
        assertThat(p.getTrustedProxies()).isEmpty();
        assertThat(p.getDemoTempFileLimit()).isEqualTo("512MB");
        assertThat(p.getCompressionThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(p.getCompressionBlockSize()).isEqualTo(128 * 1024);
        assertThat(p.getCompressionEncoder()).isEqualTo(ZlibEncoderSettings.Choice.AUTO);
        assertThat(p.getCompressionLibrary()).isEqualTo("libdeflate.so.0");
        assertThat(p.getCompressionOneShotMinBytes()).isEqualTo(8 * 1024);
        assertThat(p.getCompressionOneShotMaxBytes()).isEqualTo(8 * MIB);
        assertThat(p.getCompressionLibdeflateMaxLevel()).isEqualTo(7);
        assertThat(p.getFetchSize()).isEqualTo(2000);
        assertThat(p.isLastModifiedEnabled()).isTrue();
        assertThat(p.isInvalidationEnabled()).isFalse();
        assertThat(p.getInvalidationCaches()).isEmpty();
        assertThat(p.getInvalidationMaxUrls()).isEqualTo(100_000);
        assertThat(p.getInvalidationRetries()).isEqualTo(5);
        assertThat(p.getInvalidationFlushPeriod()).isNull();
        assertThat(p.getInvalidationGranularity()).isEqualTo(FrontierProperties.InvalidationGranularity.ROW);
        assertThat(p.getAdminToken()).isNull();
        assertThat(p.getAdminAddresses()).containsExactly("127.0.0.1", "0:0:0:0:0:0:0:1");
        assertThat(p.getDemoSchema()).isNull();
        assertThat(p.isPrintDemoUrls()).isFalse();
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
        assertThatThrownBy(p::validate).isInstanceOf(IllegalArgumentException.class).hasMessage("invalid FroNtier configuration:\n"
                + "  frontier.max-threads must be positive, got 0\n  frontier.client-pool-share must be above 0 and at most 1, got 2.0");
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

    @Test
    void springValidatesOnceBoundSoABadSettingStopsTheStart() {
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(ConfigurationPropertiesAutoConfiguration.class)).withUserConfiguration(Bound.class);
        runner.withPropertyValues("frontier.MaxThreads=7", "frontier.invalidation-granularity=table")
                .run(ctx -> {
                    assertThat(ctx.getBean(FrontierProperties.class).getMaxThreads()).isEqualTo(7);
                    assertThat(ctx.getBean(FrontierProperties.class).getInvalidationGranularity())
                            .isEqualTo(FrontierProperties.InvalidationGranularity.TABLE);
                });
        runner.withPropertyValues("frontier.max-active=0").run(ctx -> assertThat(ctx.getStartupFailure())
                .rootCause().hasMessageContaining("frontier.max-active must be positive, got 0"));
    }

    private static void refused(Consumer<FrontierProperties> change, String message) {
        FrontierProperties p = new FrontierProperties();
        change.accept(p);
        assertThatThrownBy(p::validate).as(message).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("invalid FroNtier configuration:\n  " + message);
    }
}
