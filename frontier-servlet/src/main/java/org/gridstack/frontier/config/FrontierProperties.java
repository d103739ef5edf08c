package org.gridstack.frontier.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridstack.frontier.protocol.zlib.Libdeflate;
import org.gridstack.frontier.protocol.zlib.ZlibEncoderSettings;
import org.gridstack.service.admission.ClientAddressResolver;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the FroNtier servlet. Each setting the production servlet had keeps its name, in
 * Spring's relaxed form: {@code ServerName} is {@code frontier.server-name} (also accepted as
 * {@code frontier.ServerName} in a properties file or {@code FRONTIER_SERVERNAME} in the
 * environment). Defaults are the production servlet's unless the Javadoc says otherwise.
 *
 * <p>Setters only store; {@link #validate()} checks every setting once, at start-up (Spring calls
 * it through {@link #afterPropertiesSet()} right after binding): a servlet with a setting out of
 * range does not start, and the message names every such setting by its key, the value and what
 * it takes. Mutable while being bound, then only read: not thread-safe for writes.
 */
@ConfigurationProperties(prefix = "frontier")
public class FrontierProperties implements InitializingBean {
    /** Name put in front of every error message ({@code ServerName}). */
    private String serverName = "gridstack";
    /** Protocol version announced in {@code <frontier version=...>}; clients parse it, so it stays the production one. */
    private String protocolVersion = "3.42";
    /** JNDI name of a container-managed DataSource ({@code DataSourceName}); when empty spring.datasource.* is used. */
    private String dataSourceName = "";
    /** Requests served at once before answering 503 ({@code MaxThreads}). */
    private int maxThreads = 100;
    /**
     * Most SQL bytes the {@code p1} parameters of one request may inflate to, summed over its
     * payloads (each payload is also limited to 1 MiB, as in the C client). Inflating stops where
     * the sum passes it and the whole request gets a {@code global_error} naming the payload; the
     * payloads after it are neither inflated nor checked. Default 2 MiB (two maximal statements).
     * Not in the production servlet.
     */
    private long maxRequestSqlBytes = 2L * 1024 * 1024;
    /** Database connections ({@code maxActive} of the production pool). */
    private int maxActive = 10;
    /** Longest wait for a pooled connection, in seconds ({@code MaxDbAcquireSeconds}). */
    private int maxDbAcquireSeconds = 300;
    /**
     * Statement timeout in seconds ({@code MaxDbExecuteSeconds}). The production servlet lets a
     * query run for minutes while it sends keepalives; ours cancels it at this limit. Default 600.
     */
    private int maxDbExecuteSeconds = 600;
    private long longCacheExpireSeconds = 7L * 24 * 3600;
    private long shortCacheExpireSeconds = 0;
    private long foreverCacheExpireSeconds = 365L * 24 * 3600;
    /** Hour of day (0-23, server time zone) at which long-TTL answers expire; unset = no cap. */
    private Integer longCacheExpireHourOfDay;
    private Integer shortCacheExpireHourOfDay;
    private Integer foreverCacheExpireHourOfDay;
    /** Longest cache time of an error answer (the shorter of this and the short TTL is used). */
    private long errorCacheExpireSeconds = 300;
    /** Cache time of request-level errors ({@code global_error}), as the production servlet's fixed 300 s. */
    private long globalErrorCacheExpireSeconds = 300;
    /** Seconds a known last-modification time is trusted before it is read again ({@code ValidateLastModifiedSeconds}). */
    private long validateLastModifiedSeconds = 300;
    /** Empty results get the error cache time ({@code ExpireEmptyQueriesLikeErrors}). */
    private boolean expireEmptyQueriesLikeErrors = false;
    /** Echo the client's max-stale as stale-if-error ({@code SendStaleIfError}). */
    private boolean sendStaleIfError = true;
    /** Keepalive interval while waiting for the database, in seconds. */
    private int keepaliveSeconds = 5;
    /** Most rows one payload may return; more is an error, not a truncated answer. */
    private long maxRows = 10_000_000;
    /** Most bytes of row stream (full_size) one payload may return. */
    private long maxBytes = 512L * 1024 * 1024;
    /**
     * Bytes of one answer held in memory before it is sent. An answer up to this size is produced
     * completely (the database connection goes back to the pool) before its first byte is sent, so
     * a slow client never holds a connection, and an error anywhere in it gets error headers and a
     * clean body. A larger answer goes on to a private temporary file ({@code spool-*}), and is
     * likewise sent only once produced; with spooling off it is sent as it is produced from this
     * point on, holding its connection while the client reads. Default 8 MiB (production: streamed
     * from the first byte).
     */
    private int responseBufferBytes = 8 * 1024 * 1024;
    /** Memory all held-back answers may use together; an answer that finds none left is sent as it is produced. Default 256 MiB. */
    private long responseBufferTotalBytes = 256L * 1024 * 1024;
    /**
     * Where answers larger than {@code response-buffer-bytes} are spooled: a private directory
     * (mode 0700) is created in it at start and removed at stop. Default {@code java.io.tmpdir}.
     */
    private Path spoolDirectory = Path.of(System.getProperty("java.io.tmpdir"));
    /**
     * Disk one client address may hold at once with answers spooled and not yet read, a multiple of
     * 1 MiB; an answer that would need more is refused with a payload error. 0 turns spooling off
     * (larger answers are then sent as they are produced, holding their connection). Default 256 MiB.
     */
    private long spoolClientBytes = 256L * 1024 * 1024;
    /** Disk all spooled answers may hold together; an answer that finds none left is refused. Default 2 GiB. */
    private long spoolTotalBytes = 2048L * 1024 * 1024;
    /** Longest time to send a held-back answer once it is produced; a client reading slower is cut off (the answer is cut, never cached). */
    private int sendTimeoutSeconds = 300;
    /**
     * Share of the pool ({@code max-active}) one client address may use at once, at least one
     * connection; its further requests get 503 at once. Default 0.5.
     */
    private double clientPoolShare = 0.5;
    /**
     * Proxies (address blocks such as {@code 10.1.0.0/16} or {@code 127.0.0.1}) whose
     * {@code X-Forwarded-For} names the client for the per-address share; from any other peer the
     * header is ignored. Default none: every client is its peer address.
     */
    private List<String> trustedProxies = List.of();
    /** JDBC fetch size. */
    private int fetchSize = 2_000;
    /** Threads compressing blocks of one response in parallel (pigz style); 1 compresses on the request thread. */
    private int compressionThreads = Runtime.getRuntime().availableProcessors();
    /** Uncompressed bytes per parallel compression block. */
    private int compressionBlockSize = 128 * 1024;
    /**
     * The DEFLATE encoder of zipped answers: {@code auto} (libdeflate, Debian's libdeflate.so.0,
     * when it loads, else java.util.zip), {@code libdeflate} (refuse to start without it) or
     * {@code java-util-zip} (always the JDK's zlib, in parallel blocks). Default {@code auto}.
     */
    private ZlibEncoderSettings.Choice compressionEncoder = ZlibEncoderSettings.Choice.AUTO;
    /** The libdeflate shared library to load (file name or absolute path). Default {@code libdeflate.so.0}. */
    private String compressionLibrary = Libdeflate.DEFAULT_LIBRARY;
    /**
     * Most uncompressed bytes of one payload libdeflate compresses in one call (it needs the whole
     * payload at once); a longer payload is compressed by java.util.zip in parallel blocks instead.
     * Default 8 MiB.
     */
    private int compressionOneShotMaxBytes = ZlibEncoderSettings.DEFAULT_ONE_SHOT_MAX_BYTES;
    /**
     * Highest zip level libdeflate encodes; higher levels use java.util.zip's parallel blocks (every
     * core on one answer), which were faster at level 9 (frontier-servlet README). Default 7.
     */
    private int compressionLibdeflateMaxLevel = ZlibEncoderSettings.DEFAULT_LIBDEFLATE_MAX_LEVEL;
    /**
     * Payloads shorter than this (uncompressed) are compressed by java.util.zip even when libdeflate
     * is loaded: byte for byte the production servlet's answer, and libdeflate would save only
     * microseconds. Default 8 KiB.
     */
    private int compressionOneShotMinBytes = ZlibEncoderSettings.DEFAULT_ONE_SHOT_MIN_BYTES;
    /** Track table modification times (PostgreSQL triggers, Oracle catalog table) for Last-Modified and 304. */
    private boolean lastModifiedEnabled = true;
    /** Oracle: the catalog table the production servlet reads modification times from ({@code LastModifiedTableName}). */
    private String lastModifiedTableName = "";
    /** Purge changed answers from registered caches (PostgreSQL: driven by the modification triggers' NOTIFY). */
    private boolean invalidationEnabled = false;
    /**
     * Caches to purge when tables change, each {@code name=host:port,urlBase,tier} (tier 1 is
     * nearest the servlet and purged first).
     */
    private List<String> invalidationCaches = new ArrayList<>();
    /** Served URLs remembered for invalidation (least recently served forgotten first). */
    private int invalidationMaxUrls = 100_000;
    /** Retries of a PURGE to a cache that does not answer. */
    private int invalidationRetries = 5;
    /** Flush every registered cache this often (e.g. {@code 6h}); unset: only on command. */
    private Duration invalidationFlushPeriod;
    /**
     * {@code row}: a URL whose simple WHERE clause no changed row (old or new image, from the
     * triggers' NOTIFY) can satisfy is not purged; {@code table}: every URL reading a changed table is.
     */
    private InvalidationGranularity invalidationGranularity = InvalidationGranularity.ROW;
    /**
     * Secret that /frontier-admin commands must carry as {@code Authorization: Bearer TOKEN};
     * unset or blank: the commands are off.
     */
    private String adminToken;
    /** Addresses allowed to send cache commands to /frontier-admin. */
    private List<String> adminAddresses = new ArrayList<>(List.of("127.0.0.1", "0:0:0:0:0:0:0:1"));
    /** A PostgreSQL SQL file to load into an embedded PostgreSQL started for a demo (see README). */
    private Path demoSchema;
    /**
     * The demo database's bound on one session's temporary files (sorts, hashes, set-returning
     * functions): PostgreSQL's {@code temp_file_limit} for the read-only role, a size such as
     * {@code 512MB}; a query that needs more fails (SQLSTATE 53400). Default 512MB. For another
     * database, set it on the role: {@code ALTER ROLE reader SET temp_file_limit = '512MB'}.
     */
    private String demoTempFileLimit = "512MB";
    /** Print example URLs after start-up (the launcher's run command). */
    private boolean printDemoUrls = false;

    public String getServerName() { return serverName; }
    public void setServerName(String v) { serverName = v; }
    public String getProtocolVersion() { return protocolVersion; }
    public void setProtocolVersion(String v) { protocolVersion = v; }
    public String getDataSourceName() { return dataSourceName; }
    public void setDataSourceName(String v) { dataSourceName = v; }
    public int getMaxThreads() { return maxThreads; }
    public void setMaxThreads(int v) { maxThreads = v; }
    public long getMaxRequestSqlBytes() { return maxRequestSqlBytes; }
    public void setMaxRequestSqlBytes(long v) { maxRequestSqlBytes = v; }
    public int getMaxActive() { return maxActive; }
    public void setMaxActive(int v) { maxActive = v; }
    public int getMaxDbAcquireSeconds() { return maxDbAcquireSeconds; }
    public void setMaxDbAcquireSeconds(int v) { maxDbAcquireSeconds = v; }
    public int getMaxDbExecuteSeconds() { return maxDbExecuteSeconds; }
    public void setMaxDbExecuteSeconds(int v) { maxDbExecuteSeconds = v; }
    public long getLongCacheExpireSeconds() { return longCacheExpireSeconds; }
    public void setLongCacheExpireSeconds(long v) { longCacheExpireSeconds = v; }
    public long getShortCacheExpireSeconds() { return shortCacheExpireSeconds; }
    public void setShortCacheExpireSeconds(long v) { shortCacheExpireSeconds = v; }
    public long getForeverCacheExpireSeconds() { return foreverCacheExpireSeconds; }
    public void setForeverCacheExpireSeconds(long v) { foreverCacheExpireSeconds = v; }
    public Integer getLongCacheExpireHourOfDay() { return longCacheExpireHourOfDay; }
    public void setLongCacheExpireHourOfDay(Integer v) { longCacheExpireHourOfDay = v; }
    public Integer getShortCacheExpireHourOfDay() { return shortCacheExpireHourOfDay; }
    public void setShortCacheExpireHourOfDay(Integer v) { shortCacheExpireHourOfDay = v; }
    public Integer getForeverCacheExpireHourOfDay() { return foreverCacheExpireHourOfDay; }
    public void setForeverCacheExpireHourOfDay(Integer v) { foreverCacheExpireHourOfDay = v; }
    public long getErrorCacheExpireSeconds() { return errorCacheExpireSeconds; }
    public void setErrorCacheExpireSeconds(long v) { errorCacheExpireSeconds = v; }
    public long getGlobalErrorCacheExpireSeconds() { return globalErrorCacheExpireSeconds; }
    public void setGlobalErrorCacheExpireSeconds(long v) { globalErrorCacheExpireSeconds = v; }
    public long getValidateLastModifiedSeconds() { return validateLastModifiedSeconds; }
    public void setValidateLastModifiedSeconds(long v) { validateLastModifiedSeconds = v; }
    public boolean isExpireEmptyQueriesLikeErrors() { return expireEmptyQueriesLikeErrors; }
    public void setExpireEmptyQueriesLikeErrors(boolean v) { expireEmptyQueriesLikeErrors = v; }
    public boolean isSendStaleIfError() { return sendStaleIfError; }
    public void setSendStaleIfError(boolean v) { sendStaleIfError = v; }
    public int getKeepaliveSeconds() { return keepaliveSeconds; }
    public void setKeepaliveSeconds(int v) { keepaliveSeconds = v; }
    public long getMaxRows() { return maxRows; }
    public void setMaxRows(long v) { maxRows = v; }
    public long getMaxBytes() { return maxBytes; }
    public void setMaxBytes(long v) { maxBytes = v; }
    public int getResponseBufferBytes() { return responseBufferBytes; }
    public void setResponseBufferBytes(int v) { responseBufferBytes = v; }
    public long getResponseBufferTotalBytes() { return responseBufferTotalBytes; }
    public void setResponseBufferTotalBytes(long v) { responseBufferTotalBytes = v; }
    public Path getSpoolDirectory() { return spoolDirectory; }
    public void setSpoolDirectory(Path v) { spoolDirectory = v; }
    public long getSpoolClientBytes() { return spoolClientBytes; }
    public void setSpoolClientBytes(long v) { spoolClientBytes = v; }
    public long getSpoolTotalBytes() { return spoolTotalBytes; }
    public void setSpoolTotalBytes(long v) { spoolTotalBytes = v; }
    public int getSendTimeoutSeconds() { return sendTimeoutSeconds; }
    public void setSendTimeoutSeconds(int v) { sendTimeoutSeconds = v; }
    public double getClientPoolShare() { return clientPoolShare; }
    public void setClientPoolShare(double v) { clientPoolShare = v; }
    public List<String> getTrustedProxies() { return trustedProxies; }
    public void setTrustedProxies(List<String> v) { trustedProxies = v; }
    public int getFetchSize() { return fetchSize; }
    public void setFetchSize(int v) { fetchSize = v; }
    public int getCompressionThreads() { return compressionThreads; }
    public void setCompressionThreads(int v) { compressionThreads = v; }
    public int getCompressionBlockSize() { return compressionBlockSize; }
    public void setCompressionBlockSize(int v) { compressionBlockSize = v; }
    public ZlibEncoderSettings.Choice getCompressionEncoder() { return compressionEncoder; }
    public void setCompressionEncoder(ZlibEncoderSettings.Choice v) { compressionEncoder = v; }
    public String getCompressionLibrary() { return compressionLibrary; }
    public void setCompressionLibrary(String v) { compressionLibrary = v; }
    public int getCompressionOneShotMinBytes() { return compressionOneShotMinBytes; }
    public void setCompressionOneShotMinBytes(int v) { compressionOneShotMinBytes = v; }
    public int getCompressionOneShotMaxBytes() { return compressionOneShotMaxBytes; }
    public void setCompressionOneShotMaxBytes(int v) { compressionOneShotMaxBytes = v; }

    public int getCompressionLibdeflateMaxLevel() { return compressionLibdeflateMaxLevel; }
    public void setCompressionLibdeflateMaxLevel(int v) { compressionLibdeflateMaxLevel = v; }

    /** The zlib encoder settings these properties describe. */
    public ZlibEncoderSettings zlibEncoderSettings() {
        return new ZlibEncoderSettings(compressionEncoder, compressionLibrary, compressionOneShotMinBytes, compressionOneShotMaxBytes,
                compressionBlockSize, compressionLibdeflateMaxLevel);
    }
    public boolean isLastModifiedEnabled() { return lastModifiedEnabled; }
    public void setLastModifiedEnabled(boolean v) { lastModifiedEnabled = v; }
    public String getLastModifiedTableName() { return lastModifiedTableName; }
    public void setLastModifiedTableName(String v) { lastModifiedTableName = v; }
    public boolean isInvalidationEnabled() { return invalidationEnabled; }
    public void setInvalidationEnabled(boolean v) { invalidationEnabled = v; }
    public List<String> getInvalidationCaches() { return invalidationCaches; }
    public void setInvalidationCaches(List<String> v) { invalidationCaches = v; }
    public int getInvalidationMaxUrls() { return invalidationMaxUrls; }
    public void setInvalidationMaxUrls(int v) { invalidationMaxUrls = v; }
    public int getInvalidationRetries() { return invalidationRetries; }
    public void setInvalidationRetries(int v) { invalidationRetries = v; }
    public Duration getInvalidationFlushPeriod() { return invalidationFlushPeriod; }
    public void setInvalidationFlushPeriod(Duration v) { invalidationFlushPeriod = v; }
    public InvalidationGranularity getInvalidationGranularity() { return invalidationGranularity; }
    public void setInvalidationGranularity(InvalidationGranularity v) { invalidationGranularity = v; }

    /** What a change purges: readers of the changed rows, or every reader of the changed table. */
    public enum InvalidationGranularity { ROW, TABLE }
    public String getAdminToken() { return adminToken; }
    public void setAdminToken(String v) { adminToken = v; }
    public List<String> getAdminAddresses() { return adminAddresses; }
    public void setAdminAddresses(List<String> v) { adminAddresses = v; }
    public Path getDemoSchema() { return demoSchema; }
    public void setDemoSchema(Path v) { demoSchema = v; }
    public String getDemoTempFileLimit() { return demoTempFileLimit; }
    public void setDemoTempFileLimit(String v) { demoTempFileLimit = v; }
    public boolean isPrintDemoUrls() { return printDemoUrls; }
    public void setPrintDemoUrls(boolean v) { printDemoUrls = v; }

    @Override
    public void afterPropertiesSet() {
        validate();
    }

    /**
     * Checks every setting; throws IllegalArgumentException naming each one out of range (its
     * key, the value given and what it takes), one per line, or returns when all are valid.
     */
    public void validate() {
        List<String> problems = new ArrayList<>();
        positive(problems, "max-threads", maxThreads);
        positive(problems, "max-request-sql-bytes", maxRequestSqlBytes);
        positive(problems, "max-active", maxActive);
        positive(problems, "max-db-acquire-seconds", maxDbAcquireSeconds);
        positive(problems, "max-db-execute-seconds", maxDbExecuteSeconds);
        notNegative(problems, "long-cache-expire-seconds", longCacheExpireSeconds);
        notNegative(problems, "short-cache-expire-seconds", shortCacheExpireSeconds);
        notNegative(problems, "forever-cache-expire-seconds", foreverCacheExpireSeconds);
        hour(problems, "long-cache-expire-hour-of-day", longCacheExpireHourOfDay);
        hour(problems, "short-cache-expire-hour-of-day", shortCacheExpireHourOfDay);
        hour(problems, "forever-cache-expire-hour-of-day", foreverCacheExpireHourOfDay);
        notNegative(problems, "error-cache-expire-seconds", errorCacheExpireSeconds);
        notNegative(problems, "global-error-cache-expire-seconds", globalErrorCacheExpireSeconds);
        positive(problems, "validate-last-modified-seconds", validateLastModifiedSeconds);
        positive(problems, "keepalive-seconds", keepaliveSeconds);
        positive(problems, "max-rows", maxRows);
        positive(problems, "max-bytes", maxBytes);
        positive(problems, "response-buffer-bytes", responseBufferBytes);
        notNegative(problems, "response-buffer-total-bytes", responseBufferTotalBytes);
        notNegative(problems, "spool-total-bytes", spoolTotalBytes);
        positive(problems, "send-timeout-seconds", sendTimeoutSeconds);
        notNegative(problems, "fetch-size", fetchSize);
        positive(problems, "compression-threads", compressionThreads);
        notNegative(problems, "compression-one-shot-min-bytes", compressionOneShotMinBytes);
        notNegative(problems, "compression-one-shot-max-bytes", compressionOneShotMaxBytes);
        positive(problems, "invalidation-max-urls", invalidationMaxUrls);
        notNegative(problems, "invalidation-retries", invalidationRetries);
        if (spoolDirectory == null) {
            problems.add("frontier.spool-directory must name a directory, got null");
        }
        if (spoolClientBytes < 0 || spoolClientBytes % (1024 * 1024) != 0) {
            problems.add("frontier.spool-client-bytes must be 0 (no spooling) or a multiple of 1 MiB (1048576), got " + spoolClientBytes);
        }
        if (!(clientPoolShare > 0 && clientPoolShare <= 1)) {
            problems.add("frontier.client-pool-share must be above 0 and at most 1, got " + clientPoolShare);
        }
        try {
            ClientAddressResolver.trusting(trustedProxies == null ? List.of() : trustedProxies); // refuses what is not an address block
        } catch (IllegalArgumentException e) {
            problems.add("frontier.trusted-proxies: " + e.getMessage());
        }
        if (compressionBlockSize < 32 * 1024) {
            problems.add("frontier.compression-block-size must be at least 32768, got " + compressionBlockSize);
        }
        if (compressionEncoder == null) {
            problems.add("frontier.compression-encoder must be auto, libdeflate or java-util-zip, got null");
        }
        if (compressionLibrary == null || compressionLibrary.isBlank()) {
            problems.add("frontier.compression-library must name a shared library, e.g. libdeflate.so.0, got '" + compressionLibrary + "'");
        }
        if (compressionLibdeflateMaxLevel < 0 || compressionLibdeflateMaxLevel > 9) {
            problems.add("frontier.compression-libdeflate-max-level must be 0..9 (0: never libdeflate), got " + compressionLibdeflateMaxLevel);
        }
        if (invalidationGranularity == null) {
            problems.add("frontier.invalidation-granularity must be row or table, got null");
        }
        if (invalidationFlushPeriod != null && (invalidationFlushPeriod.isNegative() || invalidationFlushPeriod.isZero())) {
            problems.add("frontier.invalidation-flush-period must be a positive duration such as 6h (unset: only on command), got "
                    + invalidationFlushPeriod);
        }
        if (demoTempFileLimit == null || !demoTempFileLimit.matches("(-1|[0-9]{1,12}(kB|MB|GB|TB)?)")) {
            problems.add("frontier.demo-temp-file-limit must be a PostgreSQL size such as 512MB, not " + demoTempFileLimit);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid FroNtier configuration:\n  " + String.join("\n  ", problems));
        }
    }

    private static void positive(List<String> problems, String name, long v) {
        if (v <= 0) {
            problems.add("frontier." + name + " must be positive, got " + v);
        }
    }

    private static void notNegative(List<String> problems, String name, long v) {
        if (v < 0) {
            problems.add("frontier." + name + " must not be negative, got " + v);
        }
    }

    private static void hour(List<String> problems, String name, Integer v) {
        if (v != null && (v < 0 || v > 23)) {
            problems.add("frontier." + name + " must be an hour 0..23, got " + v);
        }
    }
}
