package org.gridstack.mds.giis;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.mds.ldap.ListenerSettings;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPURL;
import org.gridstack.mds.ldap.ConnectionLimits;
import org.gridstack.mds.ldap.EventLoopSettings;
import org.gridstack.mds.ldap.FairShareRequestHandler;

/**
 * The settings of one GIIS, validated when built; immutable and thread-safe. Defaults: port
 * 2136 (the GRIS has MDS2's 2135, so both run on one host); suffix {@code Mds-Vo-name=site,o=Grid};
 * mode cached; registrations from this host ({@link AllowedHostsPolicy#LOCAL}); expired
 * registrations swept every second; static aggregation sources ({@code ldap://host:port/base})
 * none, pulled every 60 s with a 20 s timeout; listener limits as the GRIS's (16 requests at
 * once, fair queue of 10 s, 2000 connections, fair sharing of a contended server as
 * {@code FairShareRequestHandler.Settings.defaults()}); size limit 50,000 entries, time limit 75 s; write timeout 30 s; at most 5,000 registrations; a registrant's declared
 * {@code timeout} capped at 30 s; a search waits for registrants and sources being fetched at
 * most 5 s (and at most three quarters of its time limit), then answers from the data at hand.
 */
@Immutable
public final class GiisConfig {
    public static final String DEFAULT_SUFFIX = "Mds-Vo-name=site,o=Grid";
    /** The default port: 2136, beside the GRIS's 2135 (what {@code ./gridstack run} uses). */
    public static final int DEFAULT_PORT = 2136;

    private final ListenerSettings listener;
    private final DN suffix;
    private final GiisMode mode;
    @SuppressWarnings("Immutable") // an unmodifiable copy (List.copyOf) of strings
    private final List<String> allowedRegistrants;
    private final Duration sweepInterval;
    @SuppressWarnings("Immutable") // an unmodifiable copy (List.copyOf) of LDAP URLs (immutable)
    private final List<LDAPURL> aggregate;
    private final Duration aggregateCachetime;
    private final Duration aggregateTimeout;
    private final int sizeLimit;
    private final int timeLimitSeconds;
    private final Duration writeTimeout;
    private final int maxRegistrations;
    private final int maxRegistrationsPerAddress;
    private final int maxEntriesPerSource;
    private final Duration maxRegistrantTimeout;
    private final Duration searchWait;
    private final DN glue2Suffix;

    private GiisConfig(Builder b, ListenerSettings listener, DN suffix, DN glue2Suffix, List<LDAPURL> aggregate) {
        this.listener = listener;
        this.suffix = suffix;
        this.mode = b.mode;
        this.allowedRegistrants = List.copyOf(b.allowedRegistrants);
        this.sweepInterval = b.sweepInterval;
        this.aggregate = List.copyOf(aggregate);
        this.aggregateCachetime = b.aggregateCachetime;
        this.aggregateTimeout = b.aggregateTimeout;
        this.sizeLimit = b.sizeLimit;
        this.timeLimitSeconds = b.timeLimitSeconds;
        this.writeTimeout = b.writeTimeout;
        this.maxRegistrations = b.maxRegistrations;
        this.maxRegistrationsPerAddress = b.maxRegistrationsPerAddress;
        this.maxEntriesPerSource = b.maxEntriesPerSource;
        this.maxRegistrantTimeout = b.maxRegistrantTimeout;
        this.searchWait = b.searchWait;
        this.glue2Suffix = glue2Suffix;
    }

    /**
     * The GLUE 2.0 suffix served beside the GLUE 1.3 one ({@code o=glue} by default, the BDII's;
     * null: not served): each registrant's tree under it is pulled too and kept at its DNs, and
     * registrations and static sources whose base lies below it stay below it.
     */
    public DN glue2Suffix() {
        return glue2Suffix;
    }

    /** The suffixes served, GLUE 1.3's first. */
    public List<DN> suffixes() {
        return glue2Suffix == null ? List.of(suffix) : List.of(suffix, glue2Suffix);
    }

    /** The most a registrant's declared {@code timeout} counts for: longer ones are cut to this. */
    public Duration maxRegistrantTimeout() {
        return maxRegistrantTimeout;
    }

    /** The most one search waits for registrants or sources being fetched before it answers from the data at hand. */
    public Duration searchWait() {
        return searchWait;
    }

    public static Builder builder() {
        return new Builder();
    }

    public ListenerSettings listener() {
        return listener;
    }

    public DN suffix() {
        return suffix;
    }

    public GiisMode mode() {
        return mode;
    }

    public List<String> allowedRegistrants() {
        return allowedRegistrants;
    }

    public Duration sweepInterval() {
        return sweepInterval;
    }

    public List<LDAPURL> aggregate() {
        return aggregate;
    }

    public Duration aggregateCachetime() {
        return aggregateCachetime;
    }

