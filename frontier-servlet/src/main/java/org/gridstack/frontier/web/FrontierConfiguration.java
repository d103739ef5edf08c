package org.gridstack.frontier.web;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.apache.catalina.core.StandardHost;
import org.gridstack.frontier.cache.CacheInvalidator;
import org.gridstack.frontier.cache.CachePolicy;
import org.gridstack.frontier.cache.ServedUrlRegistry;
import org.gridstack.frontier.config.FrontierProperties;
import org.gridstack.frontier.db.Dialect;
import org.gridstack.frontier.db.LastModifiedSource;
import org.gridstack.frontier.db.OracleDialect;
import org.gridstack.frontier.db.OracleLastModifiedSource;
import org.gridstack.frontier.db.PostgresModificationTracker;
import org.gridstack.frontier.db.QueryRunner;
import org.gridstack.frontier.demo.DemoDatabase;
import org.gridstack.frontier.protocol.zlib.ZlibEncoderSettings;
import org.gridstack.frontier.protocol.zlib.ZlibEncoders;
import org.gridstack.service.admission.AddressShare;
import org.gridstack.service.admission.ClientAddressResolver;
import org.gridstack.service.http.BrokenAnswerValve;
import org.gridstack.sqlguard.QueryErrorOverride;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.jdbc.DataSourceProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the servlet: data source (demo, JNDI or spring.datasource.*), dialect, pool, caches, timers. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({FrontierProperties.class, DataSourceProperties.class})
public class FrontierConfiguration {
    private static final Logger LOG = LoggerFactory.getLogger(FrontierConfiguration.class);

    /** Where queries go: the demo database, a container DataSource by JNDI name, or spring.datasource.*. */
    record Database(DataSource dataSource, Dialect dialect, String url, Properties credentials) {
    }

    @Bean(destroyMethod = "close")
    DemoHolder demoDatabase(FrontierProperties properties) throws Exception {
        return new DemoHolder(properties.getDemoSchema() == null ? null : DemoDatabase.start(properties.getDemoSchema(), properties.getDemoTempFileLimit()));
    }

    /** Holds the demo database when there is one (a bean may not be null). */
    public record DemoHolder(DemoDatabase database) implements AutoCloseable {
        @Override
        public void close() throws Exception {
            if (database != null) {
                database.close();
            }
        }
    }

    @Bean(destroyMethod = "")
    // the look-up names the operator's own container resource (the servlet's DataSourceName
    // setting), never anything a client sends
    @SuppressWarnings("BanJNDI")
    Database frontierDatabase(FrontierProperties properties, DataSourceProperties dsProperties, DemoHolder demo)
            throws NamingException, SQLException {
        if (!properties.getDataSourceName().isEmpty() && demo.database() == null) {
            String name = properties.getDataSourceName();
            DataSource ds = (DataSource) new InitialContext().lookup(name.startsWith("java:") ? name : "java:comp/env/" + name);
            Dialect dialect;
            String url;
            try (Connection c = ds.getConnection()) {
                dialect = Dialect.forProductName(c.getMetaData().getDatabaseProductName());
                url = c.getMetaData().getURL();
            }
            return new Database(ds, dialect, url, new Properties());
        }
        String url;
        Properties credentials = new Properties();
        if (demo.database() != null) {
            url = demo.database().jdbcUrl();
            credentials.putAll(demo.database().readerProperties());
        } else {
            url = dsProperties.determineUrl();
            if (url == null) {
                throw new IllegalStateException("no database configured: set spring.datasource.url (with username and password), "
                        + "frontier.data-source-name (JNDI), or frontier.demo-schema for an embedded demo database");
            }
            if (dsProperties.determineUsername() != null) {
                credentials.setProperty("user", dsProperties.determineUsername());
            }
            if (dsProperties.determinePassword() != null) {
                credentials.setProperty("password", dsProperties.determinePassword());
            }
        }
        Dialect dialect = Dialect.forJdbcUrl(url);
        HikariConfig config = new HikariConfig();
        config.setPoolName("frontier");
        config.setJdbcUrl(url);
        config.setDataSourceProperties(merged(dialect.driverProperties(), credentials));
        config.setMaximumPoolSize(properties.getMaxActive());
        config.setMinimumIdle(Math.min(2, properties.getMaxActive()));
        config.setConnectionTimeout(properties.getMaxDbAcquireSeconds() * 1000L);
        config.setAutoCommit(false);
        config.setReadOnly(true);
        config.setConnectionTestQuery(dialect.validationQuery());
        config.setInitializationFailTimeout(-1); // start even when the database is down; requests report it
        config.setExceptionOverrideClassName(QueryErrorOverride.class.getName());
        return new Database(new HikariDataSource(config), dialect, url, merged(dialect.driverProperties(), credentials));
    }

