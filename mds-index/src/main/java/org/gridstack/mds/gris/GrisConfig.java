package org.gridstack.mds.gris;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.net.InetAddress;
import java.util.List;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.ldap.EventLoopSettings;
import org.gridstack.mds.ldap.ListenerSettings;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPException;
import java.time.Duration;
import org.gridstack.mds.ldap.ConnectionLimits;
import org.gridstack.mds.ldap.FairShareRequestHandler;

/**
 * The settings of one GRIS, validated when built ({@link Builder#build()}); immutable and
 * thread-safe. Defaults: port 2135 (MDS2's), all addresses; suffixes
 * {@code Mds-Vo-name=local,o=Grid} (GLUE 1.3) and {@code o=glue} (GLUE 2.0); cache mode auto;
 * 16 requests processed at once, later ones wait up to 10 s in arrival order (a fair
 * semaphore) and then get {@code busy}; 2000 connections; server size limit 50,000 entries,
 * time limit 75 s (the MDS2 query time limit of seed 002's runs); write timeout 30 s (a client that
 * reads nothing for that long is disconnected); no access log.
 */
@Immutable
public final class GrisConfig {
    public static final int DEFAULT_PORT = 2135;
    public static final String DEFAULT_SUFFIX = "Mds-Vo-name=local,o=Grid";
    public static final String DEFAULT_GLUE2_SUFFIX = "o=glue";

    private final ListenerSettings listener;
    private final DN suffix;
    private final DN glue2Suffix;
    private final CacheMode cacheMode;
    private final int sizeLimit;
    private final int timeLimitSeconds;
    private final Duration writeTimeout;

