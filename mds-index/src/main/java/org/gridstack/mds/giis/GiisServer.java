package org.gridstack.mds.giis;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.cache.ProviderView;
import org.gridstack.mds.directory.DirectoryAssembler;
import org.gridstack.mds.directory.DirectorySearch;
import org.gridstack.mds.ldap.ContentSource;
import org.gridstack.mds.ldap.DirectoryRequestHandler;
import org.gridstack.mds.ldap.LdapFrontEnd;
import org.gridstack.mds.ldap.RunningListener;
import org.gridstack.mds.ldap.ReadOnlyRequestHandler;
import org.gridstack.mds.ldap.StepTimers;
import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.RemoteLdapProvider;
import org.gridstack.mds.registration.Registration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.ldap.listener.LDAPListenerRequestHandler;
import com.unboundid.ldap.sdk.LDAPURL;
import com.unboundid.ldap.sdk.schema.Schema;
import com.unboundid.ldap.sdk.DN;
import java.util.function.Predicate;
import org.gridstack.mds.provider.ProviderOutput;

/**
 * A GIIS: an LDAP server aggregating its registrants (GRISes and other GIISes, registered by
 * soft state) and static LDAP sources under its suffix. Each registrant or source is a
 * {@link RemoteLdapProvider} in one {@link ProviderCache}: in {@link GiisMode#CACHED} mode its
 * data is kept for the registration's {@code cachettl}; in {@link GiisMode#CHAINED} mode every
 * search fetches from all of them in parallel, each within its {@code timeout}. A registrant's
 * tree appears under {@code <its suffix's first RDN>,<GIIS suffix>}. Registrations that are not
 * renewed within their {@code ttl} stop being served at once and are removed by a sweeper
 * without any global lock ({@link Registry}). Handler chain, outermost first: access log and
 * fair limiter ({@link LdapFrontEnd}), {@link RegistrationRequestHandler},
 * {@link ReadOnlyRequestHandler}, {@link DirectoryRequestHandler}. Thread-safe.
 */
