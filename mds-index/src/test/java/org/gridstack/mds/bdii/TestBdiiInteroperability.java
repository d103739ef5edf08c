package org.gridstack.mds.bdii;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import java.util.Objects;
import org.awaitility.core.ConditionTimeoutException;
import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.giis.AllowedHostsPolicy;
import org.gridstack.mds.giis.GiisConfig;
import org.gridstack.mds.giis.GiisServer;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.provider.host.DefaultHostProviders;
import org.gridstack.mds.provider.host.FakeProcTree;
import org.gridstack.mds.provider.host.ProcHostReader;
import org.gridstack.testing.BdiiProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The real BDII as our peer, both ways. (1) The BDII aggregates our GRIS the way site BDIIs
 * aggregate resources: a provider script in its provider folder runs {@code ldapsearch} against
 * the GRIS (GLUE 1.3 and GLUE 2.0), and bdii-update writes the entries into its slapd, with
 * their GLUE attributes intact. (2) Our GIIS aggregates the real BDII from an LDAP URL: a static
 * GlueSite from the BDII's ldif folder and the GRIS's computing element come through.
 */
class TestBdiiInteroperability {
    static final String SITE_LDIF = """
            dn: GlueSiteUniqueID=GRIDSTACK-TEST,mds-vo-name=local,o=grid
            objectClass: GlueTop
            objectClass: GlueSite
            objectClass: GlueKey
            objectClass: GlueSchemaVersion
            GlueSiteUniqueID: GRIDSTACK-TEST
            GlueSiteName: GRIDSTACK-TEST
            GlueSiteDescription: a site published by a static file of the BDII
            GlueSiteEmailContact: mailto:grid-admin@example.org
            GlueSchemaVersionMajor: 1
            GlueSchemaVersionMinor: 3
            """;

    @TempDir
    static Path proc;
    private static GrisServer gris;
    private static BdiiProcess bdii;

    @BeforeAll
    static void start() throws Exception {
        FakeProcTree.write(proc);
        GrisConfig c = GrisConfig.builder().port(0).build();
        gris = GrisServer.start(c, new ProviderCache(new DefaultHostProviders(new ProcHostReader(proc, false),
                Clock.systemUTC()).providers(c.suffix(), c.glue2Suffix()), CacheMode.AUTO, Clock.systemUTC()), null);
        String url = "ldap://127.0.0.1:" + gris.port();
        bdii = BdiiProcess.start(Map.of(
                "gridstack-gris-glue13", "ldapsearch -x -LLL -H " + url + " -b mds-vo-name=local,o=grid\n",
                "gridstack-gris-glue2", "ldapsearch -x -LLL -H " + url + " -b GLUE2GroupID=resource,o=glue\n"),
                Map.of("site.ldif", SITE_LDIF));
    }

    @AfterAll
    static void stop() {
        if (bdii != null) {
            bdii.close();
        }
        if (gris != null) {
            gris.close();
        }
    }

    /**
     * The first entry the filter matches, waiting until there is one (the BDII writes its first update a few seconds
     * after start; until then the suffix may not exist). On timeout the failure carries the BDII's logs.
     */
    private static SearchResultEntry awaitEntry(int port, String base, String filter) {
        try {
            return await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).ignoreExceptionsInstanceOf(LDAPException.class)
                    .until(() -> firstEntry(port, base, filter), Objects::nonNull);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("no entry for " + filter + " under " + base + " on port " + port + "\n" + bdii.logs(), e);
        }
    }

    /** The first entry the filter matches now, or null. */
    private static SearchResultEntry firstEntry(int port, String base, String filter) throws LDAPException {
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", port)) {
            SearchResult r = c.search(base, SearchScope.SUB, filter);
            return r.getEntryCount() > 0 ? r.getSearchEntries().get(0) : null;
        }
    }

    @Test
    void theBdiiAggregatesOurGrisWithItsGlueAttributesIntact() throws Exception {
        SearchResultEntry ce = awaitEntry(bdii.port(), "mds-vo-name=local,o=grid", "(objectClass=GlueCE)");
        assertEquals("ce01.example.org:2119/jobmanager-fork-default", ce.getAttributeValue("GlueCEUniqueID"));
        assertEquals("2", ce.getAttributeValue("GlueCEInfoTotalCPUs"));
        assertEquals("Production", ce.getAttributeValue("GlueCEStateStatus"));
        assertEquals("GlueClusterUniqueID=ce01.example.org", ce.getAttributeValue("GlueForeignKey"));
        SearchResultEntry sub = awaitEntry(bdii.port(), "mds-vo-name=local,o=grid", "(objectClass=GlueSubCluster)");
        assertEquals("6.1.0-test", sub.getAttributeValue("GlueHostOperatingSystemRelease"));
        SearchResultEntry ee = awaitEntry(bdii.port(), "o=glue", "(objectClass=GLUE2ExecutionEnvironment)");
        assertEquals("4096", ee.getAttributeValue("GLUE2ExecutionEnvironmentMainMemorySize"));
        SearchResultEntry stats = awaitEntry(bdii.port(), "o=infosys", "(objectClass=UpdateStats)");
        assertNotNull(stats.getAttributeValue("TotalEntries"), "the BDII's own update statistics: " + stats);
    }

    @Test
    void ourGiisAggregatesTheRealBdii() throws Exception {
        awaitEntry(bdii.port(), "mds-vo-name=local,o=grid", "(objectClass=GlueCE)"); // the BDII has done an update
        GiisConfig config = GiisConfig.builder().port(0)
                .aggregate("ldap://127.0.0.1:" + bdii.port() + "/mds-vo-name=local,o=grid").build();
        try (GiisServer giis = GiisServer.start(config, AllowedHostsPolicy.anyone(), null, Clock.systemUTC());
                LDAPConnection c = new LDAPConnection("127.0.0.1", giis.port())) {
            SearchResult site = c.search("Mds-Vo-name=site,o=Grid", SearchScope.SUB, "(objectClass=GlueSite)");
            assertEquals(1, site.getEntryCount(), String.valueOf(site.getDiagnosticMessage()));
            SearchResultEntry s = site.getSearchEntries().get(0);
            assertEquals("mailto:grid-admin@example.org", s.getAttributeValue("GlueSiteEmailContact"));
            assertTrue(s.getDN().toLowerCase().endsWith("mds-vo-name=local,mds-vo-name=site,o=grid"), s.getDN());
            SearchResult ce = c.search("Mds-Vo-name=site,o=Grid", SearchScope.SUB, "(objectClass=GlueCE)");
            assertEquals(1, ce.getEntryCount(), "GRIS -> BDII -> GIIS");
            assertEquals("2", ce.getSearchEntries().get(0).getAttributeValue("GlueCEInfoTotalCPUs"));
        }
    }
}
