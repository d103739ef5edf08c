package org.gridstack.grim.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPURL;

/**
 * Settings of the GRIM service ({@code grim.*}). Defaults give the command-line contract: all
 * three backends embedded, loaded at scale {@code grim.scale} from the seeded generator.
 *
 * <p>Setters only store; {@link #validate()} checks every setting once, at start-up (Spring calls
 * it through {@link #afterPropertiesSet()} right after binding), as HikariConfig's
 * {@code validate()} does: a service with a setting out of range does not start, and the message
 * names every such setting by its key, the value and what it takes. Mutable while being bound,
 * then only read: not thread-safe for writes.
 */
@ConfigurationProperties("grim")
public class GrimProperties implements InitializingBean {
    /** The backends GRIM can start, in the order it starts them. */
    public static final List<String> KNOWN_BACKENDS = List.of("postgres", "basex", "ldap");
    /** The largest scale factor the generator takes (10 x the seed's database). */
    public static final double MAX_SCALE = 10;

    /** Scale factor of the generated database (1.0 = the seed's 81,684 objects). */
    private double scale = 1.0;
    /** Generator seed: the same seed and scale always give the same objects. */
    private long seed = 42;
    /** Backends to start: any of postgres, basex, ldap. */
    private List<String> backends = new ArrayList<>(List.of("postgres", "basex", "ldap"));
    /** Tokens providers present (Authorization: Bearer TOKEN) to update; empty: one is generated and logged at start. */
    private List<String> providerTokens = new ArrayList<>();
    private final Postgres postgres = new Postgres();
    private final BaseX basex = new BaseX();
    private final Ldap ldap = new Ldap();
    private final Updates updates = new Updates();
    private final NativeQueries nativeQueries = new NativeQueries();

    public static class Postgres {
        /** JDBC URL of an existing server (its schema "grim" is replaced, unless keep-data); empty: embedded PostgreSQL. */
        private String url = "";
        private String user = "postgres";
        private String password = "";
        /** A role that can only read, for native queries; empty: read-only transactions of {@code user}. */
        private String readerUser = "";
        private String readerPassword = "";
        private int poolSize = 16;
        /**
         * Keep the data an external PostgreSQL already holds from an earlier run (its GRIM tables and
         * change log) instead of generating a new dataset: a restart after a crash or an upgrade. The
         * other copies are then rebuilt from it. Off by default: the seed's experiments start from
         * freshly generated data (and the embedded PostgreSQL starts empty anyway).
         */
        private boolean keepData = false;
        /**
         * The embedded PostgreSQL's bound on one native-query session's temporary files
         * ({@code temp_file_limit} of the read-only role, a size such as {@code 512MB}); a query
         * that needs more is refused (SQLSTATE 53400). Default 512MB. For a server of your own,
         * set it on the reader role.
         */
        private String tempFileLimit = "512MB";

        void validate(List<String> problems) {
            if (url == null || !(url.isBlank() || url.startsWith("jdbc:postgresql:"))) {
                problems.add("grim.postgres.url must be empty (embedded PostgreSQL) or a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db), got '"
                        + url + "'");
            } else if (!url.isBlank()) {
                notBlank(problems, "grim.postgres.user", user);
            }
            atLeastOne(problems, "grim.postgres.pool-size", poolSize);
            if (tempFileLimit == null || !tempFileLimit.matches("(-1|[0-9]{1,12}(kB|MB|GB|TB)?)")) {
                problems.add("grim.postgres.temp-file-limit must be a PostgreSQL size such as 512MB, not " + tempFileLimit);
            }
        }

        public String getTempFileLimit() { return tempFileLimit; }
        public void setTempFileLimit(String tempFileLimit) { this.tempFileLimit = tempFileLimit; }

        public String getUrl() { return url; }
        public void setUrl(String url) { this.url = url; }
        public String getUser() { return user; }
        public void setUser(String user) { this.user = user; }
        public String getPassword() { return password; }
        public void setPassword(String password) { this.password = password; }
        public String getReaderUser() { return readerUser; }
        public void setReaderUser(String readerUser) { this.readerUser = readerUser; }
        public String getReaderPassword() { return readerPassword; }
        public void setReaderPassword(String readerPassword) { this.readerPassword = readerPassword; }
        public boolean isKeepData() { return keepData; }
        public void setKeepData(boolean keepData) { this.keepData = keepData; }
        public int getPoolSize() { return poolSize; }
        public void setPoolSize(int poolSize) { this.poolSize = poolSize; }
    }

    public static class BaseX {
        /** Host of a BaseX server (client/server mode); empty: embedded BaseX in a temporary directory. */
        private String host = "";
        private int port = 1984;
        private String user = "admin";
        private String password = "";

