package org.gridstack.rgma.web;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.service.admission.AddressRange;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of an R-GMA server ({@code rgma.*}), with R-GMA's names where it had them. Defaults
 * are for one site on one host.
 *
 * <p>Setters only store; {@link #validate()} checks every setting once, at start-up (Spring calls
 * it through {@link #afterPropertiesSet()} right after binding): a server with a setting out of
 * range does not start, and the message names every such setting by its key, the value and what
 * it takes. Mutable while being bound, then only read: not thread-safe for writes.
 */
@ConfigurationProperties(prefix = "rgma")
public class RgmaProperties implements InitializingBean {
    /** The ways producers may reach the database ({@code rgma.producer.connections}). */
    public static final List<String> CONNECTION_MODES = List.of("pooled", "per-query");

    /** The PostgreSQL database: empty {@code url} starts an embedded server. */
    private final Database database = new Database();
    private final Producer producer = new Producer();
    private final Query query = new Query();
    private final Registry registry = new Registry();
    private final Consumer consumer = new Consumer();
    private final Schema schema = new Schema();
    /** Largest request body accepted (an INSERT, a CREATE TABLE, a producer's declaration), bytes. */
    private long maxBodyBytes = 256 * 1024;
    /** Proxies trusted to name the client in X-Forwarded-For (addresses or blocks); empty: none. */
    private List<String> trustedProxies = new ArrayList<>();
    /** Publish this host's information providers (CPU load as hostload, GLUE entries) and archive them. */
    private boolean demo;
    /** How often the demo's primary hostload producer publishes (the seed's LatestProducer: every minute). */
    private Duration demoPublishInterval = Duration.ofSeconds(60);

    public static class Database {
        /** JDBC URL of an external PostgreSQL; empty: an embedded one. */
        private String url = "";
        private String user = "";
        private String password = "";

        void validate(List<String> problems) {
            if (url == null || !(url.isBlank() || url.startsWith("jdbc:postgresql:"))) {
                problems.add("rgma.database.url must be empty (embedded PostgreSQL) or a jdbc:postgresql: URL, got '" + url + "'");
            }
            if (user == null || password == null) {
                problems.add("rgma.database.user and rgma.database.password must not be null (empty is allowed)");
            }
        }

        public String getUrl() { return url; }
        public void setUrl(String url) { this.url = url; }
        public String getUser() { return user; }
        public void setUser(String user) { this.user = user; }
        public String getPassword() { return password; }
        public void setPassword(String password) { this.password = password; }
    }

    public static class Producer {
        /** {@code pooled} (default) or {@code per-query}: a new database connection per producer per query, as R-GMA 3.4. */
        private String connections = "pooled";
        private int poolSize = 20;
        /** The shortest termination interval a client may ask for. */
        private Duration minTerminationInterval = Duration.ofSeconds(1);
        /** How often silent producers are closed. */
        private Duration maintenanceInterval = Duration.ofSeconds(1);
        /** This ProducerServlet's base URL as registered; empty: http://127.0.0.1:&lt;port&gt;. */
        private String endpoint = "";

        void validate(List<String> problems) {
            if (!CONNECTION_MODES.contains(connections)) {
                problems.add("rgma.producer.connections must be pooled or per-query, got '" + connections + "'");
            }
            atLeastOne(problems, "rgma.producer.pool-size", poolSize);
            positive(problems, "rgma.producer.min-termination-interval", minTerminationInterval);
            positive(problems, "rgma.producer.maintenance-interval", maintenanceInterval);
            if (endpoint == null) {
                problems.add("rgma.producer.endpoint must be empty (http://127.0.0.1:<port>) or an http(s) URL");
            } else if (!endpoint.isBlank() && !isHttpUrl(endpoint.strip())) {
                problems.add("rgma.producer.endpoint must be empty (http://127.0.0.1:<port>) or an http(s) URL with a host,"
                        + " such as http://rgma.example.org:8095, got '" + endpoint + "'");
            }
        }

        public String getConnections() { return connections; }
        public void setConnections(String connections) { this.connections = connections; }
        public int getPoolSize() { return poolSize; }
        public void setPoolSize(int poolSize) { this.poolSize = poolSize; }
        public Duration getMinTerminationInterval() { return minTerminationInterval; }
        public void setMinTerminationInterval(Duration v) { this.minTerminationInterval = v; }
        public Duration getMaintenanceInterval() { return maintenanceInterval; }
        public void setMaintenanceInterval(Duration v) { this.maintenanceInterval = v; }
        public String getEndpoint() { return endpoint; }
        public void setEndpoint(String endpoint) { this.endpoint = endpoint; }
    }

    public static class Query {
        /** Most rows of one answer (a consumer's merged answer, or one producer's). */
        private int maxRows = 10_000;
        /** Longest a producer's database query may run. */
        private Duration timeout = Duration.ofSeconds(10);
        /** Queries one client address may run at once. */
        private int maxPerAddress = 32;
        /**
         * Consumer queries this server runs at once, from all addresses; beyond it 503. Keep it well
         * below {@code server.tomcat.threads.max}: a consumer query's request thread waits for its
         * producers' answers, and producers on this server need request threads of their own to
         * give them (with every thread waiting, none would be left to answer). Producer calls run on
         * {@code rgma.consumer.fan-out-threads}, so threads.max - fan-out-threads is the ceiling.
         */
        private int maxRunning = 200;

        void validate(List<String> problems) {
            atLeastOne(problems, "rgma.query.max-rows", maxRows);
            positive(problems, "rgma.query.timeout", timeout);
            atLeastOne(problems, "rgma.query.max-per-address", maxPerAddress);
            atLeastOne(problems, "rgma.query.max-running", maxRunning);
        }

        public int getMaxRows() { return maxRows; }
        public void setMaxRows(int maxRows) { this.maxRows = maxRows; }
        public Duration getTimeout() { return timeout; }
        public void setTimeout(Duration timeout) { this.timeout = timeout; }
        public int getMaxPerAddress() { return maxPerAddress; }
        public void setMaxPerAddress(int v) { this.maxPerAddress = v; }
        public int getMaxRunning() { return maxRunning; }
        public void setMaxRunning(int v) { this.maxRunning = v; }
    }

    public static class Registry {
        /** Live registrations one address may hold. */
        private int maxPerAddress = 1000;
        /** How often expired registrations are removed (lookups skip them anyway). */
        private Duration sweepInterval = Duration.ofSeconds(1);

        void validate(List<String> problems) {
            atLeastOne(problems, "rgma.registry.max-per-address", maxPerAddress);
            positive(problems, "rgma.registry.sweep-interval", sweepInterval);
        }

        public int getMaxPerAddress() { return maxPerAddress; }
        public void setMaxPerAddress(int v) { this.maxPerAddress = v; }
        public Duration getSweepInterval() { return sweepInterval; }
        public void setSweepInterval(Duration v) { this.sweepInterval = v; }
    }

    public static class Consumer {
        /** How often a continuous query asks its producers for new tuples. */
        private Duration pollInterval = Duration.ofMillis(500);
        /** How often a continuous query asks the registry for new producers. */
        private Duration rediscoverInterval = Duration.ofSeconds(2);
        /** Rows a stream may hold for a slow reader before it is cut. */
        private int streamBufferRows = 10_000;
        private int streamThreads = 4;
        /** Threads that ask producers in parallel for one-off queries (shared by all consumers). */
        private int fanOutThreads = 32;
        /** Continuous streams one client address may hold open. */
        private int maxStreamsPerAddress = 8;
        /** A stream writes a heartbeat after this long without rows (finds readers that left). */
        private Duration heartbeat = Duration.ofSeconds(15);

        void validate(List<String> problems) {
            positive(problems, "rgma.consumer.poll-interval", pollInterval);
            positive(problems, "rgma.consumer.rediscover-interval", rediscoverInterval);
            atLeastOne(problems, "rgma.consumer.stream-buffer-rows", streamBufferRows);
            atLeastOne(problems, "rgma.consumer.stream-threads", streamThreads);
            atLeastOne(problems, "rgma.consumer.fan-out-threads", fanOutThreads);
            atLeastOne(problems, "rgma.consumer.max-streams-per-address", maxStreamsPerAddress);
            positive(problems, "rgma.consumer.heartbeat", heartbeat);
        }

        public Duration getPollInterval() { return pollInterval; }
        public void setPollInterval(Duration v) { this.pollInterval = v; }
        public Duration getRediscoverInterval() { return rediscoverInterval; }
        public void setRediscoverInterval(Duration v) { this.rediscoverInterval = v; }
        public int getStreamBufferRows() { return streamBufferRows; }
        public void setStreamBufferRows(int v) { this.streamBufferRows = v; }
        public int getStreamThreads() { return streamThreads; }
        public void setStreamThreads(int v) { this.streamThreads = v; }
        public int getFanOutThreads() { return fanOutThreads; }
        public void setFanOutThreads(int v) { this.fanOutThreads = v; }
        public int getMaxStreamsPerAddress() { return maxStreamsPerAddress; }
        public void setMaxStreamsPerAddress(int v) { this.maxStreamsPerAddress = v; }
        public Duration getHeartbeat() { return heartbeat; }
        public void setHeartbeat(Duration v) { this.heartbeat = v; }
    }

    public static class Schema {
        /** Most tables the schema may hold. */
        private int maxTables = 200;

        void validate(List<String> problems) {
            atLeastOne(problems, "rgma.schema.max-tables", maxTables);
        }

        public int getMaxTables() { return maxTables; }
        public void setMaxTables(int v) { this.maxTables = v; }
    }

    public Database getDatabase() { return database; }
    public Producer getProducer() { return producer; }
    public Query getQuery() { return query; }
    public Registry getRegistry() { return registry; }
    public Consumer getConsumer() { return consumer; }
    public Schema getSchema() { return schema; }
    public long getMaxBodyBytes() { return maxBodyBytes; }
    public void setMaxBodyBytes(long v) { this.maxBodyBytes = v; }
    public List<String> getTrustedProxies() { return trustedProxies; }
    public void setTrustedProxies(List<String> v) { this.trustedProxies = v; }
    public boolean isDemo() { return demo; }
    public void setDemo(boolean demo) { this.demo = demo; }
    public Duration getDemoPublishInterval() { return demoPublishInterval; }
    public void setDemoPublishInterval(Duration v) { this.demoPublishInterval = v; }

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
        database.validate(problems);
        producer.validate(problems);
        query.validate(problems);
        registry.validate(problems);
        consumer.validate(problems);
        schema.validate(problems);
        atLeastOne(problems, "rgma.max-body-bytes", maxBodyBytes);
        for (String proxy : trustedProxies == null ? List.<String>of() : trustedProxies) {
            if (proxy == null || proxy.isBlank()) {
                continue;
            }
            try {
                AddressRange.parse(proxy);
            } catch (IllegalArgumentException e) {
                problems.add("rgma.trusted-proxies: '" + proxy + "' is not an address or address block such as 10.1.0.0/16 ("
                        + e.getMessage() + ")");
            }
        }
        positive(problems, "rgma.demo-publish-interval", demoPublishInterval);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid R-GMA configuration:\n  " + String.join("\n  ", problems));
        }
    }

    private static void atLeastOne(List<String> problems, String key, long value) {
        if (value < 1) {
            problems.add(key + " must be at least 1, got " + value);
        }
    }

    /** At least a millisecond: the services count these intervals in milliseconds. */
    private static void positive(List<String> problems, String key, Duration value) {
        if (value == null || value.toMillis() < 1) {
            problems.add(key + " must be a duration of at least 1ms such as 10s, got " + value);
        }
    }

    private static boolean isHttpUrl(String text) {
        try {
            URI u = new URI(text);
            return ("http".equalsIgnoreCase(u.getScheme()) || "https".equalsIgnoreCase(u.getScheme())) && u.getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
