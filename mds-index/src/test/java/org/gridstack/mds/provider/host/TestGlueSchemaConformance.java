package org.gridstack.mds.provider.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.directory.DirectoryAssembler;
import org.gridstack.mds.directory.DirectoryContent;
import org.gridstack.mds.directory.SchemaFiles;
import org.gridstack.testing.SlapdProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * Schema conformance: what the default providers print (plus the suffix entries the GRIS makes
 * up) loads into a real OpenLDAP slapd that knows only the {@code glue-schema} package's files
 * (Debian's {@code /etc/ldap/schema/Glue-*.schema} and {@code GLUE20.schema}); slapd checks every
 * class, attribute and syntax. Once for this machine's real /proc, once for a fixed one.
 */
class TestGlueSchemaConformance {
    static final Path SCHEMA_DIR = Path.of("/etc/ldap/schema");

    @Test
    void thisMachinesEntriesLoadIntoSlapdWithTheGlueSchema() throws Exception {
        loadBoth(new ProcHostReader());
    }

    @Test
    void aFixedHostsEntriesLoadIntoSlapdWithTheGlueSchema(@TempDir Path proc) throws Exception {
        loadBoth(new ProcHostReader(FakeProcTree.write(proc), false));
    }

    private static void loadBoth(ProcHostReader reader) throws Exception {
        DN glue13 = new DN("Mds-Vo-name=local,o=Grid");
        DN glue2 = new DN("o=glue");
        DirectoryContent content;
        try (ProviderCache cache = new ProviderCache(new DefaultHostProviders(reader, Clock.systemUTC())
                .providers(glue13, glue2), CacheMode.AUTO, Clock.systemUTC())) {
            content = new DirectoryAssembler(List.of(glue13, glue2)).assemble(cache.read());
        }
        assertEquals(List.of(), content.staleNotes());
        List<Entry> g13 = new ArrayList<>();
        List<Entry> g2 = new ArrayList<>();
        for (Entry e : content.entries()) {
            DN dn = e.getParsedDN();
            if (dn.isDescendantOf(new DN("o=glue"), true)) {
                g2.add(e);
            } else if (!dn.equals(new DN("o=Grid"))) {
                g13.add(e);
            }
        }
        assertTrue(g13.size() >= 6, "cluster, sub-cluster, CE, host, file system(s) and the suffix: " + g13.size());
        assertEquals(5, g2.size() - 1, "group, admin domain, service, manager, execution environment below o=glue");
        for (Entry e : g2) {
            String domain = e.getAttributeValue("GLUE2ServiceAdminDomainForeignKey");
            if (domain != null) {
                assertTrue(g2.stream().anyMatch(d -> domain.equals(d.getAttributeValue("GLUE2DomainID"))
                        && d.hasObjectClass("GLUE2AdminDomain")), "the AdminDomain " + domain + " is published");
            }
        }
        load("o=Grid", g13, new Entry("dn: o=Grid", "objectClass: organization", "o: Grid"));
        load("o=glue", g2.subList(1, g2.size()), g2.get(0));
    }

    private static void load(String suffix, List<Entry> entries, Entry suffixEntry) throws Exception {
        assertTrue(Files.isReadable(SCHEMA_DIR.resolve("Glue-CORE.schema")), "install Debian's glue-schema package"
                + " (./gridstack test does)");
        SlapdProcess.Options o = SlapdProcess.options("mds-glue").suffix(suffix).root("cn=admin," + suffix, "secret");
        for (String f : SchemaFiles.GLUE_FILES) {
            o.schema(f, Files.readString(SCHEMA_DIR.resolve(f), StandardCharsets.ISO_8859_1));
        }
        try (SlapdProcess slapd = o.start();
                LDAPConnection c = new LDAPConnection("127.0.0.1", slapd.port(), slapd.rootDn(), slapd.rootPassword())) {
            List<String> problems = new ArrayList<>();
            c.add(suffixEntry);
            for (Entry e : entries) {
                try {
                    c.add(e);
                } catch (LDAPException x) {
                    problems.add(e.getDN() + ": " + x.getResultCode() + " " + x.getDiagnosticMessage());
                }
            }
            assertEquals(List.of(), problems, slapd.logs());
            int stored = c.search(suffix, SearchScope.SUB, "(objectClass=*)", "1.1").getEntryCount();
            assertEquals(entries.size() + 1, stored);
        }
    }
}