    private static Properties merged(Properties a, Properties b) {
        Properties p = new Properties();
        p.putAll(a);
        p.putAll(b);
        return p;
    }

    @Bean
    DataSource dataSource(Database database) {
        return database.dataSource();
    }

    @Bean
    QueryRunner queryRunner(Database database, FrontierProperties properties, MeterRegistry meters) {
        return new QueryRunner(database.dataSource(), database.dialect(), properties, meters);
    }

    @Bean(destroyMethod = "close")
    LastModifiedSource lastModifiedSource(Database database, FrontierProperties properties) {
        if (!properties.isLastModifiedEnabled()) {
            return LastModifiedSource.NONE;
        }
        if (database.dialect() instanceof OracleDialect) {
            String table = properties.getLastModifiedTableName();
            return table.isEmpty() ? LastModifiedSource.NONE
                    : new OracleLastModifiedSource(database.dataSource(), table, properties.getValidateLastModifiedSeconds());
        }
        boolean ownCredentials = database.credentials().containsKey("user");
        return new PostgresModificationTracker(database.dataSource(), ownCredentials ? database.url() : null,
                database.credentials(), properties.getValidateLastModifiedSeconds());
    }

    @Bean
    CachePolicy cachePolicy(FrontierProperties properties) {
        return new CachePolicy(properties, Clock.systemDefaultZone());
    }

