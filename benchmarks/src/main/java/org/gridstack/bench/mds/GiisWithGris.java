package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.giis.AllowedHostsPolicy;
import org.gridstack.mds.giis.GiisConfig;
import org.gridstack.mds.giis.GiisMode;
import org.gridstack.mds.giis.GiisServer;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.gridstack.mds.registration.RegistrationEntries;

/**
 * Seed 002's MDS2 index for one N, in this JVM: a GRIS whose synthetic provider publishes the N
 * entries under {@link IndexLayout#parent()}, and a GIIS on a free port with that GRIS registered
 * by an LDAP add; cached (the GIIS keeps the GRIS's data for its cachettl, the GRIS its
 * provider's for the cachetime) or uncached (the GIIS in chained mode, the GRIS's cache forced
 * off: every query goes through the GIIS to the GRIS and runs the provider, seed 002's uncached
 * MDS2), with MDS2's default soft-state times (regperiod 600 s, ttl
 * 1200 s, cachettl 30 s, timeout 20 s). Both use their shipped limits (16 concurrent requests,
 * fair queueing for up to 10 s). {@link #close()} stops both. Not thread-safe.
 */
final class GiisWithGris implements AutoCloseable {
    static final Duration REGPERIOD = Duration.ofSeconds(600);
    static final Duration TTL = Duration.ofSeconds(1200);
    static final Duration CACHETTL = Duration.ofSeconds(30);
    static final Duration TIMEOUT = Duration.ofSeconds(20);

    private final GrisServer gris;
    private final GiisServer giis;

    private GiisWithGris(GrisServer gris, GiisServer giis) {
        this.gris = requireNonNull(gris, "gris is null");
        this.giis = requireNonNull(giis, "giis is null");
    }

    /** Starts both (GIIS cached), registers the GRIS and checks that the GIIS answers the N entries. */
    static GiisWithGris start(IndexLayout layout) throws IOException, LDAPException {
        return start(layout, GiisMode.CACHED, 0, true);
    }

    /**
     * Starts both, registers the GRIS and checks that the GIIS answers the N entries; with
     * {@link GiisMode#CHAINED} the GRIS's cache is forced off as well.
     */
    static GiisWithGris start(IndexLayout layout, GiisMode mode) throws IOException, LDAPException {
        return start(layout, mode, 0, true);
    }

    /**
     * As {@link #start(IndexLayout, GiisMode)}, the GIIS processing at most {@code maxConcurrentRequests} requests at once (0: its
     * default), with or without its fair sharing of a contended server.
     */
    static GiisWithGris start(IndexLayout layout, GiisMode mode, int maxConcurrentRequests, boolean fairShare)
            throws IOException, LDAPException {
        GrisConfig gc = GrisConfig.builder().port(0).suffix(layout.parent().toString()).glue2Suffix(null).build();
        ProviderCache cache = new ProviderCache(List.of(new SyntheticProvider(ProviderSettings.of("synthetic"), gc.suffix(),
                layout.entries(), Clock.systemUTC())), mode == GiisMode.CHAINED ? CacheMode.OFF : CacheMode.AUTO, Clock.systemUTC());
        GrisServer gris = GrisServer.start(gc, cache, null);
        GiisServer giis;
        try {
            GiisConfig.Builder b = GiisConfig.builder().port(0).suffix(IndexLayout.GIIS_SUFFIX).mode(mode);
            if (maxConcurrentRequests > 0) {
                b.maxConcurrentRequests(maxConcurrentRequests);
            }
            if (!fairShare) {
                b.fairShare(null);
            }
            giis = GiisServer.start(b.build(),
                    AllowedHostsPolicy.anyone(), null, Clock.systemUTC());
        } catch (IOException | RuntimeException e) {
            gris.close();
            throw e;
        }
        GiisWithGris both = new GiisWithGris(gris, giis);
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
            c.add(RegistrationEntries.toEntry(new DN("o=Grid"), "127.0.0.1", gris.port(), layout.parent(), REGPERIOD, TTL,
                    CACHETTL, TIMEOUT));
            SearchResult r = c.search(layout.parentInGiis().toString(), SearchScope.SUB, IndexLayout.FILTER);
            if (r.getEntryCount() != layout.entries()) {
                throw new IllegalStateException("the GIIS answered " + r.getEntryCount() + " entries below " + layout.parentInGiis()
                        + " after the GRIS registered, expected " + layout.entries());
            }
        } catch (LDAPException | RuntimeException e) {
            both.close();
            throw e;
        }
        return both;
    }

    int giisPort() {
        return giis.port();
    }

    int grisPort() {
        return gris.port();
    }

    @Override
    public void close() {
        try {
            giis.close();
        } finally {
            gris.close();
        }
    }
}
