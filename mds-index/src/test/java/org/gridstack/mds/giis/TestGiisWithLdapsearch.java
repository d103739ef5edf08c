package org.gridstack.mds.giis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.directory.SchemaFiles;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.gris.LdapToolsAccess;
import org.gridstack.mds.provider.host.DefaultHostProviders;
import org.gridstack.mds.provider.host.FakeProcTree;
import org.gridstack.mds.provider.host.ProcHostReader;
import org.gridstack.mds.registration.RegistrationEntries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;

/** {@code ldapsearch -x} against a GIIS that aggregates a GRIS describing a (fixed) host in GLUE 1.3. */
class TestGiisWithLdapsearch {

    @Test
    void theGrisComputingElementThroughTheGiis(@TempDir Path proc) throws Exception {
        FakeProcTree.write(proc);
        GrisConfig gc = GrisConfig.builder().port(0).build();
        try (GrisServer gris = GrisServer.start(gc, new ProviderCache(new DefaultHostProviders(new ProcHostReader(proc, false),
                Clock.systemUTC()).providers(gc.suffix(), gc.glue2Suffix()), CacheMode.AUTO, Clock.systemUTC()), null);
                GiisServer giis = GiisServer.start(GiisConfig.builder().port(0).build(), AllowedHostsPolicy.anyone(),
                        new SchemaFiles().glue(Path.of("/etc/ldap/schema")), Clock.systemUTC())) {
            try (LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
                c.add(RegistrationEntries.toEntry(new DN("o=Grid"), null, gris.port(), gc.suffix(), Duration.ofSeconds(600),
                        Duration.ofSeconds(1200), Duration.ofSeconds(30), Duration.ofSeconds(10)));
            }
            LdapToolsAccess.Result r = LdapToolsAccess.ldapsearch(giis.port(), "-b", "mds-vo-name=site,o=grid",
                    "(objectClass=GlueCE)");
            assertEquals(0, r.exit(), r.text());
            List<Entry> entries = r.entries();
            assertEquals(1, entries.size(), r.text());
            assertEquals(new DN("GlueCEUniqueID=ce01.example.org:2119/jobmanager-fork-default,Mds-Vo-name=local,"
                    + "Mds-Vo-name=site,o=Grid"), entries.get(0).getParsedDN());
            assertEquals("2", entries.get(0).getAttributeValue("GlueCEInfoTotalCPUs"), "GLUE attributes intact");

            LdapToolsAccess.Result sized = LdapToolsAccess.ldapsearch(giis.port(), "-z", "1", "-b", "mds-vo-name=site,o=grid",
                    "(objectClass=GlueClusterTop)", "1.1");
            assertEquals(4, sized.exit(), "sizeLimitExceeded: " + sized.text());
            assertTrue(sized.entries().size() == 1, sized.text());
        }
    }
}
