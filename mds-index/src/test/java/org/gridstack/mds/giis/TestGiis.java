package org.gridstack.mds.giis;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.cache.SettableClock;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.provider.InProcessProvider;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.gridstack.mds.registration.RegistrationEntries;
import org.gridstack.mds.registration.RegistrationSender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * GIIS with real GRIS listeners on free ports: soft-state registration, the policy, expiry after
 * ttl while the other registrants stay, cached versus chained data, a three-level hierarchy,
 * static aggregation from an LDAP URL.
 */
class TestGiis {
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

    /** A GRIS on a free port with {@code n} synthetic entries under {@code Mds-Vo-name=<vo>,o=Grid}. */
    private GrisServer gris(String vo, int n) throws Exception {
        GrisConfig c = GrisConfig.builder().port(0).suffix("Mds-Vo-name=" + vo + ",o=Grid").glue2Suffix(null).build();
        return keep(GrisServer.start(c, new ProviderCache(List.of(new SyntheticProvider(ProviderSettings.of("synthetic"),
                c.suffix(), n, Clock.systemUTC())), CacheMode.AUTO, Clock.systemUTC()), null));
    }

    private GiisServer giis(String vo, GiisMode mode, RegistrationPolicy policy, String... aggregate) throws Exception {
        GiisConfig.Builder b = GiisConfig.builder().port(0).suffix("Mds-Vo-name=" + vo + ",o=Grid").mode(mode);
        for (String a : aggregate) {
            b.aggregate(a);
        }
        return keep(GiisServer.start(b.build(), policy, null, clock));
    }