        void validate(List<String> problems) {
            if (host == null) {
                problems.add("grim.basex.host must be empty (embedded BaseX) or a host name");
            } else if (!host.isBlank()) {
                if (port < 1 || port > 65535) {
                    problems.add("grim.basex.port must be in 1..65535, got " + port);
                }
                notBlank(problems, "grim.basex.user", user);
            }
        }

        public String getHost() { return host; }
        public void setHost(String host) { this.host = host; }
        public int getPort() { return port; }
        public void setPort(int port) { this.port = port; }
        public String getUser() { return user; }
        public void setUser(String user) { this.user = user; }
        public String getPassword() { return password; }
        public void setPassword(String password) { this.password = password; }
    }

    public static class Ldap {
        /** URL of an external LDAP server such as OpenLDAP slapd; empty: UnboundID in-memory server on a free port. */
        private String url = "";
        private String bindDn = "cn=admin,o=grid";
        private String password = "";

        void validate(List<String> problems) {
            if (url == null) {
                problems.add("grim.ldap.url must be empty (in-memory server) or an LDAP URL such as ldap://host:389");
                return;
            }
            if (url.isBlank()) {
                return;
            }
            try {
                if (!new LDAPURL(url).hostProvided()) {
                    problems.add("grim.ldap.url '" + url + "' names no server; use ldap://host:port");
                }
            } catch (LDAPException e) {
                problems.add("grim.ldap.url '" + url + "' is not an LDAP URL (" + e.getExceptionMessage() + "); use ldap://host:port");
            }
            try {
                new DN(bindDn == null ? "" : bindDn);
            } catch (LDAPException e) {
                problems.add("grim.ldap.bind-dn '" + bindDn + "' is not a DN (" + e.getExceptionMessage() + "); use e.g. cn=admin,o=grid");
            }
        }

        public String getUrl() { return url; }
        public void setUrl(String url) { this.url = url; }
        public String getBindDn() { return bindDn; }
        public void setBindDn(String bindDn) { this.bindDn = bindDn; }
        public String getPassword() { return password; }
        public void setPassword(String password) { this.password = password; }
    }

    public static class Updates {
        /** Writer threads (transactions in flight) per backend. */
        private int writers = 4;
        /** Most provider requests one group commit carries. */
        private int maxBatchRequests = 20_000;
        /** Most updates one request may carry. */
        private int maxUpdatesPerRequest = 1_000_000;
        /** Longest WebSocket message (characters); longer ones are answered 413 and the connection stays open. */
        private int maxMessageChars = 4 << 20;
        /** How long a provider waits for its update to be stored before it gets 503. */
        private Duration timeout = Duration.ofSeconds(30);
        /**
         * Browser origins (patterns such as {@code https://*.example.org}) whose pages may open the
         * update WebSocket; clients that send no Origin and same-origin pages always may. Default none.
         */
        private List<String> allowedOrigins = List.of();
        /**
         * Longest request body of any API request but native queries (bytes); over it: 413 before
         * the body is read. Default 16 MiB.
         */
        private long maxBodyBytes = 16L << 20;

        void validate(List<String> problems) {
            atLeastOne(problems, "grim.updates.writers", writers);
            atLeastOne(problems, "grim.updates.max-batch-requests", maxBatchRequests);
            atLeastOne(problems, "grim.updates.max-updates-per-request", maxUpdatesPerRequest);
            atLeastOne(problems, "grim.updates.max-message-chars", maxMessageChars);
            positive(problems, "grim.updates.timeout", timeout);
            atLeastOne(problems, "grim.updates.max-body-bytes", maxBodyBytes);
            for (String origin : allowedOrigins) {
                if (origin == null || origin.isBlank()) {
                    problems.add("grim.updates.allowed-origins: an origin pattern must not be empty");
                }
            }
        }

        public long getMaxBodyBytes() { return maxBodyBytes; }
        public void setMaxBodyBytes(long maxBodyBytes) { this.maxBodyBytes = maxBodyBytes; }

        public List<String> getAllowedOrigins() { return allowedOrigins; }
        public void setAllowedOrigins(List<String> allowedOrigins) { this.allowedOrigins = List.copyOf(allowedOrigins); }

        public int getWriters() { return writers; }
        public void setWriters(int writers) { this.writers = writers; }
        public int getMaxBatchRequests() { return maxBatchRequests; }
        public void setMaxBatchRequests(int maxBatchRequests) { this.maxBatchRequests = maxBatchRequests; }
        public int getMaxUpdatesPerRequest() { return maxUpdatesPerRequest; }
        public void setMaxUpdatesPerRequest(int maxUpdatesPerRequest) { this.maxUpdatesPerRequest = maxUpdatesPerRequest; }
        public int getMaxMessageChars() { return maxMessageChars; }
        public void setMaxMessageChars(int maxMessageChars) { this.maxMessageChars = maxMessageChars; }
        public Duration getTimeout() { return timeout; }
        public void setTimeout(Duration timeout) { this.timeout = timeout; }
    }

