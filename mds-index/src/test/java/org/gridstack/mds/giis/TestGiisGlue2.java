package org.gridstack.mds.giis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.gris.LdapToolsAccess;
import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.gridstack.mds.registration.RegistrationEntries;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;

/**
 * GLUE 2.0 through the GIIS, as a top BDII serves it: a registrant's {@code o=glue} tree is
 * served under the GIIS's {@code o=glue} at its own DNs, beside the GLUE 1.3 tree, and a static
 * source at a BDII's {@code o=glue} stays under {@code o=glue}; checked with Debian's ldapsearch.
 */
class TestGiisGlue2 {
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    /** A GRIS with 2 GLUE 1.3 entries under its suffix and 3 GLUE 2.0-side entries under GLUE2GroupID=resource,o=glue. */
    private GrisServer gris() throws Exception {
        GrisConfig c = GrisConfig.builder().port(0).build();
        List<InformationProvider> providers = List.of(
                new SyntheticProvider(ProviderSettings.of("glue13"), c.suffix(), 2, Clock.systemUTC()),
                new SyntheticProvider(ProviderSettings.of("glue2"), new DN("GLUE2GroupID=resource,o=glue"), 3, Clock.systemUTC()));
        GrisServer g = GrisServer.start(c, new ProviderCache(providers, CacheMode.AUTO, Clock.systemUTC()), null);
        open.add(g);
        return g;
    }

    private GiisServer giis(GiisConfig.Builder b) throws Exception {
        GiisServer g = GiisServer.start(b.port(0).build(), AllowedHostsPolicy.anyone(), null, Clock.systemUTC());
        open.add(g);
        return g;
    }

    @Test
    void aRegistrantsGlue2TreeIsServedUnderOGlue() throws Exception {
        GrisServer gris = gris();
        GiisServer giis = giis(GiisConfig.builder());
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
            c.add(RegistrationEntries.toEntry(new DN("o=Grid"), "127.0.0.1", gris.port(), gris.config().suffix(),
                    Duration.ofSeconds(600), Duration.ofSeconds(1200), Duration.ofSeconds(30), Duration.ofSeconds(10)));
        }
        LdapToolsAccess.Result glue2 = LdapToolsAccess.ldapsearch(giis.port(), "-l", "20", "-b", "o=glue", "(cn=entry-*)", "cn");
        assertEquals(0, glue2.exit(), glue2.text());
        assertEquals(3, glue2.entries().size(), glue2.text());
        for (Entry e : glue2.entries()) {
            assertTrue(e.getParsedDN().isDescendantOf(new DN("GLUE2GroupID=resource,o=glue"), false), e.getDN());
        }
        LdapToolsAccess.Result glue13 = LdapToolsAccess.ldapsearch(giis.port(), "-l", "20", "-b", "Mds-Vo-name=site,o=Grid",
                "(cn=entry-*)", "cn");
        assertEquals(2, glue13.entries().size(), glue13.text());
    }

    @Test
    void anAggregatedOGlueStaysUnderOGlue() throws Exception {
        GrisServer gris = gris();
        GiisServer giis = giis(GiisConfig.builder().aggregate("ldap://127.0.0.1:" + gris.port() + "/o=glue"));
        LdapToolsAccess.Result r = LdapToolsAccess.ldapsearch(giis.port(), "-l", "20", "-b", "o=glue", "(cn=entry-*)", "cn");
        assertEquals(0, r.exit(), r.text());
        assertEquals(3, r.entries().size(), r.text());
        LdapToolsAccess.Result grid = LdapToolsAccess.ldapsearch(giis.port(), "-l", "20", "-b", "o=Grid", "(cn=entry-*)", "cn");
        assertEquals(0, grid.entries().size(), "nothing re-rooted under o=Grid: " + grid.text());
    }
}
