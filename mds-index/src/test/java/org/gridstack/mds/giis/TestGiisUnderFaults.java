package org.gridstack.mds.giis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.gris.LdapToolsAccess;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.gridstack.mds.registration.RegistrationEntries;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPConnection;

/**
 * A GIIS with a wedged registrant or source (a socket that accepts connections and never
 * answers) still answers searches from the data at hand, over real connections with Debian's
 * {@code ldapsearch -l}: the wedged one is flagged, the other registrants' entries are there.
 */
class TestGiisUnderFaults {
    private final List<AutoCloseable> open = new ArrayList<>();

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

    /** Accepts TCP connections (the kernel's backlog does) and never reads or answers. */
    private ServerSocket wedged() throws Exception {
        return keep(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
    }

    private GrisServer gris(String vo, int n) throws Exception {
        GrisConfig c = GrisConfig.builder().port(0).suffix("Mds-Vo-name=" + vo + ",o=Grid").glue2Suffix(null).build();
        return keep(GrisServer.start(c, new ProviderCache(List.of(new SyntheticProvider(ProviderSettings.of("synthetic"),
                c.suffix(), n, Clock.systemUTC())), CacheMode.AUTO, Clock.systemUTC()), null));
    }

    private static void register(GiisServer giis, int port, String rootDn, int timeoutSeconds) throws Exception {
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
            c.add(RegistrationEntries.toEntry(new DN("o=Grid"), "127.0.0.1", port, new DN(rootDn), Duration.ofSeconds(600),
                    Duration.ofSeconds(1200), Duration.ofSeconds(30), Duration.ofSeconds(timeoutSeconds)));
        }
    }

    @Test
    void aWedgedRegistrantDeclaringAHugeTimeoutDelaysNoSearchPastItsTimeLimit() throws Exception {
        ServerSocket hung = wedged();
        GrisServer good = gris("good", 3);
        GiisServer giis = keep(GiisServer.start(GiisConfig.builder().port(0).build(), AllowedHostsPolicy.anyone(), null,
                Clock.systemUTC()));
        register(giis, hung.getLocalPort(), "Mds-Vo-name=hung,o=Grid", 100_000);
        register(giis, good.port(), "Mds-Vo-name=good,o=Grid", 20);

        for (int i = 0; i < 2; i++) { // the first search while the fetch hangs, the second after
            LdapToolsAccess.Result r = LdapToolsAccess.ldapsearch(giis.port(), "-l", "5", "-b", "Mds-Vo-name=site,o=Grid",
                    "(cn=entry-*)", "cn");
            assertEquals(0, r.exit(), r.text());
            assertEquals(3, r.entries().size(), "the good registrant's entries: " + r.text());
        }
        LdapToolsAccess.Result base = LdapToolsAccess.ldapsearch(giis.port(), "-l", "3", "-s", "base", "-b",
                "Mds-Vo-name=site,o=Grid", "(objectClass=*)", "1.1");
        assertEquals(0, base.exit(), base.text());
        assertEquals(Duration.ofSeconds(100_000), giis.registrations().stream()
                .filter(r -> r.port() == hung.getLocalPort()).findFirst().orElseThrow().timeout(),
                "the declared timeout is kept in the registration; only the wait is capped");
    }

    @Test
    void aWedgedAggregateSourceDelaysNoSearchPastItsTimeLimit() throws Exception {
        ServerSocket hung = wedged();
        GiisServer giis = keep(GiisServer.start(GiisConfig.builder().port(0)
                .aggregate("ldap://127.0.0.1:" + hung.getLocalPort() + "/mds-vo-name=resource,o=grid").build(),
                AllowedHostsPolicy.anyone(), null, Clock.systemUTC()));
        LdapToolsAccess.Result r = LdapToolsAccess.ldapsearch(giis.port(), "-l", "5", "-b", "Mds-Vo-name=site,o=Grid",
                "(objectClass=*)", "1.1");
        assertEquals(0, r.exit(), r.text());
        assertTrue(r.entries().size() >= 1, r.text());
    }
}