    public Duration aggregateTimeout() {
        return aggregateTimeout;
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

    public int maxRegistrations() {
        return maxRegistrations;
    }

    /** Most registrations held at once that came from one address; more get adminLimitExceeded. */
    public int maxRegistrationsPerAddress() {
        return maxRegistrationsPerAddress;
    }

    /**
     * Most entries kept of one registrant's or static source's tree per fetch: the fetch asks the
     * source for at most this many, and a source with more is served with the first ones and a
     * note in the searches' diagnostic message.
     */
    public int maxEntriesPerSource() {
        return maxEntriesPerSource;
    }

    /** Mutable settings; not thread-safe. */
    public static final class Builder {
        private int port = DEFAULT_PORT;
        private InetAddress listenAddress;
        private String suffix = DEFAULT_SUFFIX;
        private String glue2Suffix = "o=glue";
        private GiisMode mode = GiisMode.CACHED;
        private List<String> allowedRegistrants = List.of(AllowedHostsPolicy.LOCAL);
        private Duration sweepInterval = Duration.ofSeconds(1);
        private final List<String> aggregate = new ArrayList<>();
        private Duration aggregateCachetime = Duration.ofSeconds(60);
        private Duration aggregateTimeout = Duration.ofSeconds(20);
        private int maxConnections = 2000;
        private int maxConcurrentRequests = 16;
        private long requestQueueTimeoutMillis = 10_000;
        private boolean accessLog;
        private int sizeLimit = 50_000;
        private int timeLimitSeconds = 75;
        private Duration writeTimeout = Duration.ofSeconds(30);
        private int maxRegistrations = 5000;
        private int maxRegistrationsPerAddress = 1000;
        private int maxEntriesPerSource = 100_000;
        private Duration maxRegistrantTimeout = Duration.ofSeconds(30);
        private Duration searchWait = Duration.ofSeconds(5);
        private ConnectionLimits connectionLimits = ConnectionLimits.defaults();
        private boolean eventLoop = true;
        private FairShareRequestHandler.Settings fairShare =
                FairShareRequestHandler.Settings.defaults();

        private Builder() {
        }

        public Builder port(int v) {
            port = v;
            return this;
        }

        public Builder listenAddress(InetAddress v) {
            listenAddress = v;
            return this;
        }

        public Builder suffix(String v) {
            suffix = requireNonNull(v, "suffix is null");
            return this;
        }

        /** The GLUE 2.0 suffix (default {@code o=glue}; null: not served). */
        public Builder glue2Suffix(String v) {
            glue2Suffix = v;
            return this;
        }

        public Builder mode(GiisMode v) {
            mode = requireNonNull(v, "mode is null");
            return this;
        }

        public Builder allowedRegistrants(List<String> v) {
            allowedRegistrants = List.copyOf(v);
            return this;
        }

        public Builder sweepInterval(Duration v) {
            sweepInterval = requireNonNull(v, "sweepInterval is null");
            return this;
        }

        /** Adds a static source, {@code ldap://host:port/base} (the BDII's form). */
        public Builder aggregate(String ldapUrl) {
            aggregate.add(requireNonNull(ldapUrl, "ldapUrl is null"));
            return this;
        }

        public Builder aggregateCachetime(Duration v) {
            aggregateCachetime = requireNonNull(v, "aggregateCachetime is null");
            return this;
        }

        public Builder aggregateTimeout(Duration v) {
            aggregateTimeout = requireNonNull(v, "aggregateTimeout is null");
            return this;
        }

        public Builder maxConnections(int v) {
            maxConnections = v;
            return this;
        }

        /** How connections share a contended GIIS (default {@code FairShareRequestHandler.Settings.defaults()}; null: off). */
        public Builder fairShare(FairShareRequestHandler.Settings v) {
            fairShare = v;
            return this;
        }

        /** Idle and read timeouts, request nesting, connections per address (default {@code ConnectionLimits.defaults()}). */
        public Builder connectionLimits(ConnectionLimits v) {
            connectionLimits = requireNonNull(v, "connectionLimits is null");
            return this;
        }

        public Builder maxConcurrentRequests(int v) {
            maxConcurrentRequests = v;
            return this;
        }

        public Builder requestQueueTimeoutMillis(long v) {
            requestQueueTimeoutMillis = v;
            return this;
        }

        public Builder accessLog(boolean v) {
            accessLog = v;
            return this;
        }

        public Builder sizeLimit(int v) {
            sizeLimit = v;
            return this;
        }

        public Builder timeLimitSeconds(int v) {
            timeLimitSeconds = v;
            return this;
        }

        /** How long one write to a client may block before the connection is closed (slapd's writetimeout). */
        public Builder writeTimeout(Duration v) {
            writeTimeout = requireNonNull(v, "writeTimeout is null");
            return this;
        }

        /**
         * True (the default): the event-loop listener ({@link org.gridstack.mds.ldap.EventLoopListener}); false: the
         * SDK's listener, a thread per connection.
         */
        public Builder eventLoop(boolean v) {
            eventLoop = v;
            return this;
        }

        /** Most registrations from one address held at once (default 1,000); more get adminLimitExceeded. */
        public Builder maxRegistrationsPerAddress(int v) {
            maxRegistrationsPerAddress = v;
            return this;
        }

        /** Most entries kept of one registrant's or static source's tree (default 100,000). */
        public Builder maxEntriesPerSource(int v) {
            maxEntriesPerSource = v;
            return this;
        }

        /** Most registrations held at once; more get adminLimitExceeded. */
        public Builder maxRegistrations(int v) {
            maxRegistrations = v;
            return this;
        }

        /** Cap on a registrant's declared {@code timeout} (default 30 s). */
        public Builder maxRegistrantTimeout(Duration v) {
            maxRegistrantTimeout = requireNonNull(v, "maxRegistrantTimeout is null");
            return this;
        }

        /** The most one search waits for registrants being fetched (default 5 s). */
        public Builder searchWait(Duration v) {
            searchWait = requireNonNull(v, "searchWait is null");
            return this;
        }

        public GiisConfig build() {
            if (maxRegistrantTimeout.isNegative() || maxRegistrantTimeout.isZero()) {
                throw new IllegalArgumentException("maxRegistrantTimeout must be positive, got " + maxRegistrantTimeout);
            }
            if (searchWait.isNegative()) {
                throw new IllegalArgumentException("searchWait must not be negative (0: never wait, answer from the data at hand), got "
                        + searchWait);
            }
            if (maxRegistrations < 1) {
                throw new IllegalArgumentException("maxRegistrations " + maxRegistrations + " must be at least 1");
            }
            if (maxRegistrationsPerAddress < 1) {
                throw new IllegalArgumentException("maxRegistrationsPerAddress " + maxRegistrationsPerAddress
                        + " must be at least 1");
            }
            if (maxEntriesPerSource < 1) {
                throw new IllegalArgumentException("maxEntriesPerSource " + maxEntriesPerSource + " must be at least 1");
            }
            if (writeTimeout.isNegative() || writeTimeout.isZero()) {
                throw new IllegalArgumentException("writeTimeout must be positive, got " + writeTimeout);
            }
            ListenerSettings l = new ListenerSettings(port, listenAddress, maxConnections, maxConcurrentRequests,
                    requestQueueTimeoutMillis, accessLog, fairShare, connectionLimits, writeTimeout, eventLoop
                            ? EventLoopSettings.of(Math.max(1, maxConcurrentRequests)) : null);
            DN s;
            try {
                s = new DN(suffix);
            } catch (LDAPException e) {
                throw new IllegalArgumentException("suffix '" + suffix + "' is not a DN: " + e.getExceptionMessage(), e);
            }
            if (s.isNullDN()) {
                throw new IllegalArgumentException("the GIIS suffix must not be the empty DN");
            }
            if (sweepInterval.isNegative() || sweepInterval.isZero()) {
                throw new IllegalArgumentException("sweepInterval must be positive, got " + sweepInterval);
            }
            if (aggregateTimeout.isNegative() || aggregateTimeout.isZero()) {
                throw new IllegalArgumentException("aggregateTimeout must be positive, got " + aggregateTimeout);
            }
            if (aggregateCachetime.isNegative()) {
                throw new IllegalArgumentException("aggregateCachetime must not be negative, got " + aggregateCachetime);
            }
            if (aggregateTimeout.compareTo(maxRegistrantTimeout) > 0) {
                throw new IllegalArgumentException("aggregateTimeout " + aggregateTimeout.toSeconds()
                        + " s is over the cap of " + maxRegistrantTimeout.toSeconds() + " s (maxRegistrantTimeout)");
            }
            if (sizeLimit < 0) {
                throw new IllegalArgumentException("sizeLimit " + sizeLimit + " must not be negative (0: none)");
            }
            if (timeLimitSeconds < 0) {
                throw new IllegalArgumentException("timeLimitSeconds " + timeLimitSeconds + " must not be negative (0: none)");
            }
            if (allowedRegistrants.isEmpty()) {
                throw new IllegalArgumentException("allowedRegistrants is empty: list hosts, local for this host's senders, or * for anyone");
            }
            List<LDAPURL> urls = new ArrayList<>();
            for (String u : aggregate) {
                try {
                    LDAPURL url = new LDAPURL(u);
                    if (!url.hostProvided() || url.getBaseDN().isNullDN()) {
                        throw new IllegalArgumentException("aggregate URL '" + u + "' needs a host and a base DN, e.g."
                                + " ldap://bdii.example.org:2170/mds-vo-name=resource,o=grid");
                    }
                    urls.add(url);
                } catch (LDAPException e) {
                    throw new IllegalArgumentException("aggregate URL '" + u + "' is not an LDAP URL: "
                            + e.getExceptionMessage(), e);
                }
            }
            DN g2 = null;
            if (glue2Suffix != null) {
                try {
                    g2 = new DN(glue2Suffix);
                } catch (LDAPException e) {
                    throw new IllegalArgumentException("glue2Suffix '" + glue2Suffix + "' is not a DN: " + e.getMessage(), e);
                }
                if (g2.isNullDN() || g2.isAncestorOf(s, true) || s.isAncestorOf(g2, true)) {
                    throw new IllegalArgumentException("glue2Suffix '" + glue2Suffix + "' must be a DN beside the suffix " + s);
                }
            }
            return new GiisConfig(this, l, s, g2, urls);
        }
    }
}
