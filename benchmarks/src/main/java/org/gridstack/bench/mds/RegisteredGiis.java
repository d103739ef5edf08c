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
import org.gridstack.mds.giis.AllowedHostsPolicy;
import org.gridstack.mds.giis.GiisConfig;
import org.gridstack.mds.giis.GiisMode;
import org.gridstack.mds.giis.GiisServer;
import org.gridstack.mds.ldap.StepTimers;
import org.gridstack.mds.registration.RegistrationEntries;
import java.net.InetAddress;

/**
 * Our GIIS in this JVM on a free port of 127.0.0.1, suffix {@link IndexLayout#GIIS_SUFFIX}, with
 * the first {@code count} GRISes of a {@link GrisFarm} registered as MDS2 registered them (an
 * LDAP add each; regperiod 600 s, ttl 1200 s, timeout 20 s, and the {@code cachettl} given:
 * seed 001 set it "very large" for its directory experiment). Shipped limits (16 concurrent
 * requests, fair queue). On start it checks that a search below its suffix returns
 * {@code count * entriesPerGris} device entries (this also fills a cached GIIS). {@link #close()}
 * stops the GIIS, not the farm. Not thread-safe.
 */
final class RegisteredGiis implements AutoCloseable {
    private final GiisServer giis;

    private RegisteredGiis(GiisServer giis) {
        this.giis = requireNonNull(giis, "giis is null");
    }

    static RegisteredGiis start(GrisFarm farm, int count, int entriesPerGris, GiisMode mode, Duration cachettl, StepTimers timers)
            throws IOException, LDAPException {
        requireNonNull(farm, "farm is null");
        requireNonNull(mode, "mode is null");
        requireNonNull(cachettl, "cachettl is null");
        if (count < 1 || count > farm.size()) {
            throw new IllegalArgumentException("cannot register " + count + " of " + farm.size() + " GRISes");
        }
        GiisServer giis = GiisServer.start(GiisConfig.builder().port(0).listenAddress(InetAddress.getLoopbackAddress())
                .suffix(IndexLayout.GIIS_SUFFIX).mode(mode).build(), AllowedHostsPolicy.anyone(), null, Clock.systemUTC(), timers);
        RegisteredGiis r = new RegisteredGiis(giis);
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
            for (int i = 0; i < count; i++) {
                c.add(RegistrationEntries.toEntry(new DN("o=Grid"), "127.0.0.1", farm.port(i), GrisFarm.suffix(i),
                        GiisWithGris.REGPERIOD, GiisWithGris.TTL, cachettl, GiisWithGris.TIMEOUT));
            }
            SearchResult s = c.search(IndexLayout.GIIS_SUFFIX, SearchScope.SUB, DeviceProviders.ALL_FILTER);
            if (s.getEntryCount() != count * entriesPerGris) {
                throw new IllegalStateException("the GIIS answered " + s.getEntryCount() + " device entries after " + count
                        + " GRISes registered, expected " + count * entriesPerGris + " (" + s.getDiagnosticMessage() + ")");
            }
        } catch (LDAPException | RuntimeException e) {
            r.close();
            throw e;
        }
        return r;
    }

    int port() {
        return giis.port();
    }

    @Override
    public void close() {
        giis.close();
    }
}