@ThreadSafe
public final class GiisServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(GiisServer.class);
    static final String REGISTRANT_PREFIX = "registrant ";
    static final String AGGREGATE_PREFIX = "aggregate ";
    /** The provider of a registrant's GLUE 2.0 tree: this prefix, then the registration's key. */
    static final String GLUE2_PREFIX = "registrant-glue2 ";

    private final GiisConfig config;
    private final Clock clock;
    private final Registry registry;
    private final ProviderCache cache;
    private final ScheduledExecutorService sweeper;
    @SuppressWarnings("ThreadSafe") // set once by start() before the server is returned, never written again
    private RunningListener listener;
    @SuppressWarnings("ThreadSafe") // set once by start() before the server is returned, never written again
    private RegistrationDesk desk;

    private GiisServer(GiisConfig config, Clock clock) {
        this.config = config;
        this.clock = clock;
        this.registry = new Registry(config.maxRegistrations(), config.maxRegistrationsPerAddress());
        List<InformationProvider> statics = new ArrayList<>();
        for (LDAPURL url : config.aggregate()) {
            ProviderSettings s = new ProviderSettings(AGGREGATE_PREFIX + url, config.aggregateCachetime(),
                    config.aggregateTimeout(), config.maxEntriesPerSource());
            statics.add(new RemoteLdapProvider(s, url.getHost(), url.getPort(), url.getBaseDN(), localParent(config, url.getBaseDN())));
        }
        this.cache = new ProviderCache(statics, config.mode() == GiisMode.CACHED ? CacheMode.AUTO : CacheMode.OFF, clock);
        this.sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "giis-registration-sweeper");
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts a GIIS; {@code schema} gives filters their matching rules (null: the SDK's defaults). */
    public static GiisServer start(GiisConfig config, RegistrationPolicy policy, Schema schema, Clock clock)
            throws IOException {
        return start(config, policy, schema, clock, StepTimers.global("giis"));
    }

    /** Starts a GIIS whose searches' steps are timed with {@code timers}. */
    public static GiisServer start(GiisConfig config, RegistrationPolicy policy, Schema schema, Clock clock,
            StepTimers timers) throws IOException {
        requireNonNull(config, "config is null");
        requireNonNull(timers, "timers is null");
        requireNonNull(policy, "policy is null");
        requireNonNull(clock, "clock is null");
        GiisServer giis = new GiisServer(config, clock);
        DirectoryAssembler assembler = new DirectoryAssembler(config.suffixes());
        DirectorySearch search = new DirectorySearch(schema, config.sizeLimit(), config.timeLimitSeconds());
        LDAPListenerRequestHandler handler = new DirectoryRequestHandler(ContentSource.of(giis::liveViews, assembler),
                search, config.suffixes(), timers, !config.listener().accessLog());
        handler = new ReadOnlyRequestHandler(handler, "this GIIS takes only registrations (an add of"
                + " Mds-Vo-Op-name=register,...); its entries come from its registrants");
        giis.desk = new RegistrationDesk(policy, giis::accept);
        handler = new RegistrationRequestHandler(handler, giis.desk);
        long every = config.sweepInterval().toMillis();
        giis.sweeper.scheduleWithFixedDelay(giis::sweep, every, every, TimeUnit.MILLISECONDS);
        try {
            giis.listener = LdapFrontEnd.start(config.listener(), handler);
        } catch (IOException | RuntimeException e) {
            giis.sweeper.shutdownNow();
            giis.cache.close();
            throw e;
        }
        log.info("GIIS listening on port {} for {}, mode {}, {} static sources", giis.port(), config.suffixes(),
                config.mode(), config.aggregate().size());
        return giis;
    }

    /** Where a remote base's tree goes: below the GLUE 2.0 suffix it keeps its DNs, else under the suffix. */
    private static DN localParent(GiisConfig config, DN remoteBase) {
        return config.glue2Suffix() != null && remoteBase.isDescendantOf(config.glue2Suffix(), true) ? null : config.suffix();
    }

    /** The provider name of a registrant. */
    static String providerName(Registration r) {
        return REGISTRANT_PREFIX + r.key();
    }

    void accept(Registration r, String sender) {
        Registry.Live before = registry.renew(r, sender, clock.instant());
        if (before == null || !before.registration().equals(r)) {
            Duration timeout = r.timeout().compareTo(config.maxRegistrantTimeout()) > 0 ? config.maxRegistrantTimeout() : r.timeout();
            ProviderSettings s = new ProviderSettings(providerName(r), r.cachettl(), timeout, config.maxEntriesPerSource());
            cache.put(new RemoteLdapProvider(s, r.host(), r.port(), r.rootDn(), localParent(config, r.rootDn())));
            // fetched now, in the background, so that searches find its data instead of waiting for it
            cache.prefetch(s.name());
            if (localParent(config, r.rootDn()) != null && config.glue2Suffix() != null) {
                // its GLUE 2.0 tree too, kept at its DNs as the BDII does (a registrant without one adds nothing)
                ProviderSettings g2 = new ProviderSettings(GLUE2_PREFIX + r.key(), r.cachettl(), timeout,
                        config.maxEntriesPerSource());
                cache.put(new RemoteLdapProvider(g2, r.host(), r.port(), config.glue2Suffix(), null, true));
                cache.prefetch(g2.name());
            }
            log.info("registered {} (ttl {} s, cachettl {} s, timeout {} s{})", r.key(), r.ttl().toSeconds(),
                    r.cachettl().toSeconds(), timeout.toSeconds(), timeout.equals(r.timeout()) ? ""
                            : ", declared " + r.timeout().toSeconds() + " s, capped");
        }
    }

    private void sweep() {
        try {
            for (Registration r : registry.sweep(clock.instant())) {
                if (!registry.isLive(r.key(), clock.instant())) {
                    cache.remove(providerName(r));
                    cache.remove(GLUE2_PREFIX + r.key());
                    log.info("registration of {} expired", r.key());
                }
            }
        } catch (RuntimeException e) {
            log.warn("sweeping registrations failed", e);
        }
    }

    /**
     * The cache's views without registrants whose registration expired (the sweeper may not have
     * run yet), waiting for registrants being fetched until {@code waitUntilNanos} or the
     * configured search wait, whichever comes first.
     */
    List<ProviderView> liveViews(long waitUntilNanos, Predicate<ProviderOutput>
            worthWaitingFor) throws InterruptedException {
        long cap = System.nanoTime() + config.searchWait().toNanos();
        List<ProviderView> views = cache.read(waitUntilNanos == Long.MAX_VALUE || cap - waitUntilNanos < 0 ? cap : waitUntilNanos,
                worthWaitingFor);
        Instant now = clock.instant();
        List<ProviderView> live = new ArrayList<>(views.size());
        for (ProviderView v : views) {
            String name = v.settings().name();
            String key = name.startsWith(REGISTRANT_PREFIX) ? name.substring(REGISTRANT_PREFIX.length())
                    : name.startsWith(GLUE2_PREFIX) ? name.substring(GLUE2_PREFIX.length()) : null;
            if (key == null || registry.isLive(key, now)) {
                live.add(v);
            }
        }
        return live;
    }

    /** Where registrations arriving by other protocols (the HTTP form) go. */
    public RegistrationDesk registrationDesk() {
        return desk;
    }

    public int port() {
        return listener.port();
    }

    public GiisConfig config() {
        return config;
    }

    /** Registrations currently alive. */
    public List<Registration> registrations() {
        return registry.live(clock.instant()).stream().map(Registry.Live::registration).toList();
    }

    @Override
    public void close() {
        if (listener != null) {
            listener.close();
        }
        sweeper.shutdownNow();
        cache.close();
    }
}
