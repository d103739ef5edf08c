package org.gridstack.mds.gris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.directory.SchemaFiles;
import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.gridstack.mds.provider.host.DefaultHostProviders;
import org.gridstack.mds.provider.host.FakeProcTree;
import org.gridstack.mds.provider.host.ProcHostReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;

/**
 * The GRIS answering Debian's {@code ldapsearch -x} (OpenLDAP 2.5 client) on a free port: filters,
 * scopes, attribute lists, size limits, GLUE 2 under {@code o=glue}, integer ordering with the
 * GLUE schema's matching rules, and the result codes of bad requests and writes.
 */
class TestGrisWithLdapsearch {
    static final String BASE = "mds-vo-name=local,o=grid";
    @TempDir
    static Path proc;
    private static GrisServer gris;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        LdapTools.assumeInstalled();
        FakeProcTree.write(proc);
        GrisConfig config = GrisConfig.builder().port(0).build();
        List<InformationProvider> providers = new ArrayList<>(new DefaultHostProviders(new ProcHostReader(proc, false),
                Clock.systemUTC()).providers(config.suffix(), config.glue2Suffix()));
        providers.add(new SyntheticProvider(ProviderSettings.of("synthetic"), config.suffix(), 5, Clock.systemUTC()));
        gris = GrisServer.start(config, new ProviderCache(providers, CacheMode.AUTO, Clock.systemUTC()),
                new SchemaFiles().glue(Path.of("/etc/ldap/schema")));
        port = gris.port();
    }

    @AfterAll
    static void stop() {
        if (gris != null) {
            gris.close();
        }
    }

    private static Set<String> dns(List<Entry> entries) {
        return entries.stream().map(e -> {
            try {
                return e.getParsedDN().toNormalizedString();
            } catch (Exception x) {
                throw new AssertionError(x);
            }
        }).collect(Collectors.toSet());
    }

    @Test
    void theComputingElementByObjectClass() throws Exception {
        LdapTools.Run r = LdapTools.ldapsearch(port, "-b", BASE, "(objectClass=GlueCE)");
        assertEquals(0, r.exit(), r.toString());
        List<Entry> entries = r.entries();
        assertEquals(1, entries.size(), r.toString());
        Entry ce = entries.get(0);
        assertEquals(new DN("GlueCEUniqueID=ce01.example.org:2119/jobmanager-fork-default,Mds-Vo-name=local,o=Grid"),
                ce.getParsedDN());
        assertEquals("2", ce.getAttributeValue("GlueCEInfoTotalCPUs"));
        assertEquals("Production", ce.getAttributeValue("GlueCEStateStatus"));
    }

    @Test
    void scopesBaseOneAndSubtree() throws Exception {
        LdapTools.Run base = LdapTools.ldapsearch(port, "-b", BASE, "-s", "base", "(objectClass=*)");
        assertEquals(0, base.exit(), base.toString());
        assertEquals(1, base.entries().size(), base.toString());
        assertTrue(base.entries().get(0).hasObjectClass("MdsVo"), base.toString());

        LdapTools.Run one = LdapTools.ldapsearch(port, "-b", BASE, "-s", "one", "(objectClass=*)", "1.1");
        assertEquals(0, one.exit(), one.toString());
        // cluster, computing element, host, five synthetic entries; not the sub-cluster or file systems below them
        assertEquals(8, one.entries().size(), one.toString());

        LdapTools.Run sub = LdapTools.ldapsearch(port, "-b", BASE, "-s", "sub", "(objectClass=*)", "1.1");
        assertEquals(0, sub.exit(), sub.toString());
        Set<String> all = dns(sub.entries());
        assertTrue(all.contains("gluesubclusteruniqueid=ce01.example.org,glueclusteruniqueid=ce01.example.org,"
                + "mds-vo-name=local,o=grid"), all.toString());
        assertTrue(all.contains("gluehostlocalfilesystemname=/,gluehostuniqueid=ce01.example.org,mds-vo-name=local,o=grid"),
                all.toString());
        assertEquals(one.entries().size() + 1 /* base */ + 2 /* sub-cluster, file system */, all.size(), all.toString());
    }

    @Test
    void anAttributeListReturnsOnlyThoseAttributes() throws Exception {
        LdapTools.Run r = LdapTools.ldapsearch(port, "-b", BASE, "(objectClass=GlueCE)", "GlueCEStateFreeCPUs",
                "GlueCEInfoHostName");
        assertEquals(0, r.exit(), r.toString());
        Entry e = r.entries().get(0);
        assertEquals(2, e.getAttributes().size(), r.toString());
        assertEquals("1", e.getAttributeValue("GlueCEStateFreeCPUs"));
    }

    @Test
    void theClientsSizeLimitStopsTheSearchWithItsResultCode() throws Exception {
        LdapTools.Run r = LdapTools.ldapsearch(port, "-z", "2", "-b", BASE, "(cn=entry-*)", "date");
        assertEquals(4, r.exit(), "sizeLimitExceeded: " + r);
        assertEquals(2, r.entries().size(), r.toString());
    }

    @Test
    void integerAttributesCompareAsIntegers() throws Exception {
        // as strings "2" >= "10"; with the GLUE schema's integerOrderingMatch it is not
        LdapTools.Run none = LdapTools.ldapsearch(port, "-b", BASE, "(GlueCEInfoTotalCPUs>=10)", "1.1");
        assertEquals(0, none.exit(), none.toString());
        assertEquals(0, none.entries().size(), none.toString());
        LdapTools.Run one = LdapTools.ldapsearch(port, "-b", BASE, "(&(objectClass=GlueCE)(GlueCEInfoTotalCPUs>=2))", "1.1");
        assertEquals(1, one.entries().size(), one.toString());
    }

    @Test
    void glue2EntriesUnderOGlue() throws Exception {
        LdapTools.Run r = LdapTools.ldapsearch(port, "-b", "o=glue", "(objectClass=GLUE2ExecutionEnvironment)");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(1, r.entries().size(), r.toString());
        assertEquals("amd64".equals(r.entries().get(0).getAttributeValue("GLUE2ExecutionEnvironmentPlatform"))
                || r.entries().get(0).hasAttribute("GLUE2ExecutionEnvironmentPlatform"), true);
        LdapTools.Run substring = LdapTools.ldapsearch(port, "-b", "o=glue", "(GLUE2ServiceID=*computing)", "1.1");
        assertEquals(1, substring.entries().size(), substring.toString());
    }

    @Test
    void theParentOfTheSuffixIsServedToo() throws Exception {
        LdapTools.Run r = LdapTools.ldapsearch(port, "-b", "o=grid", "-s", "one", "(objectClass=*)", "1.1");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(Set.of("mds-vo-name=local,o=grid"), dns(r.entries()));
    }

    @Test
    void aMalformedBaseDnIsInvalidDnSyntaxWithAnExplanation() throws Exception {
        LdapTools.Run r = LdapTools.ldapsearch(port, "-b", "this is not a DN", "(objectClass=*)");
        assertEquals(34, r.exit(), r.toString());
        assertTrue(r.stderr().contains("not a valid DN"), r.toString());
    }

    @Test
    void aBaseOutsideTheTreeIsNoSuchObject() throws Exception {
        LdapTools.Run r = LdapTools.ldapsearch(port, "-b", "Mds-Vo-name=elsewhere,o=Grid", "(objectClass=*)");
        assertEquals(32, r.exit(), r.toString());
        assertTrue(r.stderr().toLowerCase().contains("mds-vo-name=local,o=grid"), "names the suffixes: " + r);
    }

    @Test
    void writesAreRefusedAsUnwillingToPerform() throws Exception {
        LdapTools.Run r = LdapTools.run("dn: cn=intruder,Mds-Vo-name=local,o=Grid\nobjectClass: top\ncn: intruder\n",
                LdapTools.LDAPADD.toString(), "-x", "-H", "ldap://127.0.0.1:" + port);
        assertEquals(53, r.exit(), r.toString());
        assertTrue(r.stderr().contains("read-only"), r.toString());
    }

    @Test
    void bindsWithCredentialsAreRefusedBecauseReadsAreAnonymous() throws Exception {
        LdapTools.Run r = LdapTools.ldapsearch(port, "-D", "cn=admin,o=grid", "-w", "secret", "-b", BASE, "(objectClass=*)");
        assertEquals(49, r.exit(), r.toString());
        assertTrue(r.stderr().contains("anonymous"), r.toString());
    }

    @Test
    void theRootDseNamesTheSuffixesTheVersionAndTheSubschema() throws Exception {
        LdapTools.Run r = LdapTools.ldapsearch(port, "-s", "base", "-b", "", "(objectClass=*)", "+", "*");
        assertEquals(0, r.exit(), r.toString());
        Entry root = r.entries().get(0);
        assertEquals("", root.getDN());
        Set<String> contexts = Set.of(root.getAttributeValues("namingContexts"));
        assertTrue(contexts.contains("Mds-Vo-name=local,o=Grid") && contexts.contains("o=glue"), root.toLDIFString());
        assertEquals("3", root.getAttributeValue("supportedLDAPVersion"));
        String subschema = root.getAttributeValue("subschemaSubentry");
        LdapTools.Run schema = LdapTools.ldapsearch(port, "-s", "base", "-b", subschema, "(objectClass=*)", "objectClasses");
        assertEquals(0, schema.exit(), schema.toString());
        assertTrue(schema.stdout().contains("GlueCE"), "the GLUE classes are in the subschema entry");
    }

    @Test
    void plusReturnsTheOperationalAttributes() throws Exception {
        LdapTools.Run r = LdapTools.ldapsearch(port, "-b", BASE, "(objectClass=GlueCE)", "+");
        assertEquals(0, r.exit(), r.toString());
        Entry e = r.entries().get(0);
        assertEquals("GlueCE", e.getAttributeValue("structuralObjectClass"), e.toLDIFString());
        assertEquals(e.getDN(), e.getAttributeValue("entryDN"));
        assertTrue(Set.of("TRUE", "FALSE").contains(e.getAttributeValue("hasSubordinates")), e.toLDIFString());
        assertTrue(e.getAttributeValue("modifyTimestamp").matches("\\d{14}(\\.\\d+)?Z"), e.toLDIFString());
        assertEquals(null, e.getAttributeValue("objectClass"), "+ alone returns no user attributes");
        LdapTools.Run suffix = LdapTools.ldapsearch(port, "-s", "base", "-b", BASE, "(objectClass=*)", "hasSubordinates");
        assertEquals("TRUE", suffix.entries().get(0).getAttributeValue("hasSubordinates"), suffix.toString());
    }

    @Test
    void filtersAsSlapdEvaluatesThem() throws Exception {
        LdapTools.Run approx = LdapTools.ldapsearch(port, "-b", BASE, "(objectClass~=GlueCE)", "1.1");
        assertEquals(0, approx.exit(), "~= is equality: " + approx);
        assertEquals(1, approx.entries().size(), approx.toString());
        LdapTools.Run undefined = LdapTools.ldapsearch(port, "-b", BASE, "(GlueCEInfoTotalCPUs>=abc)", "1.1");
        assertEquals(0, undefined.exit(), "Undefined matches nothing: " + undefined);
        assertEquals(0, undefined.entries().size(), undefined.toString());
        LdapTools.Run orUndefined = LdapTools.ldapsearch(port, "-b", BASE,
                "(|(GlueCEInfoTotalCPUs>=abc)(objectClass=GlueCE))", "1.1");
        assertEquals(1, orUndefined.entries().size(), "Undefined OR TRUE is TRUE: " + orUndefined);
        LdapTools.Run oid = LdapTools.ldapsearch(port, "-b", BASE, "(1.2.3=x)", "1.1");
        assertEquals(0, oid.exit(), "a numeric OID is an attribute description: " + oid);
        LdapTools.Run bad = LdapTools.ldapsearch(port, "-b", "cn=a,,o=grid", "(objectClass=*)");
        assertFalse(bad.stderr().contains("ldapSDKVersion") || bad.stderr().contains("LDAPException("), bad.toString());
    }

    @Test
    void ldapwhoamiSaysAnonymous() throws Exception {
        LdapTools.Run r = LdapTools.run(null, "/usr/bin/ldapwhoami", "-x", "-H", "ldap://127.0.0.1:" + port);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.stdout().contains("anonymous"), r.toString());
    }
}