    public static class NativeQueries {
        private Duration timeout = Duration.ofSeconds(10);
        private int maxRows = 10_000;
        private long maxBytes = 16L << 20;
        /** Heap one XQuery may take (MiB); embedded BaseX evaluates in the service's heap. */
        private int maxMemoryMb = 256;
        /** Native queries one client address may run at once. */
        private int maxPerClient = 2;
        /** Native queries one backend runs at once (below PostgreSQL's 4 reader connections). */
        private int maxPerBackend = 3;
        /** Longest native query body (bytes); over it: 413 before the body is read. Default 1 MiB. */
        private long maxQueryBytes = 1L << 20;

        void validate(List<String> problems) {
            positive(problems, "grim.native-queries.timeout", timeout);
            atLeastOne(problems, "grim.native-queries.max-rows", maxRows);
            atLeastOne(problems, "grim.native-queries.max-bytes", maxBytes);
            atLeastOne(problems, "grim.native-queries.max-memory-mb", maxMemoryMb);
            atLeastOne(problems, "grim.native-queries.max-per-client", maxPerClient);
            atLeastOne(problems, "grim.native-queries.max-per-backend", maxPerBackend);
            atLeastOne(problems, "grim.native-queries.max-query-bytes", maxQueryBytes);
        }

        public long getMaxQueryBytes() { return maxQueryBytes; }
        public void setMaxQueryBytes(long maxQueryBytes) { this.maxQueryBytes = maxQueryBytes; }

        public int getMaxMemoryMb() { return maxMemoryMb; }
        public void setMaxMemoryMb(int maxMemoryMb) { this.maxMemoryMb = maxMemoryMb; }
        public int getMaxPerClient() { return maxPerClient; }
        public void setMaxPerClient(int maxPerClient) { this.maxPerClient = maxPerClient; }
        public int getMaxPerBackend() { return maxPerBackend; }
        public void setMaxPerBackend(int maxPerBackend) { this.maxPerBackend = maxPerBackend; }

        public Duration getTimeout() { return timeout; }
        public void setTimeout(Duration timeout) { this.timeout = timeout; }
        public int getMaxRows() { return maxRows; }
        public void setMaxRows(int maxRows) { this.maxRows = maxRows; }
        public long getMaxBytes() { return maxBytes; }
        public void setMaxBytes(long maxBytes) { this.maxBytes = maxBytes; }
    }

    public double getScale() { return scale; }
    public void setScale(double scale) { this.scale = scale; }
    public long getSeed() { return seed; }
    public void setSeed(long seed) { this.seed = seed; }
    public List<String> getBackends() { return backends; }
    public void setBackends(List<String> backends) { this.backends = backends; }
    public List<String> getProviderTokens() { return providerTokens; }
    public void setProviderTokens(List<String> providerTokens) { this.providerTokens = providerTokens; }
    public Postgres getPostgres() { return postgres; }
    public BaseX getBasex() { return basex; }
    public Ldap getLdap() { return ldap; }
    public Updates getUpdates() { return updates; }
    public NativeQueries getNativeQueries() { return nativeQueries; }

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
        if (!(scale > 0) || scale > MAX_SCALE) {
            problems.add("grim.scale must be in (0, " + (int) MAX_SCALE + "], got " + scale);
        }
        if (backends == null || backends.isEmpty()) {
            problems.add("grim.backends is empty; name at least one of " + String.join(", ", KNOWN_BACKENDS));
        } else {
            Set<String> seen = new HashSet<>();
            for (String b : backends) {
                String name = b == null ? "" : b.trim();
                if (!KNOWN_BACKENDS.contains(name)) {
                    problems.add("grim.backends: unknown backend '" + b + "'; use " + String.join(", ", KNOWN_BACKENDS));
                } else if (!seen.add(name)) {
                    problems.add("grim.backends names '" + name + "' twice");
                }
            }
        }
        for (String token : providerTokens == null ? List.<String>of() : providerTokens) {
            if (token == null || token.isBlank() || !token.equals(token.strip())) {
                problems.add("grim.provider-tokens: a token must be non-blank without leading or trailing white space"
                        + " (providers' tokens are compared after trimming), got '" + token + "'");
            }
        }
        postgres.validate(problems);
        basex.validate(problems);
        ldap.validate(problems);
        updates.validate(problems);
        nativeQueries.validate(problems);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid GRIM configuration:\n  " + String.join("\n  ", problems));
        }
    }

    private static void atLeastOne(List<String> problems, String key, long value) {
        if (value < 1) {
            problems.add(key + " must be at least 1, got " + value);
        }
    }

    private static void positive(List<String> problems, String key, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            problems.add(key + " must be a positive duration such as 10s, got " + value);
        }
    }

    private static void notBlank(List<String> problems, String key, String value) {
        if (value == null || value.isBlank()) {
            problems.add(key + " must not be empty");
        }
    }
}