    private static void register(GiisServer giis, int port, String rootDn, int ttl, int cachettl) throws LDAPException {
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
            c.add(RegistrationEntries.toEntry(new DN("o=Grid"), "127.0.0.1", port, new DN(rootDn), Duration.ofSeconds(600),
                    Duration.ofSeconds(ttl), Duration.ofSeconds(cachettl), Duration.ofSeconds(5)));
        }
    }

    private static SearchResult search(GiisServer giis, String base, String filter) throws LDAPException {
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
            return c.search(base, SearchScope.SUB, filter);
        }
    }

    @Test
    void registrantsAppearUnderTheGiisAndOneThatStopsIsDroppedAfterItsTtl() throws Exception {
        GrisServer g1 = gris("gris1", 3);
        GrisServer g2 = gris("gris2", 4);
        GiisServer giis = giis("site", GiisMode.CACHED, AllowedHostsPolicy.anyone());
        register(giis, g1.port(), "Mds-Vo-name=gris1,o=Grid", 60, 10);
        register(giis, g2.port(), "Mds-Vo-name=gris2,o=Grid", 60, 10);
        assertEquals(2, giis.registrations().size());

        SearchResult all = search(giis, "mds-vo-name=site,o=grid", "(cn=entry-*)");
        assertEquals(7, all.getEntryCount());
        assertNotNull(all.getSearchEntry("cn=entry-2,Mds-Vo-name=gris1,Mds-Vo-name=site,o=Grid"));
        assertNotNull(all.getSearchEntry("cn=entry-3,Mds-Vo-name=gris2,Mds-Vo-name=site,o=Grid"));

        g2.close(); // gris2 dies; gris1 keeps renewing
        clock.advance(Duration.ofSeconds(11)); // past cachettl: gris2 cannot be pulled, its last data is served stale
        SearchResult meanwhile = search(giis, "mds-vo-name=site,o=grid", "(cn=entry-*)");
        assertEquals(7, meanwhile.getEntryCount());
        assertTrue(meanwhile.getDiagnosticMessage().contains("gris2"), meanwhile.getDiagnosticMessage());

        register(giis, g1.port(), "Mds-Vo-name=gris1,o=Grid", 60, 10);
        clock.advance(Duration.ofSeconds(50)); // gris2's ttl (60 s) has passed; gris1 renewed 50 s ago
        SearchResult after = search(giis, "mds-vo-name=site,o=grid", "(cn=entry-*)");
        assertEquals(3, after.getEntryCount(), "only gris1's entries: " + after.getSearchEntries());
        assertEquals(1, giis.registrations().size());
    }

    @Test
    void thePolicyRefusesWithInsufficientAccessRights() throws Exception {
        GrisServer g = gris("gris1", 1);
        GiisServer giis = giis("site", GiisMode.CACHED, new AllowedHostsPolicy(List.of("192.0.2.7")));
        LDAPException e = assertThrows(LDAPException.class, () -> register(giis, g.port(), "Mds-Vo-name=gris1,o=Grid", 60, 10));
        assertEquals(ResultCode.INSUFFICIENT_ACCESS_RIGHTS, e.getResultCode());
        assertTrue(e.getDiagnosticMessage().contains("127.0.0.1"), e.getDiagnosticMessage());
        assertEquals(0, giis.registrations().size());
    }

    /** The default policy: a sender on this host may register, whatever host its registration names; others are refused. */
    @Test
    void theDefaultPolicyAcceptsOnlySendersOnThisHost() throws Exception {
        assertEquals(List.of(AllowedHostsPolicy.LOCAL), GiisConfig.builder().port(0).build().allowedRegistrants());
        GrisServer g = gris("gris1", 1);
        GiisServer giis = giis("site", GiisMode.CACHED, AllowedHostsPolicy.local());
        register(giis, g.port(), "Mds-Vo-name=gris1,o=Grid", 60, 10);
        assertEquals(1, giis.registrations().size(), "a loopback sender registers");
        AllowedHostsPolicy local = AllowedHostsPolicy.local();
        assertTrue(local.allowsSender("127.0.0.1") && local.allowsSender("0:0:0:0:0:0:0:1"));
        assertFalse(local.allowsSender("192.0.2.7"), "a remote sender is refused");
        assertFalse(local.allowsSender("localhost"), "names are not looked up");
    }

    @Test
    void aFullGiisRefusesNewRegistrantsButRenewsHeldOnes() throws Exception {
        GiisConfig config = GiisConfig.builder().port(0).maxRegistrations(1).build();
        GiisServer giis = keep(GiisServer.start(config, AllowedHostsPolicy.anyone(), null, clock));
        register(giis, 10001, "Mds-Vo-name=a,o=Grid", 60, 10);
        LDAPException e = assertThrows(LDAPException.class, () -> register(giis, 10002, "Mds-Vo-name=b,o=Grid", 60, 10));
        assertEquals(ResultCode.ADMIN_LIMIT_EXCEEDED, e.getResultCode());
        register(giis, 10001, "Mds-Vo-name=a,o=Grid", 60, 10); // a renewal
        assertEquals(1, giis.registrations().size());
    }

    @Test
    void badRegistrationsAndOtherWritesGetTheirResultCodes() throws Exception {
        GiisServer giis = giis("site", GiisMode.CACHED, AllowedHostsPolicy.anyone());
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
            LDAPException noPort = assertThrows(LDAPException.class, () -> c.add(new Entry("dn: Mds-Vo-Op-name=register,o=Grid",
                    "objectClass: extensibleObject", "hn: 127.0.0.1")));
            assertEquals(ResultCode.CONSTRAINT_VIOLATION, noPort.getResultCode());
            assertTrue(noPort.getDiagnosticMessage().contains("port"), noPort.getDiagnosticMessage());
            LDAPException badTtl = assertThrows(LDAPException.class, () -> c.add(new Entry(
                    "dn: Mds-Vo-Op-name=register,o=Grid", "port: 2135", "ttl: soon")));
            assertEquals(ResultCode.CONSTRAINT_VIOLATION, badTtl.getResultCode());
            LDAPException other = assertThrows(LDAPException.class, () -> c.add(new Entry("dn: cn=x,Mds-Vo-name=site,o=Grid",
                    "cn: x")));
            assertEquals(ResultCode.UNWILLING_TO_PERFORM, other.getResultCode());
            assertEquals(ResultCode.UNWILLING_TO_PERFORM, assertThrows(LDAPException.class,
                    () -> c.delete("Mds-Vo-name=site,o=Grid")).getResultCode());
        }
    }

    /** A GRIS whose one entry carries the number of times its provider ran; its own cache is off. */
    private GrisServer countingGris(AtomicInteger runs) throws Exception {
        GrisConfig c = GrisConfig.builder().port(0).suffix("Mds-Vo-name=counter,o=Grid").glue2Suffix(null).build();
        InProcessProvider p = new InProcessProvider(ProviderSettings.of("counter"), () -> {
            Entry e = new Entry("cn=counter,Mds-Vo-name=counter,o=Grid");
            e.addAttribute("objectClass", "extensibleObject");
            e.addAttribute("cn", "counter");
            e.addAttribute("runs", String.valueOf(runs.incrementAndGet()));
            return List.of(e);
        });
        return keep(GrisServer.start(c, new ProviderCache(List.of(p), CacheMode.OFF, Clock.systemUTC()), null));
    }

    private static String runs(GiisServer giis) throws LDAPException {
        SearchResultEntry e = search(giis, "Mds-Vo-name=site,o=Grid", "(cn=counter)").getSearchEntries().get(0);
        return e.getAttributeValue("runs");
    }

    @Test
    void cachedModeKeepsDataForCachettlAndChainedModeAsksEachTime() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        GrisServer g = countingGris(runs);
        GiisServer cached = giis("site", GiisMode.CACHED, AllowedHostsPolicy.anyone());
        GiisServer chained = giis("site", GiisMode.CHAINED, AllowedHostsPolicy.anyone());
        register(cached, g.port(), "Mds-Vo-name=counter,o=Grid", 600, 30);
        register(chained, g.port(), "Mds-Vo-name=counter,o=Grid", 600, 30);

        String first = runs(cached);
        assertEquals(first, runs(cached), "within cachettl the GIIS does not ask again");
        clock.advance(Duration.ofSeconds(31));
        assertNotEquals(first, runs(cached), "after cachettl it does");

        String a = runs(chained);
        String b = runs(chained);
        assertNotEquals(a, b, "chained: every search reaches the GRIS");
    }

    @Test
    void aThreeLevelHierarchyAndTheRegistrationSender() throws Exception {
        GrisServer g = gris("gris1", 2);
        GiisServer site = giis("site", GiisMode.CACHED, AllowedHostsPolicy.anyone());
        GiisServer top = giis("top", GiisMode.CACHED, AllowedHostsPolicy.anyone());
        keep(RegistrationSender.start("127.0.0.1", site.port(), null, g.port(), new DN("Mds-Vo-name=gris1,o=Grid"),
                Duration.ofHours(1), Duration.ofHours(2), Duration.ofSeconds(30), Duration.ofSeconds(5)));
        keep(RegistrationSender.start("127.0.0.1", top.port(), null, site.port(), new DN("Mds-Vo-name=site,o=Grid"),
                Duration.ofHours(1), Duration.ofHours(2), Duration.ofSeconds(30), Duration.ofSeconds(5)));
        for (GiisServer giis : List.of(site, top)) {
            await("the sender's first registration arrived").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                    .until(() -> giis.registrations().size() >= 1);
            assertEquals(1, giis.registrations().size(), "the sender's first registration arrived");
        }
        assertEquals("127.0.0.1", site.registrations().get(0).host(), "hn left out: the sender's address is used");
        SearchResult r = search(top, "Mds-Vo-name=top,o=Grid", "(cn=entry-1)");
        assertEquals(1, r.getEntryCount());
        assertEquals(new DN("cn=entry-1,Mds-Vo-name=gris1,Mds-Vo-name=site,Mds-Vo-name=top,o=Grid"),
                r.getSearchEntries().get(0).getParsedDN());
    }

    @Test
    void staticAggregationFromAnLdapUrl() throws Exception {
        GrisServer g = gris("gris1", 5);
        GiisServer giis = giis("site", GiisMode.CACHED, AllowedHostsPolicy.anyone(),
                "ldap://127.0.0.1:" + g.port() + "/Mds-Vo-name=gris1,o=Grid");
        SearchResult r = search(giis, "Mds-Vo-name=site,o=Grid", "(cn=entry-*)");
        assertEquals(5, r.getEntryCount());
        assertNotNull(r.getSearchEntry("cn=entry-4,Mds-Vo-name=gris1,Mds-Vo-name=site,o=Grid"));
    }
}