    /**
     * The keepalive timer: one task per payload, scheduled when its query starts and cancelled when
     * the payload ends, so cancelled tasks are removed at once (by default they would stay queued
     * until their first run: thousands per second under load).
     */
    @Bean(destroyMethod = "shutdownNow")
    ScheduledExecutorService frontierTimer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, daemon("frontier-keepalive"));
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    @Bean(destroyMethod = "shutdownNow")
    ExecutorService frontierCompressors(FrontierProperties properties) {
        return Executors.newFixedThreadPool(properties.getCompressionThreads(), daemon("frontier-zlib"));
    }

    /**
     * The DEFLATE encoder of zipped answers, chosen once (libdeflate when it loads, else
     * java.util.zip); the start-up log and the metric {@code frontier.compression.encoder} say which.
     */
    @Bean(destroyMethod = "close")
    ZlibEncoders frontierZlibEncoders(FrontierProperties properties, ExecutorService frontierCompressors) {
        ZlibEncoders encoders = new ZlibEncoders(properties.zlibEncoderSettings(),
                properties.getCompressionThreads() > 1 ? frontierCompressors : null);
        if (encoders.fallbackReason().isPresent() && properties.getCompressionEncoder() == ZlibEncoderSettings.Choice.AUTO) {
            LOG.warn("FroNtier zlib encoder: {}", encoders.description());
        } else {
            LOG.info("FroNtier zlib encoder: {}", encoders.description());
        }
        return encoders;
    }

    /** Runs the MD5/Base64/send stage of responses beside the threads reading rows (one task per response at most). */
    @Bean(destroyMethod = "shutdownNow")
    ExecutorService frontierPipeline() {
        return Executors.newCachedThreadPool(daemon("frontier-send"));
    }

    /** Automatic invalidation, when caches are registered: served URLs, and a purger fed by the change tracker. */
    public record Invalidation(ServedUrlRegistry registry,
                               CacheInvalidator invalidator) implements AutoCloseable {
        @Override
        public void close() {
            if (invalidator != null) {
                invalidator.close();
            }
        }
    }

    @Bean(destroyMethod = "close")
    Invalidation invalidation(FrontierProperties properties, LastModifiedSource lastModified, MeterRegistry meters) {
        if (!properties.isInvalidationEnabled()) {
            return new Invalidation(null, null);
        }
        var caches = properties.getInvalidationCaches().stream().map(CacheInvalidator.Cache::parse).toList();
        // row granularity needs the PostgreSQL triggers' row images; elsewhere it is table granularity
        boolean rows = properties.getInvalidationGranularity() == FrontierProperties.InvalidationGranularity.ROW
                && lastModified instanceof PostgresModificationTracker;
        var registry = new ServedUrlRegistry(properties.getInvalidationMaxUrls(), rows);
        var invalidator = new CacheInvalidator(registry, caches, properties.getInvalidationRetries(), meters);
        if (rows) {
            ((PostgresModificationTracker) lastModified).onTableChanges(invalidator::changed);
        } else {
            lastModified.onChange(invalidator::tablesChanged);
        }
        return new Invalidation(registry, invalidator);
    }

    @Bean
    ServletRegistrationBean<CacheAdminServlet> cacheAdminServlet(Invalidation invalidation, FrontierProperties properties,
                                                                 ScheduledExecutorService frontierTimer) {
        Duration period = properties.getInvalidationFlushPeriod();
        if (invalidation.invalidator() != null && period != null && !period.isZero()) {
            frontierTimer.scheduleAtFixedRate(() -> invalidation.invalidator().flush(null), period.toMillis(), period.toMillis(),
                    TimeUnit.MILLISECONDS);
        }
        ServletRegistrationBean<CacheAdminServlet> bean = new ServletRegistrationBean<>(
                new CacheAdminServlet(invalidation.invalidator(),
                        new AdminAccess(properties.getAdminToken(), new HashSet<>(properties.getAdminAddresses()))),
                "/frontier-admin/*");
        bean.setName("FrontierCacheAdmin");
        return bean;
    }

    /** Disk for answers over the memory buffer; its private directory is removed at stop. */
    @Bean(destroyMethod = "close")
    SpoolArea frontierSpool(FrontierProperties properties) {
        return SpoolArea.create(properties.getSpoolDirectory(), properties.getSpoolClientBytes(), properties.getSpoolTotalBytes());
    }

    /** The servlet and the four stops of its request route (see {@link FrontierServlet}). */
    @Bean
    ServletRegistrationBean<FrontierServlet> frontierServlet(FrontierProperties properties, QueryRunner runner,
                                                             LastModifiedSource lastModified, CachePolicy cachePolicy,
                                                             ScheduledExecutorService frontierTimer,
                                                             ZlibEncoders frontierZlibEncoders, ExecutorService frontierPipeline,
                                                             Invalidation invalidation, SpoolArea frontierSpool, MeterRegistry meters) {
        FrontierErrorReportValve.version = properties.getProtocolVersion();
        FrontierErrorReportValve.serverName = properties.getServerName();
        ByteBudget answerMemory = new ByteBudget(properties.getResponseBufferTotalBytes());
        FrontierMeters frontierMeters = new FrontierMeters(meters, frontierZlibEncoders, answerMemory::used, frontierSpool::used);
        GlobalErrors errors = new GlobalErrors(properties.getProtocolVersion(), properties.getServerName(), cachePolicy, frontierMeters);
        RequestAdmission admission = new RequestAdmission(properties.getMaxThreads(),
                AddressShare.ofCapacity(properties.getMaxActive(), properties.getClientPoolShare()),
                ClientAddressResolver.trusting(properties.getTrustedProxies()), errors);
        var registry = invalidation.registry();
        PayloadPlanner planner = new PayloadPlanner(properties.getMaxRequestSqlBytes(), runner.dialect().foldsToUpperCase(),
                lastModified, registry == null ? null : registry::changesSeen, frontierMeters);
        AnswerWriter writer = new AnswerWriter(properties, runner, cachePolicy, frontierTimer, frontierZlibEncoders,
                Runtime.getRuntime().availableProcessors() > 1 ? frontierPipeline : null, answerMemory, frontierSpool, errors,
                frontierMeters);
        InvalidationRecorder recorder = registry == null ? null : new InvalidationRecorder(registry, lastModified);
        FrontierServlet servlet = new FrontierServlet(admission, planner, writer, recorder, errors, frontierMeters);
        ServletRegistrationBean<FrontierServlet> bean = new ServletRegistrationBean<>(servlet, "/Frontier/*", "/Frontier");
        bean.setName("Frontier");
        bean.setLoadOnStartup(1);
        return bean;
    }

    /** Lets any URL reach the servlet (so it can answer in the protocol's shape) and replaces Tomcat's HTML error page. */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> frontierTomcat() {
        return factory -> {
            factory.addConnectorCustomizers(connector -> {
                connector.setProperty("relaxedPathChars", "<>[\\]^`{|}\"");
                connector.setProperty("relaxedQueryChars", "<>[\\]^`{|}\"");
                // answers are large: fewer, larger socket writes
                connector.setProperty("socket.appWriteBufSize", "65536");
                connector.setProperty("socket.txBufSize", "262144");
            });
            // an answer abandoned after commit closes the connection before any error page is included
            factory.addContextValves(new BrokenAnswerValve(AbortedAnswerException.class));
            factory.addContextCustomizers(context -> {
                if (context.getParent() instanceof StandardHost host) {
                    host.setErrorReportValveClass(FrontierErrorReportValve.class.getName());
                }
            });
        };
    }

    @Bean
    DemoUrlPrinter demoUrlPrinter(FrontierProperties properties) {
        return new DemoUrlPrinter(properties);
    }

    private static ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
