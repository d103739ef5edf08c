package org.gridstack.mds.giis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.cache.SettableClock;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.gridstack.mds.registration.RegistrationEntries;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The GIIS's size bounds over real connections: registrations from one address beyond its share
 * get {@code adminLimitExceeded} (renewals still succeed), and a registrant or static source with
 * more entries than the limit per source is served with the first ones and a note in the search's
 * diagnostic message.
 */
class TestGiisSizeBounds {
    private final List<AutoCloseable> open = new ArrayList<>();
    private final SettableClock clock = new SettableClock();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private <T extends AutoCloseable> T keep(T t) {
        open.add(t);
        return t;
    }

    private GrisServer gris(String vo, int n) throws Exception {
        GrisConfig c = GrisConfig.builder().port(0).suffix("Mds-Vo-name=" + vo + ",o=Grid").glue2Suffix(null).build();
        return keep(GrisServer.start(c, new ProviderCache(List.of(new SyntheticProvider(ProviderSettings.of("synthetic"),
                c.suffix(), n, Clock.systemUTC())), CacheMode.AUTO, Clock.systemUTC()), null));
    }

    private static void register(GiisServer giis, int port, String rootDn) throws LDAPException {
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
            c.add(RegistrationEntries.toEntry(new DN("o=Grid"), "127.0.0.1", port, new DN(rootDn), Duration.ofSeconds(600),
                    Duration.ofSeconds(60), Duration.ofSeconds(10), Duration.ofSeconds(5)));
        }
    }

    @Test
    void anAddressBeyondItsShareOfRegistrationsGetsAdminLimitExceeded() throws Exception {
        GiisConfig config = GiisConfig.builder().port(0).maxRegistrations(10).maxRegistrationsPerAddress(2).build();
        GiisServer giis = keep(GiisServer.start(config, AllowedHostsPolicy.anyone(), null, clock));
        register(giis, 10001, "Mds-Vo-name=a,o=Grid");
        register(giis, 10002, "Mds-Vo-name=b,o=Grid");
        LDAPException e = assertThrows(LDAPException.class, () -> register(giis, 10003, "Mds-Vo-name=c,o=Grid"));
        assertEquals(ResultCode.ADMIN_LIMIT_EXCEEDED, e.getResultCode());
        assertTrue(e.getDiagnosticMessage().contains("127.0.0.1"), e.getDiagnosticMessage());
        register(giis, 10001, "Mds-Vo-name=a,o=Grid"); // a renewal
        assertEquals(2, giis.registrations().size());
    }

    @Test
    void aSourceWithMoreEntriesThanTheLimitIsServedWithTheFirstOnesAndANote() throws Exception {
        GrisServer big = gris("big", 50);
        GrisServer small = gris("small", 3);
        GiisConfig config = GiisConfig.builder().port(0).suffix("Mds-Vo-name=site,o=Grid").maxEntriesPerSource(10)
                .aggregate("ldap://127.0.0.1:" + big.port() + "/Mds-Vo-name=big,o=Grid").build();
        GiisServer giis = keep(GiisServer.start(config, AllowedHostsPolicy.anyone(), null, clock));
        register(giis, small.port(), "Mds-Vo-name=small,o=Grid");
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
            SearchResult fromBig = c.search("Mds-Vo-name=big,Mds-Vo-name=site,o=Grid", SearchScope.SUB, "(cn=entry-*)");
            assertTrue(fromBig.getEntryCount() <= 10, fromBig.getEntryCount() + " entries of a source limited to 10");
            assertTrue(fromBig.getDiagnosticMessage() != null && fromBig.getDiagnosticMessage().contains("limit per source"),
                    String.valueOf(fromBig.getDiagnosticMessage()));
            SearchResult fromSmall = c.search("Mds-Vo-name=small,Mds-Vo-name=site,o=Grid", SearchScope.SUB, "(cn=entry-*)");
            assertEquals(3, fromSmall.getEntryCount());
        }
    }
}
