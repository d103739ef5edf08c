package org.gridstack.client.frontier;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything a {@link FrontierClient} needs to know, with the C client's defaults and limits.
 * Immutable and thread-safe; built with {@link #builder()}, from the C client's configuration
 * string ({@link #parse}) or from the {@code FRONTIER_*} environment variables
 * ({@link #fromEnvironment}).
 */
@ThreadSafe
public final class FrontierClientConfig {
    /** Limits of the C client (frontier_client 2.x). */
    public static final int MAX_SERVERS = 16;
    public static final int MAX_PROXIES = 24;
    public static final int DEFAULT_ZIP_LEVEL = 5;
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(10);

    private static final Pattern KEY_VALUE = Pattern.compile("\\(\\s*([A-Za-z0-9_-]+)\\s*=([^()]*)\\)");

    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf)
    private final List<URI> servers;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf)
    private final List<URI> proxies;
    private final int zipLevel;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final ForceReload forceReload;
    private final boolean failoverToServer;
    private final boolean persistentConnections;
    private final boolean libdeflateInflate;
    private final boolean balanceProxies;
    private final boolean balanceServers;
    private final String frontierId;
    @SuppressWarnings("ThreadSafe") // an unmodifiable view of a copy no one else holds
    private final Map<String, RefreshPolicy> tableRefresh;

    private FrontierClientConfig(Builder b) {
        if (b.servers.isEmpty()) {
            throw new IllegalArgumentException("at least one server URL is needed");
        }
        if (b.servers.size() > MAX_SERVERS) {
            throw new IllegalArgumentException(b.servers.size() + " servers configured; at most " + MAX_SERVERS + " are allowed");
        }
        if (b.proxies.size() > MAX_PROXIES) {
            throw new IllegalArgumentException(b.proxies.size() + " proxies configured; at most " + MAX_PROXIES + " are allowed");
        }
        if (b.zipLevel < 0 || b.zipLevel > 9) {
            throw new IllegalArgumentException("retrieve zip level must be 0..9, not " + b.zipLevel);
        }
        requirePositive(b.connectTimeout, "connect timeout");
        requirePositive(b.readTimeout, "read timeout");
        this.servers = List.copyOf(b.servers);
        this.proxies = List.copyOf(b.proxies);
        this.zipLevel = b.zipLevel;
        this.connectTimeout = b.connectTimeout;
        this.readTimeout = b.readTimeout;
        this.forceReload = b.forceReload;
        this.failoverToServer = b.failoverToServer;
        this.persistentConnections = b.persistentConnections;
        this.libdeflateInflate = b.libdeflateInflate;
        this.balanceProxies = b.balanceProxies;
        this.balanceServers = b.balanceServers;
        this.frontierId = b.frontierId != null ? b.frontierId : defaultFrontierId();
        this.tableRefresh = Collections.unmodifiableMap(new LinkedHashMap<>(b.tableRefresh));
    }

    private static void requirePositive(Duration d, String what) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive, not " + d);
        }
    }

    /** What the C client sends: {@code <app> <version> <pid> <user>}; the server logs it. */
    private static String defaultFrontierId() {
        return "gridstack-java 0.1 " + ProcessHandle.current().pid() + " " + System.getProperty("user.name", "unknown");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder preloaded with this configuration. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.servers.addAll(servers);
        b.proxies.addAll(proxies);
        b.zipLevel = zipLevel;
        b.connectTimeout = connectTimeout;
        b.readTimeout = readTimeout;
        b.forceReload = forceReload;
        b.failoverToServer = failoverToServer;
        b.persistentConnections = persistentConnections;
        b.libdeflateInflate = libdeflateInflate;
        b.balanceProxies = balanceProxies;
        b.balanceServers = balanceServers;
        b.frontierId = frontierId;
        b.tableRefresh.putAll(tableRefresh);
        return b;
    }

    /**
     * Parses the C client's string form {@code (serverurl=...)(proxyurl=...)(retrieve-ziplevel=N)...}
     * or, when the text does not start with {@code (}, a single server URL. Known keys:
     * {@code serverurl}, {@code proxyurl}, {@code retrieve-ziplevel}, {@code forcereload},
     * {@code connecttimeoutsecs}, {@code readtimeoutsecs}, {@code failovertoserver},
     * {@code frontierid}, {@code loadbalance} ({@code proxies} or {@code servers}, repeatable), and
     * this client's {@code persistentconnections} and {@code libdeflateinflate} (yes/no). Other keys of the C client (e.g.
     * {@code logicalserverurl}) are accepted and ignored, so existing strings work unchanged.
     */
    public static FrontierClientConfig parse(String text) {
        return builder().apply(text).build();
    }

    /**
     * Reads {@code FRONTIER_SERVER} (a URL or the parenthesised string), {@code FRONTIER_PROXY}
     * (a URL), {@code FRONTIER_RETRIEVEZIPLEVEL} (0..9) and {@code FRONTIER_FORCERELOAD} (see
     * {@link ForceReload}); the single-valued variables win over the same keys in the string.
     */
    public static FrontierClientConfig fromEnvironment(Map<String, String> env) {
        Objects.requireNonNull(env, "env is null");
        String server = env.get("FRONTIER_SERVER");
        if (server == null || server.isBlank()) {
            throw new IllegalArgumentException("FRONTIER_SERVER is not set");
        }
        Builder b = builder().apply(server);
        String proxy = env.get("FRONTIER_PROXY");
        if (proxy != null && !proxy.isBlank()) {
            b.apply(proxy.trim().startsWith("(") ? proxy : "(proxyurl=" + proxy.trim() + ")");
        }
        String zip = env.get("FRONTIER_RETRIEVEZIPLEVEL");
        if (zip != null && !zip.isBlank()) {
            b.zipLevel(parseInt(zip, "FRONTIER_RETRIEVEZIPLEVEL"));
        }
        String reload = env.get("FRONTIER_FORCERELOAD");
        if (reload != null && !reload.isBlank()) {
            b.forceReload(ForceReload.parse(reload));
        }
        return b.build();
    }

    private static int parseInt(String text, String what) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a number, not '" + text + "'", e);
        }
    }

    private static URI httpUrl(String text, String what) {
        URI u;
        try {
            u = URI.create(text.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + " '" + text + "' is not a URL", e);
        }
        if (!"http".equalsIgnoreCase(u.getScheme()) || u.getHost() == null) {
            throw new IllegalArgumentException(what + " '" + text + "' must be an http://host[:port]/... URL");
        }
        return u;
    }

    public List<URI> servers() {
        return servers;
    }

    public List<URI> proxies() {
        return proxies;
    }

    public int zipLevel() {
        return zipLevel;
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    public Duration readTimeout() {
        return readTimeout;
    }

    public ForceReload forceReload() {
        return forceReload;
    }

    /** Whether, after every proxy failed, the servers are tried directly (the C client's default). */
    public boolean failoverToServer() {
        return failoverToServer;
    }

    public String frontierId() {
        return frontierId;
    }

    /**
     * {@code loadbalance=proxies}: each client starts at a randomly chosen proxy and goes on
     * through the list from there (wrapping), so many jobs with the same configuration spread
     * over the proxies; fail-over order is otherwise unchanged.
     */
    public boolean balanceProxies() {
        return balanceProxies;
    }

    /** {@code loadbalance=servers}: the same for servers. */
    public boolean balanceServers() {
        return balanceServers;
    }

    /**
     * Whether connections to proxies and servers are kept open and reused (HTTP/1.1 keep-alive;
     * default yes). With no, every request opens its own connection and sends
     * {@code Connection: close}.
     */
    public boolean persistentConnections() {
        return persistentConnections;
    }

    /**
     * Whether zipped answers are inflated by libdeflate (Debian's libdeflate.so.0, about twice
     * zlib's speed) when it loads; default yes. With no, or when the library is missing, the JDK's
     * zlib inflates them. Either reads the same answers and reports the same errors.
     */
    public boolean libdeflateInflate() {
        return libdeflateInflate;
    }

    /** Per-table (or schema) refresh overrides, keys lower-case. */
    public Map<String, RefreshPolicy> tableRefresh() {
        return tableRefresh;
    }

    /**
     * The refresh configured for a table name ({@code schema.table} or {@code table}): an exact
     * entry wins, then the schema's entry, else {@link RefreshPolicy#NONE}.
     */
    public RefreshPolicy refreshPolicyFor(String table) {
        String t = Objects.requireNonNull(table, "table is null").toLowerCase(Locale.ROOT);
        RefreshPolicy exact = tableRefresh.get(t);
        if (exact != null) {
            return exact;
        }
        int dot = t.indexOf('.');
        if (dot > 0) {
            RefreshPolicy schema = tableRefresh.get(t.substring(0, dot));
            if (schema != null) {
                return schema;
            }
            RefreshPolicy bare = tableRefresh.get(t.substring(dot + 1));
            if (bare != null) {
                return bare;
            }
        }
        return RefreshPolicy.NONE;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        servers.forEach(u -> s.append("(serverurl=").append(u).append(')'));
        proxies.forEach(u -> s.append("(proxyurl=").append(u).append(')'));
        s.append("(retrieve-ziplevel=").append(zipLevel).append(')');
        s.append("(forcereload=").append(forceReload).append(')');
        if (balanceProxies) {
            s.append("(loadbalance=proxies)");
        }
        if (balanceServers) {
            s.append("(loadbalance=servers)");
        }
        return s.toString();
    }

    /** Collects settings; not thread-safe. {@link #build()} validates. */
    public static final class Builder {
        private final List<URI> servers = new ArrayList<>();
        private final List<URI> proxies = new ArrayList<>();
        private int zipLevel = DEFAULT_ZIP_LEVEL;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration readTimeout = DEFAULT_READ_TIMEOUT;
        private ForceReload forceReload = ForceReload.NONE;
        private boolean failoverToServer = true;
        private boolean persistentConnections = true;
        private boolean libdeflateInflate = true;
        private boolean balanceProxies;
        private boolean balanceServers;
        private String frontierId;
        private final Map<String, RefreshPolicy> tableRefresh = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder server(URI url) {
            servers.add(httpUrl(Objects.requireNonNull(url, "url is null").toString(), "server URL"));
            return this;
        }

        public Builder server(String url) {
            servers.add(httpUrl(Objects.requireNonNull(url, "url is null"), "server URL"));
            return this;
        }

        public Builder proxy(URI url) {
            proxies.add(httpUrl(Objects.requireNonNull(url, "url is null").toString(), "proxy URL"));
            return this;
        }

        public Builder proxy(String url) {
            proxies.add(httpUrl(Objects.requireNonNull(url, "url is null"), "proxy URL"));
            return this;
        }

        public Builder clearProxies() {
            proxies.clear();
            return this;
        }

        public Builder zipLevel(int level) {
            this.zipLevel = level;
            return this;
        }

        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = Objects.requireNonNull(timeout, "timeout is null");
            return this;
        }

        public Builder readTimeout(Duration timeout) {
            this.readTimeout = Objects.requireNonNull(timeout, "timeout is null");
            return this;
        }

        public Builder forceReload(ForceReload reload) {
            this.forceReload = Objects.requireNonNull(reload, "reload is null");
            return this;
        }

        public Builder failoverToServer(boolean failover) {
            this.failoverToServer = failover;
            return this;
        }

        /** Start at a random proxy ({@code loadbalance=proxies}). */
        public Builder balanceProxies(boolean balance) {
            this.balanceProxies = balance;
            return this;
        }

        /** Start at a random server ({@code loadbalance=servers}). */
        public Builder balanceServers(boolean balance) {
            this.balanceServers = balance;
            return this;
        }

        public Builder persistentConnections(boolean persistent) {
            this.persistentConnections = persistent;
            return this;
        }

        /** See {@link FrontierClientConfig#libdeflateInflate()}. */
        public Builder libdeflateInflate(boolean use) {
            this.libdeflateInflate = use;
            return this;
        }

        public Builder frontierId(String id) {
            this.frontierId = Objects.requireNonNull(id, "id is null");
            return this;
        }

        /** Refresh queries on this table (or every table of this schema) at least this hard. */
        public Builder refreshTable(String tableOrSchema, RefreshPolicy policy) {
            tableRefresh.put(Objects.requireNonNull(tableOrSchema, "tableOrSchema is null").toLowerCase(Locale.ROOT),
                    Objects.requireNonNull(policy, "policy is null"));
            return this;
        }

        /** Applies a configuration string (or a bare server URL) on top of what is set. */
        public Builder apply(String text) {
            String t = Objects.requireNonNull(text, "text is null").trim();
            if (!t.startsWith("(")) {
                return server(t);
            }
            Matcher m = KEY_VALUE.matcher(t);
            int at = 0;
            while (m.find()) {
                if (!t.substring(at, m.start()).isBlank()) {
                    throw new IllegalArgumentException("unexpected text '" + t.substring(at, m.start()) + "' in configuration string " + t);
                }
                applyKey(m.group(1).toLowerCase(Locale.ROOT), m.group(2).trim());
                at = m.end();
            }
            if (!t.substring(at).isBlank()) {
                throw new IllegalArgumentException("unexpected text '" + t.substring(at) + "' in configuration string " + t);
            }
            return this;
        }

        private void applyKey(String key, String value) {
            switch (key) {
                case "serverurl" -> server(value);
                case "proxyurl" -> proxy(value);
                case "retrieve-ziplevel" -> zipLevel(parseInt(value, "retrieve-ziplevel"));
                case "forcereload" -> forceReload(ForceReload.parse(value));
                case "connecttimeoutsecs" -> connectTimeout(Duration.ofSeconds(parseInt(value, "connecttimeoutsecs")));
                case "readtimeoutsecs" -> readTimeout(Duration.ofSeconds(parseInt(value, "readtimeoutsecs")));
                case "failovertoserver" -> failoverToServer(yes(value));
                case "persistentconnections" -> persistentConnections(yes(value));
                case "libdeflateinflate" -> libdeflateInflate(yes(value));
                case "loadbalance" -> {
                    switch (value.toLowerCase(Locale.ROOT)) {
                        case "proxies" -> balanceProxies(true);
                        case "servers" -> balanceServers(true);
                        default -> throw new IllegalArgumentException("loadbalance must be 'proxies' or 'servers', not '" + value + "'");
                    }
                }
                case "frontierid" -> frontierId(value);
                default -> {
                    // other keys of the C client (logicalserverurl, ...): accepted, no effect
                }
            }
        }

        private static boolean yes(String value) {
            return !value.equalsIgnoreCase("no") && !value.equalsIgnoreCase("false") && !value.equals("0");
        }

        public FrontierClientConfig build() {
            return new FrontierClientConfig(this);
        }
    }
}