    private GrisConfig(Builder b, ListenerSettings listener) {
        this.listener = listener;
        this.suffix = b.suffix;
        this.glue2Suffix = b.glue2Suffix;
        this.cacheMode = b.cacheMode;
        this.sizeLimit = b.sizeLimit;
        this.timeLimitSeconds = b.timeLimitSeconds;
        this.writeTimeout = b.writeTimeout;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** 0 means a free port chosen at start. */
    public int port() {
        return listener.port();
    }

    /** Null means every address. */
    public InetAddress listenAddress() {
        return listener.listenAddress();
    }

    /** The GLUE 1.3 suffix, {@code Mds-Vo-name=local,o=Grid} by default. */
    public DN suffix() {
        return suffix;
    }

    /** The GLUE 2.0 suffix, {@code o=glue} by default; null: not served. */
    public DN glue2Suffix() {
        return glue2Suffix;
    }

    /** The suffixes served, GLUE 1.3's first. */
    public List<DN> suffixes() {
        return glue2Suffix == null ? List.of(suffix) : List.of(suffix, glue2Suffix);
    }

    public CacheMode cacheMode() {
        return cacheMode;
    }

    public int maxConcurrentRequests() {
        return listener.maxConcurrentRequests();
    }

    public long requestQueueTimeoutMillis() {
        return listener.requestQueueTimeoutMillis();
    }

    public int maxConnections() {
        return listener.maxConnections();
    }

    public int sizeLimit() {
        return sizeLimit;
    }

    public int timeLimitSeconds() {
        return timeLimitSeconds;
    }

    public Duration writeTimeout() {
        return writeTimeout;
    }

    public boolean accessLog() {
        return listener.accessLog();
    }

    /** The listener part of these settings. */
    public ListenerSettings listenerSettings() {
        return listener;
    }

    /** Mutable settings; not thread-safe. */
    public static final class Builder {
        private int port = DEFAULT_PORT;
        private InetAddress listenAddress;
        private DN suffix = dn(DEFAULT_SUFFIX);
        private DN glue2Suffix = dn(DEFAULT_GLUE2_SUFFIX);
        private CacheMode cacheMode = CacheMode.AUTO;
        private int maxConcurrentRequests = 16;
        private long requestQueueTimeoutMillis = 10_000;
        private int maxConnections = 2000;
        private int sizeLimit = 50_000;
        private int timeLimitSeconds = 75;
        private boolean accessLog;
        private Duration writeTimeout = Duration.ofSeconds(30);
        private ConnectionLimits connectionLimits = ConnectionLimits.defaults();
        private boolean eventLoop = true;

        /**
         * True (the default): the event-loop listener ({@link org.gridstack.mds.ldap.EventLoopListener}); false: the
         * SDK's listener, a thread per connection.
         */
        public Builder eventLoop(boolean value) {
            eventLoop = value;
            return this;
        }

        /** Idle and read timeouts, request nesting, connections per address (default {@code ConnectionLimits.defaults()}). */
        public Builder connectionLimits(ConnectionLimits value) {
            connectionLimits = requireNonNull(value, "connectionLimits is null");
            return this;
        }

        private Builder() {
        }

        public Builder port(int value) {
            this.port = value;
            return this;
        }

        public Builder listenAddress(InetAddress value) {
            this.listenAddress = value;
            return this;
        }

        public Builder suffix(String value) {
            this.suffix = dn(requireNonNull(value, "suffix is null"));
            return this;
        }

        /** Null or empty: no GLUE 2 suffix. */
        public Builder glue2Suffix(String value) {
            this.glue2Suffix = value == null || value.isBlank() ? null : dn(value);
            return this;
        }

        public Builder cacheMode(CacheMode value) {
            this.cacheMode = requireNonNull(value, "cacheMode is null");
            return this;
        }

        public Builder maxConcurrentRequests(int value) {
            this.maxConcurrentRequests = value;
            return this;
        }

        public Builder requestQueueTimeoutMillis(long value) {
            this.requestQueueTimeoutMillis = value;
            return this;
        }

        public Builder maxConnections(int value) {
            this.maxConnections = value;
            return this;
        }

        public Builder sizeLimit(int value) {
            this.sizeLimit = value;
            return this;
        }

        public Builder timeLimitSeconds(int value) {
            this.timeLimitSeconds = value;
            return this;
        }

        public Builder accessLog(boolean value) {
            this.accessLog = value;
            return this;
        }

        /** How long one write to a client may block before the connection is closed (slapd's writetimeout). */
        public Builder writeTimeout(Duration value) {
            this.writeTimeout = requireNonNull(value, "writeTimeout is null");
            return this;
        }

        public GrisConfig build() {
            if (writeTimeout.isNegative() || writeTimeout.isZero()) {
                throw new IllegalArgumentException("writeTimeout must be positive, got " + writeTimeout);
            }
            ListenerSettings listener = new ListenerSettings(port, listenAddress, maxConnections, maxConcurrentRequests,
                    requestQueueTimeoutMillis, accessLog, FairShareRequestHandler.Settings.defaults(),
                    connectionLimits, writeTimeout, eventLoop ? EventLoopSettings.of(Math.max(1, maxConcurrentRequests)) : null);
            if (sizeLimit < 0) {
                throw new IllegalArgumentException("sizeLimit " + sizeLimit + " must not be negative (0: none)");
            }
            if (timeLimitSeconds < 0) {
                throw new IllegalArgumentException("timeLimitSeconds " + timeLimitSeconds + " must not be negative (0: none)");
            }
            if (glue2Suffix != null && (glue2Suffix.equals(suffix) || glue2Suffix.isAncestorOf(suffix, false)
                    || suffix.isAncestorOf(glue2Suffix, false))) {
                throw new IllegalArgumentException("the suffixes " + suffix + " and " + glue2Suffix + " must not overlap");
            }
            return new GrisConfig(this, listener);
        }

        private static DN dn(String text) {
            try {
                DN d = new DN(text);
                if (d.isNullDN()) {
                    throw new IllegalArgumentException("a suffix must not be the empty DN");
                }
                return d;
            } catch (LDAPException e) {
                throw new IllegalArgumentException("suffix '" + text + "' is not a DN: " + e.getExceptionMessage(), e);
            }
        }
    }
}
